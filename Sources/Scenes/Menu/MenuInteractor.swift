import Motion
import UIKit

/// The tutorial's interactive menu (001): one object is the gesture target, the transitioning
/// delegate, the animator (for button-driven, non-interactive use) and the interaction controller.
/// A pan that begins in the left half presents the menu, elsewhere dismisses it; progress is the
/// finger's x over the width; on release the velocity's sign decides; the tails take 0.5 s, or run
/// as physics (`usesDynamics`, the tutorial's dynamics variant).
final class MenuInteractor: UIPercentDrivenInteractiveTransition, UIViewControllerAnimatedTransitioning,
    UIViewControllerTransitioningDelegate {
    static let duration = 0.5

    private unowned let parentViewController: UIViewController
    private(set) var interactive = false
    private(set) var presenting = false
    var usesDynamics = false
    private weak var transitionContext: UIViewControllerContextTransitioning?
    private var simulation: MenuDynamics?
    /// The finger's horizontal speed at release, handed to the physics variant.
    private var releaseVelocity = 0.0

    init(parentViewController: UIViewController) {
        self.parentViewController = parentViewController
        super.init()
    }

    // MARK: Gesture

    func userDidPan(_ recognizer: UIPanGestureRecognizer) {
        let location = recognizer.location(in: parentViewController.view)
        let velocity = recognizer.velocity(in: parentViewController.view)
        switch recognizer.state {
        case .began:
            // Invoked by a gesture: necessarily interactive.
            interactive = true
            if location.x < (recognizer.view?.bounds.midX ?? 0) {
                presentMenu(animated: true)
            } else {
                parentViewController.dismiss(animated: true)
            }
        case .changed:
            // Presenting goes 0…1 as the finger moves right; dismissing 1…0 as it moves left.
            update(location.x / parentViewController.view.bounds.width)
        case .ended:
            releaseVelocity = velocity.x
            let forward = presenting ? velocity.x > 0 : velocity.x < 0
            if forward { finish() } else { cancel() }
        case .cancelled:
            releaseVelocity = 0
            cancel()
        default:
            break
        }
    }

    /// The Menu button's path, and the gesture's.
    func presentMenu(animated: Bool) {
        presenting = true
        let menu = MenuViewController(interactor: self)
        menu.modalPresentationStyle = .custom
        menu.transitioningDelegate = self
        parentViewController.present(menu, animated: animated)
    }

    func dismissMenu() {
        presenting = false
        parentViewController.dismiss(animated: true)
    }

    // MARK: UIViewControllerTransitioningDelegate

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        self.presenting = true
        return self
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        presenting = false
        return self
    }

    func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning? {
        interactive ? self : nil
    }

    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning? {
        interactive ? self : nil
    }

    // MARK: Non-interactive animations (the Menu and Close buttons)

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> Double {
        Self.duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let from = transitionContext.viewController(forKey: .from),
              let to = transitionContext.viewController(forKey: .to) else { return }
        let container = transitionContext.containerView
        let bounds = container.bounds
        let hidden = bounds.offsetBy(dx: -bounds.width, dy: 0)
        if presenting {
            container.addSubview(from.view)
            container.addSubview(to.view)
            to.view.frame = hidden
            UIView.animate(withDuration: Self.duration, animations: { to.view.frame = bounds }, completion: { _ in
                transitionContext.completeTransition(true)
            })
        } else {
            container.addSubview(to.view)
            container.addSubview(from.view)
            UIView.animate(withDuration: Self.duration, animations: { from.view.frame = hidden }, completion: { _ in
                transitionContext.completeTransition(true)
            })
        }
    }

    func animationEnded(_ transitionCompleted: Bool) {
        interactive = false
        transitionContext = nil
        simulation = nil
    }

    // MARK: Interactive transition

    override func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning) {
        self.transitionContext = transitionContext
        guard let from = transitionContext.viewController(forKey: .from),
              let to = transitionContext.viewController(forKey: .to) else { return }
        let container = transitionContext.containerView
        var frame = container.bounds
        // The order matters: it decides which view is on top.
        if presenting {
            container.addSubview(from.view)
            container.addSubview(to.view)
            frame.origin.x -= container.bounds.width
        } else {
            container.addSubview(to.view)
            container.addSubview(from.view)
        }
        to.view.frame = frame
    }

    override func update(_ percentComplete: CGFloat) {
        guard let context = transitionContext, context.isInteractive, let menu = menuView(context) else { return }
        let percent = min(max(percentComplete.isFinite ? percentComplete : 0, 0), 1)
        let bounds = context.containerView.bounds
        menu.frame = bounds.offsetBy(dx: -bounds.width * (1 - percent), dy: 0)
        context.updateInteractiveTransition(percent)
    }

    override func finish() {
        settle(showingMenu: presenting, didComplete: true)
    }

    override func cancel() {
        settle(showingMenu: !presenting, didComplete: false)
    }

    /// Moves the menu to fully shown or fully hidden, then completes the transition.
    private func settle(showingMenu: Bool, didComplete: Bool) {
        guard let context = transitionContext, context.isInteractive, let menu = menuView(context) else { return }
        if didComplete { context.finishInteractiveTransition() } else { context.cancelInteractiveTransition() }
        let bounds = context.containerView.bounds
        let target = showingMenu ? bounds : bounds.offsetBy(dx: -bounds.width, dy: 0)
        if usesDynamics, let window = parentViewController.window {
            simulation = MenuDynamics(view: menu, targetX: target.minX, width: bounds.width,
                                      velocity: releaseVelocity, window: window) {
                context.completeTransition(didComplete)
            }
        } else {
            UIView.animate(withDuration: Self.duration, animations: { menu.frame = target }, completion: { _ in
                context.completeTransition(didComplete)
            })
        }
    }

    private func menuView(_ context: UIViewControllerContextTransitioning) -> UIView? {
        context.viewController(forKey: presenting ? .to : .from)?.view
    }
}
