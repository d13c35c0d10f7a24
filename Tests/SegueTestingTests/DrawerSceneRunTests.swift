import Motion
import Recorder
import Scenes
import UIKit
import SegueTesting
import Testing

/// The drawer scene through the testing kit, as an app's own tests would drive it: by the names
/// of its views and by gestures, reading frames and alphas on the virtual clock.
@Suite("SceneRun: the drawer scene's custom presentation")
struct DrawerSceneRunTests {
    static let resting = CGRect(x: 0, y: 380, width: 390, height: 464)

    private func opened() throws -> SceneRun {
        let run = SceneRun(try #require(Scene.named("drawer")))
        run.tap("drawerhome-open-drawer")
        #expect(run.waitUntilSettled())
        return run
    }

    @Test func theDrawerSlidesUpOverADimmingThatATapAboveItDismisses() throws {
        let run = SceneRun(try #require(Scene.named("drawer")))
        #expect(run.alpha(of: "drawer-dimming") == nil)
        run.tap("drawerhome-open-drawer")
        let tappedAt = try #require(run.releases.last).time
        #expect(run.waitUntilSettled())
        // A quarter second into the 0.5 s spring: on its way up, the dimming part faded in.
        let midway = try #require(run.frame(of: "drawer", at: tappedAt + 0.25))
        #expect(midway.minY > Self.resting.minY && midway.minY < 844, "\(midway)")
        let midAlpha = try #require(run.frame(at: tappedAt + 0.25)?.node("drawer-dimming")).alpha
        #expect(midAlpha > 0 && midAlpha < 1)
        #expect(run.top == "drawer")
        #expect(try #require(run.frame(of: "drawer")).isClose(to: Self.resting, within: 1e-9))
        #expect(run.alpha(of: "drawer-dimming") == 1)

        run.tap(at: CGPoint(x: 195, y: 150))
        #expect(run.phase == .animating && run.transition?.operation == .dismiss)
        #expect(run.waitUntilSettled())
        #expect(run.top == "drawerhome")
        #expect(run.alpha(of: "drawer-dimming") == nil)
        #expect(run.frame(of: "drawer") == nil)
        #expect(run.host.settledInvariantViolations().isEmpty)
    }

    /// A held drag moves the drawer exactly as far as the pan's translation, first to last; let go
    /// slowly short of half way, it goes back to where it rested. A quick flick dismisses from
    /// any distance.
    @Test func aDragFollowsTheFingerALetGoShortOfHalfWayCancelsAndAFlickDismisses() throws {
        let run = try opened()
        let finger = run.grab(at: CGPoint(x: 195, y: 600))
        finger.move(to: CGPoint(x: 195, y: 700), duration: 0.5)
        #expect(run.phase == .interactive && run.transition?.operation == .dismiss)
        // 30 moves of 10/3 pt: the pan begins on the third (10 pt), counting from there.
        let seen = 100 - 3 * 100 / 30.0
        let dragged = try #require(run.frame(of: "drawer"))
        #expect(abs(dragged.minY - (Self.resting.minY + seen)) < 1e-6, "\(dragged)")
        #expect(abs(try #require(run.alpha(of: "drawer-dimming")) - (1 - seen / 464)) < 1e-6)
        finger.move(to: CGPoint(x: 195, y: 750), duration: 0.25)
        #expect(abs(try #require(run.frame(of: "drawer")).minY - (Self.resting.minY + seen + 50)) < 1e-6)
        finger.hold(0.3)
        finger.lift()
        #expect(run.phase == .cancelling)
        #expect(run.waitUntilSettled())
        #expect(run.top == "drawer")
        #expect(try #require(run.frame(of: "drawer")).isClose(to: Self.resting, within: 1e-9))
        #expect(run.alpha(of: "drawer-dimming") == 1)

        run.flick(from: CGPoint(x: 195, y: 600), by: CGPoint(x: 0, y: 90), velocity: 2000)
        #expect(try #require(run.progressAtRelease) < 0.5)
        #expect(run.phase == .finishing)
        #expect(run.waitUntilSettled())
        #expect(run.top == "drawerhome")
        #expect(run.host.settledInvariantViolations().isEmpty)
    }

    /// A rotation lays the presentation's container out again: its presentation controller puts
    /// the drawer at its frame for the new size (the bottom 55% of 390, rounded: 215 pt; at most
    /// 640 pt wide, centred) and stretches the dimming over the container; back to portrait, the
    /// drawer rests where it did.
    @Test func aRotationPutsTheDrawerAtItsFrameForTheNewSize() throws {
        let run = try opened()
        run.host.resize(to: CGSize(width: 844, height: 390))
        run.wait(0.1)
        #expect(try #require(run.frame(of: "drawer")).isClose(to: CGRect(x: 102, y: 175, width: 640, height: 215), within: 1e-9))
        #expect(try #require(run.frame(of: "drawer-dimming")).isClose(to: CGRect(x: 0, y: 0, width: 844, height: 390), within: 1e-9))
        run.host.resize(to: SceneRun.defaultSize)
        run.wait(0.1)
        #expect(try #require(run.frame(of: "drawer")).isClose(to: Self.resting, within: 1e-9))
        #expect(run.host.settledInvariantViolations().isEmpty)
    }
}
