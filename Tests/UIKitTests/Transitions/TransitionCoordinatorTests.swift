import Motion
@testable import UIKit
import Testing

/// Presents by sliding the presented view up from below the container, linearly over one second,
/// in a curve block.
private final class SlideUpAnimator: UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 1 }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: prepareSlideUp(transitionContext) ?? {}) { _ in
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
    }
}

/// Vends a slide up for presentations, and `interaction` while it is set.
private final class SlideUpTransitioning: UIViewControllerTransitioningDelegate {
    let animator: UIViewControllerAnimatedTransitioning
    var interaction: UIPercentDrivenInteractiveTransition?

    init(interruptible: Bool) {
        animator = interruptible ? InterruptibleSlideUpAnimator() : SlideUpAnimator()
    }

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? { animator }
    func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning? { interaction }
}

/// A controller with a badge, which it moves 100 pt right alongside the transition that shows it,
/// registered in `viewWillAppear` as UIKit apps do; it records what its coordinator told it.
private final class BadgeController: UIViewController {
    let badge = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    /// Whether each completion found the transition cancelled.
    var completionsCancelled: [Bool] = []
    /// What the context said at each interaction change.
    var interactionChanges: [InteractionChange] = []
    var coordinatorInWillAppear: UIViewControllerTransitionCoordinator?
    var coordinatorInDidAppear: UIViewControllerTransitionCoordinator?
    var registeredInWillAppear: Bool?
    /// Whether `viewWillAppear` registers the badge's move (false: a test registers it later).
    var movesBadgeInWillAppear = true

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(badge)
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        coordinatorInWillAppear = transitionCoordinator
        guard let coordinator = transitionCoordinator else { return }
        registeredInWillAppear = coordinator.animate(alongsideTransition: movesBadgeInWillAppear ? moveBadge : nil) { context in
            self.completionsCancelled.append(context.isCancelled)
        }
        coordinator.notifyWhenInteractionChanges { context in
            self.interactionChanges.append(InteractionChange(
                interactive: context.isInteractive, cancelled: context.isCancelled,
                percent: Double(context.percentComplete), velocity: Double(context.completionVelocity)))
        }
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        coordinatorInDidAppear = transitionCoordinator
    }

    var moveBadge: (UIViewControllerTransitionCoordinatorContext) -> Void {
        { _ in self.badge.center.x += 100 }
    }

    /// How far the badge has moved, 0…1, on screen.
    var badgeFraction: Double { Double(badge.presentation.center.x - 5) / 100 }
}

/// What a coordinator's context said at one interaction change.
private struct InteractionChange {
    let interactive: Bool
    let cancelled: Bool
    let percent: Double
    let velocity: Double
}

@Suite("UIViewControllerTransitionCoordinator")
final class TransitionCoordinatorTests {
    enum Driver: CaseIterable { case timeline, interruptibleAnimator }
    enum Ending: CaseIterable { case finish, cancel }

    let stage = Stage(width: 400, height: 800)
    let presenter = UIViewController()
    private let presented = BadgeController()
    /// The non-interruptible slide, kept here: a transitioning delegate is weak, as in UIKit.
    private let slide = SlideUpTransitioning(interruptible: false)

    init() {
        stage.window.rootViewController = presenter
        presented.modalPresentationStyle = .custom
    }

    /// The badge controller keeps the coordinators it was given, which keep it (through their
    /// transition's completion), as a controller that stored its coordinator would in UIKit: let go.
    isolated deinit {
        presented.coordinatorInWillAppear = nil
        presented.coordinatorInDidAppear = nil
    }

    /// How far the presented view has slid up, 0…1, on screen.
    var slideFraction: Double { 1 - Double(presented.view.presentation.frame.minY) / 800 }

    /// Frames every 1/60 s for `seconds` from the clock's time.
    func run(for seconds: Double) {
        let end = stage.clock.now + seconds
        while stage.clock.now < end { stage.frame(at: stage.clock.now + 1.0 / 60) }
    }

