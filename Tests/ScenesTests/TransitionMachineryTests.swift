import Logging
import Motion
@testable import Scenes
import UIKit
import Testing

/// A controller that logs its appearance callbacks.
final class LoggingController: UIViewController {
    var log: [String] = []
    override func viewWillAppear(_ animated: Bool) { log.append("\(name).willAppear") }
    override func viewDidAppear(_ animated: Bool) { log.append("\(name).didAppear") }
    override func viewWillDisappear(_ animated: Bool) { log.append("\(name).willDisappear") }
    override func viewDidDisappear(_ animated: Bool) { log.append("\(name).didDisappear") }
}

/// Animates the to-view in over `duration`; optionally forgets `completeTransition`, or calls it twice.
final class TestAnimator: UIViewControllerAnimatedTransitioning, UIViewControllerTransitioningDelegate {
    var duration = 1.0
    var forgetsToComplete = false
    var completesTwice = false
    var interaction: UIPercentDrivenInteractiveTransition?
    var ended: [Bool] = []

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> Double { duration }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let to = transitionContext.viewController(forKey: .to)?.view else { return }
        transitionContext.containerView.addSubview(to)
        to.alpha = 0
        UIView.animate(withDuration: duration, animations: { to.alpha = 1 }, completion: { _ in
            if self.forgetsToComplete { return }
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            if self.completesTwice { transitionContext.completeTransition(true) }
        })
    }

    func animationEnded(_ transitionCompleted: Bool) { ended.append(transitionCompleted) }

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? { self }
    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? { self }
    func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning? { interaction }
}

/// Fades the to-view in through a linear property animator it vends as its interruptible animator,
/// written with UIKit's signature (`-> UIViewImplicitlyAnimating`), so interaction controllers drive it.
final class InterruptibleTestAnimator: UIViewControllerAnimatedTransitioning, UIViewControllerTransitioningDelegate {
    var duration = 1.0
    var interaction: UIPercentDrivenInteractiveTransition?
    var ended: [Bool] = []
    private(set) var interruptible: UIViewPropertyAnimator?
    private(set) var interruptibleRequests = 0

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> Double { duration }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        interruptibleAnimator(using: transitionContext).startAnimation()
    }

    func animationEnded(_ transitionCompleted: Bool) { ended.append(transitionCompleted) }

    func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        interruptibleRequests += 1
        if let interruptible { return interruptible }
        let to = transitionContext.view(forKey: .to)
        if let to {
            transitionContext.containerView.addSubview(to)
            to.alpha = 0
        }
        let animator = UIViewPropertyAnimator(duration: duration, curve: .linear) { to?.alpha = 1 }
        animator.addCompletion { position in transitionContext.completeTransition(position == .end) }
        interruptible = animator
        return animator
    }

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? { self }
    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? { self }
    func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning? { interaction }
}

struct World {
    let clock = ManualClock()
    let window: UIWindow
    let root = LoggingController(name: "root")
    let other = LoggingController(name: "other")
    let animator = TestAnimator()
    let interruptibleAnimator = InterruptibleTestAnimator()

    /// `interruptible`: `other` presents through `interruptibleAnimator` instead of `animator`.
    init(interruptible: Bool = false) {
        window = UIWindow(size: CGSize(width: 100, height: 200), clock: clock)
        window.rootViewController = root
        other.transitioningDelegate = interruptible ? interruptibleAnimator : animator
        root.log.removeAll()
    }

    func run(for seconds: Double, step: Double = 1.0 / 60) {
        var t = 0.0
        while t < seconds {
            clock.advance(by: step)
            t += step
            _ = window.displayList()
        }
    }

    func present() {
        window.perform { root.present(other, animated: true) }
    }

    /// Presents `other` driven by a percent-driven interaction controller, moved to `progress` and
    /// held there a few frames.
    func presentInteractively(to progress: Double) -> UIPercentDrivenInteractiveTransition {
        let interaction = UIPercentDrivenInteractiveTransition()
        animator.interaction = interaction
        present()
        window.perform { interaction.update(progress) }
        run(for: 0.1)
        return interaction
    }
}

@Suite("transition machinery")
struct TransitionMachineryTests {
    @Test func appearanceCallbacksComeInUIKitsOrderWhenAPresentCompletes() {
        let world = World()
        world.present()
        world.run(for: 1.2)
        #expect(world.root.log == ["root.willDisappear", "root.didDisappear"])
        #expect(world.other.log == ["other.willAppear", "other.didAppear"])
        #expect(world.animator.ended == [true])
        #expect(world.window.visibleViewController === world.other)
    }

