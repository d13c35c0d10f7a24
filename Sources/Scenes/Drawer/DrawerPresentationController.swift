import Motion
import UIKit

/// The drawer's presentation, as the View Controller Programming Guide's "Creating Custom
/// Presentations" builds one: the presentation controller owns the chrome (a dimming view over the
/// presenter that fades in and out alongside the transitions, and dismisses the drawer when
/// tapped) and where the drawer rests; the animators only move the drawer.
final class DrawerPresentationController: UIPresentationController {
    /// The share of the container's height the drawer covers, from the bottom edge up: a little
    /// over half, as iOS's medium sheet detent, so the presenter's heading stays readable in the
    /// dimmed part above and there is always room there to tap.
    static let heightFraction = 0.55
    /// The widest the drawer gets: a wide container (a phone in landscape, a desktop window) has
    /// it centred at this width rather than stretched edge to edge, as iOS narrows a sheet there.
    static let maximumWidth = 640.0
    /// The dimming colour: black at 40%, iOS's dimming behind sheets and alerts. The view's own
    /// alpha goes 0 → 1 → 0, so the colour is what a fully presented drawer shows.
    static let dimmingColor = UIColor(white: 0, alpha: 0.4)
    static let dimmingName = "drawer-dimming"

    let dimmingView = UIView()

    override init(presentedViewController: UIViewController, presenting presentingViewController: UIViewController?) {
        super.init(presentedViewController: presentedViewController, presenting: presentingViewController)
        dimmingView.accessibilityIdentifier = Self.dimmingName
        dimmingView.backgroundColor = Self.dimmingColor
        dimmingView.alpha = 0
        let tap = UITapGestureRecognizer { [unowned self] _ in self.dimmingViewTapped() }
        dimmingView.addGestureRecognizer(tap)
    }

    /// The drawer's frame for a container: the bottom `heightFraction` of it (rounded to whole
    /// points, so its edges stay crisp), at most `maximumWidth` wide and centred.
    static func drawerFrame(in bounds: CGRect) -> CGRect {
        let height = (bounds.height * heightFraction).rounded()
        let width = min(bounds.width, maximumWidth)
        return CGRect(x: bounds.minX + ((bounds.width - width) / 2).rounded(), y: bounds.maxY - height,
                      width: width, height: height)
    }

    override var frameOfPresentedViewInContainerView: CGRect {
        guard let containerView else { return .zero }
        return Self.drawerFrame(in: containerView.bounds)
    }

    override func presentationTransitionWillBegin() {
        guard let containerView else { return }
        dimmingView.frame = containerView.bounds
        dimmingView.alpha = 0
        containerView.insertSubview(dimmingView, at: 0)
        guard let coordinator = presentedViewController.transitionCoordinator else {
            dimmingView.alpha = 1
            return
        }
        coordinator.animate(alongsideTransition: { _ in self.dimmingView.alpha = 1 }, completion: nil)
    }

    override func presentationTransitionDidEnd(_ completed: Bool) {
        // A presentation that did not complete leaves nothing behind.
        if !completed { dimmingView.removeFromSuperview() }
    }

    override func dismissalTransitionWillBegin() {
        guard let coordinator = presentedViewController.transitionCoordinator else {
            dimmingView.alpha = 0
            return
        }
        coordinator.animate(alongsideTransition: { _ in self.dimmingView.alpha = 0 }, completion: nil)
    }

    override func dismissalTransitionDidEnd(_ completed: Bool) {
        // A cancelled drag keeps the drawer up: the dimming stays, back at full alpha.
        if completed { dimmingView.removeFromSuperview() }
    }

    /// Every layout of the container (the presentation's first, a rotation, a resize) puts the
    /// drawer at its frame for the new size and stretches the dimming over the container.
    override func containerViewWillLayoutSubviews() {
        super.containerViewWillLayoutSubviews()
        presentedView?.frame = frameOfPresentedViewInContainerView
        if let containerView { dimmingView.frame = containerView.bounds }
    }

    private func dimmingViewTapped() {
        presentedViewController.dismiss(animated: true)
    }
}
