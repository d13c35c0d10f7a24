import UIKit

/// The app's tabs: the cards, inside a navigation controller, and a second screen. Tab switches
/// cross-fade through the delegate's animator; the navigation delegate keeps a log of what it showed.
class AppTabBarController: UITabBarController, UITabBarControllerDelegate, UINavigationControllerDelegate {
    private(set) var shownControllers: [String] = []
    private(set) var selectedTabs: [Int] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        let cards = CardsViewController()
        let navigation = UINavigationController(rootViewController: cards)
        navigation.delegate = self
        navigation.tabBarItem.title = "Cards"
        let about = UIViewController()
        about.title = "About"
        about.view.backgroundColor = .systemTeal
        about.view.accessibilityIdentifier = "about"
        viewControllers = [navigation, about]
        delegate = self
    }

    func tabBarController(_ tabBarController: UITabBarController,
                          animationControllerForTransitionFrom fromVC: UIViewController,
                          to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        return FadeAnimator()
    }

    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
        selectedTabs.append(tabBarController.selectedIndex)
    }

    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController,
                              animated: Bool) {
        shownControllers.append(viewController.title ?? "")
    }
}

/// A quarter-second cross-fade.
class FadeAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        return 0.25
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let toView = transitionContext.view(forKey: .to) else {
            transitionContext.completeTransition(false)
            return
        }
        transitionContext.containerView.addSubview(toView)
        toView.alpha = 0
        UIView.animate(withDuration: transitionDuration(using: transitionContext), animations: {
            toView.alpha = 1
        }, completion: { finished in
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
}
