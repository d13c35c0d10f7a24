import Motion

/// `UIViewControllerTransitionCoordinatorContext`: where a transition is, as a coordinator's
/// blocks are told it (they get the coordinator itself).
@preconcurrency @MainActor public protocol UIViewControllerTransitionCoordinatorContext: AnyObject {
    var isAnimated: Bool { get }
    var presentationStyle: UIModalPresentationStyle { get }
    /// Whether the transition began interactive; never changes while it runs.
    var initiallyInteractive: Bool { get }
    /// Whether its animator vends an interruptible animator (`interruptibleAnimator(using:)`).
    var isInterruptible: Bool { get }
    var isInteractive: Bool { get }
    var isCancelled: Bool { get }
    /// The animator's `transitionDuration`.
    var transitionDuration: TimeInterval { get }
    /// Where the transition was when it last went non-interactive (while interactive: where it is).
    var percentComplete: CGFloat { get }
    /// The interaction controller's `completionSpeed`: 1 finishes in `transitionDuration`.
    var completionVelocity: CGFloat { get }
    var completionCurve: UIView.AnimationCurve { get }
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    func view(forKey key: UITransitionContextViewKey) -> UIView?
    var containerView: UIView { get }
    /// The rotation a size change applies (identity for every other transition).
    var targetTransform: CGAffineTransform { get }
}

/// `UIViewControllerTransitionCoordinator`: runs blocks with a transition's animations, after it
/// ends, and when its interaction starts or stops. `UIViewController.transitionCoordinator` answers
/// one while a presentation, dismissal, push, pop or tab switch runs; `viewWillTransition(to:with:)`
/// gets one for a size change.
@preconcurrency @MainActor public protocol UIViewControllerTransitionCoordinator: UIViewControllerTransitionCoordinatorContext {
    /// Runs `animation` with the transition's animations (see `TransitionCoordinator` for when and
    /// how) and `completion` once the transition ended. False, and nothing runs, once it has ended.
    @discardableResult
    func animate(alongsideTransition animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?,
                 completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool
    /// As `animate(alongsideTransition:completion:)`: UIKit needs it for views outside the
    /// container, whose layers its scrubbing does not reach; here every animation of a
    /// transition scrubs, wherever its view is, so `view` changes nothing.
    @discardableResult
    func animateAlongsideTransition(in view: UIView?,
                                    animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?,
                                    completion: ((UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool
    /// Calls `handler` each time the transition goes from interactive to not (a finish or a
    /// cancel) or back (grabbed mid-flight). Handlers may be registered more than once.
    func notifyWhenInteractionChanges(_ handler: @escaping (UIViewControllerTransitionCoordinatorContext) -> Void)
}

/// UIKit's default arguments, which protocol requirements cannot have.
extension UIViewControllerTransitionCoordinator {
    @discardableResult
    public func animate(alongsideTransition animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        animate(alongsideTransition: animation, completion: nil)
    }

    @discardableResult
    public func animateAlongsideTransition(in view: UIView?,
                                           animation: ((UIViewControllerTransitionCoordinatorContext) -> Void)?) -> Bool {
        animateAlongsideTransition(in: view, animation: animation, completion: nil)
    }
}