    /// Alongside animations "run in the same animation context" and "respond to timing changes
    /// provided by an interactive animator object" (UIViewControllerTransitionCoordinator): queued
    /// in `viewWillAppear`, the badge's move joins the animator's linear slide, on its paused
    /// timeline or in its interruptible animator, so it sits at the transition's fraction while
    /// scrubbed, goes back on cancel and ends at its value on finish; the completion tells which.
    @Test(arguments: Driver.allCases, Ending.allCases)
    func anAlongsideAnimationRidesAPercentDrivenPresentation(driver: Driver, ending: Ending) {
        let animator = SlideUpTransitioning(interruptible: driver == .interruptibleAnimator)
        let interaction = UIPercentDrivenInteractiveTransition()
        animator.interaction = interaction
        presented.transitioningDelegate = animator
        stage.perform { presenter.present(presented, animated: true) }
        #expect(presented.registeredInWillAppear == true)
        stage.perform { interaction.update(0.3) }
        stage.frame(at: 0.1)
        #expect(abs(slideFraction - 0.3) < 1e-9)
        #expect(abs(presented.badgeFraction - 0.3) < 1e-9)
        stage.perform { interaction.update(0.6) }
        stage.frame(at: 0.2)
        #expect(abs(presented.badgeFraction - 0.6) < 1e-9)

        stage.perform { ending == .finish ? interaction.finish() : interaction.cancel() }
        run(for: 1.5)
        #expect(stage.window.transitions.active == nil)
        let end: CGFloat = ending == .finish ? 105 : 5
        #expect(presented.badge.center.x == end)
        #expect(presented.badge.presentation.center.x == end)
        #expect(presented.completionsCancelled == [ending == .cancel])
        #expect(presented.interactionChanges.map(\.cancelled) == [ending == .cancel])
    }

    /// `completionSpeed` is `open`, as UIKit's: a subclass that overrides it (here, finishing
    /// faster the further the finger went) is read when the transition finishes.
    @Test func aSubclasssCompletionSpeedIsTheOneUsed() throws {
        final class FasterFurther: UIPercentDrivenInteractiveTransition {
            override var completionSpeed: CGFloat {
                get { 1 + 4 * percentComplete }
                set {}
            }
        }
        let animator = SlideUpTransitioning(interruptible: false)
        let interaction = FasterFurther()
        animator.interaction = interaction
        presented.transitioningDelegate = animator
        stage.perform { presenter.present(presented, animated: true) }
        stage.perform { interaction.update(0.5) }
        stage.frame(at: 0.1)
        stage.perform { interaction.finish() }
        run(for: 1)
        #expect(presented.interactionChanges.map(\.velocity) == [3])
    }

    /// `notifyWhenInteractionChanges(_:)`: "called … when the transition changes from interactive
    /// to non-interactive or vice versa", each time, with the context as it is then: a release
    /// that finishes (at twice the speed: `completionVelocity` 2), a grab mid-flight (`pause()`),
    /// a release that cancels. `initiallyInteractive` "does not change for the duration of the
    /// transition".
    @Test func interactionHandlersRunAtEachChangeOfInteraction() throws {
        let animator = SlideUpTransitioning(interruptible: false)
        let interaction = UIPercentDrivenInteractiveTransition()
        animator.interaction = interaction
        presented.transitioningDelegate = animator
        stage.perform { presenter.present(presented, animated: true) }
        #expect(presented.coordinatorInWillAppear?.initiallyInteractive == true)
        #expect(presented.coordinatorInWillAppear?.isInteractive == true)
        stage.perform { interaction.update(0.4) }
        stage.frame(at: 0.1)
        #expect(presented.interactionChanges.isEmpty)
        interaction.completionSpeed = 2
        stage.perform { interaction.finish() }
        run(for: 0.2)
        stage.perform { interaction.pause() }
        stage.perform { interaction.update(0.2) }
        interaction.completionSpeed = 1
        stage.perform { interaction.cancel() }
        run(for: 1)

        let changes = presented.interactionChanges
        try #require(changes.count == 3)
        #expect(changes.map(\.interactive) == [false, true, false])
        #expect(changes.map(\.cancelled) == [false, false, true])
        // percentComplete: where the transition was when it went non-interactive.
        #expect(abs(changes[0].percent - 0.4) < 1e-9)
        #expect(abs(changes[2].percent - 0.2) < 1e-9)
        #expect(changes.map(\.velocity) == [2, 2, 1])
        #expect(presented.completionsCancelled == [true])
        #expect(presented.coordinatorInWillAppear?.initiallyInteractive == true)
    }

