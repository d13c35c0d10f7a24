import Motion
import UIKit

/// The tutorial's stacked modal (002): the presenter is snapshotted and squeezed to 0.95 over a
/// white background with a 0.7-black overlay while the presented view slides up from the bottom;
/// each with its own spring and delay. The reverse on dismissal.
///
/// The animator proper is `StackPresentAnimator` or `StackDismissAnimator`: only the dismissal
/// vends an interruptible animator, and in Swift a class either implements a protocol method or
/// does not, whatever its mode.
class StackTransitionAnimator {
    enum Mode {
        case present, dismiss

        var isPresenting: Bool { self == .present }
    }

    static let animationDuration = 0.6
    static let firstVisibleViewDelay = 0.0
    static let secondVisibleViewDelay = 0.1
    static let harderSpringDamping = 0.7
    static let smootherSpringDamping = 0.85
    static let dismissSpringDamping = 1.0
    static let slowerSpringVelocity = 1.0
    static let fasterSpringVelocity = 2.5
    static let transformViewScale = 0.95
    static let overlayAlpha = 0.7
    static let backgroundName = "stack-background"
    /// Not the tutorial's: the squeezed presenter rounds its corners as iOS's does behind a sheet
    /// (react-navigation's `forModalPresentationIOS` uses 10 pt), and dims.
    static let squeezedCornerRadius = 10.0

    fileprivate let transitionMode: Mode
    /// The drag-down dismiss's animator, made once for the transition (UIKit requires the same one).
    fileprivate var dismissAnimator: UIViewPropertyAnimator?
    /// The background and snapshot this transition added to the container.
    private var addedViews: [UIView] = []

