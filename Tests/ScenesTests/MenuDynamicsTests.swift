import Motion
import Recorder
import Scenes
import UIKit
import Testing

/// The menu's physics tails (`Physics: on`) end on their own, however hard the flick: a long run
/// of bounces used to outlast the transition watchdog, which completed the transition and left the
/// simulation's display link calling into a freed simulation (found by `scripts/soak`).
@Suite("menu physics tails")
struct MenuDynamicsTests {
    /// Frames the left-edge drag takes over its 298 pt: about 1500, 6000 and 9000 pt/s.
    @Test(arguments: [12, 3, 2])
    func aFlickedMenuComesToRestWithoutTheWatchdog(frames: Int) throws {
        var script = ScriptBuilder()
        script.tap(try #require(try record("menu", duration: 0).last.center(of: "home-physics:-off")))
        script.wait(0.3)
        script.drag(from: CGPoint(x: 2, y: 400), to: CGPoint(x: 300, y: 400), steps: frames)
        let run = try record("menu", script.script, duration: script.time + 4)
        #expect(run.frames.contains { $0.transition?.phase == .finishing })
        #expect(run.last.top == "menu")
        #expect(isIdentityPlacement(run.last.node("menu")))
        #expect(run.host.settledInvariantViolations().isEmpty, "\(run.host.settledInvariantViolations())")
    }
}