    /// "A block registered after the transition began" (this port's choice, UIKit does not say):
    /// it runs at once, in a block on the transition's timeline that ends with the transition,
    /// with UIKit's default ease-in-ease-out curve: halfway through the time left, halfway there.
    @Test func anAlongsideAnimationRegisteredMidTransitionRunsForTheTimeLeft() {
        presented.movesBadgeInWillAppear = false
        presented.transitioningDelegate = slide
        stage.perform { presenter.present(presented, animated: true) }
        stage.frame(at: 0.5)
        let registered = stage.window.perform {
            presented.transitionCoordinator?.animate(alongsideTransition: presented.moveBadge)
        }
        #expect(registered == true)
        stage.frame(at: 0.75)
        #expect(abs(presented.badgeFraction - 0.5) < 1e-6)
        run(for: 0.5)
        #expect(presented.badge.presentation.center.x == 105)
        #expect(presented.completionsCancelled == [false])
    }

    /// A transition that is not animated runs its alongside blocks at once, unanimated, then its
    /// completions; and once it is over, its coordinator takes nothing more.
    @Test func anUnanimatedPresentationRunsAlongsideBlocksAtOnce() throws {
        presented.transitioningDelegate = slide
        stage.perform { presenter.present(presented, animated: false) }
        #expect(presented.badge.center.x == 105)
        #expect(presented.badge.presentation.center.x == 105)
        #expect(presented.completionsCancelled == [false])
        let coordinator = try #require(presented.coordinatorInWillAppear)
        #expect(coordinator.isAnimated == false)
        #expect(coordinator.animate(alongsideTransition: presented.moveBadge) == false)
        #expect(presented.badge.center.x == 105)
    }

    /// `transitionCoordinator`: "non-nil only while a presentation or dismissal is in progress";
    /// "if the current view controller is not involved in a transition, this property may return
    /// the transition coordinator of one of its ancestors". Nil before, nil in `viewDidAppear`
    /// and after; during, the same coordinator for the presenter, the presented controller and a
    /// child of either; a dismissal has its own.
    @Test func theCoordinatorIsThereOnlyWhileATransitionInvolvingTheControllerRuns() {
        let child = UIViewController()
        presented.addChild(child)
        let bystander = UIViewController()
        presenter.addChild(bystander)
        let outsider = UIViewController()
        presented.transitioningDelegate = slide
        #expect(presenter.transitionCoordinator == nil)
        #expect(presented.transitionCoordinator == nil)

        stage.perform { presenter.present(presented, animated: true) }
        stage.frame(at: 0.5)
        let coordinator = presented.transitionCoordinator
        #expect(coordinator != nil)
        #expect(coordinator === presented.coordinatorInWillAppear)
        #expect(presenter.transitionCoordinator === coordinator)
        #expect(child.transitionCoordinator === coordinator)
        #expect(bystander.transitionCoordinator === coordinator)
        #expect(outsider.transitionCoordinator == nil)
        #expect(coordinator?.viewController(forKey: .to) === presented)
        #expect(coordinator?.viewController(forKey: .from) === presenter)
        #expect(coordinator?.transitionDuration == 1)
        #expect(coordinator?.targetTransform == .identity)

        run(for: 1)
        #expect(presented.presentingViewController === presenter)
        #expect(presented.coordinatorInDidAppear == nil)
        #expect(presented.transitionCoordinator == nil)
        #expect(child.transitionCoordinator == nil)
        #expect(presenter.transitionCoordinator == nil)

        stage.perform { presented.dismiss(animated: true) }
        let dismissal = child.transitionCoordinator
        #expect(dismissal != nil)
        #expect(dismissal !== coordinator)
        #expect(dismissal?.viewController(forKey: .from) === presented)
        #expect(presenter.transitionCoordinator === dismissal)
        run(for: 1)
        #expect(presented.presentingViewController == nil)
        #expect(child.transitionCoordinator == nil)
        #expect(presenter.transitionCoordinator == nil)
    }
}

