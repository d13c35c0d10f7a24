import Motion
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
    init() {
        super.init(name: "home")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = Color(hex: 0x264653)
        let open = UIButton(title: "Open", name: "home-open", frame: CGRect(x: 95, y: 700, width: 200, height: 50)) {
            [unowned self] in
            let card = UIViewController(name: "card")
            card.view.backgroundColor = Color(hex: 0xE9C46A)
            card.transitioningDelegate = self
            present(card, animated: true)
        }
        view.addSubview(open)
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
