/// A back-pointer that neither retains its object nor is `weak`, checked in debug builds.
///
/// The engine's back-pointers (a view's `superview`, a recognizer's `view`, a controller's window,
/// a display link's window, a `SelfClearingReference`) point up at an object that owns, or
/// outlives, the one holding them, and the object clears them as it lets go or goes away. A strong
/// reference would be a cycle; a `weak` one would move the object's reference counts to a side
/// table, and every retain of it would take the runtime's slow path, every frame (docs/
/// performance.md). So in release builds this is only the object's address, as
/// `unowned(unsafe)` is: no count, no check.
///
/// The promise that makes that safe — the object clears the reference before it goes — is checked
/// in debug builds, which every test run uses: the reference keeps a `weak` copy beside the
/// address, and a read that finds the object gone traps with the reference's name ("UIView.superview
/// used after its UIView was released") instead of reading freed memory. Its object is still there
/// on every legitimate read, so the two builds behave the same wherever the promise holds.
///
/// The one place the engine keeps an unretained reference; nothing outside this file sees the trick.
struct UnownedReference<Object: AnyObject> {
    /// The object's address. `Unmanaged` is itself an `unowned(unsafe)` reference, and gives the
    /// walks that must not retain each object they pass (`UIView.descendantsDidChange`) its address.
    private var address: Unmanaged<Object>?

    #if DEBUG
    /// What the checks compare with: nil once the object began going away.
    private weak var liveObject: Object?
    /// The reference's owner and name, for the trap's message: "UIGestureRecognizer.view".
    private let name: StaticString
    #endif

    /// Whether reads are checked: in debug builds.
    nonisolated static var isChecked: Bool {
        #if DEBUG
        true
        #else
        false
        #endif
    }

    /// - Parameter name: the type and property holding the reference, as "UIGestureRecognizer.view";
    ///   only debug builds keep it, for the message of a read after the object went away.
    init(_ name: StaticString, _ object: Object? = nil) {
        address = object.map(Unmanaged.passUnretained)
        #if DEBUG
        liveObject = object
        self.name = name
        #endif
    }

    /// The object, not retained by the reference. Reading it after the object went away without
    /// clearing the reference traps in debug builds; in release builds it is undefined behaviour.
    var object: Object? {
        get { unmanaged?.takeUnretainedValue() }
        set {
            address = newValue.map(Unmanaged.passUnretained)
            #if DEBUG
            liveObject = newValue
            #endif
        }
    }

    /// The object's address, for code that reaches it without a retain and release (checked as
    /// `object` is).
    var unmanaged: Unmanaged<Object>? {
        #if DEBUG
        if address != nil && liveObject == nil {
            preconditionFailure("\(name) used after its \(Object.self) was released")
        }
        #endif
        return address
    }
}
