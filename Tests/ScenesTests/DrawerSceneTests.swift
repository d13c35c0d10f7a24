import Motion
import Recorder
import Scenes
import UIKit
import Testing

/// The drawer scene: a custom presentation whose presentation controller owns a dimming view,
/// fading alongside the drawer's slide, dismissed by a tap on the dimming or a drag down.
@Suite("drawer scene (a custom presentation controller)")
struct DrawerSceneTests {
    /// The drawer at rest on the 390 × 844 viewport: the bottom 55% (464.2, rounded to 464 pt).
    static let restingFrame = CGRect(x: 0, y: 380, width: 390, height: 464)
    static let dimmingName = "drawer-dimming"

    /// The script up to a presented, settled drawer, the time of the tap's lift, and its recording.
    func presented() throws -> (script: ScriptBuilder, tapUp: Double, run: Recording) {
        let idle = try record("drawer", duration: 0)
        var script = ScriptBuilder()
        script.tap(try #require(idle.last.center(of: "drawerhome-open-drawer")))
        let tapUp = script.time
        script.wait(1)
        return (script, tapUp, try record("drawer", script.script))
    }

    func rect(of node: DisplayNode?) throws -> CGRect {
        let node = try #require(node)
        return CGRect(x: node.transform.tx, y: node.transform.ty, width: node.size.width, height: node.size.height)
    }

    func isClose(_ a: CGRect, _ b: CGRect, within tolerance: Double = 1e-9) -> Bool {
        abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance
            && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
    }

    @Test func theDrawerRestsOverTheBottomOfTheScreenWithItsTopCornersRoundedOverTheDimming() throws {
        let (_, _, run) = try presented()
        #expect(run.last.top == "drawer")
        let drawer = try #require(run.last.node("drawer"))
        let resting = try rect(of: drawer)
        #expect(isClose(resting, Self.restingFrame), "\(resting)")
        #expect(drawer.backgroundColor.hexString == "#ffffffff")
        #expect(drawer.cornerRadius == 16)
        #expect(drawer.roundedCorners == [.topLeft, .topRight])
        // The dimming fills the container, black at 40%, its own alpha at 1; it is drawn under the
        // drawer and over the presenter, which stays on screen.
        let dimming = try #require(run.last.node(Self.dimmingName))
        #expect(isClose(try rect(of: dimming), CGRect(x: 0, y: 0, width: 390, height: 844)))
        #expect(dimming.backgroundColor.hexString == "#00000066")
        #expect(dimming.ownAlpha == 1)
        let names = run.last.nodes.map(\.name)
        let home = try #require(names.firstIndex(of: "drawerhome"))
        let dimmingIndex = try #require(names.firstIndex(of: Self.dimmingName))
        let drawerIndex = try #require(names.firstIndex(of: "drawer"))
        #expect(home < dimmingIndex && dimmingIndex < drawerIndex)
        // The grabber, title and Close button sit at the drawer's top.
        #expect(isClose(try rect(of: run.last.node("drawer-grabber")), CGRect(x: 177, y: 385, width: 36, height: 5)))
        #expect(run.last.node("drawer-title")?.text == "Drawer")
        #expect(isClose(try rect(of: run.last.node("drawer-close")), CGRect(x: 294, y: 404, width: 80, height: 36)))
        #expect(run.host.settledInvariantViolations().isEmpty)
    }

    /// The dimming rides the drawer's spring through the coordinator: at each frame of the
    /// presentation its alpha is the share of the drawer's height that has risen into view.
    @Test func theDimmingFadesInAlongsideTheDrawersSlide() throws {
        let (_, tapUp, run) = try presented()
        let idle = try record("drawer", duration: 0)
        #expect(idle.last.node(Self.dimmingName) == nil)
        // No dimming is drawn before the presentation starts.
        let before = run.frames.filter { $0.time < tapUp }
        #expect(!before.isEmpty && before.allSatisfy { $0.node(Self.dimmingName) == nil })
        let half = try #require(run.frames.first { $0.time >= tapUp + 0.25 })
        #expect(half.transition?.operation == .present && half.transition?.phase == .animating)
        let halfAlpha = try #require(half.node(Self.dimmingName)).ownAlpha
        #expect(halfAlpha > 0.1 && halfAlpha < 0.99, "\(halfAlpha)")
        var checked = 0
        for frame in run.frames where frame.transition?.operation == .present {
            guard let dimming = frame.node(Self.dimmingName), let drawer = frame.node("drawer") else { continue }
            let risen = (844 - drawer.transform.ty) / 464
            #expect(abs(dimming.ownAlpha - min(risen, 1)) < 1e-6, "at \(frame.time): \(dimming.ownAlpha) for \(risen)")
            checked += 1
        }
        #expect(checked >= 20)
        #expect(run.last.node(Self.dimmingName)?.ownAlpha == 1)
        #expect(run.last.transition == nil)
    }

    @Test func aTapOnTheDimmedScreenDismissesButATapOnTheDrawerDoesNot() throws {
        var (script, _, _) = try presented()
        script.tap(CGPoint(x: 195, y: 600))  // on the drawer's body
        script.wait(1)
        let onDrawer = try record("drawer", script.script)
        #expect(onDrawer.last.top == "drawer")
        #expect(!onDrawer.frames.contains { $0.transition?.operation == .dismiss })

        script.tap(CGPoint(x: 195, y: 200))  // above it, on the dimming
        let tapped = try record("drawer", script.script)
        #expect(tapped.frames.contains { $0.transition?.operation == .dismiss && $0.transition?.phase == .animating })
        #expect(tapped.last.top == "drawerhome")
        #expect(tapped.last.node(Self.dimmingName) == nil)
        #expect(tapped.last.node("drawer") == nil)
        let idle = try record("drawer", duration: 0)
        #expect(sameLook(tapped.last.nodes, idle.last.nodes))
        #expect(tapped.host.settledInvariantViolations().isEmpty)
    }

    @Test func closeDismissesAsTheDimmingsTapDoes() throws {
        let (script, _, opened) = try presented()
        var closed = script
        closed.tap(try #require(opened.last.center(of: "drawer-close")))
        var dimmed = script
        dimmed.tap(CGPoint(x: 195, y: 200))
        let a = try record("drawer", closed.script), b = try record("drawer", dimmed.script)
        #expect(a.last.top == "drawerhome" && b.last.top == "drawerhome")
        #expect(sameLook(a.last.nodes, b.last.nodes))
    }

    /// While dragged the dismissal is interactive and scrubs linearly: the drawer moves exactly as
    /// far as the finger has since the pan began, the progress is that over the drawer's 464 pt,
    /// and the dimming's alpha is what is left of it.
    @Test func aDragMovesTheDrawerWithTheFingerAndFadesTheDimmingByTheProgress() throws {
        var (script, _, _) = try presented()
        let start = CGPoint(x: 195, y: 500)
        script.drag(from: start, to: CGPoint(x: 195, y: 700), steps: 40)
        let run = try record("drawer", script.script)
        let moves = script.events.filter { $0.pointer?.phase == .move && $0.pointer!.location.y > start.y }
        let began = try #require(moves.first { $0.pointer!.location.y - start.y >= UIPanGestureRecognizer.panHysteresis })
        let up = try #require(script.events.last { $0.pointer?.phase == .up }).time
        var checked = 0
        var largest = 0.0
        for frame in run.frames where frame.time > began.time && frame.time < up {
            let latest = try #require(script.events.last { $0.time <= frame.time })
            let dragged = latest.pointer!.location.y - began.pointer!.location.y
            #expect(frame.transition?.operation == .dismiss && frame.transition?.phase == .interactive)
            let drawer = try rect(of: frame.node("drawer"))
            #expect(abs(drawer.minY - (380 + dragged)) < 1e-6, "at \(frame.time): \(drawer.minY) for \(dragged)")
            let progress = try #require(frame.transition).progress
            #expect(abs(progress - dragged / 464) < 1e-9)
            #expect(abs(try #require(frame.node(Self.dimmingName)).ownAlpha - (1 - progress)) < 1e-6)
            largest = max(largest, dragged)
            checked += 1
        }
        #expect(checked >= 35)
        // 200 pt less the pan's 10 pt hysteresis.
        #expect(abs(largest - 190) < 1e-9)
    }

    /// 80 pt slowly (240 pt/s): short of half way and far from a fling, so the drawer goes back up
    /// to exactly where it rested, the dimming back to full, and the drawer stays presented.
    @Test func aShortSlowDragCancelsAndPutsEverythingBack() throws {
        var (script, _, _) = try presented()
        script.drag(from: CGPoint(x: 195, y: 500), to: CGPoint(x: 195, y: 580), steps: 20)
        let run = try record("drawer", script.script)
        #expect(run.frames.contains { $0.transition?.operation == .dismiss && $0.transition?.phase == .interactive })
        #expect(run.frames.contains { $0.transition?.phase == .cancelling })
        #expect(!run.frames.contains { $0.transition?.phase == .finishing })
        #expect(run.last.transition == nil)
        #expect(run.last.top == "drawer")
        #expect(isClose(try rect(of: run.last.node("drawer")), Self.restingFrame))
        #expect(run.last.node(Self.dimmingName)?.ownAlpha == 1)
        #expect(run.host.settledInvariantViolations().isEmpty)
        // Still dismissable: the cancelled drag left no interaction behind to hijack a tap's dismissal.
        script.wait(1)
        script.tap(CGPoint(x: 195, y: 200))
        let tapped = try record("drawer", script.script)
        #expect(tapped.frames.last { $0.transition?.operation == .dismiss }?.transition?.phase == .animating)
        #expect(tapped.last.top == "drawerhome")
    }

    /// 300 pt at 600 pt/s: past half way (290 / 464), so the release finishes the dismissal.
    @Test func aLongDragFinishesTheDismissal() throws {
        var (script, _, _) = try presented()
        script.drag(from: CGPoint(x: 195, y: 500), to: CGPoint(x: 195, y: 800), steps: 30)
        let run = try record("drawer", script.script)
        #expect(run.frames.contains { $0.transition?.phase == .finishing })
        #expect(!run.frames.contains { $0.transition?.phase == .cancelling })
        #expect(run.last.top == "drawerhome")
        #expect(run.last.node("drawer") == nil && run.last.node(Self.dimmingName) == nil)
        #expect(run.host.settledInvariantViolations().isEmpty)
    }

    /// A drag that starts upward has nothing to dismiss: no transition starts.
    @Test func aDragUpDoesNotDismiss() throws {
        var (script, _, _) = try presented()
        script.drag(from: CGPoint(x: 195, y: 600), to: CGPoint(x: 195, y: 400), steps: 20)
        let run = try record("drawer", script.script)
        #expect(!run.frames.contains { $0.transition?.operation == .dismiss })
        #expect(run.last.top == "drawer")
        #expect(isClose(try rect(of: run.last.node("drawer")), Self.restingFrame))
    }
}
