import Scenes
import UIKit

/// Slides the presented screen up from the bottom edge; the reverse on dismissal.
final class SlideUpAnimator: UIViewControllerAnimatedTransitioning {
    let presenting: Bool

    init(presenting: Bool) {
        self.presenting = presenting
    }

    func transitionDuration(using context: UIViewControllerContextTransitioning?) -> Double {
        0.4
    }

    func animateTransition(using context: UIViewControllerContextTransitioning) {
        let container = context.containerView
        guard let moving = context.viewController(forKey: presenting ? .to : .from)?.view else { return }
        if presenting {
            container.addSubview(moving)
        } else if let presenter = context.view(forKey: .to) {
            container.insertSubview(presenter, at: 0)
        }
        let below = CGAffineTransform(translationX: 0, y: container.bounds.height)
        if presenting { moving.transform = below }
        UIView.animate(withDuration: 0.4, delay: 0, options: .curveEaseOut, animations: {
            moving.transform = self.presenting ? .identity : below
        }, completion: { _ in
            context.completeTransition(!context.transitionWasCancelled)
        })
    }
}

/// A screen with one button that presents a card through the animator above.
final class HomeViewController: UIViewController, UIViewControllerTransitioningDelegate {
    override func viewDidLoad() {
        super.viewDidLoad()
        view.accessibilityIdentifier = "home"
        view.backgroundColor = UIColor(red: 0.15, green: 0.27, blue: 0.33, alpha: 1)
        let open = UIButton(type: .system)
        open.setTitle("Open", for: .normal)
        open.frame = CGRect(x: 95, y: 700, width: 200, height: 50)
        open.accessibilityIdentifier = "home-open"
        open.addTarget(self, action: Selector(HomeViewController.openCard), for: .touchUpInside)
        view.addSubview(open)
    }

    func openCard() {
        let card = UIViewController()
        card.view.accessibilityIdentifier = "card"
        card.view.backgroundColor = UIColor(red: 0.91, green: 0.77, blue: 0.42, alpha: 1)
        card.transitioningDelegate = self
        present(card, animated: true)
    }

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        SlideUpAnimator(presenting: true)
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        SlideUpAnimator(presenting: false)
    }
}

/// The scene: give it to `SegueCommandLine.main(scenes:)` to serve or record it, or to `SceneRun` to test it.
let slideUp = Scene(name: "slide-up", hint: "Tap Open") { HomeViewController() }
