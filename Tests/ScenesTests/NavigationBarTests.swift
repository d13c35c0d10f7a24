import Motion
import Recorder
import Scenes
import UIKit
import SegueTesting
import Testing

/// The navigation bar in the scenes: its titles and back button, at rest and following a push, a
/// pan-driven pop (with its cancel) and the back button, frame by frame from the transition's progress.
@Suite("navigation bar")
struct NavigationBarTests {
    /// The fade scene with the detail pushed by its button, settled.
    func pushedRun() -> SceneRun {
        let run = SceneRun(Scene.named("fade")!)
        run.tap("list-open-detail")
        run.waitUntilSettled()
        return run
    }

    @Test func atRestTheBarReadsTheTopControllersTitleWithNoBackButton() throws {
        let run = SceneRun(Scene.named("fade")!)
        run.wait(0.1)
        let title = try #require(run.current.node("navigation-title"))
        #expect(title.text == "List")
        #expect(title.fontSize == UINavigationBar.titleFontSize)
        // Centred in the bar, under the status bar's 47 pt.
        #expect(abs(title.transform.tx + title.size.width / 2 - 195) < 1e-9)
        #expect(title.transform.ty == 47 && title.size.height == UINavigationBar.height)
        #expect(run.current.node("navigation-back") == nil, "the root has no back button")
        #expect(run.current.node("navigation-title-other") == nil)
        // The list's heading and button lie below the bar and above the tab bar.
        let heading = try #require(run.frame(of: "list-heading"))
        let button = try #require(run.frame(of: "list-open-detail"))
        #expect(heading.minY >= 91 && button.maxY <= 761)
    }

    @Test func afterAPushTheBarReadsDetailAndTheBackButtonList() throws {
        let run = pushedRun()
        #expect(run.top == "detail")
        #expect(run.current.node("navigation-title")?.text == "Detail")
        #expect(run.current.node("navigation-back")?.text == "List")
        #expect(run.current.node("navigation-back-chevron") != nil)
        #expect(run.current.node("navigation-title-other") == nil, "the old item is gone at rest")
        // Mid-push both titles show, cross-fading in lockstep with the detail's fade, which the bar
        // animates alongside (on the animator's ease-in-out, not the transition's time fraction):
        // the incoming title fades in from the right of the centre, the outgoing one fades out
        // moving left.
        var checked = 0
        for frame in run.frames where frame.transition?.operation == .push {
            let shown = try #require(frame.node("detail")).alpha
            guard shown > 0.05 && shown < 0.95 else { continue }
            let incoming = try #require(frame.node("navigation-title-other"))
            let outgoing = try #require(frame.node("navigation-title"))
            #expect(incoming.text == "Detail" && outgoing.text == "List")
            #expect(abs(incoming.alpha - shown) < 1e-9 && abs(outgoing.alpha - (1 - shown)) < 1e-9)
            let incomingCentre = incoming.transform.tx + incoming.size.width / 2
            #expect(abs(incomingCentre - (195 + (1 - shown) * 390 * UINavigationBar.incomingTitleOffset)) < 1e-9)
            #expect(outgoing.transform.tx + outgoing.size.width / 2 < 195)
            if abs(shown - frame.transition!.percentComplete) > 0.02 { checked += 1 }
        }
        #expect(checked >= 5, "the fade's curve, and the bar with it, part from the time fraction")
    }

