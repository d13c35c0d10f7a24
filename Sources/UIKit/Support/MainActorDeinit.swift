/// Runs a `deinit`'s clean-up as the main actor's, without checking where it runs.
///
/// UIKit's classes are `@preconcurrency @MainActor`, which rules out an `isolated deinit`, so a
/// `deinit` is nonisolated. A world's objects are released on the main actor, where its code runs.
/// An object whose last holder was freed elsewhere — a test suite the test runner frees on a thread
/// of its own — is released there, once nothing of its world runs any more: what its clean-up
/// touches (back-pointers into the same dead world) no other code can reach. `MainActor
/// .assumeIsolated` would trap there; this is the one place a `deinit` calls main-actor code.
@inline(__always)
nonisolated func onMainActorInDeinit(_ cleanUp: @MainActor () -> Void) {
    withoutActuallyEscaping(cleanUp) { cleanUp in
        unsafeBitCast(cleanUp, to: (() -> Void).self)()
    }
}