    @Test func aCancelledInteractivePresentReversesTheAppearanceCallbacks() {
        let world = World()
        let interaction = world.presentInteractively(to: 0.4)
        #expect(abs((world.window.transitions.status?.percentComplete ?? -1) - 0.4) < 1e-12)
        #expect(abs(world.other.view.presentation.alpha - TimingFunction.easeInEaseOut.value(at: 0.4)) < 1e-12)
        world.window.perform { interaction.cancel() }
        world.run(for: 1)
        #expect(world.root.log == ["root.willDisappear", "root.willAppear", "root.didAppear"])
        #expect(world.other.log == ["other.willAppear", "other.willDisappear", "other.didDisappear"])
        #expect(world.animator.ended == [false])
        #expect(world.root.presentedViewController == nil)
        #expect(world.window.subviews.map(\.name) == ["root", "status-bar", "home-indicator"])
        #expect(world.other.view.alpha == 0, "cancel leaves the view where the animation began")
    }

    @Test func presentingWhileATransitionRunsIsRefusedAndStateStaysIntact() {
        let world = World()
        world.present()
        let intruder = LoggingController(name: "intruder")
        world.window.perform { world.root.present(intruder, animated: true) }
        #expect(world.window.transitions.refusedCount == 1)
        #expect(intruder.presentingViewController == nil)
        world.run(for: 1.2)
        #expect(world.root.presentedViewController === world.other)
        #expect(world.window.subviews.map(\.name) == ["other-presentation", "status-bar", "home-indicator"])
    }

    @Test func aTransitionWhoseAnimatorNeverCompletesIsRescuedByTheWatchdog() {
        let world = World()
        world.animator.forgetsToComplete = true
        world.present()
        world.run(for: world.animator.duration + TransitionRunner.completionGrace - 0.2)
        #expect(world.window.transitions.isBusy, "still waiting within the grace period")
        // Its animations are over, but the watchdog's wait is time too: a session must keep
        // evaluating the world to see the rescue.
        #expect(!world.window.engine.movesWithTime && world.window.movesWithTime)
        world.run(for: 0.4)
        #expect(!world.window.transitions.isBusy)
        #expect(world.window.transitions.rescuedCount == 1)
        #expect(world.window.visibleViewController === world.other)
        // The window works again: dismissing runs a new transition.
        world.animator.forgetsToComplete = false
        world.window.perform { world.other.dismiss(animated: true) }
        world.run(for: 1.2)
        #expect(world.window.visibleViewController === world.root)
    }

    @Test func aSecondCompleteTransitionIsIgnoredAndCounted() {
        let world = World()
        world.animator.completesTwice = true
        world.present()
        world.run(for: 1.2)
        #expect(world.window.transitions.duplicateCompletionCount == 1)
        #expect(world.animator.ended == [true])
        #expect(world.window.transitions.completedCount == 1)
    }

    @Test func theStackAnimatorCompletesWithFalseWhenAViewIsMissing() {
        let context = MissingViewContext()
        StackTransitionAnimator(transitionMode: .present).animateTransition(using: context)
        #expect(context.completions == [false])
    }
}

/// A context whose to-view is missing: the stacked modal's failure path.
final class MissingViewContext: UIViewControllerContextTransitioning {
    let containerView = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100), name: "container")
    let from = UIViewController(name: "from")
    var completions: [Bool] = []
    var isAnimated: Bool { true }
    var isInteractive: Bool { false }
    var transitionWasCancelled: Bool { false }
    var presentationStyle: UIModalPresentationStyle { .custom }
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? { key == .from ? from : nil }
    func view(forKey key: UITransitionContextViewKey) -> UIView? { nil }
    func initialFrame(for viewController: UIViewController) -> CGRect { .zero }
    func finalFrame(for viewController: UIViewController) -> CGRect { .zero }
    func updateInteractiveTransition(_ percentComplete: CGFloat) {}
    func finishInteractiveTransition() {}
    func cancelInteractiveTransition() {}
    func pauseInteractiveTransition() {}
    func completeTransition(_ didComplete: Bool) { completions.append(didComplete) }
}

