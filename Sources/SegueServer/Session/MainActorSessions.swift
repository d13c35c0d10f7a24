import UIKit

/// The scene sessions' isolation, asserted where the transport calls them.
///
/// Worlds are the main actor's, as UIKit's views are, and `segue serve` drives libwebsockets from
/// the process's main thread, so a callback that reaches a session is on the main actor without
/// Swift knowing it. A session is made (once per connection) after checking the thread. A
/// per-frame call (about 100 ns of checking each on Linux, several per session and frame) is
/// checked in debug builds and trusted in release ones: the transport's calls all come from the
/// one service thread whose first call into a session was checked.
enum MainActorSessions {
    /// Runs `body` on the main actor, checking in every build that this is the main thread.
    static func checked<T>(_ body: @MainActor () -> T) -> T {
        MainActor.preconditionIsolated("scene sessions run on the main thread: serve from it")
        return uncheckedMainActor(body)
    }

    /// Runs `body` as on the main actor: checked in debug builds, trusted in release ones.
    @inline(__always)
    static func trusted<T>(_ body: @MainActor () -> T) -> T {
        #if DEBUG
        MainActor.preconditionIsolated("scene sessions run on the main thread: serve from it")
        #endif
        return uncheckedMainActor(body)
    }
}
