/// A reference that its object clears as it goes away: what `weak` gives, without the side table a
/// weak reference moves its object's reference counts to. An object with a side table takes the
/// runtime's slow path on every retain and release, and the objects that need this (a transition's
/// context and runner) are retained on every frame (docs/performance.md, "No side-table
/// reference counts on the per-frame path").
///
/// The object makes one, attaches itself once initialised, and clears it first thing in `deinit`;
/// holders keep the reference strongly and read `object`, which is nil once the object went away.
/// Single-threaded, as a world is. Package-wide: a session's world refers to its controlling
/// session this way too.
@preconcurrency @MainActor package final class SelfClearingReference<Object: AnyObject> {
    /// Debug builds check that the object cleared it before going away (`UnownedReference`).
    private var target = UnownedReference<Object>("SelfClearingReference.object")

    package init() {}

    /// The object, or nil once it went away.
    package var object: Object? { target.object }

    /// Called by the object at the end of its initialiser.
    package func attach(_ object: Object) {
        target.object = object
    }

    /// Called by the object first thing in its `deinit`, before its fields are released.
    package func clear() {
        target.object = nil
    }
}
