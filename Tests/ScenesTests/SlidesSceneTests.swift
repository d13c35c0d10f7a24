import Motion
import Recorder
import Scenes
import UIKit
import SegueTesting
import Testing

@Suite("slides scene (tutorials 000/003)")
struct SlidesSceneTests {
    let rightEdgeStart = CGPoint(x: 389, y: 420)
    let slides = Scene.named("slides")!

    @Test func aFullRightEdgeSwipePresentsSecondWithExactEndGeometry() throws {
        let run = SceneRun(slides)
        #expect(run.top == "first")
        run.edgeSwipe(from: .right, distance: 200, duration: 25 / 60, at: 420)
        run.waitUntilSettled()
        #expect(run.top == "second")
        #expect(run.transition == nil)
        #expect(run.current.node("first") == nil)
        let second = try #require(run.current.node("second"))
        #expect(isIdentityPlacement(second))
        #expect(second.size == CGSize(width: 390, height: 844))
        #expect(run.host.settledInvariantViolations().isEmpty)
    }

    @Test func aShortSwipeCancelsAndPutsEveryViewBack() throws {
        let run = SceneRun(slides)
        run.edgeSwipe(from: .right, distance: 60, duration: 8 / 60, at: 420)
        run.waitUntilSettled()
        #expect(run.phases.contains(.cancelling))
        #expect(run.top == "first")
        #expect(run.current.node("second") == nil)
        #expect(sameLook(run.current.nodes, run.frames[0].nodes))
        #expect(run.host.settledInvariantViolations().isEmpty)
    }

    @Test func theNextButtonEndsWhereTheSwipeEnds() throws {
        let tapped = SceneRun(slides)
        tapped.tap("first-next")
        tapped.waitUntilSettled()
        let swiped = SceneRun(slides)
        swiped.edgeSwipe(from: .right, distance: 200, duration: 25 / 60, at: 420)
        swiped.waitUntilSettled()
        #expect(tapped.frames.contains { $0.transition?.isInteractive == false && $0.transition?.phase == .animating })
        #expect(tapped.top == "second")
        #expect(sameLook(tapped.current.nodes, swiped.current.nodes))
    }

    @Test func dragProgressIsTheTranslationOverFourHundred() throws {
        var script = ScriptBuilder()
        script.drag(from: rightEdgeStart, to: CGPoint(x: 189, y: 420), steps: 25)
        let run = try record("slides", script.script)
        // The gesture begins on the first move 15 pt in (edge hysteresis); translation counts from there.
        let moves = script.events.filter { $0.pointer?.phase == .move }
        let began = try #require(moves.first { rightEdgeStart.x - $0.pointer!.location.x >= 15 })
        var checked = 0
        for frame in run.frames where frame.transition?.phase == .interactive {
            // The recorder applies every event at or before a frame's time; the latest one shows.
            let latest = try #require(script.events.last { $0.time <= frame.time })
            let expected = min(abs(latest.pointer!.location.x - began.pointer!.location.x) / 400, 1)
            #expect(abs(frame.transition!.percentComplete - expected) < 1e-9)
            checked += 1
        }
        #expect(checked > 10)
    }

    @Test func aLeftEdgeSwipeDismissesWithProgressOverOneThousand() throws {
        let run = SceneRun(slides)
        run.tap("first-next")
        run.waitUntilSettled()
        run.edgeSwipe(from: .left, distance: 380, duration: 40 / 60, at: 400)
        run.waitUntilSettled()
        let interactive = run.frames.filter { $0.transition?.operation == .dismiss && $0.transition?.phase == .interactive }
        #expect(!interactive.isEmpty)
        // 380 pt of travel minus the 15 pt hysteresis, over 1000.
        let peak = interactive.map { $0.transition!.percentComplete }.max() ?? 0
        #expect(abs(peak - 0.365) < 0.01)
        #expect(run.top == "first")
        #expect(isIdentityPlacement(run.current.node("first")))
        #expect(run.host.settledInvariantViolations().isEmpty)
    }

    @Test func aShortLeftSwipeCancelsTheDismissal() throws {
        let run = SceneRun(slides)
        run.tap("first-next")
        run.waitUntilSettled()
        let before = run.current
        run.edgeSwipe(from: .left, distance: 199, duration: 20 / 60, at: 400)
        run.waitUntilSettled()
        #expect(run.top == "second")
        #expect(run.current.node("first") == nil)
        #expect(sameLook(run.current.nodes, before.nodes))
        #expect(run.host.settledInvariantViolations().isEmpty)
    }

    @Test func presentingThirdAndComingBackKeepsTheChainConsistent() throws {
        let run = SceneRun(slides)
        for _ in 0..<2 {
            run.edgeSwipe(from: .right, distance: 200, duration: 25 / 60, at: 420)
            run.waitUntilSettled()
        }
        #expect(run.top == "third")
        #expect(run.host.settledInvariantViolations().isEmpty)
    }
}
