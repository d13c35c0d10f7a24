import Motion

/// `UITransitionContextViewControllerKey`: which controller of a transition,
/// `viewController(forKey: .from)` or `.to`.
public nonisolated struct UITransitionContextViewControllerKey: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let from = UITransitionContextViewControllerKey(rawValue: "UITransitionContextFromViewControllerKey")
    public static let to = UITransitionContextViewControllerKey(rawValue: "UITransitionContextToViewControllerKey")
}

/// `UITransitionContextViewKey`: which view of a transition, `view(forKey: .from)` or `.to`.
public nonisolated struct UITransitionContextViewKey: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let from = UITransitionContextViewKey(rawValue: "UITransitionContextFromViewKey")
    public static let to = UITransitionContextViewKey(rawValue: "UITransitionContextToViewKey")
}

/// `UIViewControllerAnimatedTransitioning`: creates a transition's animations.
@preconcurrency @MainActor public protocol UIViewControllerAnimatedTransitioning: AnyObject {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> Double
    func animateTransition(using transitionContext: UIViewControllerContextTransitioning)
    func animationEnded(_ transitionCompleted: Bool)
    /// The animator that drives the whole transition, which can be paused, scrubbed and continued
    /// (iOS 10). It must return the same animator for the whole transition; interaction
    /// controllers then drive the transition through it. Optional in UIKit (`@objc optional`): an
    /// animator that does not implement it gets the default, which tells the transition that there
    /// is none.
    func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating
}

extension UIViewControllerAnimatedTransitioning {
    public func animationEnded(_ transitionCompleted: Bool) {}
    public func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        NoInterruptibleAnimator()
    }
}

/// `UIViewControllerContextTransitioning`: what an animator is told about a transition, and how it
/// reports back.
@preconcurrency @MainActor public protocol UIViewControllerContextTransitioning: AnyObject {
    var containerView: UIView { get }
    var isAnimated: Bool { get }
    var isInteractive: Bool { get }
    var transitionWasCancelled: Bool { get }
    var presentationStyle: UIModalPresentationStyle { get }
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
    /// The view to animate; nil for a presenter's view that stays where it is (custom presentations).
    func view(forKey key: UITransitionContextViewKey) -> UIView?
    func initialFrame(for viewController: UIViewController) -> CGRect
    func finalFrame(for viewController: UIViewController) -> CGRect
    func updateInteractiveTransition(_ percentComplete: CGFloat)
    func finishInteractiveTransition()
    func cancelInteractiveTransition()
    func pauseInteractiveTransition()
    /// Must be called exactly once, when the animations are over.
    func completeTransition(_ didComplete: Bool)
}

/// `UIViewControllerInteractiveTransitioning`: drives a transition from user input.
@preconcurrency @MainActor public protocol UIViewControllerInteractiveTransitioning: AnyObject {
    func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning)
    var completionSpeed: CGFloat { get }
    var completionCurve: UIView.AnimationCurve { get }
    var wantsInteractiveStart: Bool { get }
}

extension UIViewControllerInteractiveTransitioning {
    public var completionSpeed: CGFloat { 1 }
    public var completionCurve: UIView.AnimationCurve { .easeInOut }
    public var wantsInteractiveStart: Bool { true }
}

/// `UIViewControllerTransitioningDelegate`: vends a presentation's animators.
@preconcurrency @MainActor public protocol UIViewControllerTransitioningDelegate: AnyObject {
    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning?
    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning?
    func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning?
    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning?
    /// The presentation controller of a `.custom` presentation (asked for no other style, and
    /// first, before the animator); nil for none, as by default.
    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                source: UIViewController) -> UIPresentationController?
}

extension UIViewControllerTransitioningDelegate {
    public func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                                    source: UIViewController) -> UIViewControllerAnimatedTransitioning? { nil }
    public func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? { nil }
    public func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning? { nil }
    public func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning? { nil }
    public func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                       source: UIViewController) -> UIPresentationController? { nil }
}

extension UIView {
    /// `UIView.AnimationCurve`.
    public nonisolated enum AnimationCurve: Sendable {
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

/// `UIModalTransitionStyle`, with iOS's raw values: how a presentation without an animator of its
/// own moves, and its dismissal (the same, reversed).
public nonisolated enum UIModalTransitionStyle: Int, Sendable, CaseIterable {
    /// The presented view slides up from the bottom edge: the default.
    case coverVertical = 0
    /// The presented view turns about its vertical axis, in 3D. Segue draws no 3D transforms
    /// yet: such a presentation is made with `.coverVertical`, and the window logs why.
    case flipHorizontal = 1
    /// The presented view fades in over the presenter.
    case crossDissolve = 2
    /// The presenter's view curls up like a page. Segue draws no page curl: such a presentation
    /// is made with `.coverVertical`, and the window logs why.
    case partialCurl = 3
}

/// `UIModalPresentationStyle`, with iOS's raw values: how a presented controller covers the screen,
/// and which presentation controller runs it (`UIViewController.presentationController`).
public nonisolated enum UIModalPresentationStyle: Int, Sendable, CaseIterable {
    /// iOS 13's default: a page sheet for every controller Segue knows.
    case automatic = -2
    /// The presented view covers the window; the presenter's view leaves the screen when the
    /// presentation ends and comes back for the dismissal.
    case fullScreen = 0
    /// A sheet (`UISheetPresentationController`) over the presenter, which stays visible behind it.
    case pageSheet = 1
    /// A smaller sheet: centred at its preferred size in a regular-width window (an iPad), a page
    /// sheet in a compact-width one (a phone).
    case formSheet = 2
    /// Covers the view of the nearest controller up the chain that `definesPresentationContext`
    /// (else the window's root), whose view leaves the screen as under `.fullScreen`.
    case currentContext = 3
    /// The transitioning delegate's presentation controller runs the presentation.
    case custom = 4
    /// As `.fullScreen`, but the presenter's view stays, showing through what is transparent.
    case overFullScreen = 5
    /// As `.currentContext`, but the context's view stays.
    case overCurrentContext = 6

    /// The style a presentation runs with: `.automatic` is a page sheet.
    var resolved: UIModalPresentationStyle { self == .automatic ? .pageSheet : self }

    /// Whether the style's presentation controller is a sheet.
    var isSheet: Bool { resolved == .pageSheet || resolved == .formSheet }

    /// Whether the style covers a presentation context rather than the window.
    var isContextual: Bool { self == .currentContext || self == .overCurrentContext }

    /// Whether the built-in presentation controller takes the presenter's view off the screen.
    var removesPresentersView: Bool { self == .fullScreen || self == .currentContext }
}
