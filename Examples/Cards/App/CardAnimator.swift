import UIKit

/// Presents a card by growing it out of the tile that was tapped, and dismisses it back into
/// that tile: a spring for the way in, ease-in for the way out.
class CardAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    let isPresenting: Bool
    let originFrame: CGRect

    init(isPresenting: Bool, originFrame: CGRect) {
        self.isPresenting = isPresenting
        self.originFrame = originFrame
        super.init()
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        return isPresenting ? 0.6 : 0.4
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let container = transitionContext.containerView
        guard let card = transitionContext.view(forKey: isPresenting ? .to : .from) else {
            transitionContext.completeTransition(false)
            return
        }
        let finalFrame = container.bounds
        let scale = CGAffineTransform(scaleX: originFrame.width / finalFrame.width,
                                      y: originFrame.height / finalFrame.height)
        let collapsed = scale.concatenating(CGAffineTransform(
            translationX: originFrame.midX - finalFrame.midX, y: originFrame.midY - finalFrame.midY))

        if isPresenting {
            container.addSubview(card)
            card.frame = finalFrame
            card.transform = collapsed
            card.layer.cornerRadius = 24
        }
        let duration = transitionDuration(using: transitionContext)
        if isPresenting {
            UIView.animate(withDuration: duration, delay: 0, usingSpringWithDamping: 0.8,
                           initialSpringVelocity: 0, options: [], animations: {
                card.transform = .identity
                card.layer.cornerRadius = 0
            }, completion: { _ in
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            })
        } else {
            UIView.animate(withDuration: duration, delay: 0, options: .curveEaseIn, animations: {
                card.transform = collapsed
                card.alpha = 0.6
            }, completion: { _ in
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
            })
        }
    }
}
