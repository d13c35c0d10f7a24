import Motion

/// `UIViewController`: owns a view (loaded lazily), gets appearance callbacks in UIKit's order,
/// presents and dismisses other controllers, and contains children.
@preconcurrency @MainActor open class UIViewController {
    /// `restorationIdentifier`: here, the controller's name (`name`).
    public var restorationIdentifier: String?
    /// The nib `init(nibName:bundle:)` was given. There are no nibs here: `loadView` makes a plain
    /// view whatever it names.
    public let nibName: String?
    public let nibBundle: Bundle?
    /// What tab buttons, headings and the navigation bar show.
    public var title: String?
    /// `navigationItem`: what this controller puts in a navigation bar (its title wins over `title`).
    public let navigationItem = UINavigationItem()
    /// `tabBarItem`: what this controller's tab shows in a tab bar controller.
    public let tabBarItem = UITabBarItem()
    /// `accessibilityHint`: what a person can do on this screen, in a few words ("Swipe from the
    /// left edge for the menu"); the page's hint pill shows the visible controller's
    /// (`DisplayList.hint`), as VoiceOver would read it.
    public var accessibilityHint: String? {
        didSet { controllersDidChange() }
    }

    private var loadedView: UIView?
    public internal(set) weak var parent: UIViewController?
    public internal(set) var children: [UIViewController] = []
    public internal(set) weak var presentingViewController: UIViewController?
    public internal(set) var presentedViewController: UIViewController? {
        didSet { controllersDidChange() }
    }
    public var modalPresentationStyle: UIModalPresentationStyle = .fullScreen {
        didSet { controllersDidChange() }
    }
    /// `modalTransitionStyle`: how a presentation of this controller moves when its transitioning
    /// delegate gives no animator; `.coverVertical` by default.
    public var modalTransitionStyle: UIModalTransitionStyle = .coverVertical
    /// Weak, as in UIKit: whoever vends the animators keeps itself alive.
    public weak var transitioningDelegate: UIViewControllerTransitioningDelegate?
    /// Whether a presentation or dismissal of this controller is running, from `present` or
    /// `dismiss` until after its `viewDidAppear` or `viewDidDisappear`.
    var modalTransition: ModalTransition?

    /// `isBeingPresented`: true while this controller's presentation runs, from its
    /// `viewWillAppear` to its `viewDidAppear` included.
    public var isBeingPresented: Bool { modalTransition == .presenting }

    /// `isBeingDismissed`: true while this controller's dismissal runs, from its
    /// `viewWillDisappear` to its `viewDidDisappear` included.
    public var isBeingDismissed: Bool { modalTransition == .dismissing }

    /// The window this controller's hierarchy is shown in, once it is. Not retained and not `weak`
    /// (a weak reference would put the window's counts in a side table, slowing every frame's
    /// retains of it): the window clears it when it lets go of its root controller or goes away.
    /// Checked in debug builds (`UnownedReference`).
    var attachedWindow: UIWindow? {
        get { attachedWindowReference.object }
        set { attachedWindowReference.object = newValue }
    }
    private var attachedWindowReference = UnownedReference<UIWindow>("UIViewController.attachedWindow")
    /// For a presented controller: the container view its presentation put on the window.
    var presentationContainer: UIView?
    /// Backs `presentationController`: the controller a presentation of this one runs with, a
    /// built-in style's (made when first asked for, kept across presentations) or the one a
    /// transitioning delegate vended for a `.custom` presentation (kept from the presentation's
    /// start to the dismissal's end).
    var presentationControllerStorage: UIPresentationController?
    /// Where this controller's view was before a `.currentContext` presentation over it took it off
    /// the screen, to put it back for the dismissal.
    var coveredViewHome: (superview: UIView, index: Int)?
    /// Appearance state, so callbacks come in pairs and in order.
    var appearance: AppearanceState = .disappeared

    /// `isModalInPresentation`: while true, a person cannot dismiss this controller (a sheet
    /// resists the swipe down and ignores taps on its dimming); its presentation controller's
    /// delegate hears of each attempt. False by default.
    public var isModalInPresentation = false

    /// `modalPresentationCapturesStatusBarAppearance`: whether this controller, presented without
    /// covering its presenter (a sheet, `.overFullScreen`, `.custom`), decides the status bar's
    /// style instead of its presenter. False by default; a covering presentation always decides.
    public var modalPresentationCapturesStatusBarAppearance = false {
        didSet { controllersDidChange() }
    }

