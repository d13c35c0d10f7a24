import Motion

/// `UITabBarControllerDelegate`: answers a tap on a tab, and vends the animator for a tab switch.
@preconcurrency @MainActor public protocol UITabBarControllerDelegate: AnyObject {
    /// Asked when a person taps a tab (not when code sets the selection); false: nothing happens.
    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool
    /// After a tap selected a tab, the selected one included; never for a selection made in code.
    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController)
    func tabBarController(_ tabBarController: UITabBarController,
                          animationControllerForTransitionFrom fromVC: UIViewController,
                          to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning?
    func tabBarController(_ tabBarController: UITabBarController,
                          interactionControllerFor animationController: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning?
}

extension UITabBarControllerDelegate {
    public func tabBarController(_ tabBarController: UITabBarController,
                                 shouldSelect viewController: UIViewController) -> Bool { true }
    public func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {}
    public func tabBarController(_ tabBarController: UITabBarController,
                                 animationControllerForTransitionFrom fromVC: UIViewController,
                                 to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? { nil }
    public func tabBarController(_ tabBarController: UITabBarController,
                                 interactionControllerFor animationController: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning? { nil }
}

/// `UITabBarController`: a row of tab buttons along the bottom and the selected tab's controller
/// above it; a switch, by a tap or by setting `selectedIndex` or `selectedViewController`, runs
/// through the delegate's animator, or a default cross-fade. The selection (and the bar's tint)
/// changes as the switch starts, and goes back if an interactive switch is cancelled.
@preconcurrency @MainActor open class UITabBarController: UIViewController {
    /// The tab bar's height, in points (UIKit's 49 without the home-indicator inset).
    public static let tabBarHeight = 49.0

    private var tabs: [UIViewController] = [] {
        didSet { controllersDidChange() }
    }
    private var selectedTab = 0 {
        didSet { controllersDidChange() }
    }
    public weak var delegate: UITabBarControllerDelegate?
    /// Holds the selected controller's view: the transitions' container.
    public let contentView = UIView(name: "tab-content")
    public let tabBar = UIView(name: "tab-bar")
    /// The bar's top edge: UIKit's 1-pixel shadow line (0.33 pt at 3×, black at 30 %).
    let tabBarHairline = UIView(name: "tab-bar-hairline")
    static let hairlineThickness = 1.0 / 3.0
    static let hairlineColor = UIColor(white: 0, alpha: 0.3)
    /// One control per tab: the whole cell takes the tap; its icon and label are drawn inside it.
    private var tabButtons: [(button: UIButton, icon: UIView, label: UIView)] = []
    /// UIKit's stacked tab item on a phone: a 25-pt icon 7 pt from the top, a 10-pt label under it.
    static let iconSide = 25.0
    static let iconTop = 7.0
    static let labelTop = 33.0
    static let labelHeight = 12.0
    static let labelFontSize = 10.0

    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    public required init?(coder: NSCoder) { nil }

    override var defaultName: String { "tabs" }

    /// `viewControllers`: the tabs, in order; setting them shows them at once (no animation).
    open var viewControllers: [UIViewController]? {
        get { tabs.isEmpty ? nil : tabs }
        set { setViewControllers(newValue, animated: false) }
    }

    /// `setViewControllers(_:animated:)`: replaces the tabs; the selection stays on the same index
    /// where it can, else the first tab.
    open func setViewControllers(_ viewControllers: [UIViewController]?, animated: Bool) {
        let shown = isViewLoaded ? selectedViewController : nil
        for controller in tabs where !(viewControllers ?? []).contains(where: { $0 === controller }) {
            controller.removeFromParent()
        }
        tabs = viewControllers ?? []
        for controller in tabs where controller.parent !== self { addChild(controller) }
        if !tabs.indices.contains(selectedTab) { selectedTab = 0 }
        guard isViewLoaded else { return }
        if let shown, shown !== selectedViewController { shown.view.removeFromSuperview() }
        if let selected = selectedViewController, selected.view.superview !== contentView {
            contentView.addSubview(selected.view)
        }
        rebuildTabButtons()
        viewDidLayoutSubviews()
    }

    /// `selectedIndex`: setting it switches to that tab, through the delegate's animator.
    open var selectedIndex: Int {
        get { selectedTab }
        set { select(newValue, animated: true) }
    }

    /// `selectedViewController`: setting it selects that controller's tab.
    open var selectedViewController: UIViewController? {
        get { tabs.indices.contains(selectedTab) ? tabs[selectedTab] : nil }
        set {
            guard let newValue, let index = tabs.firstIndex(where: { $0 === newValue }) else { return }
            selectedIndex = index
        }
    }

    override var contentViewController: UIViewController? { selectedViewController }

    /// The selected tab decides the status bar, as UIKit's tab bar controller lets it.
    open override var childForStatusBarStyle: UIViewController? { selectedViewController }

    open override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        tabBar.backgroundColor = UIColor(hex: 0xF7F7F7)
        view.addSubview(contentView)
        view.addSubview(tabBar)
        tabBarHairline.backgroundColor = Self.hairlineColor
        tabBarHairline.isUserInteractionEnabled = false
        tabBar.addSubview(tabBarHairline)
        rebuildTabButtons()
        if let selected = selectedViewController { contentView.addSubview(selected.view) }
    }

    /// One button per tab, named after its controller: "tab-list".
    private func rebuildTabButtons() {
        for tab in tabButtons { tab.button.removeFromSuperview() }
        tabButtons.removeAll()
        for (index, controller) in tabs.enumerated() {
            let button = UIButton(title: "", name: "tab-\(controller.name)") { [unowned self] in
                self.tapTab(at: index)
            }
            button.text = nil
            let icon = UIView(name: "tab-\(controller.name)-icon")
            icon.glyph = controller.tabBarItem.image
            icon.isHidden = icon.glyph == nil
            let label = UIView(name: "tab-\(controller.name)-label")
            label.text = controller.tabBarItem.title ?? controller.title ?? controller.name
            label.fontSize = icon.glyph == nil ? button.fontSize : Self.labelFontSize
            // UITabBarItem's title is 10-pt medium.
            label.fontWeight = .medium
            for part in [icon, label] {
                part.isUserInteractionEnabled = false
                button.addSubview(part)
            }
            tabButtons.append((button, icon, label))
            tabBar.addSubview(button)
        }
        updateTabTints()
    }

    /// A tap on a tab: the delegate may refuse it; it is told of it after, even for the selected tab.
    private func tapTab(at index: Int) {
        guard tabs.indices.contains(index) else { return }
        let controller = tabs[index]
        if let delegate, !delegate.tabBarController(self, shouldSelect: controller) { return }
        select(index, animated: true)
        delegate?.tabBarController(self, didSelect: controller)
    }

    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let bounds = view.bounds
        let safeArea = view.safeAreaInsets
        // The bar stands on the home indicator's inset, which its background fills (UIKit's 49 + 34).
        let barHeight = Self.tabBarHeight + safeArea.bottom
        contentView.frame = CGRect(x: 0, y: 0, width: bounds.width, height: max(bounds.height - barHeight, 0))
        tabBar.frame = CGRect(x: 0, y: contentView.frame.maxY, width: bounds.width, height: barHeight)
        tabBarHairline.frame = CGRect(x: 0, y: 0, width: bounds.width, height: Self.hairlineThickness)
        let itemsWidth = max(bounds.width - safeArea.left - safeArea.right, 0)
        let width = itemsWidth / CGFloat(max(tabButtons.count, 1))
        for (index, tab) in tabButtons.enumerated() {
            tab.button.frame = CGRect(x: safeArea.left + Double(index) * width, y: 0, width: width, height: Self.tabBarHeight)
            tab.icon.frame = CGRect(x: (width - Self.iconSide) / 2, y: Self.iconTop, width: Self.iconSide, height: Self.iconSide)
            // Without an icon the label fills the item, as before glyphs.
            tab.label.frame = tab.icon.glyph == nil
                ? CGRect(x: 0, y: 0, width: width, height: Self.tabBarHeight)
                : CGRect(x: 0, y: Self.labelTop, width: width, height: Self.labelHeight)
        }
        selectedViewController?.layout(in: contentView.bounds, safeArea: contentSafeArea)
    }

    /// The content's safe area: the tab controller's, minus the bottom the bar covers.
    private var contentSafeArea: UIEdgeInsets {
        view.safeAreaInsets.clipped(to: contentView.frame, in: view.bounds)
    }

    /// Switches to the tab at `index`: at once when not on screen, otherwise through the delegate's
    /// animator (or the cross-fade).
    private func select(_ index: Int, animated: Bool) {
        guard index != selectedTab, tabs.indices.contains(index) else { return }
        guard isViewLoaded, let from = selectedViewController, let window = self.window else {
            selectedTab = index
            return
        }
        guard window.transitions.admit("switching to tab \(index)") else { return }
        let previous = selectedTab
        let to = tabs[index]
        to.layout(in: contentView.bounds, safeArea: contentSafeArea)
        let runner = window.transitions
        let custom = delegate?.tabBarController(self, animationControllerForTransitionFrom: from, to: to)
        let animator = custom ?? CrossDissolveAnimator()
        let interactor = custom.flatMap { delegate?.tabBarController(self, interactionControllerFor: $0) }
        let context = TransitionContext(
            operation: .tab, from: from, to: to, containerView: contentView, containerViewController: self,
            animated: animated, style: .fullScreen, animator: animator, engine: window.engine
        ) { context, didComplete in
            let completed = didComplete && !context.transitionWasCancelled
            if completed {
                if to.view.superview !== self.contentView { self.contentView.addSubview(to.view) }
                from.view.removeFromSuperview()
                from.endAppearance()
                to.endAppearance()
            } else {
                to.view.removeFromSuperview()
                self.selectedTab = previous
                self.updateTabTints()
                to.cancelAppearance(appearing: true)
                from.cancelAppearance(appearing: false)
            }
            animator.animationEnded(completed)
        }
        runner.run(context, interactor: interactor) {
            from.beginAppearance(false, animated: animated)
            to.beginAppearance(true, animated: animated)
            self.selectedTab = index
            self.updateTabTints()
        }
    }

    private func updateTabTints() {
        for (index, tab) in tabButtons.enumerated() {
            // The selected item is drawn in the tint (so it dims); the others in gray.
            let isSelected = index == selectedTab
            for part in [tab.icon, tab.label] {
                part.textColor = isSelected ? .systemBlue : .systemGray
                part.textColorIsTint = isSelected
            }
        }
    }
}
