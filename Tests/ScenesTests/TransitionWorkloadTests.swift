import Motion
import Scenes
import UIKit
import Testing

/// The frames `segue bench` times, checked without a clock: the workload is deterministic, so
/// these are exactly the frames the benchmark measures.
@Suite("transition workload (segue bench's scenes)")
struct TransitionWorkloadTests {
    /// 50 virtual seconds: every scene's cycle runs at least twice.
    static let frames = 3_000

    /// What one scene is expected to show mid-transition.
    struct Expectation: Sendable, CustomTestStringConvertible {
        var scene: String
        /// Nodes per frame drawn mid-transition, the window included.
        var views: ClosedRange<Int>
        var operations: Set<TransitionStatus.Operation>
        var phases: Set<TransitionStatus.Phase>
        /// Transitions one pass through the cycle starts (a cancelled one counts).
        var transitionsPerCycle: Int

        var testDescription: String { scene }
    }

    /// Every frame also draws the window's chrome: the status bar (bar, time, the signal, Wi-Fi
    /// and battery glyphs) and the home indicator, 6 views; the navigation scenes add
    /// their bar (background, hairline, title, back chevron glyph and label, both items while one
    /// replaces the other);
    /// fade's tab items are an icon and a label each.
    nonisolated static let expectations = [
        // Always both slides: window, second-presentation, first (heading, hint, Next),
        // second (heading, hint, Next, Back).
        Expectation(scene: "slides", views: 17...17, operations: [.present, .dismiss],
                    phases: [.interactive, .finishing, .cancelling, .animating], transitionsPerCycle: 5),
        // Home (heading, hint, three buttons) under its presentation: the card with its Close
        // button (10), or the menu with heading, hint and Close (12).
        Expectation(scene: "menu", views: 16...18, operations: [.present, .dismiss],
                    phases: [.interactive, .finishing, .animating], transitionsPerCycle: 4),
        // The first screen and the modal with, between them, the white background, the dark overlay
        // and the first screen's squeezed snapshot (copies of its heading, hint and button): 16.
        // While dismissing, the dismiss animator adds a second background, overlay and snapshot
        // over the ones the present left: 22.
        Expectation(scene: "stack", views: 22...28, operations: [.present, .dismiss],
                    phases: [.animating, .interactive, .finishing], transitionsPerCycle: 2),
        // A tab switch's first frame, before the incoming screen joins: the tab bar and its two
        // buttons around About (heading, hint): 9. List and detail both in the navigation
        // controller: 15.
        Expectation(scene: "fade", views: 20...32, operations: [.push, .pop, .tab],
                    phases: [.animating, .interactive, .finishing], transitionsPerCycle: 4),
        // The window, the navigation view, the grid with its 15 tiles (one hidden while it flies)
        // and its hint, the photo screen with its backdrop and image: 21; 20 while the backdrop is
        // still transparent.
        Expectation(scene: "photos", views: 29...33, operations: [.push, .pop],
                    phases: [.animating, .interactive, .finishing], transitionsPerCycle: 2),
        // UIWindow, notes (heading, hint, Compose), the presentation's container and the compose
        // sheet (heading, hint, Done, grabber): 11. Presenting and dismissing happen at or below
        // the medium detent, which is undimmed, so the transparent dimming is never drawn.
        Expectation(scene: "sheet", views: 17...17, operations: [.present, .dismiss],
                    phases: [.animating, .interactive, .finishing, .cancelling], transitionsPerCycle: 5),
        // The window, the navigation view, two screens (a heading, a hint and one or two buttons
        // each: 9) and between them the dimming view and the shadow strip: 13. On a push's first
        // frame those two are still transparent, and transparent views are not drawn: 11.
        // UIWindow, drawerhome (heading, hint, Open drawer), the presentation's container, the
        // dimming and the drawer (grabber, title, hint, Close): 12. On a present's first frame the
        // dimming is still transparent, and not drawn: 11.
        Expectation(scene: "drawer", views: 17...18, operations: [.present, .dismiss],
                    phases: [.animating, .interactive, .finishing, .cancelling], transitionsPerCycle: 5),
        Expectation(scene: "settings", views: 20...26, operations: [.push, .pop],
                    phases: [.animating, .interactive, .finishing, .cancelling], transitionsPerCycle: 5),
    ]