@Suite("percent-driven pause")
struct PercentDrivenPauseTests {
    @Test func pauseGrabsAFinishingTransitionAndMakesItInteractiveAgain() {
        let world = World()
        let interaction = UIPercentDrivenInteractiveTransition()
        world.animator.interaction = interaction
        world.present()
        world.window.perform { interaction.update(0.2) }
        world.window.perform { interaction.finish() }
        world.run(for: 0.3)
        #expect(world.window.transitions.status?.phase == .finishing)
        world.window.perform { interaction.pause() }
        let grabbed = interaction.percentComplete
        #expect(grabbed > 0.45 && grabbed < 0.55, "0.2 + 0.3 s of a 1 s tail: \(grabbed)")
        #expect(world.window.transitions.status?.phase == .interactive)
        world.run(for: 0.5)
        #expect(abs((world.window.transitions.status?.progress ?? -1) - grabbed) < 1e-12, "held while paused")
        world.window.perform { interaction.update(0.1) }
        world.window.perform { interaction.cancel() }
        world.run(for: 0.5)
        #expect(!world.window.transitions.isBusy)
        #expect(world.root.presentedViewController == nil)
        #expect(world.animator.ended == [false])
    }
}

@Suite("percent-driven through an interruptible animator")
struct PercentDrivenInterruptibleTests {
    @Test func updatesScrubTheAnimatorAndFinishPauseAndCancelContinueIt() throws {
        let world = World(interruptible: true)
        let interaction = UIPercentDrivenInteractiveTransition()
        world.interruptibleAnimator.interaction = interaction
        world.present()
        // UIKit's signature, `-> UIViewImplicitlyAnimating`, is the requirement: the interaction
        // drives the transition through it (`interruptibleAnimator(using:)`, iOS 10).
        let animator = try #require(world.interruptibleAnimator.interruptible)
        #expect(animator.state == .active && !animator.isRunning)
        world.window.perform { interaction.update(0.3) }
        world.run(for: 0.1)
        #expect(abs(world.other.view.presentation.alpha - 0.3) < 1e-12)
        #expect(world.window.transitions.status?.phase == .interactive)
        // finish() plays the remaining 0.7 of the 1 s linearly: 0.35 s later, 0.65.
        world.window.perform { interaction.finish() }
        world.run(for: 0.35)
        #expect(world.window.transitions.status?.phase == .finishing)
        #expect(abs(animator.fractionComplete - 0.65) < 0.02)
        // pause() grabs it where it is; update moves it from there; cancel() plays it back.
        world.window.perform { interaction.pause() }
        let grabbed = interaction.percentComplete
        #expect(abs(grabbed - animator.fractionComplete) < 1e-12)
        #expect(world.window.transitions.status?.phase == .interactive)
        world.run(for: 0.3)
        #expect(abs(world.other.view.presentation.alpha - grabbed) < 1e-12, "held while paused")
        world.window.perform { interaction.update(0.2) }
        world.run(for: 0.05)
        #expect(abs(world.other.view.presentation.alpha - 0.2) < 1e-12)
        world.window.perform { interaction.cancel() }
        world.run(for: 0.1)
        #expect(world.window.transitions.status?.phase == .cancelling)
        world.run(for: 0.2)
        #expect(!world.window.transitions.isBusy)
        #expect(world.root.presentedViewController == nil)
        #expect(world.interruptibleAnimator.ended == [false])
        #expect(animator.state == .inactive)
        // Asked once by the interaction (and then kept by the context).
        #expect(world.interruptibleAnimator.interruptibleRequests == 1)
        #expect(world.window.engine.misuseCount == 0)
    }
}

/// Vends a new interaction controller for each presentation and keeps none, as
/// SwipeableTabBarController's delegate does (`return SwipeInteractor(…)`).
final class UnretainingDelegate: UIViewControllerTransitioningDelegate {
    let animator = TestAnimator()
    weak var lastInteraction: UIPercentDrivenInteractiveTransition?

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? { animator }

    func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning? {
        let interaction = UIPercentDrivenInteractiveTransition()
        lastInteraction = interaction
        return interaction
    }
}

@Suite struct InteractionControllerLifetimeTests {
    /// UIKit keeps the interaction controller a delegate vends for as long as the transition runs,
    /// and lets it go when the transition ends.
    @Test func theTransitionKeepsItsInteractionControllerUntilItEnds() throws {
        let world = World()
        let delegate = UnretainingDelegate()
        world.other.transitioningDelegate = delegate
        world.present()
        do {
            let interaction = try #require(delegate.lastInteraction)
            world.window.perform { interaction.update(0.4) }
            world.run(for: 0.1)
            // The animator's ease-in-out block, scrubbed to 0.4 of its time.
            let expected = TimingFunction.easeInEaseOut.value(at: 0.4)
            #expect(abs(world.other.view.presentation.alpha - expected) < 1e-9)
            world.window.perform { interaction.finish() }
        }
        world.run(for: 1)
        #expect(world.root.presentedViewController === world.other)
        #expect(delegate.lastInteraction == nil)
    }
}
