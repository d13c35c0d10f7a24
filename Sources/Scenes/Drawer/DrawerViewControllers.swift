import Motion
import UIKit

/// The drawer scene's screen: "Open drawer" presents a drawer over its lower part through a
/// custom presentation controller, with the rest of the screen dimmed.
final class DrawerHomeViewController: DemoViewController {
    static let color = UIColor(red: 0x4A / 255.0, green: 0x69 / 255.0, blue: 0xBD / 255.0, alpha: 1)

    required init?(coder: NSCoder) { nil }

    init() {
        super.init(name: "drawerhome", heading: "Drawer", color: Self.color,
                   hint: "Open a drawer over the bottom of the screen")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        addButton("Open drawer") { [unowned self] in
            self.present(DrawerViewController(), animated: true)
        }
    }
}

/// Vends the drawer's presentation controller, its animators, and the drag's interaction while a
/// drag is dismissing it. Owned by the drawer: UIKit's `transitioningDelegate` is weak.
final class DrawerTransitioningDelegate: NSObject, UIViewControllerTransitioningDelegate {
    let dismissInteraction = DrawerDismissInteraction()

    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                source: UIViewController) -> UIPresentationController? {
        DrawerPresentationController(presentedViewController: presented, presenting: presenting)
    }

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        DrawerAnimator(presenting: true)
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        DrawerAnimator(presenting: false)
    }

    /// The drag's interaction while a drag runs; nil otherwise (a tap or Close), so that dismissal
    /// animates by itself.
    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning? {
        dismissInteraction.interactionInProgress ? dismissInteraction : nil
    }
}

/// The drawer: white, its top corners rounded, a grabber, a title and a Close button. It is
/// dismissed by Close, by a tap on the dimmed screen above it, or by dragging it down.
final class DrawerViewController: UIViewController {
    static let cornerRadius = 16.0
    /// iOS's sheet grabber: 36 × 5 pt, 5 pt below the top edge, a light gray capsule.
    static let grabberSize = CGSize(width: 36, height: 5)
    static let grabberTop = 5.0
    static let grabberColor = UIColor(white: 0.78, alpha: 1)
    static let titleTop = 20.0
    static let titleHeight = 44.0
    static let closeSize = CGSize(width: 80, height: 36)
    static let sideMargin = 16.0
    static let hintText = "Tap above the drawer or drag it down to close"

    private let drawerTransitioningDelegate = DrawerTransitioningDelegate()
    private let grabber = UIView()
    private let titleLabel = UILabel()
    private let hintLabel = UILabel()
    private var closeButton: UIButton?

    required init?(coder: NSCoder) { nil }

    init() {
        super.init(nibName: nil, bundle: nil)
        restorationIdentifier = "drawer"
        title = "Drawer"
        accessibilityHint = Self.hintText
        modalPresentationStyle = .custom
        transitioningDelegate = drawerTransitioningDelegate
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        view.layer.cornerRadius = Self.cornerRadius
        view.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]

        grabber.accessibilityIdentifier = "drawer-grabber"
        grabber.backgroundColor = Self.grabberColor
        grabber.layer.cornerRadius = Self.grabberSize.height / 2
        view.addSubview(grabber)

        titleLabel.accessibilityIdentifier = "drawer-title"
        titleLabel.text = "Drawer"
        titleLabel.font = .systemFont(ofSize: 20)
        titleLabel.textAlignment = .center
        view.addSubview(titleLabel)

        hintLabel.accessibilityIdentifier = "drawer-hint"
        hintLabel.text = Self.hintText
        hintLabel.font = .systemFont(ofSize: 15)
        hintLabel.textColor = .gray
        hintLabel.textAlignment = .center
        view.addSubview(hintLabel)

        let close = UIButton(type: .system, primaryAction: UIAction(title: "Close") { [unowned self] _ in
            self.dismiss(animated: true)
        })
        close.accessibilityIdentifier = "drawer-close"
        close.titleLabel?.font = .systemFont(ofSize: 17)
        view.addSubview(close)
        closeButton = close

        drawerTransitioningDelegate.dismissInteraction.attach(to: self)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let width = view.bounds.width
        grabber.frame = CGRect(x: ((width - Self.grabberSize.width) / 2).rounded(), y: Self.grabberTop,
                               width: Self.grabberSize.width, height: Self.grabberSize.height)
        let side = Self.closeSize.width + Self.sideMargin
        titleLabel.frame = CGRect(x: side, y: Self.titleTop, width: max(width - 2 * side, 0), height: Self.titleHeight)
        closeButton?.frame = CGRect(x: width - side, y: Self.titleTop + (Self.titleHeight - Self.closeSize.height) / 2,
                                    width: Self.closeSize.width, height: Self.closeSize.height)
        hintLabel.frame = CGRect(x: Self.sideMargin, y: titleLabel.frame.maxY + 12,
                                 width: max(width - 2 * Self.sideMargin, 0), height: 24)
    }
}
