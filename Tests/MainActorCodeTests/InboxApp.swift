import UIKit

// Transition code as it is written for iOS with Swift 6: controllers and animators on the main
// actor, as UIKit's types and protocols are; an animator declared `@MainActor` explicitly; a
// timer's block hopping back with `MainActor.assumeIsolated`; a nonisolated method doing the same;
// `DispatchQueue.main` work touching views. This one file is built twice, unchanged: in the Swift 6
// language mode (MainActorCodeTests) and in the Swift 5 one (MainActorCodeSwift5Tests, a link to
// it), neither with a default isolation of its own. It imports UIKit only, as an app's file does
// (`Timer` and `DispatchQueue` are then the scene's; see the UIKit catalog's "Main actor and scheduled work").

@MainActor
final class FadeInAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    static let duration: TimeInterval = 0.5

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        Self.duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let toController = transitionContext.viewController(forKey: .to),
              let toView = transitionContext.view(forKey: .to) else { return }
        toView.frame = transitionContext.finalFrame(for: toController)
        toView.alpha = 0
        transitionContext.containerView.addSubview(toView)
        UIView.animate(withDuration: Self.duration, delay: 0, options: [.curveLinear]) {
            toView.alpha = 1
        } completion: { _ in
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
    }
}

final class InboxViewController: UIViewController, UIViewControllerTransitioningDelegate {
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        let open = UIButton(type: .system, primaryAction: UIAction(title: "Open") { [weak self] _ in
            self?.openMessage()
        })
        open.accessibilityIdentifier = "open"
        open.frame = CGRect(x: 20, y: 120, width: 200, height: 44)
        view.addSubview(open)
    }

    func openMessage() {
        let message = MessageViewController()
        message.modalPresentationStyle = .fullScreen
        message.transitioningDelegate = self
        present(message, animated: true)
    }

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        FadeInAnimator()
    }
}

final class MessageViewController: UIViewController {
    let badge = UILabel()
    private(set) var badgeShownAt: TimeInterval?

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemIndigo
        view.accessibilityIdentifier = "message"
        badge.accessibilityIdentifier = "badge"
        badge.text = "Unread"
        badge.frame = CGRect(x: 20, y: 200, width: 120, height: 32)
        badge.alpha = 0
        view.addSubview(badge)
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        Timer.scheduledTimer(withTimeInterval: 0.25, repeats: false) { [weak self] _ in
            MainActor.assumeIsolated { self?.badgeTimerFired() }
        }
    }

    /// What iOS code calls from a context Swift cannot see the isolation of (a C callback, a
    /// notification): it asserts the main actor, and is on it.
    nonisolated func badgeTimerFired() {
        MainActor.assumeIsolated {
            DispatchQueue.main.async { self.badge.alpha = 1 }
        }
    }
}