    /// `definesPresentationContext`: whether a `.currentContext` or `.overCurrentContext`
    /// presentation from this controller or one of its descendants covers this controller's view
    /// (rather than the window's root). False by default; a navigation controller's is true, as in UIKit.
    open var definesPresentationContext = false

    /// `init(nibName:bundle:)`, the designated initializer.
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        nibName = nibNameOrNil
        nibBundle = nibBundleOrNil
    }

    public convenience init() {
        self.init(nibName: nil, bundle: nil)
    }

    /// `init?(coder:)`, required as in UIKit, for subclasses written for it: there are no archives
    /// here (storyboards), so it makes no controller.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// A controller named `name` (Segue's own containers, tests).
    package convenience init(name: String) {
        self.init(nibName: nil, bundle: nil)
        restorationIdentifier = name
    }

    /// What logs and the testing kit call this controller, and the name its root view shows in the
    /// display list while the view has no `accessibilityIdentifier`: `restorationIdentifier` where
    /// set, else its view's identifier, else the class's name without UIKit's prefix and without
    /// "ViewController", in lower camel case ("photoDetail"; "viewController" for a plain one).
    package var name: String { restorationIdentifier ?? loadedView?.accessibilityIdentifier ?? defaultName }

    /// The name of a controller without a `restorationIdentifier`.
    var defaultName: String {
        var typeName = String(describing: type(of: self))
        if typeName.hasPrefix("UI"), typeName.dropFirst(2).first?.isUppercase == true { typeName.removeFirst(2) }
        for suffix in ["ViewController", "Controller"] where typeName.hasSuffix(suffix) && typeName.count > suffix.count {
            typeName.removeLast(suffix.count)
            break
        }
        return typeName.prefix(1).lowercased() + typeName.dropFirst()
    }

    /// `view`: made by `loadView` on first use, then `viewDidLoad`. A root view without an
    /// identifier shows the controller's name.
    public var view: UIView! {
        get {
            loadViewIfNeeded()
            return loadedView
        }
        set {
            loadedView = newValue
            if let newValue, newValue.accessibilityIdentifier == nil { newValue.name = name }
        }
    }

    public var viewIfLoaded: UIView? { loadedView }

    public var isViewLoaded: Bool { loadedView != nil }

    public func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        loadView()
        if loadedView == nil { view = UIView() }
        viewDidLoad()
    }

    /// Creates the view; the default is a plain view, named after the controller.
    open func loadView() {
        view = UIView()
    }

    open func viewDidLoad() {}
    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}
    /// Called after the view's size changed; position subviews here.
    open func viewDidLayoutSubviews() {}

    /// `viewWillTransition(to:with:)` (`UIContentContainer`): the window's size is about to change
    /// (a rotation) and this controller's view with it, to `size`. Called before the new layout,
    /// so the view still has its old size; animations registered with `coordinator` run with the
    /// change, its completions after it (`SizeTransitionCoordinator`). The default tells every
    /// child, with the same size (UIKit asks `size(forChildContentContainer:withParentContainerSize:)`,
    /// whose default answers the parent's size): an override must call super.
    open func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
        for child in children {
            child.viewWillTransition(to: self.size(forChildContentContainer: child, withParentContainerSize: size),
                                     with: coordinator)
        }
    }

    /// `preferredContentSize`: the size this controller would like its container to give its view;
    /// `.zero` (no preference) by default. A change tells the container: the presentation
    /// controller while presented by one, else the parent
    /// (`preferredContentSizeDidChange(forChildContentContainer:)`).
    open var preferredContentSize: CGSize = .zero {
        didSet {
            guard preferredContentSize != oldValue else { return }
            let container: UIContentContainer? = activePresentationController ?? parent
            container?.preferredContentSizeDidChange(forChildContentContainer: self)
        }
    }

    /// `preferredContentSizeDidChange(forChildContentContainer:)`: a child's preferred size
    /// changed. Does nothing by default.
    open func preferredContentSizeDidChange(forChildContentContainer container: UIContentContainer) {}

    /// `size(forChildContentContainer:withParentContainerSize:)`: the size a child gets in a
    /// container of `parentSize`, which the default `viewWillTransition(to:with:)` tells it;
    /// `parentSize` by default.
    open func size(forChildContentContainer container: UIContentContainer, withParentContainerSize parentSize: CGSize)
        -> CGSize {
        parentSize
    }

    /// `transitionCoordinator`: the coordinator of the presentation, dismissal, push, pop or tab
    /// switch running now in which this controller takes part (presenting or presented, pushed or
    /// popped, shown or hidden, or running it as the navigation or tab bar controller); else, as
    /// in UIKit, that of the nearest ancestor that does. Nil otherwise, and once the transition
    /// completed (in `viewDidAppear`). Already there in `viewWillAppear`, `viewWillDisappear` and
    /// the navigation delegate's `willShow`. A size change's coordinator is only handed to
    /// `viewWillTransition(to:with:)`.
    open var transitionCoordinator: UIViewControllerTransitionCoordinator? {
        guard let runner = window?.transitions, let context = runner.active else { return nil }
        var controller: UIViewController? = self
        while let current = controller {
            if context.involves(current) { return runner.activeCoordinator }
            controller = current.parent
        }
        return nil
    }

    /// `additionalSafeAreaInsets`: added to what the container gives this controller's view (the
    /// window's status bar and home indicator, a navigation or tab bar); applied at the next layout.
    public var additionalSafeAreaInsets: UIEdgeInsets = .zero

    /// The view's `safeAreaInsets`, as of its last layout: lay content out inside them.
    public var safeAreaInsets: UIEdgeInsets { view.safeAreaInsets }

    /// `preferredStatusBarStyle`: what the status bar shows while this controller decides it. Read,
    /// as UIKit reads it, when the controllers change (a presentation, a push or pop, a tab switch)
    /// or after `setNeedsStatusBarAppearanceUpdate()`, not every frame.
    open var preferredStatusBarStyle: UIStatusBarStyle { .default }

    /// `setNeedsStatusBarAppearanceUpdate()`: `preferredStatusBarStyle` changed for another reason
    /// than the controllers changing; the window reads it again at its next frame.
    public func setNeedsStatusBarAppearanceUpdate() {
        controllersDidChange()
    }

    /// Tells this controller's window that what it shows from its controllers (the visible one's
    /// hint, the status bar's style) must be found again (`UIWindow.controllerRevision`). A
    /// controller not yet in a window has nothing to tell: joining one is itself such a change.
    func controllersDidChange() {
        window?.controllerRevision &+= 1
    }

    /// `childForStatusBarStyle`: the child whose style wins over this controller's; nil for none.
    open var childForStatusBarStyle: UIViewController? { nil }

    /// Where this controller's view goes in a container of `bounds`: full size by default, the
    /// selected detent's frame for a page sheet.
    open func layoutFrame(in bounds: CGRect) -> CGRect {
        activePresentationController?.restingFrameOfPresentedView(in: bounds) ?? bounds
    }

    /// `presentationController`: the controller this one's presentation runs with. While presented,
    /// the one running it; otherwise, for a built-in style, the one UIKit makes for the current
    /// `modalPresentationStyle` (set the style first, as in UIKit), so its `delegate` can be set
    /// before presenting; nil for `.custom` until the transitioning delegate vends one.
    public var presentationController: UIPresentationController? {
        if let presentationControllerStorage,
           presentationContainer != nil || presentationControllerStorage.builtInStyle == modalPresentationStyle.resolved {
            return presentationControllerStorage
        }
        guard presentationContainer == nil, modalPresentationStyle != .custom else { return nil }
        let made = makeBuiltInPresentationController()
        presentationControllerStorage = made
        return made
    }

    /// The presentation controller UIKit makes for this controller's built-in style.
    func makeBuiltInPresentationController() -> UIPresentationController {
        let style = modalPresentationStyle.resolved
        return style.isSheet
            ? UISheetPresentationController(presentedViewController: self, builtInStyle: style)
            : UIPresentationController(presentedViewController: self, builtInStyle: style)
    }

    /// The presentation controller running this controller's presentation, while it is presented.
    var activePresentationController: UIPresentationController? {
        presentationContainer != nil ? presentationControllerStorage : nil
    }

    /// Whether this controller's presentation took its presenter's view off the screen.
    var coversPresentersView: Bool { activePresentationController?.shouldRemovePresentersView ?? false }

    public var window: UIWindow? {
        attachedWindow ?? parent?.window ?? presentingViewController?.window
    }

    // MARK: Containment

    public func addChild(_ child: UIViewController) {
        guard child.parent !== self else { return }
        child.removeFromParent()
        children.append(child)
        child.parent = self
    }

    public func removeFromParent() {
        parent?.children.removeAll { $0 === self }
        parent = nil
    }

    public var navigationController: UINavigationController? {
        var current = parent
        while let c = current {
            if let nav = c as? UINavigationController { return nav }
            current = c.parent
        }
        return nil
    }

    public var tabBarController: UITabBarController? {
        var current = parent
        while let c = current {
            if let tabs = c as? UITabBarController { return tabs }
            current = c.parent
        }
        return nil
    }

    /// The controller whose view is on top: follows presentations, navigation tops and tab selections.
    public var visibleViewController: UIViewController {
        if let presented = presentedViewController { return presented.visibleViewController }
        return contentViewController?.visibleViewController ?? self
    }

    /// The child a container shows (navigation top, selected tab); nil for a plain controller.
    var contentViewController: UIViewController? { nil }

    /// Sizes the view to `bounds` and lets the controller (and its content) lay out. `safeArea` is
    /// the container's safe area in `bounds`; the view gets the part of it its frame overlaps, plus
    /// `additionalSafeAreaInsets`. A transformed view (a presenter scaled back under a sheet) takes
    /// the frame through its bounds and center, as UIKit's frame is undefined under a transform: the
    /// transform then applies to the new size.
    func layout(in bounds: CGRect, safeArea: UIEdgeInsets) {
        let frame = layoutFrame(in: bounds)
        if view.transform.isIdentity {
            view.frame = frame
        } else {
            view.bounds = CGRect(origin: view.bounds.origin, size: frame.size)
            view.center = CGPoint(x: frame.midX, y: frame.midY)
        }
        view.assignedSafeAreaInsets = safeArea.clipped(to: frame, in: bounds) + additionalSafeAreaInsets
        viewDidLayoutSubviews()
    }

    /// The controller whose `preferredStatusBarStyle` the status bar shows: the top presentation
    /// that covers its presenter or captures the status bar (a sheet leaves it to its presenter, as
    /// `modalPresentationCapturesStatusBarAppearance` is false by default), then down
    /// `childForStatusBarStyle`.
    var statusBarStyleController: UIViewController {
        var current = self
        while let presented = current.presentedViewController,
              presented.coversPresentersView || presented.modalPresentationCapturesStatusBarAppearance {
            current = presented
        }
        while let child = current.childForStatusBarStyle { current = child }
        return current
    }

    /// The outermost container controller (presentations are made from it, as in UIKit).
    var rootAncestor: UIViewController {
        var current = self
        while let p = current.parent { current = p }
        return current
    }
}

