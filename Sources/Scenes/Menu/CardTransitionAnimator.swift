import Motion
import SegueKit

/// The tutorial's first animator (001): a card slides in from the right over the presenter, which
/// stays visible and dims; the reverse on dismissal. Its numbers are in a 320-pt-wide space.
final class CardTransitionAnimator: ViewControllerAnimatedTransitioning {
    static let duration = 0.5
    /// The tutorial's screen width: its frames scale by viewport width / 320.
    static let designWidth = 320.0
    /// The card's end frame in the tutorial's 320-pt space.
    static let designEndFrame = Rect(x: 80, y: 280, width: 160, height: 100)

    let presenting: Bool

    init(presenting: Bool) {
        self.presenting = presenting
    }

    /// The end frame for a container: the design frame scaled uniformly by width / 320.
    static func endFrame(in bounds: Rect) -> Rect {
        let s = bounds.width / designWidth
        let f = designEndFrame
        return Rect(x: f.minX * s, y: f.minY * s, width: f.width * s, height: f.height * s)
    }

    func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double {
        Self.duration
    }

    func animateTransition(using transitionContext: ViewControllerContextTransitioning) {
        guard let fromViewController = transitionContext.viewController(forKey: .from),
              let toViewController = transitionContext.viewController(forKey: .to) else { return }
        let container = transitionContext.containerView
        var endFrame = Self.endFrame(in: container.bounds)
        let offset = Self.designWidth * container.bounds.width / Self.designWidth

        if presenting {
            fromViewController.view.isUserInteractionEnabled = false
            container.addSubview(fromViewController.view)
            container.addSubview(toViewController.view)
            var startFrame = endFrame
            startFrame.origin.x += offset
            toViewController.view.frame = startFrame
            View.animate(withDuration: transitionDuration(using: transitionContext), animations: {
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
            View.animate(withDuration: transitionDuration(using: transitionContext), animations: {
                toViewController.view.tintAdjustmentMode = .automatic
                fromViewController.view.frame = endFrame
            }, completion: { _ in
                transitionContext.completeTransition(true)
            })
        }
    }
}
