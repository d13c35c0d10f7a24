import Motion

/// `UIPresentationController`: what a `.custom` presentation shows besides the presented view, and
/// where that view sits. The transitioning delegate vends one
/// (`presentationController(forPresented:presenting:source:)`) beside its animator: the animator
/// moves the views, the presentation controller owns the chrome (a dimming view, a rounded
/// container) and the presented view's frame, through the presentation, on every layout of the
/// container (a rotation included) and through the dismissal.
///
/// UIKit's order (View Controller Programming Guide, "The Custom Presentation Process"): the
/// presentation controller, then the animator and interaction controller;
/// `presentationTransitionWillBegin()` (with the transition's coordinator, for animations that
/// ride the transition); the presented controller's `viewWillAppear`; the animations;
/// `presentationTransitionDidEnd(_:)` with whether it completed; `viewDidAppear` and the
/// `present` completion. The dismissal mirrors it with `dismissalTransitionWillBegin()` and
/// `dismissalTransitionDidEnd(_:)`.
@preconcurrency @MainActor open class UIPresentationController: UIContentContainer {
    /// The controller presented. Not retained, as the sheet's: the presented controller keeps its
    /// presentation controller while presented.
    public unowned let presentedViewController: UIViewController
    /// The controller it is presented over: the top of the presenting controller's chain (or the
    /// context's). Not optional, as UIKit's: until a presentation decides it (`presenting` given
    /// as nil), the presented controller's presenter, else the presented controller itself.
    public var presentingViewController: UIViewController {
        presentingReference ?? presentedViewController.presentingViewController ?? presentedViewController
    }
    /// Not retained: the presenting controller keeps the presented one, which keeps this.
    weak var presentingReference: UIViewController?
    /// The view the presentation happens in: set when the presentation starts, an ancestor of the
    /// presented view from then on, and kept until the dismissal ends.
    public internal(set) var containerView: UIView?

    /// `delegate`: hears of a person's attempts to dismiss (a swipe down, a tap on the dimming).
    /// Not retained, as in UIKit.
    public weak var delegate: UIAdaptivePresentationControllerDelegate?
    /// `presentationStyle`: the style this controller runs; `.custom` for one a transitioning
    /// delegate vends.
    open var presentationStyle: UIModalPresentationStyle { builtInStyle ?? .custom }
    /// The style of a controller UIKit makes itself (`UIViewController.presentationController`).
    let builtInStyle: UIModalPresentationStyle?
    /// True during `dismissForUser()`'s call to `dismiss(animated:)`, which tells the delegate
    /// `WillDismiss` and `DidDismiss` only then (not for a dismissal from code, as in UIKit).
    var isDismissingForUser = false