/// `UINavigationItem`: what a controller shows in its navigation controller's bar.
@preconcurrency @MainActor public final class UINavigationItem {
    /// The bar's title for this controller; nil shows the controller's `title`.
    public var title: String?

    init() {}
}

/// `UITabBarItem`: a tab's icon and label.
@preconcurrency @MainActor public final class UITabBarItem {
    /// The label; nil shows the controller's `title` (or its name).
    public var title: String?
    /// The icon, a glyph the page draws; nil for a label alone.
    public var image: Glyph?

    init() {}
}

/// Which modal transition of a controller runs (`isBeingPresented`, `isBeingDismissed`).
nonisolated enum ModalTransition {
    case presenting, dismissing
}

/// Where a controller is in its appearance cycle.
nonisolated enum AppearanceState {
    case disappeared, appearing, appeared, disappearing
}

extension UIViewController {
    /// `beginAppearanceTransition(_:animated:)`: sends will-appear or will-disappear once.
    /// `beginAppearanceTransition(_:animated:)`: how a custom container tells a child it is about
    /// to appear (true) or disappear (false); the child gets `viewWillAppear`/`viewWillDisappear`.
    public func beginAppearanceTransition(_ isAppearing: Bool, animated: Bool) {
        beginAppearance(isAppearing, animated: animated)
    }

    /// `endAppearanceTransition()`: the child gets the matching `viewDidAppear`/`viewDidDisappear`.
    public func endAppearanceTransition() {
        endAppearance()
    }

    func beginAppearance(_ appearing: Bool, animated: Bool) {
        if appearing {
            guard appearance == .disappeared || appearance == .disappearing else { return }
            appearance = .appearing
            viewWillAppear(animated)
        } else {
            guard appearance == .appeared || appearance == .appearing else { return }
            appearance = .disappearing
            viewWillDisappear(animated)
        }
        contentViewController?.beginAppearance(appearing, animated: animated)
    }

    /// `endAppearanceTransition()`: sends the matching did-appear or did-disappear.
    func endAppearance() {
        switch appearance {
        case .appearing:
            appearance = .appeared
            viewDidAppear(true)
        case .disappearing:
            appearance = .disappeared
            viewDidDisappear(true)
        default:
            return
        }
        contentViewController?.endAppearance()
    }

    /// Every controller in this one's hierarchy: children and the presentation chain.
    var hierarchy: [UIViewController] {
        var result: [UIViewController] = [self]
        for child in children { result += child.hierarchy }
        if let presented = presentedViewController { result += presented.hierarchy }
        return result
    }
}
