import Motion
import UIKit

/// The tutorial's percent-driven interaction controller (000/003): a right-edge swipe presents the
/// next controller, a left-edge swipe dismisses this one; progress follows the finger.
final class SlideInteractionController: UIPercentDrivenInteractiveTransition {
    /// Points of right-edge travel for a full present (the tutorial's 400).
    static let presentDistance = 400.0
    /// Points of left-edge travel for a full dismiss (the tutorial's 1000, to stay in step with the finger).
    static let dismissDistance = 1000.0
    /// A released swipe finishes past this progress, else cancels.
    static let finishThreshold = 0.35

    var interactionInProgress = false
    private var shouldCompleteTransition = false
    private weak var viewController: SlideViewController?

    init(viewController: SlideViewController) {
        super.init()
        self.viewController = viewController
        let leftGesture = UIScreenEdgePanGestureRecognizer { [unowned self] in self.handleGesture($0) }
        leftGesture.edges = .left
        viewController.view.addGestureRecognizer(leftGesture)
        let rightGesture = UIScreenEdgePanGestureRecognizer { [unowned self] in self.handleGesture($0) }
        rightGesture.edges = .right
        viewController.view.addGestureRecognizer(rightGesture)
    }

    func handleGesture(_ gestureRecognizer: UIScreenEdgePanGestureRecognizer) {
        let translation = gestureRecognizer.translation(in: gestureRecognizer.view?.superview)
        var progress: Double
        if gestureRecognizer.edges == .right {
            // Swiping in from the right is a negative translation.x.
            progress = abs(translation.x) / Self.presentDistance
        } else {
            progress = translation.x / Self.dismissDistance
        }
        progress = min(max(progress, 0), 1)

        switch gestureRecognizer.state {
        case .began:
            interactionInProgress = true
            if gestureRecognizer.edges == .right {
                setupAndPresentNextViewController()
            } else {
                viewController?.dismiss(animated: true)
            }
        case .changed:
            shouldCompleteTransition = progress > Self.finishThreshold
            update(progress)
        case .cancelled:
            interactionInProgress = false
            cancel()
        case .ended:
            interactionInProgress = false
            if shouldCompleteTransition {
                finish()
            } else {
                cancel()
            }
        default:
            break
        }
    }

    private func setupAndPresentNextViewController() {
        guard let viewController, let next = viewController.makeNext() else {
            interactionInProgress = false
            return
        }
        next.transitioningDelegate = viewController
        viewController.present(next, animated: true)
    }
}
