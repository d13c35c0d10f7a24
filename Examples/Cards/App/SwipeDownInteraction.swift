import UIKit

/// Lets a person drag a presented card down to dismiss it, following the finger.
class SwipeDownInteraction: UIPercentDrivenInteractiveTransition {
    private(set) var isInteracting = false
    private weak var viewController: UIViewController?

    init(viewController: UIViewController) {
        self.viewController = viewController
        super.init()
        let pan = UIPanGestureRecognizer(target: self, action: #selector(handlePan(_:)))
        viewController.view.addGestureRecognizer(pan)
    }

    @objc func handlePan(_ gesture: UIPanGestureRecognizer) {
        guard let view = gesture.view else { return }
        let translation = gesture.translation(in: view.superview)
        let progress = max(0, min(1, translation.y / view.bounds.height))
        switch gesture.state {
        case .began:
            isInteracting = true
            viewController?.dismiss(animated: true, completion: nil)
        case .changed:
            update(progress)
        case .ended:
            isInteracting = false
            let velocity = gesture.velocity(in: view.superview).y
            if progress > 0.3 || velocity > 800 {
                finish()
            } else {
                cancel()
            }
        case .cancelled:
            isInteracting = false
            cancel()
        default:
            break
        }
    }
}
