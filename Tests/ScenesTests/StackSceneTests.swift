import Motion
import Recorder
import Scenes
import UIKit
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

    /// The node named `name` among the snapshot's descendants.
    static func snapshotNode(_ name: String, in frame: RecordedFrame) -> DisplayNode? {
        guard let index = frame.nodes.firstIndex(where: { $0.name == "stackfirst-snapshot" }) else { return nil }
        let root = frame.nodes[index]
        return frame.nodes[(index + 1)...].prefix { $0.depth > root.depth }.first { $0.name == name }
    }

    @Test func presentingSqueezesASnapshotOverWhiteAndADarkOverlay() throws {
        let (_, run) = try presented()
        #expect(run.last.top == "stacksecond")
        #expect(isIdentityPlacement(run.last.node("stacksecond")))
        let snapshot = try #require(run.last.node("stackfirst-snapshot"))
        #expect(abs(snapshot.transform.a - 0.95) < 1e-9 && abs(snapshot.transform.d - 0.95) < 1e-9)
        #expect(run.last.node("stack-background")?.backgroundColor.hexString == "#ffffffff")
        #expect(run.last.node("stack-overlay")?.backgroundColor.hexString == "#000000b3")
        // The squeezed presenter is dimmed: its button's system-blue title turns gray (its alpha is
        // the tapped button's, faded while highlighted when the snapshot was taken); its
        // background and the button's white fill stay.
        #expect(snapshot.backgroundColor.hexString == "#16a085ff")
        let present = try #require(Self.snapshotNode("stackfirst-present", in: run.last))
        #expect(present.backgroundColor.hexString == "#ffffffff")
        #expect(present.textColor.hexString.prefix(7) == "#656565")
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
        drag.drag(from: CGPoint(x: 200, y: 300), to: CGPoint(x: 200, y: 700), steps: 25)
        let dragged = try record("stack", drag.script)
        #expect(tapped.last.top == "stackfirst")
        #expect(dragged.last.top == "stackfirst")
        #expect(sameLook(tapped.last.nodes, dragged.last.nodes))
        #expect(dragged.host.settledInvariantViolations().isEmpty)
        _ = run
    }

    @Test func aShortDragDownCancelsAndEverythingReturns() throws {
        var (script, run) = try presented()
        script.drag(from: CGPoint(x: 200, y: 300), to: CGPoint(x: 200, y: 420), steps: 12)
        let dragged = try record("stack", script.script)
        #expect(dragged.frames.contains { $0.transition?.operation == .dismiss && $0.transition?.phase == .interactive })
        #expect(dragged.last.top == "stacksecond")
        #expect(dragged.host.settledInvariantViolations().isEmpty)
        #expect(isIdentityPlacement(dragged.last.node("stacksecond")))
        _ = run
    }

    @Test func dragProgressIsTheDownwardTranslationOverTheHeight() throws {
        var (script, _) = try presented()
        script.drag(from: CGPoint(x: 200, y: 300), to: CGPoint(x: 200, y: 700), steps: 25)
        let run = try record("stack", script.script)
        let moves = script.events.filter { $0.pointer?.phase == .move && $0.time > 1.5 }
        let began = try #require(moves.first { $0.pointer!.location.y - 300 >= 10 })
        var checked = 0
        for frame in run.frames where frame.transition?.phase == .interactive && frame.time > began.time {
            let latest = try #require(script.events.last { $0.time <= frame.time })
            let expected = (latest.pointer!.location.y - began.pointer!.location.y) / 844
            #expect(abs(frame.transition!.progress - expected) < 1e-9)
            checked += 1
        }
        #expect(checked > 10)
    }

    /// The dismiss animator scrubs linearly: the modal stays under the finger (the tutorial's paused
    /// springs ran ahead of it), and the snapshot unsqueezes over the rest after its 0.1 s share.
    @Test func theModalFollowsTheFingerOneToOne() throws {
        var (script, _) = try presented()
        script.drag(from: CGPoint(x: 200, y: 300), to: CGPoint(x: 200, y: 500), steps: 40)
        let run = try record("stack", script.script)
        let moves = script.events.filter { $0.pointer?.phase == .move && $0.time > 1.5 }
        let began = try #require(moves.first { $0.pointer!.location.y - 300 >= 10 })
        var checked = 0
        for frame in run.frames where frame.transition?.phase == .interactive && frame.time > began.time {
            let latest = try #require(script.events.last { $0.time <= frame.time })
            let drag = latest.pointer!.location.y - began.pointer!.location.y
            #expect(abs(try #require(frame.node("stacksecond")).transform.ty - drag) < 1e-9)
            let p = drag / 844, start = 0.1 / 0.6
            let scale = p <= start ? 0.95 : 0.95 + 0.05 * (p - start) / (1 - start)
            // The dismiss adds its own snapshot on top of the one the present left (the tutorial's code).
            let snapshot = try #require(frame.nodes.last { $0.name == "stackfirst-snapshot" })
            #expect(abs(snapshot.transform.a - scale) < 1e-9)
            checked += 1
        }
        #expect(checked > 20)
        #expect(run.last.top == "stacksecond")
        #expect(run.host.settledInvariantViolations().isEmpty)
    }

    /// Released at speed, the finishing spring starts at the finger's speed: no jump, no stall.
    @Test func aFlingCarriesItsSpeedIntoTheDismiss() throws {
        var (script, _) = try presented()
        // 400 pt in 10 frames: 2400 pt/s down.
        script.drag(from: CGPoint(x: 200, y: 300), to: CGPoint(x: 200, y: 700), steps: 10)
        let run = try record("stack", script.script)
        let release = try #require(script.events.last { $0.pointer?.phase == .up }).time
        let held = try #require(run.frames.last { $0.time < release })
        let next = try #require(run.frames.first { $0.time >= release + 1.0 / 60 })
        let heldY = try #require(held.node("stacksecond")).transform.ty
        let nextY = try #require(next.node("stacksecond")).transform.ty
        // One frame on, it has kept moving down at about the finger's 40 pt a frame.
        #expect(nextY - heldY > 20 && nextY - heldY < 80, "moved \(nextY - heldY)")
        #expect(run.last.top == "stackfirst")
        #expect(run.host.settledInvariantViolations().isEmpty)
    }
}
