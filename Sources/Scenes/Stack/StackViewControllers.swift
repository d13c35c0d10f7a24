import Motion
import UIKit

/// The stack scene's first screen: presents the stacked modal with a button.
final class StackFirstViewController: DemoViewController, UIViewControllerTransitioningDelegate {
    required init?(coder: NSCoder) { nil }

    init() {
        super.init(name: "stackfirst", heading: "First", color: UIColor(hex: 0x16A085), hint: "Present a stacked modal")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        addButton("Present") { [unowned self] in
            let second = StackSecondViewController()
            second.modalPresentationStyle = .custom
            second.transitioningDelegate = self
            self.present(second, animated: true)
        }
    }

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        StackPresentAnimator()
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        StackDismissAnimator()
    }

    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning? {
        (presentedViewController as? StackSecondViewController)?.dismissInteraction.activeInteraction
    }
}

/// The stacked modal: dismissed by its button, or (our interactive extra) by dragging it down.
final class StackSecondViewController: DemoViewController {
    let dismissInteraction = PullDownInteraction()

    required init?(coder: NSCoder) { nil }

    init() {
        super.init(name: "stacksecond", heading: "Second", color: UIColor(hex: 0xC0392B), hint: "Drag down to dismiss")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.layer.cornerRadius = 10
        // A modal card's shadow, cast up onto the squeezed presenter (not the tutorial's).
        view.layer.shadowOpacity = 0.3
        view.layer.shadowRadius = 12
        view.layer.shadowOffset = CGSize(width: 0, height: -2)
        addButton("Dismiss") { [unowned self] in self.dismiss(animated: true) }
        dismissInteraction.attach(to: self)
    }

    /// After a resize (a window applies one only between transitions) the presentation's backdrop
    /// would keep the old size: the tutorial's animator made it once, at present time. Lay the
    /// background out again and retake the squeezed snapshot of the presenter, now at the new size.
    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        guard let container = view.superview, let presenter = presentingViewController,
              presenter.view.superview != nil else { return }
        for background in container.subviews where background.name == StackTransitionAnimator.backgroundName {
            background.frame = presenter.view.frame
            for overlay in background.subviews { overlay.frame = background.bounds }
        }
        let snapshotName = presenter.view.name + "-snapshot"
        for (index, old) in container.subviews.enumerated() where old.name == snapshotName && old.bounds.size != presenter.view.bounds.size {
            guard let fresh = presenter.view.snapshotView(afterScreenUpdates: true) else { continue }
            fresh.clipsToBounds = true
            StackTransitionAnimator.squeeze(fresh)
            old.removeFromSuperview()
            container.insertSubview(fresh, at: index)
        }
    }
}

/// Drags the stacked modal down: progress is the downward translation over the view's height, and
/// the modal follows the finger 1:1 (the dismiss animator scrubs linearly); on release it finishes
/// past `finishThreshold` or when flung down faster than `flingVelocity`, on a critically damped
/// spring that starts at the finger's speed.
final class PullDownInteraction: UIPercentDrivenInteractiveTransition {
    static let finishThreshold = 0.35
    /// Points per second downward that dismiss regardless of distance.
    static let flingVelocity = 800.0

    private(set) var interactionInProgress = false
    private weak var viewController: UIViewController?

    var activeInteraction: PullDownInteraction? { interactionInProgress ? self : nil }

    func attach(to viewController: UIViewController) {
        self.viewController = viewController
        let pan = UIPanGestureRecognizer { [unowned self] in self.handlePan($0) }
        viewController.view.addGestureRecognizer(pan)
    }

    private func handlePan(_ recognizer: UIPanGestureRecognizer) {
        guard let viewController else { return }
        let height = max(viewController.view.bounds.height, 1)
        let progress = min(max(recognizer.translation(in: viewController.view.superview).y / height, 0), 1)
        switch recognizer.state {
        case .began:
            guard recognizer.velocity(in: nil).y >= 0 || recognizer.translation(in: nil).y > 0 else { return }
            interactionInProgress = true
            viewController.dismiss(animated: true)
        case .changed:
            update(progress)
        case .ended:
            guard interactionInProgress else { return }
            interactionInProgress = false
            let velocity = recognizer.velocity(in: nil).y
            let finishing = progress > Self.finishThreshold || velocity > Self.flingVelocity
            // The finger's speed, relative to the distance left, carries into the spring that ends it.
            let remaining = height * (finishing ? 1 - progress : -progress)
            let relative = remaining == 0 ? 0 : velocity / remaining
            timingCurve = UISpringTimingParameters(dampingRatio: StackTransitionAnimator.dismissSpringDamping,
                                                 initialVelocity: CGVector(dx: relative, dy: relative))
            if finishing { finish() } else { cancel() }
        case .cancelled:
            guard interactionInProgress else { return }
            interactionInProgress = false
            cancel()
        default:
            break
        }
    }
}
