import Motion
import UIKit

/// Drags the drawer down to dismiss it: a pan on the drawer starts the dismissal, progress is the
/// downward translation over the drawer's height (the dismissal scrubs linearly, so the drawer
/// stays under the finger), and on release it finishes past half way or when flung down, and
/// otherwise cancels back up.
final class DrawerDismissInteraction: UIPercentDrivenInteractiveTransition {
    /// Past this share of its height the drawer goes on down when let go.
    static let finishThreshold = 0.5
    /// Points per second: faster than this downward dismisses from any distance, and faster than
    /// this upward brings the drawer back from any distance.
    static let flingVelocity = 1000.0

    /// True from the pan's start of a dismissal to its release: the transitioning delegate vends
    /// this interaction only then, so a tap's dismissal animates on its own.
    private(set) var interactionInProgress = false
    private weak var viewController: UIViewController?

    func attach(to viewController: UIViewController) {
        self.viewController = viewController
        let pan = UIPanGestureRecognizer { [unowned self] in self.handlePan($0) }
        viewController.view.addGestureRecognizer(pan)
    }

    private func handlePan(_ recognizer: UIPanGestureRecognizer) {
        guard let viewController, let drawer = viewController.view else { return }
        let height = max(drawer.bounds.height, 1)
        // In the container's coordinates: the drawer itself moves with the finger.
        let translation = recognizer.translation(in: drawer.superview).y
        let progress = min(max(translation / height, 0), 1)
        switch recognizer.state {
        case .began:
            // A drag up has nothing to dismiss.
            guard translation > 0 || recognizer.velocity(in: nil).y > 0 else { return }
            interactionInProgress = true
            viewController.dismiss(animated: true)
            // Refused (another transition still runs): this drag drives nothing.
            if !viewController.isBeingDismissed { interactionInProgress = false }
        case .changed:
            guard interactionInProgress else { return }
            update(progress)
        case .ended:
            guard interactionInProgress else { return }
            interactionInProgress = false
            let velocity = recognizer.velocity(in: nil).y
            let finishing = velocity > Self.flingVelocity
                || (progress > Self.finishThreshold && velocity > -Self.flingVelocity)
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
