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
    /// Not owned because the engine's animations hold their completions, and those hold this
    /// context: a window dropped mid-transition must free its engine, and with it everything here.
    private let engineReference: SelfClearingReference<AnimationEngine>
    var engine: AnimationEngine? { engineReference.object }
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
        self.engineReference = engine.reference
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
        let progress = progress
        let percentComplete = measuredProgress == nil && timeline != nil ? timeFraction : progress
        return TransitionStatus(operation: operation, phase: phase, progress: progress, percentComplete: percentComplete)
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

    /// How far the transition has gone, 0…1, as the views show it: what the telemetry and `record`
    /// report and the scrub bar's slider sets. A transition with machinery of its own measures it
    /// (`measuredProgress`: a sheet, by its height); one running on an interruptible animator alone
    /// reads its `fractionComplete`, which UIKit keeps in step with the motion (`scrubsLinearly`);
    /// one on a timeline reads the pace of the animation on it that ends last
    /// (`AnimationEngine.motionProgress`), so a push riding a damped spring reads 0.96 when its
    /// screen is 96% across, not the 0.5 of its time.
    var progress: Double {
        if let measuredProgress { return min(max(measuredProgress(), 0), 1) }
        if !isInteractive, timeline == nil, let driver = interruptibleAnimator {
            if let property = driver as? UIViewPropertyAnimator { return property.forwardFraction }
            return Double(driver.isReversed ? 1 - driver.fractionComplete : driver.fractionComplete)
        }
        if let timeline, duration > 0, let motion = engine?.motionProgress(on: timeline, at: timeline.time) {
            return motion
        }
        if isInteractive || timeline == nil { return percentComplete }
        return timeFraction
    }

    /// The share of the duration the timeline has played: UIKit's `percentComplete` for a
    /// percent-driven transition, whose `update(p)` sets the time to p · duration.
    var timeFraction: Double {
        guard let timeline else { return isInteractive ? percentComplete : progress }
        guard duration > 0 else { return 1 }
        return min(max(timeline.time / duration, 0), 1)
    }

    /// Set by a driver that moves the transition with machinery of its own (a sheet's spring):
    /// how far its motion has gone now.
    var measuredProgress: (() -> Double)?

    /// The time of the timeline at which the motion reaches `progress` (the inverse of `progress`'s
    /// reading; its first crossing, for a spring that overshoots), as a share of the duration: what
    /// the scrub bar seeks to. Without a paced timeline, `progress` itself.
    func timeFraction(forProgress progress: Double) -> Double {
        guard let timeline, duration > 0, let engine,
              engine.motionProgress(on: timeline, at: 0) != nil else { return progress }
        let motion = { (t: Double) in engine.motionProgress(on: timeline, at: t) ?? 1 }
        if progress <= motion(0) { return 0 }
        var low = 0.0, high = duration
        for step in 1...Self.inversionSamples {
            let t = duration * Double(step) / Double(Self.inversionSamples)
            if motion(t) >= progress {
                high = t
                low = duration * Double(step - 1) / Double(Self.inversionSamples)
                break
            }
            if step == Self.inversionSamples { return 1 }
        }
        for _ in 0..<Self.inversionBisections {
            let middle = (low + high) / 2
            if motion(middle) >= progress { high = middle } else { low = middle }
        }
        return high / duration
    }

    /// The inversion's coarse scan finds the first crossing of a spring that passes the target and
    /// comes back; 40 halvings of one sample's span then leave it under a nanosecond.
    static let inversionSamples = 64
    static let inversionBisections = 40

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

    // MARK: The release reading

    /// The drag that last moved this transition (`updateInteractiveTransition` during one of its
    /// events): its translation and the progress when it first did, which give its points per unit
    /// of progress at the lift.
    private struct Drag {
        /// Which pan: compared, never followed, so no reference (a `weak` one gives the pan a
        /// side table).
        var pan: ObjectIdentifier?
        var translation = CGPoint.zero
        var progress = 0.0
    }
    private var drag = Drag()

    /// A stock interaction's own reading of the lift about to finish or cancel this transition
    /// (its projection and threshold), taken by the next `finish`/`cancelInteractiveTransition`.
    private var describedRelease: (velocity: Double, projectedProgress: Double, threshold: Double)?

    /// A stock interaction (the back swipe, a sheet) says how it judges the lift it is about to
    /// act on, in units of this transition's progress.
    func describeRelease(velocity: Double, projectedProgress: Double, threshold: Double) {
        describedRelease = (velocity, projectedProgress, threshold)
    }

    /// A finger's lift (a pan's last event) finishes or cancels the transition: the runner keeps
    /// what it decided, for the telemetry. Nothing for an end with no finger lifting (a scrub-bar
    /// command, a scene's timer).
    private func noteRelease(_ decision: TransitionRelease.Decision) {
        defer { describedRelease = nil }
        let progress = progress
        var release = TransitionRelease(operation: operation, decision: decision, progress: progress,
                                        velocity: nil, projectedProgress: nil, threshold: nil)
        if let described = describedRelease {
            release.velocity = described.velocity
            release.projectedProgress = described.projectedProgress
            release.threshold = described.threshold
        } else {
            guard let pan = containerView.window?.panOfEvent, pan.state == .ended || pan.state == .cancelled else { return }
            if ObjectIdentifier(pan) == drag.pan, let measured = Self.projection(of: pan, from: drag, to: progress) {
                release.velocity = measured.velocity
                release.projectedProgress = measured.projectedProgress
            }
        }
        runner?.noteRelease(release)
    }

    /// The drag's speed toward finishing and where UIKit's deceleration would carry the progress,
    /// along the axis the finger moved most, at the points per unit of progress it moved it by.
    /// Nil when it moved the progress too little to tell (`smallestMeasuredDrag`).
    private static func projection(of pan: UIPanGestureRecognizer, from drag: Drag, to progress: Double)
        -> (velocity: Double, projectedProgress: Double)? {
        let translation = pan.translation(in: nil)
        let velocity = pan.velocity(in: nil)
        let dx = translation.x - drag.translation.x, dy = translation.y - drag.translation.y
        let horizontal = abs(dx) >= abs(dy)
        let moved = horizontal ? dx : dy
        let change = progress - drag.progress
        guard abs(moved) >= smallestMeasuredDrag.points, abs(change) >= smallestMeasuredDrag.progress else { return nil }
        let progressPerPoint = change / moved
        let speed = horizontal ? velocity.x : velocity.y
        let projected = progress + progressPerPoint * FluidMath.projectedDistance(velocity: speed)
        return (progressPerPoint > 0 ? speed : -speed, projected)
    }

    /// Below a point of finger travel or a thousandth of progress, the ratio of the two is noise.
    static let smallestMeasuredDrag = (points: 1.0, progress: 1e-3)

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
        if let pan = containerView.window?.panOfEvent, ObjectIdentifier(pan) != drag.pan {
            drag = Drag(pan: ObjectIdentifier(pan), translation: pan.translation(in: nil), progress: progress)
        }
    }

    public func finishInteractiveTransition() {
        guard isInteractive, !isComplete else { return }
        noteRelease(.finish)
        isInteractive = false
        phase = .finishing
        phaseStart = rootTimeline.time
        runner?.interactionChanged(self)
    }

    public func cancelInteractiveTransition() {
        guard isInteractive, !isComplete else { return }
        noteRelease(.cancel)
        isInteractive = false
        transitionWasCancelled = true
        phase = .cancelling
        phaseStart = rootTimeline.time
        runner?.interactionChanged(self)
    }

    public func pauseInteractiveTransition() {
        guard !isInteractive, !isComplete else { return }
        let current = timeFraction
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
        case .cancelling: remaining = duration * timeFraction
        case .finishing: remaining = duration * (1 - timeFraction)
        default: remaining = duration
        }
        return remaining + TransitionRunner.completionGrace
    }
}
