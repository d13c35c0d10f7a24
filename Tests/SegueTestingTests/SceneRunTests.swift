import Motion
import Recorder
import Scenes
import UIKit
import SegueTesting
import Testing

/// A scene made for testing the kit: a box that slides 200 pt right in one second on a linear
/// curve when "go" is tapped, and a pan anywhere else that records what it saw when it ended.
final class ProbeController: UIViewController {
    var taps = 0
    var panEndVelocity: CGPoint?
    var panEndTranslation: CGPoint?

    static let scene = Scene(name: "probe", hint: "tap go") { ProbeController(name: "probe") }

    override func viewDidLoad() {
        super.viewDidLoad()
        let box = UIView(frame: CGRect(x: 0, y: 100, width: 50, height: 50))
        box.accessibilityIdentifier = "box"
        view.addSubview(box)
        let go = UIButton(type: .system, primaryAction: UIAction(title: "Go") { [unowned self] _ in
            taps += 1
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                box.frame.origin.x += 200
            }, completion: nil)
        })
        go.frame = CGRect(x: 100, y: 700, width: 100, height: 50)
        go.accessibilityIdentifier = "go"
        view.addSubview(go)
        view.addGestureRecognizer(UIPanGestureRecognizer { [unowned self] pan in
            guard pan.state == .ended else { return }
            panEndVelocity = pan.velocity(in: nil)
            panEndTranslation = pan.translation(in: nil)
        })
    }
}

@Suite("SceneRun: gestures and frames on a virtual clock")
struct SceneRunTests {
    private func probe(_ run: SceneRun) -> ProbeController {
        run.host.window.rootViewController as! ProbeController
    }

    /// A pan's translation counts from the move that took it past its hysteresis: for `total`
    /// points in `moves` even moves, the total less the moves before and including that one.
    private func translationSeen(total: Double, moves: Int) -> Double {
        let step = total / Double(moves)
        return total - (UIPanGestureRecognizer.panHysteresis / step).rounded(.up) * step
    }

    @Test func framesAreEvaluatedAtExactFrameTimes() {
        let run = SceneRun(ProbeController.scene, fps: 60)
        run.wait(0.5)
        #expect(run.frames.count == 31)
        #expect(run.frames.map(\.index) == Array(0...30))
        #expect(run.time == 30.0 / 60)
        #expect(run.frame(at: 0.4)?.index == 24)
        #expect(run.frame(at: 0.405)?.index == 24)
        #expect(run.frame(at: 0.6) == nil)
        #expect(run.frame(of: "box", at: -1) == nil)
    }

    @Test func aTapOnANamedViewRunsItsActionAndTheViewMovesOnItsCurve() throws {
        let run = SceneRun(ProbeController.scene)
        run.tap("go")
        #expect(probe(run).taps == 1)
        // The lift lands half a frame before the frame after it.
        let tappedAt = try #require(run.releases.last).time
        #expect(tappedAt.isClose(to: run.time - run.frameInterval / 2, within: 1e-12))
        run.waitUntilSettled()
        // Linear, 200 pt over 1 s from the lift: at the frame half a frame past half way, 100 pt
        // and 200 pt / 120 more; all of it at the end.
        let halfWay = try #require(run.frame(of: "box", at: tappedAt + 0.5 + run.frameInterval / 2))
        #expect(halfWay.isClose(to: CGRect(x: 100 + 200 / 120.0, y: 100, width: 50, height: 50), within: 1e-9))
        #expect(run.frame(of: "box")!.isClose(to: CGRect(x: 200, y: 100, width: 50, height: 50), within: 1e-9))
        #expect(run.time.isClose(to: tappedAt + 1, within: run.frameInterval))
    }

    /// Views are found as XCUITest finds them: by `accessibilityIdentifier` ("go"), else by the
    /// text they show (the button's title, "Go").
    @Test func aButtonIsFoundByItsIdentifierOrByItsTitle() throws {
        let run = SceneRun(ProbeController.scene)
        #expect(run.frame(of: "go") == CGRect(x: 100, y: 700, width: 100, height: 50))
        #expect(run.frame(of: "Go") == run.frame(of: "go"))
        run.tap("Go")
        #expect(probe(run).taps == 1)
        #expect(run.frame(of: "Stop") == nil)
    }

    @Test(arguments: [400.0, 1200.0, 3000.0])
    func aFlickReachesTheRecognizerAtItsVelocity(velocity: Double) throws {
        let run = SceneRun(ProbeController.scene)
        run.flick(from: CGPoint(x: 100, y: 400), by: CGPoint(x: 0, y: 200), velocity: velocity)
        let seen = try #require(probe(run).panEndVelocity)
        #expect(seen.x.isClose(to: 0, within: 1e-9))
        #expect(seen.y.isClose(to: velocity, within: 1e-6))
        // 200 pt at `velocity` is 200 / velocity seconds of moves, one a frame (the last is the lift).
        let translation = try #require(probe(run).panEndTranslation)
        let moves = Int((200 / velocity * 60).rounded())
        #expect(translation.y.isClose(to: translationSeen(total: 200, moves: moves), within: 1e-9))
    }

