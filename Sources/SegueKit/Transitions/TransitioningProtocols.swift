import Motion

/// `UITransitionContextViewControllerKey` / `UITransitionContextViewKey`.
public enum TransitionContextKey: Sendable {
    case from, to
}

/// `UIViewControllerAnimatedTransitioning`: creates a transition's animations.
public protocol ViewControllerAnimatedTransitioning: AnyObject {
    func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double
    func animateTransition(using transitionContext: ViewControllerContextTransitioning)
    func animationEnded(_ transitionCompleted: Bool)
    /// The animator that drives the whole transition, which can be paused, scrubbed and continued
    /// (iOS 10). It must return the same animator for the whole transition; when it returns one,
    /// interaction controllers drive the transition through it. Declare it returning
    /// `ViewImplicitlyAnimating?`: in Swift a non-optional return (UIKit's spelling) does not satisfy
    /// this requirement, and the default, nil, would be used without a word.
    func interruptibleAnimator(using transitionContext: ViewControllerContextTransitioning) -> ViewImplicitlyAnimating?
}

extension ViewControllerAnimatedTransitioning {
    public func animationEnded(_ transitionCompleted: Bool) {}
    public func interruptibleAnimator(using transitionContext: ViewControllerContextTransitioning) -> ViewImplicitlyAnimating? { nil }
}

/// `UIViewControllerContextTransitioning`: what an animator is told about a transition, and how it
/// reports back.
public protocol ViewControllerContextTransitioning: AnyObject {
    var containerView: View { get }
    var isAnimated: Bool { get }
    var isInteractive: Bool { get }
    var transitionWasCancelled: Bool { get }
    var presentationStyle: ModalPresentationStyle { get }
    func viewController(forKey key: TransitionContextKey) -> ViewController?
    /// The view to animate; nil for a presenter's view that stays where it is (custom presentations).
    func view(forKey key: TransitionContextKey) -> View?
    func initialFrame(for viewController: ViewController) -> Rect
    func finalFrame(for viewController: ViewController) -> Rect
    func updateInteractiveTransition(_ percentComplete: Double)
    func finishInteractiveTransition()
    func cancelInteractiveTransition()
    func pauseInteractiveTransition()
    /// Must be called exactly once, when the animations are over.
    func completeTransition(_ didComplete: Bool)
}

/// `UIViewControllerInteractiveTransitioning`: drives a transition from user input.
public protocol ViewControllerInteractiveTransitioning: AnyObject {
    func startInteractiveTransition(_ transitionContext: ViewControllerContextTransitioning)
    var completionSpeed: Double { get }
    var completionCurve: View.AnimationCurve { get }
    var wantsInteractiveStart: Bool { get }
}

extension ViewControllerInteractiveTransitioning {
    public var completionSpeed: Double { 1 }
    public var completionCurve: View.AnimationCurve { .easeInOut }
    public var wantsInteractiveStart: Bool { true }
}

/// `UIViewControllerTransitioningDelegate`: vends a presentation's animators.
public protocol ViewControllerTransitioningDelegate: AnyObject {
    func animationController(forPresented presented: ViewController, presenting: ViewController,
                             source: ViewController) -> ViewControllerAnimatedTransitioning?
    func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning?
    func interactionControllerForPresentation(using animator: ViewControllerAnimatedTransitioning)
        -> ViewControllerInteractiveTransitioning?
    func interactionControllerForDismissal(using animator: ViewControllerAnimatedTransitioning)
        -> ViewControllerInteractiveTransitioning?
}

extension ViewControllerTransitioningDelegate {
    public func animationController(forPresented presented: ViewController, presenting: ViewController,
                                    source: ViewController) -> ViewControllerAnimatedTransitioning? { nil }
    public func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning? { nil }
    public func interactionControllerForPresentation(using animator: ViewControllerAnimatedTransitioning)
        -> ViewControllerInteractiveTransitioning? { nil }
    public func interactionControllerForDismissal(using animator: ViewControllerAnimatedTransitioning)
        -> ViewControllerInteractiveTransitioning? { nil }
}

extension View {
    /// `UIView.AnimationCurve`.
    public enum AnimationCurve: Sendable {
        case easeInOut, easeIn, easeOut, linear

        public var timingFunction: TimingFunction {
            switch self {
            case .easeInOut: .easeInEaseOut
            case .easeIn: .easeIn
            case .easeOut: .easeOut
            case .linear: .linear
            }
        }
    }
}

/// `UIModalPresentationStyle`, the styles transitions distinguish.
public enum ModalPresentationStyle: Sendable {
    /// The presenter's view leaves the screen when the presentation ends.
    case fullScreen
    /// The presenter stays visible; the transitioning delegate animates the presentation.
    case custom
    /// The presenter stays visible; default animations.
    case overFullScreen
    /// A sheet (`SheetPresentationController`) over the presenter, which stays visible behind it.
    case pageSheet

    var removesPresentersView: Bool { self == .fullScreen }
}