    /// `init(presentedViewController:presenting:)`; `presenting` may be nil, to be decided when
    /// the presentation starts.
    public init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        self.presentedViewController = presentedViewController
        presentingReference = presentingViewController
        builtInStyle = nil
    }

    /// The controller UIKit makes for a built-in `style`.
    init(presentedViewController: UIViewController, builtInStyle style: UIModalPresentationStyle) {
        self.presentedViewController = presentedViewController
        builtInStyle = style
    }

    /// `presentedView`: the view the animator moves, `view(forKey: .to)` of the presentation
    /// (`.from` of the dismissal). The presented controller's view by default; an override
    /// returns it or one of its ancestors.
    open var presentedView: UIView? {
        presentedViewController.view
    }

    /// `frameOfPresentedViewInContainerView`: where the presented view rests, which the animator
    /// reads as `finalFrame(for:)` of the presented controller. The container's bounds by default.
    open var frameOfPresentedViewInContainerView: CGRect {
        containerView?.bounds ?? .zero
    }

    /// `shouldRemovePresentersView`: whether the presenter's view leaves the screen once the
    /// presentation ends (and comes back for the dismissal). False by default: a custom
    /// presentation leaves the presenter visible behind it.
    open var shouldRemovePresentersView: Bool { builtInStyle?.removesPresentersView ?? false }

    /// `shouldPresentInFullscreen`: whether the presentation covers the window (true by default)
    /// rather than the presenter's presentation context.
    open var shouldPresentInFullscreen: Bool { !(builtInStyle?.isContextual ?? false) }

    /// `presentationTransitionWillBegin()`: add chrome here, and animate it alongside through
    /// `presentedViewController.transitionCoordinator`. Does nothing by default.
    open func presentationTransitionWillBegin() {}

    /// `presentationTransitionDidEnd(_:)`: false when an interactive presentation was cancelled
    /// (remove the chrome then). Does nothing by default.
    open func presentationTransitionDidEnd(_ completed: Bool) {}

    /// `dismissalTransitionWillBegin()`: animate the chrome away alongside. Does nothing by default.
    open func dismissalTransitionWillBegin() {}

    /// `dismissalTransitionDidEnd(_:)`: true when the presented controller is gone (remove the
    /// chrome then); false when an interactive dismissal was cancelled. Does nothing by default.
    open func dismissalTransitionDidEnd(_ completed: Bool) {}

    /// `containerViewWillLayoutSubviews()`: the container is about to lay out its views (the
    /// presentation's first frame, a rotation, a `setNeedsLayout()` on it). UIKit leaves the
    /// presented view where it is: set `presentedView?.frame = frameOfPresentedViewInContainerView`
    /// here to follow a new size. Does nothing by default.
    open func containerViewWillLayoutSubviews() {}

    /// `containerViewDidLayoutSubviews()`: the container laid out its views. Does nothing by default.
    open func containerViewDidLayoutSubviews() {}

    // MARK: What a built-in style adds

    /// The animator the presentation or dismissal runs when the transitioning delegate gives none;
    /// nil for the presented controller's `modalTransitionStyle`.
    func builtInAnimator() -> UIViewControllerAnimatedTransitioning? { nil }

    /// The interaction controller of a dismissal the built-in animator runs.
    func builtInInteractionControllerForDismissal() -> UIViewControllerInteractiveTransitioning? { nil }

    /// Where the presented view rests in a container of `bounds`.
    func restingFrameOfPresentedView(in bounds: CGRect) -> CGRect { frameOfPresentedViewInContainerView }

    // MARK: Dismissals a person asks for

    /// Whether a person may dismiss the presented controller now (a swipe down, a tap on the
    /// dimming): not while it `isModalInPresentation`, nor when the delegate's
    /// `presentationControllerShouldDismiss(_:)` says no.
    func allowsDismissalByUser() -> Bool {
        !presentedViewController.isModalInPresentation && (delegate?.presentationControllerShouldDismiss(self) ?? true)
    }

    /// A person's dismissal was refused: the delegate's `presentationControllerDidAttemptToDismiss(_:)`.
    func dismissalByUserWasRefused() {
        delegate?.presentationControllerDidAttemptToDismiss(self)
    }

    /// Dismisses the presented controller for a person (asked first through
    /// `allowsDismissalByUser()`), so the delegate hears `WillDismiss` and, once it completes,
    /// `DidDismiss`.
    func dismissForUser() {
        isDismissingForUser = true
        presentedViewController.dismiss(animated: true)
        isDismissingForUser = false
    }

    // MARK: UIContentContainer

    /// `preferredContentSize`: the presented controller's.
    open var preferredContentSize: CGSize { presentedViewController.preferredContentSize }

    /// `preferredContentSizeDidChange(forChildContentContainer:)`: the presented controller set a
    /// new `preferredContentSize`. Does nothing by default; an override that sizes the presented
    /// view by it calls `containerView?.setNeedsLayout()`.
    open func preferredContentSizeDidChange(forChildContentContainer container: UIContentContainer) {}

    /// `size(forChildContentContainer:withParentContainerSize:)`: the size the presented controller
    /// is told in `viewWillTransition(to:with:)` when the window becomes `parentSize`; `parentSize`
    /// by default.
    open func size(forChildContentContainer container: UIContentContainer, withParentContainerSize parentSize: CGSize)
        -> CGSize {
        parentSize
    }

    /// `viewWillTransition(to:with:)`: the window is about to become `size` (a rotation). The
    /// default tells the presented controller, with the size `size(forChildContentContainer:…)`
    /// gives it; an override must call super.
    open func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
        presentedViewController.viewWillTransition(
            to: self.size(forChildContentContainer: presentedViewController, withParentContainerSize: size),
            with: coordinator)
    }
}

/// `UIContentContainer`: what a view controller or a presentation controller is told about its
/// content's size, by its container and its children.
@preconcurrency @MainActor public protocol UIContentContainer: AnyObject {
    var preferredContentSize: CGSize { get }
    func preferredContentSizeDidChange(forChildContentContainer container: UIContentContainer)
    func size(forChildContentContainer container: UIContentContainer, withParentContainerSize parentSize: CGSize) -> CGSize
    func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator)
}

extension UIViewController: UIContentContainer {}

/// `UIAdaptivePresentationControllerDelegate`: what a presentation controller tells about a
/// person's dismissal (iOS 13). A swipe down or a tap on the dimming asks
/// `presentationControllerShouldDismiss(_:)`; then `WillDismiss` as the dismissal begins (its
/// transition coordinator is there) and `DidDismiss` once it completed, or, when
/// `isModalInPresentation` or `ShouldDismiss` refused it, `DidAttemptToDismiss`. None of them
/// for a `dismiss(animated:)` from code, nor `DidDismiss` after a cancelled swipe.
@preconcurrency @MainActor public protocol UIAdaptivePresentationControllerDelegate: AnyObject {
    func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool
    func presentationControllerWillDismiss(_ presentationController: UIPresentationController)
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController)
    func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController)
}

extension UIAdaptivePresentationControllerDelegate {
    public func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool { true }
    public func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {}
    public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {}
    public func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {}
}

/// The view a presentation happens in (UIKit's `UITransitionView`): tells its presentation
/// controller, if it has one, when it lays out its views.
final class PresentationContainerView: UIView {
    /// Not retained: the presented controller holds both.
    weak var presentationController: UIPresentationController?

    override func layoutSubviews() {
        presentationController?.containerViewWillLayoutSubviews()
        super.layoutSubviews()
        presentationController?.containerViewDidLayoutSubviews()
    }
}
