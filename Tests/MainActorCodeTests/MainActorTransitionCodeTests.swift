import SegueTesting
import Testing
import UIKit

/// UIKit's isolation as code for iOS relies on it: the suite is the main actor's, as the views are.
@Suite("Code written for iOS's main actor") @MainActor
struct MainActorTransitionCodeTests {
    let scene = Scene(name: "inbox") { InboxViewController() }

    /// The `@MainActor` animator runs the presentation: the message fades in along a straight
    /// line over the animator's half second, and ends opaque and full screen.
    @Test func aMainActorAnimatorRunsThePresentation() throws {
        let run = SceneRun(scene)
        run.tap("open")
        let start = try #require(run.releases.last).time
        #expect(run.waitUntilSettled())
        let frames = run.frames(from: start)
        // The fade began between two frames: where the first frame showing it says.
        let first = try #require(frames.first { $0.node("message") != nil })
        let began = first.time - (first.node("message")?.alpha ?? 0) * FadeInAnimator.duration
        #expect(began > first.time - run.frameInterval)
        for frame in frames where frame.transition != nil {
            let linear = (frame.time - began) / FadeInAnimator.duration
            #expect(abs((frame.node("message")?.alpha ?? -1) - linear) < 1e-9)
        }
        #expect(run.alpha(of: "message") == 1)
        #expect(run.frame(of: "message") == CGRect(x: 0, y: 0, width: 390, height: 844))
        #expect(run.transition == nil)
    }

    /// The timer's block, its `MainActor.assumeIsolated` and the `DispatchQueue.main` block inside
    /// run on the scene's clock: the badge shows at the first frame at or after 0.25 s after the
    /// message appeared, plus the frame the main queue's block waits for. (A view at alpha 0 is
    /// not drawn, so the badge is in no frame before.)
    @Test func assumeIsolatedWorkRunsOnTheScenesClock() throws {
        let run = SceneRun(scene)
        run.tap("open")
        let start = try #require(run.releases.last).time
        #expect(run.waitUntilSettled())
        run.wait(1)
        let frames = run.frames(from: start)
        let appeared = try #require(frames.first { $0.transition == nil && $0.node("message") != nil })
        let shown = try #require(frames.first { ($0.node("badge")?.alpha ?? 0) == 1 })
        #expect(shown.time - appeared.time >= 0.25)
        #expect(shown.time - appeared.time <= 0.25 + 2 * run.frameInterval)
    }
}
