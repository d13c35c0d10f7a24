import Motion

/// UIKit's default modal animation: the presented view slides up from the bottom (and back down).
final class CoverVerticalAnimator: UIViewControllerAnimatedTransitioning {
    static let duration = 0.5
    let presenting: Bool

    init(presenting: Bool) {
        self.presenting = presenting
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> Double { Self.duration }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let container = transitionContext.containerView
        let height = container.bounds.height
        guard let moving = transitionContext.viewController(forKey: presenting ? .to : .from)?.view else {
            transitionContext.completeTransition(false)
            return
        }
        if presenting {
            container.addSubview(moving)
            moving.transform = CGAffineTransform(translationX: 0, y: height)
        } else if let below = transitionContext.view(forKey: .to) {
            container.insertSubview(below, belowSubview: moving)
        }
        UIView.animate(withDuration: Self.duration, delay: 0, options: .curveEaseInOut, animations: {
            moving.transform = self.presenting ? .identity : CGAffineTransform(translationX: 0, y: height)
        }, completion: { _ in
            if !self.presenting || transitionContext.transitionWasCancelled { moving.transform = .identity }
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
}

/// `.crossDissolve`'s presentation: the presented view fades in over the presenter, in place, and
/// out again for the dismissal; as long as a vertical cover, on the same curve.
final class ModalCrossDissolveAnimator: UIViewControllerAnimatedTransitioning {
    let presenting: Bool

    init(presenting: Bool) {
        self.presenting = presenting
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> Double {
        CoverVerticalAnimator.duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let container = transitionContext.containerView
        guard let fading = transitionContext.viewController(forKey: presenting ? .to : .from)?.view else {
            transitionContext.completeTransition(false)
            return
        }
        if presenting {
            container.addSubview(fading)
            fading.alpha = 0
        } else if let below = transitionContext.view(forKey: .to) {
            container.insertSubview(below, belowSubview: fading)
        }
        UIView.animate(withDuration: CoverVerticalAnimator.duration, delay: 0, options: .curveEaseInOut, animations: {
            fading.alpha = self.presenting ? 1 : 0
        }, completion: { _ in
            if !self.presenting || transitionContext.transitionWasCancelled { fading.alpha = 1 }
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
}

/// The default tab switch: the new tab fades in over the old one.
final class CrossDissolveAnimator: UIViewControllerAnimatedTransitioning {
    static let duration = 0.25

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> Double { Self.duration }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let to = transitionContext.view(forKey: .to) else {
            transitionContext.completeTransition(false)
            return
        }
        transitionContext.containerView.addSubview(to)
        to.alpha = 0
        UIView.animate(withDuration: Self.duration, animations: { to.alpha = 1 }, completion: { _ in
            to.alpha = 1
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
}
