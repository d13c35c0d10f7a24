import Motion
import UIKit

/// First, Second and Third: each is the transitioning delegate of the one it presents, and owns the
/// interaction controller its own edge swipes drive.
final class SlideViewController: DemoViewController, UIViewControllerTransitioningDelegate {
    enum Position: Int {
        case first, second, third
    }

    let position: Position
    private(set) var slideInteractionController: SlideInteractionController?

    required init?(coder: NSCoder) { nil }

    init(_ position: Position) {
        self.position = position
        let names = ["first", "second", "third"]
        let headings = ["First", "Second", "Third"]
        let colors = [UIColor(hex: 0x2E86DE), UIColor(hex: 0xE67E22), UIColor(hex: 0x27AE60)]
        let hints = ["Swipe from the right edge", "Swipe from either edge", "Swipe from the left edge"]
        super.init(name: names[position.rawValue], heading: headings[position.rawValue],
                   color: colors[position.rawValue], hint: hints[position.rawValue])
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        slideInteractionController = SlideInteractionController(viewController: self)
        if position != .third {
            addButton("Next") { [unowned self] in
                guard let next = self.makeNext() else { return }
                next.transitioningDelegate = self
                self.present(next, animated: true)
            }
        }
        if position != .first {
            addButton("Back") { [unowned self] in self.dismiss(animated: true) }
        }
    }

    /// The controller a right-edge swipe or the Next button presents (the storyboard's segue).
    func makeNext() -> SlideViewController? {
        Position(rawValue: position.rawValue + 1).map(SlideViewController.init)
    }

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        SlidePresentAnimationController(originFrame: view.frame, interactionController: slideInteractionController)
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        // Only the controller being dismissed drives its own dismissal interactively.
        let interaction = (dismissed as? SlideViewController)?.slideInteractionController
        return SlideDismissAnimationController(destinationFrame: view.frame, interactionController: interaction)
    }

    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning? {
        guard let animator = animator as? SlideDismissAnimationController,
              let interactionController = animator.interactionController,
              interactionController.interactionInProgress else { return nil }
        return interactionController
    }

    func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning? {
        guard let animator = animator as? SlidePresentAnimationController,
              let interactionController = animator.interactionController,
              interactionController.interactionInProgress else { return nil }
        return interactionController
    }
}
