import Motion
import UIKit

/// The navigation stack's root: the navigation controller's delegate, vending the fades.
final class ListViewController: DemoViewController, UINavigationControllerDelegate {
    required init?(coder: NSCoder) { nil }

    init() {
        super.init(name: "list", heading: "List", color: UIColor(hex: 0x2C3E50), hint: "Open the detail, then pan to go back")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        addButton("Open detail") { [unowned self] in
            self.navigationController?.pushViewController(DetailViewController(), animated: true)
        }
    }

    func navigationController(_ navigationController: UINavigationController,
                              animationControllerFor operation: UINavigationController.Operation,
                              from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        if operation == .pop, let detail = fromVC as? DetailViewController { return detail.fadeTransition }
        return FadeAnimator()
    }

    func navigationController(_ navigationController: UINavigationController,
                              interactionControllerFor animationController: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning? {
        guard let fade = animationController as? FadeTransition, fade.usingGesture else { return nil }
        return fade
    }
}

/// The pushed controller: a pan anywhere on it pops interactively.
final class DetailViewController: DemoViewController {
    private(set) var fadeTransition: FadeTransition!

    required init?(coder: NSCoder) { nil }

    init() {
        super.init(name: "detail", heading: "Detail", color: UIColor(hex: 0xD35400), hint: "Pan right to go back")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        fadeTransition = FadeTransition(transitioningController: self)
        view.addGestureRecognizer(UIPanGestureRecognizer { [unowned self] in self.fadeTransition.didPan($0) })
        addButton("Back") { [unowned self] in self.navigationController?.popViewController(animated: true) }
    }
}

/// The second tab.
final class AboutViewController: DemoViewController {
    required init?(coder: NSCoder) { nil }

    init() {
        super.init(name: "about", heading: "About", color: UIColor(hex: 0x7F8C8D), hint: "Tab switches fade too")
    }
}

/// The tab bar whose delegate vends an animated switch (the fade).
final class FadeTabBarController: UITabBarController, UITabBarControllerDelegate {
    required init?(coder: NSCoder) { nil }

    init() {
        let list = ListViewController()
        let navigation = UINavigationController(rootViewController: list)
        navigation.title = "Navigation"
        navigation.tabBarItem.image = .list
        navigation.delegate = list
        let about = AboutViewController()
        about.tabBarItem.image = .person
        super.init(nibName: nil, bundle: nil)
        viewControllers = [navigation, about]
        delegate = self
    }

    func tabBarController(_ tabBarController: UITabBarController, animationControllerForTransitionFrom fromVC: UIViewController,
                          to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        FadeAnimator()
    }
}
