/// Runs `body` as the main actor's without Swift's check: the one place Segue does so.
///
/// Two callers know more than Swift can see, and say why where they call it:
/// - A `deinit` that clears back-pointers. UIKit's classes are `@preconcurrency @MainActor`, which
///   rules out an `isolated deinit`. A world's objects are released on the main actor, where its
///   code runs; one whose last holder was freed elsewhere (a test suite the test runner frees on a
///   thread of its own) is released once nothing of its world runs any more, so what its clean-up
///   touches no other code can reach. `MainActor.assumeIsolated` would trap there.
/// - The server's per-frame calls into a session (`MainActorSessions`), from the service thread
///   whose first call was checked.
@inline(__always)
package nonisolated func uncheckedMainActor<T>(_ body: @MainActor () -> T) -> T {
    withoutActuallyEscaping(body) { body in
        unsafeBitCast(body, to: (() -> T).self)()
    }
}