@Suite("UIViewControllerTransitionCoordinator in containers")
struct ContainerTransitionCoordinatorTests {
    let stage = Stage(width: 400, height: 800)

    func run(for seconds: Double) {
        let end = stage.clock.now + seconds
        while stage.clock.now < end { stage.frame(at: stage.clock.now + 1.0 / 60) }
    }

    /// "The blocks you register … are guaranteed to execute at the same time as the transition
    /// animations": the stock push is one property animator on a spring, and the badge's move,
    /// queued in the pushed controller's `viewWillAppear`, joins it, so at a sampled time it has
    /// gone the same share of its way as the pushed view. The navigation controller, running the
    /// push, has the same coordinator; it is gone once the push completes.
    @Test func anAlongsideAnimationFollowsTheStockPushsSpring() throws {
        let root = UIViewController()
        let detail = BadgeController()
        // It keeps the coordinator it was given, which keeps it: let go at the end.
        defer { detail.coordinatorInWillAppear = nil; detail.coordinatorInDidAppear = nil }
        let navigation = UINavigationController(rootViewController: root)
        stage.window.rootViewController = navigation
        #expect(navigation.transitionCoordinator == nil)
        stage.perform { navigation.pushViewController(detail, animated: true) }
        let coordinator = try #require(detail.coordinatorInWillAppear)
        #expect(navigation.transitionCoordinator === coordinator)
        #expect(root.transitionCoordinator === coordinator)
        #expect(coordinator.isInterruptible)
        #expect(!coordinator.initiallyInteractive)

        stage.frame(at: 0.1)
        let pushed = 1 - Double(detail.view.presentation.transform.tx) / 400
        #expect(pushed > 0.2 && pushed < 0.9)
        #expect(abs(detail.badgeFraction - pushed) < 1e-9)
        run(for: 1)
        #expect(navigation.topViewController === detail)
        #expect(detail.badge.presentation.center.x == 105)
        #expect(detail.completionsCancelled == [false])
        #expect(navigation.transitionCoordinator == nil)
    }

    /// A tab switch has a coordinator too, for the tab bar controller and the tab it shows, and
    /// the badge's move takes the default cross-dissolve's duration and curve: halfway through
    /// it, the new tab's alpha and the badge are both halfway.
    @Test func anAlongsideAnimationFollowsATabSwitch() throws {
        let first = UIViewController()
        let second = BadgeController()
        // It keeps the coordinator it was given, which keeps it: let go at the end.
        defer { second.coordinatorInWillAppear = nil; second.coordinatorInDidAppear = nil }
        let tabs = UITabBarController()
        tabs.viewControllers = [first, second]
        stage.window.rootViewController = tabs
        stage.perform { tabs.selectedIndex = 1 }
        let coordinator = try #require(second.coordinatorInWillAppear)
        #expect(tabs.transitionCoordinator === coordinator)
        #expect(coordinator.transitionDuration == 0.25)
        stage.frame(at: 0.125)
        #expect(abs(Double(second.view.presentation.alpha) - 0.5) < 1e-6)
        #expect(abs(second.badgeFraction - 0.5) < 1e-6)
        run(for: 0.5)
        #expect(second.badge.presentation.center.x == 105)
        #expect(tabs.transitionCoordinator == nil)
    }
}
