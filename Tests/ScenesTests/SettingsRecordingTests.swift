import Motion
import Recorder
import Scenes
import UIKit
import Testing

/// `segue record --scene settings` with pointer scripts: the back swipe as the recorder's frames show it.
@Suite("settings scene, recorded")
struct SettingsRecordingTests {
    /// About pushed by its button and at rest; the script goes on from there.
    func pushed() throws -> (ScriptBuilder, Recording) {
        let idle = try record("settings", duration: 0)
        var script = ScriptBuilder()
        script.tap(try #require(idle.last.center(of: "general-about")))
        script.wait(1)
        return (script, try record("settings", script.script))
    }

    /// The latest pointer event at or before `time`.
    func latest(_ script: ScriptBuilder, before time: Double) -> InputScript.Event? {
        script.events.last { $0.time <= time }
    }

    @Test func aFlickPopsWithAboutUnderTheFinger() throws {
        var (script, _) = try pushed()
        // 15 pt a frame (900 pt/s): the pan begins on the first move, at x = 20 (15 pt inwards).
        script.drag(from: CGPoint(x: 5, y: 400), to: CGPoint(x: 155, y: 400), steps: 10)
        let run = try record("settings", script.script)
        var followed = 0
        for frame in run.frames where frame.transition?.phase == .interactive {
            let finger = try #require(latest(script, before: frame.time)).pointer!.location.x
            #expect(abs(try #require(frame.node("about")).transform.tx - (finger - 20)) < 1e-9)
            #expect(abs(try #require(frame.node("general")).transform.tx - (-117 + 0.3 * (finger - 20))) < 1e-9)
            followed += 1
        }
        #expect(followed >= 8)
        #expect(run.frames.contains { $0.transition?.phase == .finishing })
        #expect(run.last.top == "general")
        #expect(run.last.node("about") == nil && run.last.node("settings-dimming") == nil)
        #expect(isIdentityPlacement(run.last.node("general")))
        #expect(run.host.settledInvariantViolations().isEmpty)
    }

    @Test func aSlowShortDragCancelsBackToTheSameFrame() throws {
        var (script, pushed) = try pushed()
        script.drag(from: CGPoint(x: 5, y: 400), to: CGPoint(x: 100, y: 400), steps: 60)
        let run = try record("settings", script.script)
        // 95/60 pt a frame: the pan begins on the tenth move, 15.8 pt in; the offset at x = 100 is
        // what is left, and 0.3 · 95 pt/s adds far too little to pass 195.
        let origin = 5 + 95.0 * 10 / 60
        let lastHeld = run.frames.last { $0.transition?.phase == .interactive }
        #expect(abs(try #require(lastHeld?.node("about")).transform.tx - (100 - origin)) < 1e-9)
        #expect(run.frames.contains { $0.transition?.phase == .cancelling })
        #expect(run.last.top == "about")
        #expect(sameLook(run.last.nodes, pushed.last.nodes))
        #expect(run.host.settledInvariantViolations().isEmpty)
    }

    @Test func aTouchGrabsThePopInFlightAndDragsItBack() throws {
        var (script, pushed) = try pushed()
        script.drag(from: CGPoint(x: 5, y: 400), to: CGPoint(x: 155, y: 400), steps: 10)
        script.wait(0.1)
        let grab = script.time
        script.add(.down, CGPoint(x: 250, y: 300))
        script.wait(0.25)
        let firstMove = script.time + ScriptBuilder.step
        // 200 pt back to the left, 10 pt a frame (600 pt/s), then lift.
        for i in 1...20 {
            script.wait(ScriptBuilder.step)
            script.add(.move, CGPoint(x: 250 - 10 * Double(i), y: 300))
        }
        script.wait(ScriptBuilder.step)
        script.add(.up, CGPoint(x: 50, y: 300))
        let run = try record("settings", script.script)
        let held = run.frames.filter { $0.time >= grab && $0.time < firstMove }
        #expect(held.count >= 14)
        let frozen = try #require(held.first?.node("about")).transform.tx
        #expect(frozen > 120 && frozen < 390)
        for frame in held {
            #expect(frame.transition?.phase == .interactive)
            #expect(abs(try #require(frame.node("about")).transform.tx - frozen) < 1e-9)
        }
        for frame in run.frames where frame.time >= firstMove && frame.transition?.phase == .interactive {
            let finger = try #require(latest(script, before: frame.time)).pointer!.location.x
            let expected = max(frozen - (250 - finger), 0)
            #expect(abs(try #require(frame.node("about")).transform.tx - expected) < 1e-9)
        }
        #expect(run.last.top == "about")
        #expect(sameLook(run.last.nodes, pushed.last.nodes))
        #expect(run.host.settledInvariantViolations().isEmpty)
    }
}
