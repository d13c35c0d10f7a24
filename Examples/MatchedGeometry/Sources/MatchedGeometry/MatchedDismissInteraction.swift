import Motion
import UIKit

/// A left-edge swipe that scrubs the dismissal: progress is the finger's travel over the screen's
/// width; a release past ``finishThreshold``, or a flick right faster than ``flickVelocity``,
/// finishes, anything else flies the views back.
public final class MatchedDismissInteraction: UIPercentDrivenInteractiveTransition {
    public static let finishThreshold = 0.4
    /// Points per second to the right that finish a dismissal whatever the progress.
    public static let flickVelocity = 800.0

    public private(set) var isInteracting = false
    private weak var controller: UIViewController?

    public init(dismissing controller: UIViewController) {
        self.controller = controller
        super.init()
        let edgePan = UIScreenEdgePanGestureRecognizer { [unowned self] in self.handle($0) }
        edgePan.edges = .left
        controller.view.addGestureRecognizer(edgePan)
    }

    private func handle(_ gesture: UIScreenEdgePanGestureRecognizer) {
        guard let view = controller?.view else { return }
        let progress = min(max(gesture.translation(in: view).x / max(view.bounds.width, 1), 0), 1)
        switch gesture.state {
        case .began:
            isInteracting = true
            controller?.dismiss(animated: true)
        case .changed:
            update(progress)
        case .ended:
            isInteracting = false
            if progress > Self.finishThreshold || gesture.velocity(in: view).x > Self.flickVelocity {
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
