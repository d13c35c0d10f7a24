import Motion
import UIKit

/// The menu scene's first screen: buttons for the card and the menu, the physics toggle, and the
/// left-edge swipe that drags the menu in.
final class HomeViewController: DemoViewController, UIViewControllerTransitioningDelegate {
    private(set) var menuInteractor: MenuInteractor!
    private var physicsButton: UIButton?

    required init?(coder: NSCoder) { nil }

    init() {
        super.init(name: "home", heading: "Home", color: UIColor(hex: 0x34495E), hint: "Swipe from the left edge for the menu")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        menuInteractor = MenuInteractor(parentViewController: self)
        let edge = UIScreenEdgePanGestureRecognizer { [unowned self] in self.menuInteractor.userDidPan($0) }
        edge.edges = .left
        view.addGestureRecognizer(edge)
        addButton("Show card") { [unowned self] in
            let card = CardViewController()
            card.modalPresentationStyle = .custom
            card.transitioningDelegate = self
            self.present(card, animated: true)
        }
        addButton("Open menu") { [unowned self] in self.menuInteractor.presentMenu(animated: true) }
        physicsButton = addButton("Physics: off") { [unowned self] in self.togglePhysics() }
    }

    private func togglePhysics() {
        menuInteractor.usesDynamics.toggle()
        physicsButton?.setTitle(menuInteractor.usesDynamics ? "Physics: on" : "Physics: off", for: .normal)
    }

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        CardTransitionAnimator(presenting: true)
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        CardTransitionAnimator(presenting: false)
    }
}

/// The card: a small controller presented over a dimmed Home.
final class CardViewController: UIViewController {
    private var closeButton: UIButton?

    required init?(coder: NSCoder) { nil }

    init() {
        super.init(nibName: nil, bundle: nil)
        restorationIdentifier = "card"
        accessibilityHint = "Tap the card to close it"
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        view.layer.cornerRadius = 12
        view.clipsToBounds = true
        // Lifted off the dimmed Home, as an iOS card or alert is (not the tutorial's: its card is flat).
        view.layer.shadowOpacity = 0.25
        view.layer.shadowRadius = 16
        view.layer.shadowOffset = CGSize(width: 0, height: 8)
        let close = UIButton(type: .system, primaryAction: UIAction(title: "Close") { [unowned self] _ in
            self.dismiss(animated: true)
        })
        close.accessibilityIdentifier = "card-close"
        close.titleLabel?.font = .systemFont(ofSize: 17)
        view.addSubview(close)
        closeButton = close
    }

    override func layoutFrame(in bounds: CGRect) -> CGRect {
        CardTransitionAnimator.endFrame(in: bounds)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        closeButton?.frame = view.bounds
    }
}

/// The menu: full screen, dragged in from the left; a right-edge swipe drags it back out.
final class MenuViewController: DemoViewController {
    private unowned let interactor: MenuInteractor

    required init?(coder: NSCoder) { nil }

    init(interactor: MenuInteractor) {
        self.interactor = interactor
        super.init(name: "menu", heading: "Menu", color: UIColor(hex: 0x8E44AD), hint: "Swipe from the right edge to close")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        // The menu's right edge casts a shadow on Home as it slides over it (not the tutorial's).
        view.layer.shadowOpacity = 0.3
        view.layer.shadowRadius = 10
        view.layer.shadowOffset = CGSize(width: 3, height: 0)
        let edge = UIScreenEdgePanGestureRecognizer { [unowned self] in self.interactor.userDidPan($0) }
        edge.edges = .right
        view.addGestureRecognizer(edge)
        addButton("Close menu") { [unowned self] in self.interactor.dismissMenu() }
    }
}