    init(transitionMode: Mode) {
        self.transitionMode = transitionMode
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> Double {
        Self.animationDuration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let snapshotToSqueeze = snapshotToSqueeze(withContext: transitionContext) else {
            transitionContext.completeTransition(false)
            return
        }
        guard let viewToSlide = viewToSlide(withContext: transitionContext) else {
            transitionContext.completeTransition(false)
            return
        }
        prepareForAnimation(forSqueezeRelatedSnapshot: snapshotToSqueeze, viewToSlide: viewToSlide)
        startAnimation(forSqueezeRelatedSnapshot: snapshotToSqueeze, viewToSlide: viewToSlide,
                       transitionContext: transitionContext)
    }

    fileprivate func snapshotToSqueeze(withContext transitionContext: UIViewControllerContextTransitioning) -> UIView? {
        let key: UITransitionContextViewControllerKey = transitionMode.isPresenting ? .from : .to
        guard let viewToSqueeze = transitionContext.viewController(forKey: key)?.view,
              let snapshot = viewToSqueeze.snapshotView(afterScreenUpdates: false) else { return nil }
        let container = transitionContext.containerView
        let background = backgroundView(withFrame: viewToSqueeze.frame)
        container.addSubview(background)
        container.addSubview(snapshot)
        addedViews = [background, snapshot]
        return snapshot
    }

    /// Ends the transition. A cancelled dismiss leaves the modal up over the backdrop its present
    /// made, so the copy this dismiss added goes (the tutorial kept it: each cancelled drag stacked
    /// another background and snapshot under the modal).
    fileprivate func complete(_ finished: Bool, _ transitionContext: UIViewControllerContextTransitioning) {
        if !finished && !transitionMode.isPresenting {
            for view in addedViews { view.removeFromSuperview() }
        }
        addedViews = []
        transitionContext.completeTransition(finished)
    }

    fileprivate func viewToSlide(withContext transitionContext: UIViewControllerContextTransitioning) -> UIView? {
        let key: UITransitionContextViewKey = transitionMode.isPresenting ? .to : .from
        guard let viewToSlide = transitionContext.view(forKey: key) else { return nil }
        transitionContext.containerView.addSubview(viewToSlide)
        return viewToSlide
    }

    fileprivate func backgroundView(withFrame frame: CGRect) -> UIView {
        let background = UIView(frame: frame, name: Self.backgroundName)
        background.backgroundColor = .white
        let overlay = UIView(frame: background.bounds, name: "stack-overlay")
        overlay.backgroundColor = UIColor(white: 0, alpha: Self.overlayAlpha)
        background.addSubview(overlay)
        return background
    }

    fileprivate func prepareForAnimation(forSqueezeRelatedSnapshot snapshot: UIView, viewToSlide: UIView) {
        if transitionMode.isPresenting {
            viewToSlide.transform = CGAffineTransform(translationX: 0, y: viewToSlide.bounds.height)
        } else {
            Self.squeeze(snapshot)
        }
        snapshot.clipsToBounds = true
    }

    /// The squeezed look: scaled, rounded and dimmed.
    static func squeeze(_ snapshot: UIView) {
        snapshot.transform = CGAffineTransform(scaleX: transformViewScale, y: transformViewScale)
        snapshot.layer.cornerRadius = squeezedCornerRadius
        snapshot.tintAdjustmentMode = .dimmed
    }

    /// Back to the presenter's own look.
    static func unsqueeze(_ snapshot: UIView) {
        snapshot.transform = .identity
        snapshot.layer.cornerRadius = 0
        snapshot.tintAdjustmentMode = .automatic
    }

    fileprivate func startAnimation(forSqueezeRelatedSnapshot snapshot: UIView, viewToSlide: UIView,
                                transitionContext: UIViewControllerContextTransitioning) {
        let completionBlock: (Bool) -> Void = { [self] finished in
            complete(finished, transitionContext)
        }
        if transitionMode.isPresenting {
            startAnimationForPresentingMode(snapshot: snapshot, viewToSlide: viewToSlide, completion: completionBlock)
        } else {
            startAnimationForDismissingMode(snapshot: snapshot, viewToSlide: viewToSlide, completion: completionBlock)
        }
    }

    fileprivate func startAnimationForPresentingMode(snapshot: UIView, viewToSlide: UIView, completion: @escaping (Bool) -> Void) {
        UIView.animate(withDuration: Self.animationDuration, delay: Self.firstVisibleViewDelay,
                     usingSpringWithDamping: Self.harderSpringDamping, initialSpringVelocity: Self.slowerSpringVelocity,
                     options: .curveEaseOut, animations: {
            Self.squeeze(snapshot)
        }, completion: nil)
        UIView.animate(withDuration: Self.animationDuration, delay: Self.secondVisibleViewDelay,
                     usingSpringWithDamping: Self.smootherSpringDamping, initialSpringVelocity: Self.fasterSpringVelocity,
                     options: .curveEaseOut, animations: {
            viewToSlide.transform = .identity
        }, completion: completion)
    }

    fileprivate func startAnimationForDismissingMode(snapshot: UIView, viewToSlide: UIView, completion: @escaping (Bool) -> Void) {
        UIView.animate(withDuration: Self.animationDuration, delay: Self.firstVisibleViewDelay,
                     usingSpringWithDamping: Self.dismissSpringDamping, initialSpringVelocity: Self.slowerSpringVelocity,
                     options: .curveEaseIn, animations: {
            viewToSlide.transform = CGAffineTransform(translationX: 0, y: viewToSlide.bounds.height)
        }, completion: nil)
        UIView.animate(withDuration: Self.animationDuration, delay: Self.secondVisibleViewDelay,
                     usingSpringWithDamping: Self.dismissSpringDamping, initialSpringVelocity: Self.slowerSpringVelocity,
                     options: .curveEaseIn, animations: {
            Self.unsqueeze(snapshot)
        }, completion: completion)
    }
}

/// The stacked modal's presentation.
final class StackPresentAnimator: StackTransitionAnimator, UIViewControllerAnimatedTransitioning {
    init() {
        super.init(transitionMode: .present)
    }
}

/// The stacked modal's dismissal, by the button (`animateTransition`) or by a drag down, which
/// drives its interruptible animator.
final class StackDismissAnimator: StackTransitionAnimator, UIViewControllerAnimatedTransitioning {
    init() {
        super.init(transitionMode: .dismiss)
    }

    /// Our interactive extra, not the tutorial's: a drag-down dismiss runs through a property
    /// animator that scrubs linearly, so the modal stays under the finger (on the tutorial's paused
    /// springs it ran ahead of it). The same two parts, springs and delays, as delay factors of the
    /// 0.6 s; the button's dismiss still runs `animateTransition`, the tutorial's code.
    func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        if let dismissAnimator { return dismissAnimator }
        let animator = UIViewPropertyAnimator(duration: Self.animationDuration,
            timingParameters: UISpringTimingParameters(dampingRatio: Self.dismissSpringDamping,
                                                      initialVelocity: CGVector(dx: Self.slowerSpringVelocity, dy: Self.slowerSpringVelocity)))
        dismissAnimator = animator
        guard let snapshot = snapshotToSqueeze(withContext: transitionContext),
              let viewToSlide = viewToSlide(withContext: transitionContext) else {
            animator.addCompletion { _ in transitionContext.completeTransition(false) }
            return animator
        }
        prepareForAnimation(forSqueezeRelatedSnapshot: snapshot, viewToSlide: viewToSlide)
        animator.addAnimations({
            viewToSlide.transform = CGAffineTransform(translationX: 0, y: viewToSlide.bounds.height)
        }, delayFactor: Self.firstVisibleViewDelay / Self.animationDuration)
        animator.addAnimations({ Self.unsqueeze(snapshot) },
                               delayFactor: Self.secondVisibleViewDelay / Self.animationDuration)
        animator.addCompletion { [self] position in complete(position == .end, transitionContext) }
        return animator
    }
}