    @Test func aPanDrivenPopMovesTheBarWithTheFingerAndACancelPutsItBack() throws {
        let run = pushedRun()
        let finger = run.grab(at: CGPoint(x: 40, y: 400))
        finger.move(to: CGPoint(x: 120, y: 400), duration: 0.3)
        let p = try #require(run.transition?.percentComplete)
        #expect(run.phase == .interactive && abs(p - 120.0 / 300) < 1e-9)
        // The list fades back in on the scrubbed ease-in-out, and the bar with it: Detail (the
        // popped item) fades out to the right; List comes back to the centre.
        let shown = try #require(run.current.node("list")).alpha
        #expect(shown > 0 && shown < 1 && abs(shown - p) > 0.01)
        let detail = try #require(run.current.node("navigation-title"))
        let list = try #require(run.current.node("navigation-title-other"))
        #expect(detail.text == "Detail" && list.text == "List")
        #expect(abs(detail.alpha - (1 - shown)) < 1e-9 && abs(list.alpha - shown) < 1e-9)
        #expect(detail.transform.tx + detail.size.width / 2 > 195)
        // The back button (reading List) fades with the popped item.
        #expect(abs((run.current.node("navigation-back")?.alpha ?? -1) - (1 - shown)) < 1e-9)
        // Back under half: the pop cancels and the bar reads Detail again.
        finger.move(to: CGPoint(x: 60, y: 400), duration: 0.2)
        finger.lift()
        run.waitUntilSettled()
        #expect(run.top == "detail")
        #expect(run.current.node("navigation-title")?.text == "Detail")
        #expect(run.current.node("navigation-back")?.text == "List")
        #expect(run.current.node("navigation-title")?.alpha == 1)
        // Past half: it pops, and the bar reads List with no back button.
        run.drag(from: CGPoint(x: 40, y: 400), to: CGPoint(x: 280, y: 400))
        run.waitUntilSettled()
        #expect(run.top == "list")
        #expect(run.current.node("navigation-title")?.text == "List")
        #expect(run.current.node("navigation-back") == nil)
        #expect(run.host.settledInvariantViolations().isEmpty)
    }

    @Test func theBackButtonPopsAndTheStockBackSwipeDrivesTheBar() throws {
        let run = SceneRun(Scene.named("settings")!)
        run.tap("general-about")
        run.waitUntilSettled()
        #expect(run.top == "about")
        #expect(run.current.node("navigation-title")?.text == "About")
        #expect(run.current.node("navigation-back")?.text == "General")
        // The system back swipe, held part way: the bar sits part way too.
        let finger = run.grab(at: CGPoint(x: 5, y: 400))
        finger.move(to: CGPoint(x: 200, y: 400), duration: 0.3)
        let p = try #require(run.transition?.percentComplete)
        #expect(p > 0.2 && p < 0.8)
        // The bar sits where the stock slide has taken the views: About's share of its way out.
        let shown = try #require(run.current.node("about")).transform.tx / 390
        #expect(abs((run.current.node("navigation-title-other")?.alpha ?? -1) - shown) < 1e-6)
        finger.lift()
        run.waitUntilSettled()
        run.tap("general-about")
        run.waitUntilSettled()
        run.tap("navigation-back")
        run.waitUntilSettled()
        #expect(run.top == "general")
        #expect(run.current.node("navigation-title")?.text == "General")
        #expect(run.host.settledInvariantViolations().isEmpty)
    }

    @Test func inLandscapeTheBackButtonKeepsClearOfTheSensorHousing() throws {
        let run = SceneRun(Scene.named("settings")!, size: CGSize(width: 844, height: 390))
        run.tap("general-about")
        run.waitUntilSettled()
        // Landscape on a notched phone: no status bar, 47 pt of sensor housing on the left.
        #expect(run.current.node("status-bar") == nil)
        let chevron = try #require(run.current.node("navigation-back-chevron"))
        let back = try #require(run.current.node("navigation-back"))
        #expect(chevron.transform.tx >= 47 && back.transform.tx > chevron.transform.tx)
        let title = try #require(run.current.node("navigation-title"))
        #expect(title.transform.ty == 0, "the bar starts at the top: no status bar inset")
        #expect(abs(title.transform.tx + title.size.width / 2 - 422) < 1e-9)
    }

    @Test func segueRecordPrintsTheChromeAsOrdinaryViews() throws {
        var script = ScriptBuilder()
        let idle = try record("fade", duration: 0)
        script.tap(try #require(idle.last.center(of: "list-open-detail")))
        script.wait(1)
        let run = try record("fade", script.script)
        let json = run.last.json
        for needle in [#""name":"status-bar-time""#, #""text":"9:41""#, #""name":"home-indicator""#,
                       #""name":"navigation-title""#, #""text":"Detail""#, #""name":"navigation-back""#,
                       #""text":"List""#, #""name":"tab-bar-hairline""#] {
            #expect(json.contains(needle), "\(needle) missing")
        }
    }
}
