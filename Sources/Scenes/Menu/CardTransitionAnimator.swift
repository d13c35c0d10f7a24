import Motion
import UIKit

/// The tutorial's first animator (001): a card slides in from the right over the presenter, which
/// stays visible and dims; the reverse on dismissal. Its numbers are for the tutorial's 320 × 568
/// screen (an iPhone 5).
final class CardTransitionAnimator: UIViewControllerAnimatedTransitioning {
    static let duration = 0.5
    /// The tutorial's screen, pt: its frames are laid out in it.
    static let designSize = CGSize(width: 320, height: 568)
    /// The card's end frame on the tutorial's screen.
    static let designEndFrame = CGRect(x: 80, y: 280, width: 160, height: 100)

    let presenting: Bool

    init(presenting: Bool) {
        self.presenting = presenting
    }

    /// The end frame for a container: the tutorial's screen scaled uniformly to fit the container
    /// (by the smaller of width / 320 and height / 568), centred horizontally and top-aligned, and
    /// the design frame placed in it. On a portrait phone the width decides (390 pt: × 1.21875, the
    /// frame at 97.5, 341.25); on a wide or landscape window the height does, so the card stays
    /// whole inside the viewport (scaling by width alone put it at y = 1260 on 1440 × 900).
    static func endFrame(in bounds: CGRect) -> CGRect {
        let s = min(bounds.width / designSize.width, bounds.height / designSize.height)
        let left = bounds.minX + (bounds.width - designSize.width * s) / 2
        let f = designEndFrame
        return CGRect(x: left + f.minX * s, y: bounds.minY + f.minY * s, width: f.width * s, height: f.height * s)
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> Double {
        Self.duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let fromViewController = transitionContext.viewController(forKey: .from),
              let toViewController = transitionContext.viewController(forKey: .to) else { return }
        let container = transitionContext.containerView
        var endFrame = Self.endFrame(in: container.bounds)
        // The tutorial starts the card one screen width to the right of where it ends.
        let offset = container.bounds.width

        if presenting {
            fromViewController.view.isUserInteractionEnabled = false
            container.addSubview(fromViewController.view)
            container.addSubview(toViewController.view)
            var startFrame = endFrame
            startFrame.origin.x += offset
            toViewController.view.frame = startFrame
            UIView.animate(withDuration: transitionDuration(using: transitionContext), animations: {
                fromViewController.view.tintAdjustmentMode = .dimmed
                toViewController.view.frame = endFrame
            }, completion: { _ in
                transitionContext.completeTransition(true)
            })
        } else {
            toViewController.view.isUserInteractionEnabled = true
            container.addSubview(toViewController.view)
            container.addSubview(fromViewController.view)
            endFrame.origin.x += offset
            UIView.animate(withDuration: transitionDuration(using: transitionContext), animations: {
                toViewController.view.tintAdjustmentMode = .automatic
                fromViewController.view.frame = endFrame
            }, completion: { _ in
                transitionContext.completeTransition(true)
            })
        }
    }
}