    /// One scene's workload, frame by frame, as the benchmark plays it.
    struct Run {
        /// The frames drawn mid-transition: the ones the benchmark times.
        var timed: [(status: TransitionStatus, views: Int)] = []
        var idleFrames = 0
        /// Idle frames that differ from the frame before them: a session would send those.
        var idleFramesThatChanged = 0
        /// Broken rules found each time the scene settled, before its idle frames.
        var settledViolations: [String] = []
        var transitionsStarted = 0
        var unsettledActions = 0
    }

    static func play(_ name: String) throws -> Run {
        let workload = TransitionWorkload(scene: try #require(Scene.named(name)))
        var run = Run()
        var previous: (nodes: [DisplayNode], transition: TransitionStatus?)?
        var previousStage: TransitionWorkload.Stage?
        for _ in 0..<frames {
            let stage = workload.advance()
            if stage == .idle && previousStage != .idle {
                run.settledViolations += workload.host.settledInvariantViolations()
            }
            let list = workload.host.frame()
            let transition = workload.host.transition
            if let transition {
                run.timed.append((transition, list.nodes.count))
            } else if stage == .idle {
                run.idleFrames += 1
                if previous?.nodes != list.nodes || previous?.transition != nil { run.idleFramesThatChanged += 1 }
            }
            previous = (list.nodes, transition)
            previousStage = stage
        }
        run.transitionsStarted = workload.host.window.transitions.startedCount
        run.unsettledActions = workload.unsettledActions
        return run
    }

    @Test(arguments: expectations)
    func everyTimedFrameShowsARunningTransition(_ expected: Expectation) throws {
        let run = try Self.play(expected.scene)
        #expect(run.timed.count > Self.frames / 4)
        #expect(run.timed.allSatisfy { (0...1).contains($0.status.progress) })
        // Only a transition's first frames (progress 0 before anything moved) and a finished
        // tail's last may sit at an end.
        // (In time: the motion of a spring that overshoots reads 1 while it does. A sheet has no
        // time of its own, and its dismissal reads 0 while a finger holds it above where it began.)
        let strictlyInside = run.timed.filter { 0 < $0.status.percentComplete && $0.status.percentComplete < 1 }
        #expect(Double(strictlyInside.count) >= 0.85 * Double(run.timed.count))
        #expect(Set(run.timed.map(\.status.operation)) == expected.operations)
        #expect(Set(run.timed.map(\.status.phase)) == expected.phases)
        // The cycle ran at least twice.
        #expect(run.transitionsStarted >= 2 * expected.transitionsPerCycle)
    }

    @Test(arguments: expectations)
    func aHeldDragKeepsItsTransitionPartWay(_ expected: Expectation) throws {
        let run = try Self.play(expected.scene)
        let partWay = run.timed.filter { $0.status.phase == .interactive && 0.05 < $0.status.progress && $0.status.progress < 0.95 }
        // Each cycle has one drag, held for `holdFrames`; the benchmark's cycles run at least twice.
        #expect(partWay.count >= 2 * TransitionWorkload.holdFrames)
    }

    @Test(arguments: expectations)
    func eachSceneDrawsTheseManyViewsMidTransition(_ expected: Expectation) throws {
        let run = try Self.play(expected.scene)
        let counts = run.timed.map(\.views)
        #expect(counts.min() == expected.views.lowerBound)
        #expect(counts.max() == expected.views.upperBound)
    }

    @Test(arguments: expectations)
    func idleFramesRepeatTheFrameBeforeThemSoNoneWouldBeSent(_ expected: Expectation) throws {
        let run = try Self.play(expected.scene)
        #expect(run.unsettledActions == 0)
        #expect(run.settledViolations.isEmpty, "\(run.settledViolations)")
        let actions = try #require(Scene.named(expected.scene)).transitionCycle.count
        #expect(run.idleFrames >= 2 * actions * TransitionWorkload.idleFrames)
        #expect(run.idleFramesThatChanged == 0)
    }
}
