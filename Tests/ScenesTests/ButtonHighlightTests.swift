import Motion
import Recorder
import Scenes
import UIKit
import Testing

/// Buttons give feedback while pressed (issue 11): the title dims as a system UIButton's does.
@Suite("button highlight")
struct ButtonHighlightTests {
    @Test func theTitleDimsWhileATouchIsDownAndComesBackOnRelease() throws {
        let idle = try record("slides", duration: 0)
        let normal = try #require(idle.last.node("first-next")).textColor
        let center = try #require(idle.last.center(of: "first-next"))
        var script = ScriptBuilder()
        script.add(.down, center)
        script.wait(0.2)
        script.add(.up, center)
        let run = try record("slides", script.script)
        let pressed = try #require(run.frames.first { $0.time > 0.3 && $0.time < 0.45 }?.node("first-next"))
        #expect(abs(pressed.textColor.alpha - normal.alpha * UIButton.highlightedTitleAlpha) < 1e-9)
        #expect(pressed.textColor.red == normal.red && pressed.textColor.blue == normal.blue)
        // The tap went through: the next slide is up, and the button's title is back (on the covered
        // screen's button, in the recorder's last frame of the first screen).
        #expect(run.last.top == "second")
        let released = try #require(run.frames.first { $0.time > 0.5 }?.node("first-next"))
        #expect(released.textColor == normal)
    }

    @Test func aTouchThatWandersOffStopsTheHighlightAndDoesNotTap() throws {
        let idle = try record("slides", duration: 0)
        let normal = try #require(idle.last.node("first-next")).textColor
        let center = try #require(idle.last.center(of: "first-next"))
        var script = ScriptBuilder()
        script.add(.down, center)
        script.wait(0.1)
        script.add(.move, CGPoint(x: center.x, y: center.y - 40))
        script.wait(0.2)
        script.add(.up, CGPoint(x: center.x, y: center.y - 40))
        let run = try record("slides", script.script)
        let moved = try #require(run.frames.first { $0.time > 0.4 && $0.time < 0.5 }?.node("first-next"))
        #expect(moved.textColor == normal)
        #expect(run.last.top == "first")
    }
}
