import Motion
import UIKit

/// Slides the drawer up from below the container to where its presentation controller rests it,
/// and back down. Only the drawer moves: the dimming is the presentation controller's, riding the
/// same animation through the transition coordinator.
final class DrawerAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    /// The presentation: a spring that settles without a visible bounce, iOS's sheet feel.
    static let presentDuration = 0.5
    static let presentDamping = 0.9
    /// The dismissal from a tap: quicker, easing in, as something leaving the screen speeds up.
    static let dismissDuration = 0.3

    let presenting: Bool

    init(presenting: Bool) {
        self.presenting = presenting
        super.init()
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        presenting ? Self.presentDuration : Self.dismissDuration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let key: UITransitionContextViewControllerKey = presenting ? .to : .from
        guard let drawerController = transitionContext.viewController(forKey: key),
              let drawer = transitionContext.view(forKey: presenting ? .to : .from) else {
            transitionContext.completeTransition(false)
            return
        }
        let container = transitionContext.containerView
        let shown = presenting ? transitionContext.finalFrame(for: drawerController)
                               : transitionContext.initialFrame(for: drawerController)
        // Just below the container's bottom edge, the same size.
        let hidden = shown.offsetBy(dx: 0, dy: container.bounds.maxY - shown.minY)
        let duration = transitionDuration(using: transitionContext)
        let completion: (Bool) -> Void = { _ in
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }

        if presenting {
            container.addSubview(drawer)
            drawer.frame = hidden
            UIView.animate(withDuration: duration, delay: 0, usingSpringWithDamping: Self.presentDamping,
                           initialSpringVelocity: 0, options: [], animations: {
                drawer.frame = shown
            }, completion: completion)
        } else {
            // Dragged, the dismissal is scrubbed by the finger: linear, so the drawer moves exactly
            // as far as the finger (and the dimming fades in step); tapped, it eases in.
            let curve: UIView.AnimationOptions = transitionContext.isInteractive ? .curveLinear : .curveEaseIn
            UIView.animate(withDuration: duration, delay: 0, options: curve, animations: {
                drawer.frame = hidden
            }, completion: completion)
        }
    }
}