    @Test func aDragMovesTheFingerEvenlyAndLiftsAtTheEnd() throws {
        let run = SceneRun(ProbeController.scene)
        run.drag(from: CGPoint(x: 50, y: 300), to: CGPoint(x: 50, y: 500), duration: 0.5)
        // Down, 30 moves, up: 32 frames after the first.
        #expect(run.frames.count == 33)
        #expect(run.releases.map(\.location) == [CGPoint(x: 50, y: 500)])
        let translation = try #require(probe(run).panEndTranslation)
        #expect(translation.isClose(to: CGPoint(x: 0, y: translationSeen(total: 200, moves: 30)), within: 1e-9))
    }

    @Test func aGrabHoldsWhileTimeGoesByAndLiftsOnlyWhenTold() throws {
        let run = SceneRun(ProbeController.scene)
        let finger = run.grab(at: CGPoint(x: 50, y: 300))
        finger.move(to: CGPoint(x: 50, y: 400), duration: 0.2)
        finger.hold(1)
        #expect(run.releases.isEmpty)
        #expect(probe(run).panEndTranslation == nil)
        #expect(run.time.isClose(to: 1 / 60.0 + 0.2 + 1, within: 1e-9))
        finger.lift()
        #expect(run.releases.count == 1)
        let translation = try #require(probe(run).panEndTranslation)
        #expect(translation.isClose(to: CGPoint(x: 0, y: translationSeen(total: 100, moves: 12)), within: 1e-9))
    }

    @Test func anEdgeSwipeDrivesTheSlidesPresentationAndTheReleaseIsRecorded() throws {
        let run = SceneRun(try #require(Scene.named("slides")))
        run.edgeSwipe(from: .right, distance: 200, duration: 0.3)
        let release = try #require(run.releases.last?.transition)
        #expect(release.phase == .interactive)
        #expect(release.operation == .present)
        // 18 moves of 200/18 pt: the pan begins on the second (22.2 pt in, past the 15 pt edge
        // hysteresis), and progress is the translation from there over 400.
        let expected = (200 - 2 * 200 / 18.0) / 400
        #expect(try #require(run.releases.last?.transition?.percentComplete).isClose(to: expected, within: 1e-9))
        #expect(run.phase == .finishing)
        #expect(run.waitUntilSettled())
        #expect(run.phases == [.interactive, .finishing])
        #expect(run.top == "second")
        #expect(run.frame(of: "second")!.isClose(to: CGRect(x: 0, y: 0, width: 390, height: 844), within: 1e-6))
    }

    @Test func sameGesturesGiveTheSameFrames() throws {
        func play() throws -> [CapturedFrame] {
            let run = SceneRun(try #require(Scene.named("menu")))
            run.edgeSwipe(from: .left, distance: 250, duration: 0.4)
            run.waitUntilSettled()
            run.tap("menu-close-menu")
            run.waitUntilSettled()
            return run.frames
        }
        #expect(try play() == play())
    }

    @Test func tolerancesAreInPointsOnEveryEdge() {
        let rect = CGRect(x: 10, y: 20, width: 100, height: 50)
        #expect(rect.isClose(to: CGRect(x: 10.4, y: 19.6, width: 100, height: 50), within: 0.5))
        #expect(!rect.isClose(to: CGRect(x: 10, y: 20, width: 101, height: 50), within: 0.5))
        #expect(!rect.isClose(to: CGRect(x: 10, y: 20, width: 100, height: 49), within: 0.5))
        #expect(CGPoint(x: 1, y: 2).isClose(to: CGPoint(x: 1.1, y: 1.9), within: 0.1 + 1e-12))
        #expect(!CGPoint(x: 1, y: 2).isClose(to: CGPoint(x: 1, y: 2.2), within: 0.1))
    }
}

@Suite("SceneRun: transition cycles")
struct TransitionCycleTests {
    @Test(arguments: Scene.all.map(\.name))
    func playingACycleComesBackToTheFirstScreenAndSettlesAfterEachAction(name: String) throws {
        let scene = try #require(Scene.named(name))
        let run = SceneRun(scene)
        let first = run.top
        for action in scene.transitionCycle {
            run.play(action)
            #expect(run.host.isSettled)
        }
        #expect(run.top == first)
        #expect(run.host.settledInvariantViolations().isEmpty)
    }

    @Test func theCycleSheetHasOneTitledStripPerAction() throws {
        let scene = try #require(Scene.named("stack"))
        let svg = SceneRun.transitionCycleSheet(scene)
        #expect(svg.contains(">1. tap stackfirst-present</text>"))
        #expect(svg.contains(">2. drag (200, 300) → (200, 700)</text>"))
        #expect(!svg.contains(">3. "))
        #expect(svg.contains(">\(scene.hint)</text>") == false)  // the hint is XML-escaped
        #expect(svg.contains("&quot;Present&quot; a stacked modal"))
    }
}
