import Motion

/// The context one transition hands its animator and interaction controller
/// (`UIViewControllerContextTransitioning`), and the record of where that transition is.
@preconcurrency @MainActor public final class TransitionContext: UIViewControllerContextTransitioning {
    public let operation: TransitionStatus.Operation
    public let containerView: UIView
    public let isAnimated: Bool
    public let presentationStyle: UIModalPresentationStyle
    /// Whether the presenter's view leaves the screen when the presentation ends: the style's
    /// answer, or its presentation controller's (`shouldRemovePresentersView`).
    let removesPresentersView: Bool
    /// A `.custom` presentation's controller: it gives the presented view and its frame.
    let presentationController: UIPresentationController?
    public private(set) var isInteractive = false
    public private(set) var transitionWasCancelled = false
    /// How many times the animator called `completeTransition`; more than once is a bug, logged.
    public private(set) var completeTransitionCalls = 0

    let fromViewController: UIViewController
    let toViewController: UIViewController
    /// The navigation or tab bar controller running a push, pop or tab switch; nil for a
    /// presentation or dismissal. Its `transitionCoordinator` is this transition's too.
    let containerViewController: UIViewController?
    private(set) var animator: UIViewControllerAnimatedTransitioning?
    /// Weak because the engine's animations hold their completions, and those hold this context:
    /// a window dropped mid-transition must free its engine, and with it everything here.
    private(set) weak var engine: AnimationEngine?
    /// The engine's root timeline, which the transition's timeline runs under.
    let rootTimeline: Timeline
    /// The timeline the animator's animations run on; progress is its time over `duration`.
    private(set) var timeline: Timeline?
    private(set) var duration: Double = 0
    private(set) var phase: TransitionStatus.Phase = .animating
    private(set) var percentComplete: Double = 0
    /// Root-timeline time when the current non-interactive phase began (for the watchdog).
    private(set) var phaseStart: Double
    /// Called once, with the final outcome, by the first `completeTransition`.
    private var finish: ((TransitionContext, Bool) -> Void)?
    /// The runner running this transition, told when its interaction changes and when it ends. Not
    /// owned, like `engine`: the runner holds the active context, and a window dropped
    /// mid-transition must free both.
    var runnerReference: SelfClearingReference<TransitionRunner>?
    private var runner: TransitionRunner? { runnerReference?.object }
    /// Whether the transition began interactive (`UIViewControllerTransitionCoordinatorContext`).
    private(set) var initiallyInteractive = false
    /// The interaction controller's `completionSpeed` and `completionCurve`, as of the transition's
    /// start or, for a percent-driven one, its last finish or cancel (the coordinator's
    /// `completionVelocity` and `completionCurve`). Copied rather than asked: the context does not
    /// hold its interaction controller, which often holds it.
    private(set) var completionSpeed = 1.0
    private(set) var completionCurve = UIView.AnimationCurve.easeInOut
    /// How interaction controllers and drivers refer to this context without owning it (their
    /// controllers' views hold them, and this context holds those controllers).
    let reference = SelfClearingReference<TransitionContext>()

    init(operation: TransitionStatus.Operation, from: UIViewController, to: UIViewController, containerView: UIView,
         containerViewController: UIViewController? = nil,
         animated: Bool, style: UIModalPresentationStyle, removesPresentersView: Bool? = nil,
         presentationController: UIPresentationController? = nil, animator: UIViewControllerAnimatedTransitioning?,
         engine: AnimationEngine,
         finish: @escaping (TransitionContext, Bool) -> Void) {
        self.operation = operation
        self.fromViewController = from
        self.toViewController = to
        self.containerViewController = containerViewController
        self.containerView = containerView
        self.isAnimated = animated
        self.presentationStyle = style
        self.removesPresentersView = removesPresentersView ?? style.removesPresentersView
        self.presentationController = presentationController
        self.animator = animator
        self.engine = engine
        self.rootTimeline = engine.rootTimeline
        self.finish = finish
        self.phaseStart = rootTimeline.time
        reference.attach(self)
        if let animator { duration = max(animator.transitionDuration(using: self), 0) }
    }

    deinit {
        uncheckedMainActor {
            reference.clear()
        }
    }

    public var isComplete: Bool { completeTransitionCalls > 0 }

    public var status: TransitionStatus {
        TransitionStatus(operation: operation, phase: phase, progress: progress, isInteractive: isInteractive)
    }

    /// Lets go of the animator, its interruptible animator and the finishing work, when the window
    /// running this transition goes away before it ends (a client gone mid-transition). Animators
    /// commonly hold their property animator, whose completion holds this context: without this,
    /// the three would keep each other, and the controllers, alive.
    func abandon() {
        animator = nil
        vendedInterruptibleAnimator = nil
        finish = nil
    }

    /// The animator's interruptible animator, kept once vended (UIKit requires the same one for
    /// the whole transition).
    private(set) var vendedInterruptibleAnimator: UIViewImplicitlyAnimating?

