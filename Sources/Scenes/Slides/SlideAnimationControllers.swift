import Motion
import UIKit

/// Presents with the tutorial's three keyframe phases over 1.5 s: the from-view shrinks to 0.8
/// (0–0.25), both views slide one container width left (0.25–0.5), the to-view grows back (0.5–1).
final class SlidePresentAnimationController: UIViewControllerAnimatedTransitioning {
    static let duration = 1.5
    static let shrinkScale = 0.8

    private let originFrame: CGRect
    let interactionController: SlideInteractionController?

    init(originFrame: CGRect, interactionController: SlideInteractionController?) {
        self.originFrame = originFrame
        self.interactionController = interactionController
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> Double {
        Self.duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let fromVC = transitionContext.viewController(forKey: .from),
              let toVC = transitionContext.viewController(forKey: .to),
              toVC.view.snapshotView(afterScreenUpdates: true) != nil else { return }
        let container = transitionContext.containerView
        let shrink = CGAffineTransform(scaleX: Self.shrinkScale, y: Self.shrinkScale)

        // Start the to-view one width to the right, already shrunk.
        toVC.view.center.x += container.frame.width
        toVC.view.transform = shrink
        container.addSubview(fromVC.view)
        container.addSubview(toVC.view)

        let duration = transitionDuration(using: transitionContext)
        UIView.animateKeyframes(withDuration: duration, delay: 0, options: .calculationModeLinear, animations: {
            UIView.addKeyframe(withRelativeStartTime: 0.0, relativeDuration: 0.25) {
                fromVC.view.transform = shrink
            }
            UIView.addKeyframe(withRelativeStartTime: 0.25, relativeDuration: 0.25) {
                fromVC.view.center.x -= container.frame.width
                toVC.view.center.x -= container.frame.width
            }
            UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) {
                toVC.view.transform = .identity
            }
        }, completion: { _ in
            toVC.view.transform = .identity
            fromVC.view.transform = .identity
            // A cancelled present removes the view it added (the tutorial's listing removes the
            // from-view here, which would blank the screen; its prose and README say the added view).
            if transitionContext.transitionWasCancelled {
                toVC.view.removeFromSuperview()
            }
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
}

/// Dismisses with the tutorial's 0.7 s spring (damping 0.9, velocity 0.8): the from-view slides off
/// to the right while the to-view comes in from a tenth of the width to the left.
final class SlideDismissAnimationController: UIViewControllerAnimatedTransitioning {
    static let duration = 0.7
    static let damping = 0.9
    static let velocity = 0.8
    /// The to-view starts this fraction of the width to the left.
    static let revealOffset = 0.1

    private let destinationFrame: CGRect
    let interactionController: SlideInteractionController?

    init(destinationFrame: CGRect, interactionController: SlideInteractionController?) {
        self.destinationFrame = destinationFrame
        self.interactionController = interactionController
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> Double {
        Self.duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let fromVC = transitionContext.viewController(forKey: .from),
              let toVC = transitionContext.viewController(forKey: .to),
              toVC.view.snapshotView(afterScreenUpdates: true) != nil else { return }
        let container = transitionContext.containerView
        toVC.view.frame = transitionContext.finalFrame(for: toVC)
        fromVC.view.frame = transitionContext.finalFrame(for: fromVC)

        let offScreenRight = CGAffineTransform(translationX: container.frame.width, y: 0)
        let offScreenLeft = CGAffineTransform(translationX: -container.frame.width * Self.revealOffset, y: 0)
        toVC.view.transform = offScreenLeft
        container.addSubview(toVC.view)
        container.addSubview(fromVC.view)

        let duration = transitionDuration(using: transitionContext)
        UIView.animate(withDuration: duration, delay: 0, usingSpringWithDamping: Self.damping,
                     initialSpringVelocity: Self.velocity, options: .curveEaseOut, animations: {
            fromVC.view.transform = offScreenRight
            toVC.view.transform = .identity
        }, completion: { _ in
            toVC.view.transform = .identity
            fromVC.view.transform = .identity
            if transitionContext.transitionWasCancelled {
                toVC.view.removeFromSuperview()
            }
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
}
