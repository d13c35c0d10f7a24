import Motion
import Recorder
import Scenes
import SegueKit
import Testing

@Suite("slides scene (tutorials 000/003)")
struct SlidesSceneTests {
    let rightEdgeStart = Point(x: 389, y: 420)

    @Test func aFullRightEdgeSwipePresentsSecondWithExactEndGeometry() throws {
        var script = ScriptBuilder()
        script.drag(from: rightEdgeStart, to: Point(x: 189, y: 420), steps: 25)
        let run = try record("slides", script.script)
        #expect(run.first.top == "first")
        #expect(run.last.top == "second")
        #expect(run.last.transition == nil)
        #expect(run.last.node("first") == nil)
        let second = try #require(run.last.node("second"))
        #expect(isIdentityPlacement(second))
        #expect(second.size == Size(width: 390, height: 844))
        #expect(run.host.settledInvariantViolations().isEmpty)
    }

    @Test func aShortSwipeCancelsAndPutsEveryViewBack() throws {
        var script = ScriptBuilder()
        script.drag(from: rightEdgeStart, to: Point(x: 329, y: 420), steps: 8)
        let run = try record("slides", script.script)
        #expect(run.frames.contains { $0.transition?.phase == .cancelling })
        #expect(run.last.top == "first")
        #expect(run.last.node("second") == nil)
        #expect(sameLook(run.last.nodes, run.first.nodes))
        #expect(run.host.settledInvariantViolations().isEmpty)
    }

    @Test func theNextButtonEndsWhereTheSwipeEnds() throws {
        let idle = try record("slides", duration: 0)
        var tap = ScriptBuilder()
        tap.tap(try #require(idle.last.center(of: "first-next")))
        let tapped = try record("slides", tap.script)
        var swipe = ScriptBuilder()
        swipe.drag(from: rightEdgeStart, to: Point(x: 189, y: 420), steps: 25)
        let swiped = try record("slides", swipe.script)
        #expect(tapped.frames.contains { $0.transition?.isInteractive == false && $0.transition?.phase == .animating })
        #expect(tapped.last.top == "second")
        #expect(sameLook(tapped.last.nodes, swiped.last.nodes))
    }

    @Test func dragProgressIsTheTranslationOverFourHundred() throws {
        var script = ScriptBuilder()
        script.drag(from: rightEdgeStart, to: Point(x: 189, y: 420), steps: 25)
        let run = try record("slides", script.script)
        // The gesture begins on the first move 15 pt in (edge hysteresis); translation counts from there.
        let moves = script.events.filter { $0.pointer?.phase == .move }
        let began = try #require(moves.first { rightEdgeStart.x - $0.pointer!.location.x >= 15 })
        var checked = 0
        for frame in run.frames where frame.transition?.phase == .interactive {
            // The recorder applies every event at or before a frame's time; the latest one shows.
            let latest = try #require(script.events.last { $0.time <= frame.time })
            let expected = min(abs(latest.pointer!.location.x - began.pointer!.location.x) / 400, 1)
            #expect(abs(frame.transition!.progress - expected) < 1e-9)
            checked += 1
        }
        #expect(checked > 10)
    }

    @Test func aLeftEdgeSwipeDismissesWithProgressOverOneThousand() throws {
        let idle = try record("slides", duration: 0)
        var script = ScriptBuilder()
        script.tap(try #require(idle.last.center(of: "first-next")))
        script.wait(2)
        script.drag(from: Point(x: 1, y: 400), to: Point(x: 381, y: 400), steps: 40)
        let run = try record("slides", script.script)
        let interactive = run.frames.filter { $0.transition?.operation == .dismiss && $0.transition?.phase == .interactive }
        #expect(!interactive.isEmpty)
        // 380 pt of travel minus the 15 pt hysteresis, over 1000.
        let peak = interactive.map { $0.transition!.progress }.max() ?? 0
        #expect(abs(peak - 0.365) < 0.01)
        #expect(run.last.top == "first")
        #expect(isIdentityPlacement(run.last.node("first")))
        #expect(run.host.settledInvariantViolations().isEmpty)
    }

    @Test func aShortLeftSwipeCancelsTheDismissal() throws {
        let idle = try record("slides", duration: 0)
        var script = ScriptBuilder()
        script.tap(try #require(idle.last.center(of: "first-next")))
        script.wait(2)
        let settledAt = script.time
        script.drag(from: Point(x: 1, y: 400), to: Point(x: 200, y: 400), steps: 20)
        let run = try record("slides", script.script)
        let before = try #require(run.frames.last { $0.time < settledAt })
        #expect(run.last.top == "second")
        #expect(run.last.node("first") == nil)
        #expect(sameLook(run.last.nodes, before.nodes))
        #expect(run.host.settledInvariantViolations().isEmpty)
    }

    @Test func presentingThirdAndComingBackKeepsTheChainConsistent() throws {
        var script = ScriptBuilder()
        script.drag(from: rightEdgeStart, to: Point(x: 189, y: 420), steps: 25)
        script.wait(2)
        script.drag(from: rightEdgeStart, to: Point(x: 189, y: 420), steps: 25)
        script.wait(2)
        let run = try record("slides", script.script)
        #expect(run.last.top == "third")
        #expect(run.host.settledInvariantViolations().isEmpty)
    }
}