    var interruptibleAnimator: UIViewImplicitlyAnimating? {
        if let vendedInterruptibleAnimator { return vendedInterruptibleAnimator }
        guard let vended = animator?.interruptibleAnimator(using: self), !(vended is NoInterruptibleAnimator) else {
            return nil
        }
        vendedInterruptibleAnimator = vended
        return vended
    }

    var progress: Double {
        if !isInteractive, timeline == nil, let driver = interruptibleAnimator {
            if let property = driver as? UIViewPropertyAnimator { return property.forwardFraction }
            return Double(driver.isReversed ? 1 - driver.fractionComplete : driver.fractionComplete)
        }
        if isInteractive || timeline == nil { return percentComplete }
        guard duration > 0, let timeline else { return 1 }
        return min(max(timeline.time / duration, 0), 1)
    }

    /// A timeline for the animator's animations, starting at 0 (paused for an interactive start).
    func beginTimeline(paused: Bool) -> Timeline {
        let timeline = Timeline(parent: rootTimeline, time: 0, speed: paused ? 0 : 1)
        timeline.endBehavior = paused ? .hold : .complete
        self.timeline = timeline
        return timeline
    }

    /// Copies an interaction controller's completion timing; a speed of 0 or less means 1, as
    /// `UIPercentDrivenInteractiveTransition` plays it (UIKit's `completionVelocity` is always > 0).
    func noteCompletion(speed: Double, curve: UIView.AnimationCurve) {
        completionSpeed = speed > 0 && speed.isFinite ? speed : 1
        completionCurve = curve
    }

    /// The transition begins interactive.
    func startInteractive() {
        isInteractive = true
        initiallyInteractive = true
        phase = .interactive
    }

    // MARK: UIViewControllerContextTransitioning

    public func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
        key == .from ? fromViewController : toViewController
    }

    public func view(forKey key: UITransitionContextViewKey) -> UIView? {
        let controller = key == .from ? fromViewController : toViewController
        // A presenter that stays on screen keeps its view out of the animator's hands, as in UIKit.
        let isPresenter = (operation == .present && key == .from) || (operation == .dismiss && key == .to)
        if isPresenter && !removesPresentersView { return nil }
        if !isPresenter, let presentationController { return presentationController.presentedView }
        return controller.view
    }

    /// The container's bounds for the controller leaving; a presentation controller's frame for
    /// the view it presented; `.zero` for the controller arriving, as in UIKit.
    public func initialFrame(for viewController: UIViewController) -> CGRect {
        guard viewController === fromViewController else { return .zero }
        if let presentationController, viewController === presentationController.presentedViewController {
            return presentationController.frameOfPresentedViewInContainerView
        }
        return containerView.bounds
    }

    /// The container's bounds for both controllers (UIKit may answer .zero for a view being removed;
    /// the tutorials' animators set that frame on a view they still show, so the full frame it is).
    public func finalFrame(for viewController: UIViewController) -> CGRect {
        viewController.layoutFrame(in: containerView.bounds)
    }

    public func updateInteractiveTransition(_ percentComplete: CGFloat) {
        guard isInteractive else { return }
        let requested = Double(percentComplete)
        self.percentComplete = requested.isFinite ? min(max(requested, 0), 1) : self.percentComplete
    }

    public func finishInteractiveTransition() {
        guard isInteractive, !isComplete else { return }
        isInteractive = false
        phase = .finishing
        phaseStart = rootTimeline.time
        runner?.interactionChanged(self)
    }

    public func cancelInteractiveTransition() {
        guard isInteractive, !isComplete else { return }
        isInteractive = false
        transitionWasCancelled = true
        phase = .cancelling
        phaseStart = rootTimeline.time
        runner?.interactionChanged(self)
    }

    public func pauseInteractiveTransition() {
        guard !isInteractive, !isComplete else { return }
        let current = progress
        isInteractive = true
        transitionWasCancelled = false
        phase = .interactive
        percentComplete = current
        runner?.interactionChanged(self)
    }

    public func completeTransition(_ didComplete: Bool) {
        completeTransitionCalls += 1
        guard completeTransitionCalls == 1 else {
            runner?.reportDuplicateCompletion(
                "completeTransition(\(didComplete)) called again for this \(operation.rawValue); ignored")
            return
        }
        // The runner is free for the next transition before the finishing work runs, so a
        // presentation's completion handler may start one.
        let coordinator = runner?.ended(self)
        finish?(self, didComplete)
        coordinator?.transitionDidEnd()
    }

    /// Seconds of root time this phase may take before the watchdog steps in.
    var phaseAllowance: Double {
        let remaining: Double
        switch phase {
        case .cancelling: remaining = duration * progress
        case .finishing: remaining = duration * (1 - progress)
        default: remaining = duration
        }
        return remaining + TransitionRunner.completionGrace
    }
}
