import Motion

/// The coordinator of one presentation, dismissal, push, pop or tab switch: what
/// `UIViewController.transitionCoordinator` answers while it runs (UIKit's
/// `_UIViewControllerTransitionCoordinator`). The window's runner makes one per transition and
/// holds it until the transition completes.
///
/// **Alongside animations** follow UIKit's rule that they run "in the same animation context" as
/// the transition's:
/// - A block registered before the animations start (in `viewWillAppear`, `viewWillDisappear` or
///   the navigation delegate's `willShow`) waits. When the animator's `animateTransition` (or the
///   interaction controller's `startInteractiveTransition`) runs, the blocks run inside the first
///   animation it opens: a curve, spring or keyframe block, or a property animator becoming
///   active (`AnimationEngine.runAlongside`). They take its duration, curve and timeline, so a
///   percent-driven transition scrubs, cancels and finishes them with its own animations, and an
///   interruptible animator drives them as one of its blocks (as if they had been added with
///   `addAnimations` before it started).
/// - An animator that opens no animation (views moved by hand, physics) leaves them for just after
///   it returns, as UIKit runs them after an animator that uses Core Animation directly: they
///   then run for the transition's duration (`animateForRemainingTime`).
/// - A block registered once the animations run runs at once, for the time the transition has
///   left (`animateForRemainingTime`).
/// - A transition that is not animated runs them without animation.
///
/// **Completions** run once the transition completed, after its own completion work (the
/// appearance callbacks, the navigation delegate's `didShow`, `present`'s or `dismiss`'s
/// completion), with `isCancelled` telling whether it was cancelled. UIKit does not document that
/// order.
///
/// **Interaction handlers** (`notifyWhenInteractionChanges`) run each time the transition goes
/// from interactive to not (a finish or a cancel: `isCancelled` tells which) or back (grabbed
/// mid-flight), right after the change.
///
/// Nothing here is on the per-frame path: blocks run when they are registered, when the animations
/// start, when the interaction changes and when the transition ends.
final class TransitionCoordinator: UIViewControllerTransitionCoordinator {
    typealias Block = (UIViewControllerTransitionCoordinatorContext) -> Void

    /// Owned: blocks and anyone keeping the coordinator can ask about the transition after it
    /// ended. Nothing the context reaches owns a coordinator, so there is no cycle.
    let context: TransitionContext
    private var phase = Phase.queueing([])
    private var completions: [Block] = []
    private var interactionHandlers: [Block] = []

    private enum Phase {
        /// Before the animations start: the alongside blocks registered so far.
        case queueing([Block])
        /// The animations run: a block registered now runs at once.
        case animating
        /// The transition completed: registering does nothing.
        case ended
    }

    init(context: TransitionContext) {
        self.context = context
    }

    // MARK: The runner's calls

    /// Runs `body`, which starts the transition's animations, with the queued alongside blocks
    /// waiting to join the first animation it opens; if it opens none, they run just after, for
    /// the transition's duration. Without queued blocks this is `body()` and nothing else.
    func startAnimations(_ body: () -> Void) {
        guard case .queueing(let queued) = phase else { return body() }
        phase = .animating
        guard !queued.isEmpty, let engine = context.engine else { return body() }
        let animations = { for block in queued { block(self) } }
        if !engine.runAlongside(animations, during: body) { context.animateForRemainingTime(animations) }
    }

    /// The transition went interactive or stopped being so.
    func interactionDidChange() {
        for handler in interactionHandlers { handler(self) }
    }

    /// The transition completed: runs the completions once, then lets go of every block (they may
    /// hold what the transition showed).
    func transitionDidEnd() {
        phase = .ended
        let handlers = completions
        completions.removeAll()
        interactionHandlers.removeAll()
        for handler in handlers { handler(self) }
    }

    // MARK: UIViewControllerTransitionCoordinator

    @discardableResult
    func animate(alongsideTransition animation: Block?, completion: Block?) -> Bool {
        switch phase {
        case .ended:
            return false
        case .queueing(var queued):
            if let animation {
                queued.append(animation)
                phase = .queueing(queued)
            }
        case .animating:
            if let animation { context.animateForRemainingTime { animation(self) } }
        }
        if let completion { completions.append(completion) }
        return true
    }

    @discardableResult
    func animateAlongsideTransition(in view: UIView?, animation: Block?, completion: Block?) -> Bool {
        animate(alongsideTransition: animation, completion: completion)
    }

    func notifyWhenInteractionChanges(_ handler: @escaping Block) {
        if case .ended = phase { return }
        interactionHandlers.append(handler)
    }

    // MARK: UIViewControllerTransitionCoordinatorContext

    var isAnimated: Bool { context.isAnimated }
    var presentationStyle: UIModalPresentationStyle { context.presentationStyle }
    var initiallyInteractive: Bool { context.initiallyInteractive }
    /// Asks the animator, which vends its interruptible animator if it has one: UIKit requires the
    /// same one for the whole transition, so the transition then runs with it.
    var isInterruptible: Bool {
        guard let engine = context.engine else { return false }
        return engine.perform { context.interruptibleAnimator != nil }
    }
    var isInteractive: Bool { context.isInteractive }
    var isCancelled: Bool { context.transitionWasCancelled }
    var transitionDuration: TimeInterval { context.duration }
    var percentComplete: CGFloat { CGFloat(context.percentComplete) }
    var completionVelocity: CGFloat { CGFloat(context.completionSpeed) }
    var completionCurve: UIView.AnimationCurve { context.completionCurve }
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? { context.viewController(forKey: key) }
    func view(forKey key: UITransitionContextViewKey) -> UIView? { context.view(forKey: key) }
    var containerView: UIView { context.containerView }
    var targetTransform: CGAffineTransform { .identity }
}

extension TransitionContext {
    /// Whether `controller` takes part in this transition: one of its two controllers, or the
    /// navigation or tab bar controller running it. `transitionCoordinator` asks this of a
    /// controller and then of its ancestors, as UIKit answers an ancestor's coordinator.
    func involves(_ controller: UIViewController) -> Bool {
        controller === fromViewController || controller === toViewController || controller === containerViewController
    }

    /// Runs `animations` at once so that they end with the transition: added to the interruptible
    /// animator that drives it while that one runs (it scrubs, reverses and finishes them with its
    /// own); else in a block on the transition's timeline that ends where the animator's duration
    /// does (scrubbed, cancelled and finished with the timeline); else (an interaction controller
    /// with machinery of its own) in a block of the time its progress leaves. Blocks take UIKit's
    /// default curve, ease-in-ease-out. Not animated when the transition is not, or is over.
    func animateForRemainingTime(_ animations: @escaping () -> Void) {
        guard let engine else { return animations() }
        engine.perform {
            guard isAnimated, !isComplete else { return UIView.performWithoutAnimation(animations) }
            if let driver = vendedInterruptibleAnimator, driver.state == .active {
                driver.addAnimations(animations)
            } else if let timeline {
                engine.withTimeline(timeline) {
                    UIView.animate(withDuration: max(duration - timeline.time, 0), animations: animations)
                }
            } else {
                UIView.animate(withDuration: duration * (1 - progress), animations: animations)
            }
        }
    }
}
