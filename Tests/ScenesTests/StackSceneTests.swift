import Motion
import Recorder
import Scenes
import SegueKit
import Testing

@Suite("stack scene (tutorial 002)")
struct StackSceneTests {
    func presented() throws -> (ScriptBuilder, Recording) {
        let idle = try record("stack", duration: 0)
        var script = ScriptBuilder()
        script.tap(try #require(idle.last.center(of: "stackfirst-present")))
        script.wait(1.5)
        return (script, try record("stack", script.script))
    }

    @Test func presentingSqueezesASnapshotOverWhiteAndADarkOverlay() throws {
        let (_, run) = try presented()
        #expect(run.last.top == "stacksecond")
        #expect(isIdentityPlacement(run.last.node("stacksecond")))
        let snapshot = try #require(run.last.node("stackfirst-snapshot"))
        #expect(abs(snapshot.transform.a - 0.95) < 1e-9 && abs(snapshot.transform.d - 0.95) < 1e-9)
        #expect(run.last.node("stack-background")?.backgroundColor.hexString == "#ffffffff")
        #expect(run.last.node("stack-overlay")?.backgroundColor.hexString == "#000000b3")
        // The slide waits 0.1 s: at 0.05 s into the present, the presented view has not moved.
        let start = try #require(run.frames.first { $0.transition?.operation == .present })
        let early = try #require(run.frames.first { $0.time >= start.time + 0.05 })
        #expect(abs(try #require(early.node("stacksecond")).transform.ty - 844) < 1e-9)
        #expect(run.host.settledInvariantViolations().isEmpty)
    }

    @Test func theDismissButtonEndsWhereTheDragEnds() throws {
        var (script, run) = try presented()
        var drag = script
        script.tap(try #require(run.last.center(of: "stacksecond-dismiss")))
        let tapped = try record("stack", script.script)
        drag.drag(from: Point(x: 200, y: 300), to: Point(x: 200, y: 700), steps: 25)
        let dragged = try record("stack", drag.script)
        #expect(tapped.last.top == "stackfirst")
        #expect(dragged.last.top == "stackfirst")
        #expect(sameLook(tapped.last.nodes, dragged.last.nodes))
        #expect(dragged.host.settledInvariantViolations().isEmpty)
        _ = run
    }

    @Test func aShortDragDownCancelsAndEverythingReturns() throws {
        var (script, run) = try presented()
        script.drag(from: Point(x: 200, y: 300), to: Point(x: 200, y: 420), steps: 12)
        let dragged = try record("stack", script.script)
        #expect(dragged.frames.contains { $0.transition?.operation == .dismiss && $0.transition?.phase == .interactive })
        #expect(dragged.last.top == "stacksecond")
        #expect(dragged.host.settledInvariantViolations().isEmpty)
        #expect(isIdentityPlacement(dragged.last.node("stacksecond")))
        _ = run
    }

    @Test func dragProgressIsTheDownwardTranslationOverTheHeight() throws {
        var (script, _) = try presented()
        script.drag(from: Point(x: 200, y: 300), to: Point(x: 200, y: 700), steps: 25)
        let run = try record("stack", script.script)
        let moves = script.events.filter { $0.pointer.phase == .move && $0.time > 1.5 }
        let began = try #require(moves.first { $0.pointer.location.y - 300 >= 10 })
        var checked = 0
        for frame in run.frames where frame.transition?.phase == .interactive && frame.time > began.time {
            let latest = try #require(script.events.last { $0.time <= frame.time })
            let expected = (latest.pointer.location.y - began.pointer.location.y) / 844
            #expect(abs(frame.transition!.progress - expected) < 1e-9)
            checked += 1
        }
        #expect(checked > 10)
    }
}
