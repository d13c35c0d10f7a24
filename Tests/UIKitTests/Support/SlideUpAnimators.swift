@testable import UIKit

/// Puts the presented view below the container; returns the change that slides it in.
func prepareSlideUp(_ transitionContext: UIViewControllerContextTransitioning) -> (() -> Void)? {
    guard let view = transitionContext.view(forKey: .to) else { return nil }
    let container = transitionContext.containerView
    container.addSubview(view)
    view.frame = container.bounds.offsetBy(dx: 0, dy: container.bounds.height)
    return { view.frame = container.bounds }
}

/// Presents by sliding the presented view up from below the container (`prepareSlideUp`) through a
/// linear, one-second property animator it vends for the whole transition, as UIKit's interruptible
/// animators do, so an interaction controller drives the transition through it.
final class InterruptibleSlideUpAnimator: UIViewControllerAnimatedTransitioning {
    private var propertyAnimator: UIViewPropertyAnimator?

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 1 }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        interruptibleAnimator(using: transitionContext).startAnimation()
    }

    func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        if let propertyAnimator { return propertyAnimator }
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear, animations: prepareSlideUp(transitionContext))
        animator.addCompletion { position in transitionContext.completeTransition(position == .end) }
        propertyAnimator = animator
        return animator
    }
}
