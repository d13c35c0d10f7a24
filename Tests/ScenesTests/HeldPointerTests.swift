import Motion
import Recorder
import Scenes
import UIKit
import Testing

/// A finger resting on a presented controller's view while another finger taps its dismiss button:
/// once the controller is gone, the first finger's moves must not reach its recognizers, whose
/// targets went with it. Each of these ran into a freed `unowned` reference and aborted (found by
/// `scripts/soak`).
@Suite("a pointer held on a dismissed controller's view")
struct HeldPointerTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var scene: String
        var present: String
        var dismiss: String
        /// Where the resting finger goes down: on a recognizer of the presented view.
        var rest: CGPoint
        /// Where it moves once the presented controller is gone: far enough to begin a pan.
        var moveTo: CGPoint
        var testDescription: String { scene }
    }

    nonisolated static let cases = [
        Case(scene: "slides", present: "first-next", dismiss: "second-back", rest: CGPoint(x: 5, y: 400),
             moveTo: CGPoint(x: 80, y: 400)),
        Case(scene: "menu", present: "home-open-menu", dismiss: "menu-close-menu", rest: CGPoint(x: 385, y: 400),
             moveTo: CGPoint(x: 300, y: 400)),
        Case(scene: "stack", present: "stackfirst-present", dismiss: "stacksecond-dismiss", rest: CGPoint(x: 200, y: 300),
             moveTo: CGPoint(x: 200, y: 500)),
        Case(scene: "fade", present: "list-open-detail", dismiss: "detail-back", rest: CGPoint(x: 40, y: 400),
             moveTo: CGPoint(x: 200, y: 400)),
        // On the left edge: the back swipe tracks the resting finger and must not pop the root.
        Case(scene: "settings", present: "general-about", dismiss: "about-back", rest: CGPoint(x: 5, y: 400),
             moveTo: CGPoint(x: 200, y: 400)),
    ]

    @Test(arguments: cases)
    func movesAfterTheDismissalReachNothing(_ c: Case) throws {
        var script = ScriptBuilder()
        script.tap(try #require(try record(c.scene, duration: 0).last.center(of: c.present)))
        script.wait(1.5)
        let presented = try record(c.scene, script.script)
        let top = presented.first.top
        script.add(.down, c.rest, id: 1)
        script.wait(0.1)
        script.tap(try #require(presented.last.center(of: c.dismiss)), id: 2)
        script.wait(1.5)
        script.add(.move, c.moveTo, id: 1)
        script.wait(ScriptBuilder.step)
        script.add(.up, c.moveTo, id: 1)
        let run = try record(c.scene, script.script)
        #expect(presented.last.top != top, "the setup presents")
        #expect(run.last.top == top)
        #expect(run.last.transition == nil)
        #expect(run.host.settledInvariantViolations().isEmpty)
    }
}
