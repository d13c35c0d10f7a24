@testable import UIKit
import Testing

/// The interaction controller transition libraries write for themselves: a finger sets the
/// fraction; on release a `CADisplayLink` steps the animator to its end, a frame at a time, then
/// finishes the transition.
private final class SteppedInteraction: NSObject, UIViewControllerInteractiveTransitioning {
    let animator: InterruptibleSlideUpAnimator
    /// Fraction per second while stepping to the end.
    let stepSpeed = 2.0
    private var context: UIViewControllerContextTransitioning?
    private var driven: UIViewImplicitlyAnimating?
    private var displayLink: CADisplayLink?
    private(set) var steps: [Double] = []
    /// UIKit's type for it: `optional var completionSpeed: CGFloat { get }`.
    var completionSpeed: CGFloat { 2 }

    init(animator: InterruptibleSlideUpAnimator) {
        self.animator = animator
    }

    func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning) {
        context = transitionContext
        let driven = animator.interruptibleAnimator(using: transitionContext)
        driven.pauseAnimation()
        self.driven = driven
    }

    func update(_ percent: CGFloat) {
        driven?.fractionComplete = percent
        context?.updateInteractiveTransition(percent)
    }

    func finish() {
        displayLink = CADisplayLink(target: self, selector: Selector(SteppedInteraction.step(_:)))
        displayLink?.add(to: .main, forMode: .common)
    }

    func step(_ link: CADisplayLink) {
        guard let driven, let context else { return }
        let next = min(driven.fractionComplete + stepSpeed * link.duration, 1)
        driven.fractionComplete = next
        context.updateInteractiveTransition(next)
        steps.append(next)
        guard next >= 1 else { return }
        link.invalidate()
        displayLink = nil
        context.finishInteractiveTransition()
        driven.stopAnimation(false)
        driven.finishAnimation(at: .end)
    }
}

private final class SlideUpTransitioning: NSObject, UIViewControllerTransitioningDelegate {
    let animator = InterruptibleSlideUpAnimator()
    lazy var interaction = SteppedInteraction(animator: animator)
    /// Vended instead of `interaction` when set.
    var percentDriven: UIPercentDrivenInteractiveTransition?

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? { animator }
    func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning? { percentDriven ?? interaction }
}

/// A percent-driven interaction that overrides `update(_:)` with UIKit's signature.
private final class RecordingPercentDriven: UIPercentDrivenInteractiveTransition {
    var updates: [CGFloat] = []

    override func update(_ percentComplete: CGFloat) {
        updates.append(percentComplete)
        super.update(percentComplete)
    }
}

@Suite struct DisplayLinkInteractionTests {
    /// Presents `presented` over `presenter` in a stage through `transitioning`.
    fileprivate func present(_ transitioning: SlideUpTransitioning) -> (Stage, UIViewController) {
        let stage = Stage(width: 400, height: 800)
        let presenter = UIViewController(), presented = UIViewController()
        stage.window.rootViewController = presenter
        presented.modalPresentationStyle = .custom
        presented.transitioningDelegate = transitioning
        stage.perform { presenter.present(presented, animated: true) }
        return (stage, presented)
    }

    /// `completionSpeed`, declared as UIKit declares it (`CGFloat`), is the one the transition uses:
    /// the coordinator's `completionVelocity` is the interaction controller's completion speed.
    @Test func anInteractionControllersCompletionSpeedIsUsed() throws {
        let transitioning = SlideUpTransitioning()
        let (stage, presented) = present(transitioning)
        stage.frame(at: 0.1)
        let coordinator = try #require(presented.transitionCoordinator)
        #expect(coordinator.completionVelocity == 2)
    }

    /// A subclass's `update(_:)`, with UIKit's `CGFloat` parameter, overrides the class's: it is
    /// called, and the transition still follows.
    @Test func aPercentDrivenSubclassOverridesUpdate() throws {
        let transitioning = SlideUpTransitioning()
        let recording = RecordingPercentDriven()
        transitioning.percentDriven = recording
        let (stage, presented) = present(transitioning)
        stage.perform { recording.update(0.25) }
        stage.frame(at: 0.1)
        #expect(recording.updates == [0.25] && recording.percentComplete == 0.25)
        #expect(presented.view.presentation.frame.minY == 600)
    }

    /// From 0.4, stepping 2/60 a frame reaches the end in 18 frames; the view follows each step,
    /// the transition finishes, and the link, invalidated, asks for no frame after.
    @Test func aDisplayLinkStepsAnInteractivePresentationToItsEnd() throws {
        let stage = Stage(width: 400, height: 800)
        let presenter = UIViewController(), presented = UIViewController()
        stage.window.rootViewController = presenter
        let transitioning = SlideUpTransitioning()
        presented.modalPresentationStyle = .custom
        presented.transitioningDelegate = transitioning
        stage.perform { presenter.present(presented, animated: true) }
        stage.perform { transitioning.interaction.update(0.4) }
        stage.frame(at: 0.1)
        #expect(presented.view.presentation.frame.minY == 480)
        stage.perform { transitioning.interaction.finish() }
        var frame = 6
        stage.frame(at: Double(frame) / 60)
        let first = try #require(transitioning.interaction.steps.first)
        #expect(abs(first - (0.4 + 2.0 / 60)) < 1e-9)
        #expect(abs(Double(presented.view.presentation.frame.minY) - 800 * (1 - first)) < 1e-6)
        while stage.window.transitions.active != nil && frame < 120 {
            frame += 1
            stage.frame(at: Double(frame) / 60)
        }
        // One step a frame: 0.4 plus 2/60 at a time reaches 1 in 18 frames (counted as the
        // interaction adds, so rounding cannot make it 19).
        var fraction = 0.4, expectedSteps = 0
        repeat {
            fraction = min(fraction + 2 * (1.0 / 60), 1)
            expectedSteps += 1
        } while fraction < 1
        #expect(expectedSteps >= 18 && expectedSteps <= 19)
        #expect(transitioning.interaction.steps.count == expectedSteps)
        #expect(transitioning.interaction.steps.last == 1)
        #expect(presented.view.frame.minY == 0 && presented.view.presentation.frame.minY == 0)
        #expect(presenter.presentedViewController === presented)
        #expect(!stage.window.movesWithTime)
    }
}
