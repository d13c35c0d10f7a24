import Motion
import UIKit

/// The guide's fade (004): the incoming view fades in over 0.35 s on top of the outgoing one. For a
/// pop it is also the percent-driven interaction a pan drives: progress = clamp(x / 300, 0, 0.99)
/// (held below 1, as the guide advises), finishing past 0.5 on release.
final class FadeTransition: UIPercentDrivenInteractiveTransition, UIViewControllerAnimatedTransitioning {
    static let duration = 0.35
    /// Points of finger x for a full pop.
    static let panDistance = 300.0
    static let maximumProgress = 0.99
    static let finishThreshold = 0.5

    private unowned let transitioningController: UIViewController
    /// The interaction is offered only while a gesture is in progress.
    private(set) var usingGesture = false

    init(transitioningController: UIViewController) {
        self.transitioningController = transitioningController
        super.init()
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> Double {
        Self.duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        Self.fadeIn(using: transitionContext)
    }

    /// The guide's animation: the to-view joins the container on top at alpha 0 and fades in.
    static func fadeIn(using transitionContext: UIViewControllerContextTransitioning) {
        guard let toViewController = transitionContext.viewController(forKey: .to) else { return }
        transitionContext.containerView.addSubview(toViewController.view)
        toViewController.view.alpha = 0
        UIView.animate(withDuration: duration, animations: {
            toViewController.view.alpha = 1
        }, completion: { _ in
            if transitionContext.transitionWasCancelled { toViewController.view.alpha = 1 }
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }

    func didPan(_ gesture: UIPanGestureRecognizer) {
        let point = gesture.location(in: transitioningController.view)
        let percent = min(max(point.x / Self.panDistance, 0), Self.maximumProgress)
        switch gesture.state {
        case .began:
            usingGesture = true
            transitioningController.navigationController?.popViewController(animated: true)
        case .changed:
            update(percent)
        case .ended, .cancelled:
            if percent > Self.finishThreshold {
                finish()
            } else {
                cancel()
            }
            usingGesture = false
        default:
            break
        }
    }
}

/// A plain fade for pushes and tab switches: the same animation, never interactive.
final class FadeAnimator: UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> Double {
        FadeTransition.duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        FadeTransition.fadeIn(using: transitionContext)
    }
}
