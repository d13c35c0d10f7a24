import Motion

/// `UIViewController`: owns a view (loaded lazily), gets appearance callbacks in UIKit's order,
/// presents and dismisses other controllers, and contains children.
open class ViewController {
    /// Names the controller's root view (lower case, e.g. "first"), which the display list shows.
    public let name: String
    /// What tab buttons and headings show; the name, capitalized, when nil.
    public var title: String?
    /// What a person can do on this screen, in a few words ("Swipe from the left edge for the
    /// menu"). Not UIKit's: the page's hint pill shows the visible controller's (`DisplayList.hint`).
    public var hint: String?

    private var loadedView: View?
    public internal(set) weak var parent: ViewController?
    public internal(set) var children: [ViewController] = []
    public internal(set) weak var presentingViewController: ViewController?
    public internal(set) var presentedViewController: ViewController?
    public var modalPresentationStyle: ModalPresentationStyle = .fullScreen
    /// Weak, as in UIKit: whoever vends the animators keeps itself alive.
    public weak var transitioningDelegate: ViewControllerTransitioningDelegate?

    /// The window this controller's hierarchy is shown in, once it is. Not retained and not `weak`
    /// (a weak reference would put the window's counts in a side table, slowing every frame's
    /// retains of it): the window clears it when it lets go of its root controller or goes away.
    unowned(unsafe) var attachedWindow: Window? = nil
    /// For a presented controller: the container view its presentation put on the window.
    var presentationContainer: View?
    /// Appearance state, so callbacks come in pairs and in order.
    var appearance: AppearanceState = .disappeared
    /// Backs `sheetPresentationController` (Presentation/SheetPresentationController.swift).
    var sheetStorage: SheetPresentationController?

    public init(name: String) {
        self.name = name
    }

    public var view: View {
        if let loadedView { return loadedView }
        loadView()
        if loadedView == nil { loadedView = View(name: name) }
        viewDidLoad()
        return loadedView!
    }

    public var isViewLoaded: Bool { loadedView != nil }

    /// Replaces the view `loadView` creates; only meaningful inside `loadView`.
    public func setView(_ view: View) {
        view.name = name
        loadedView = view
    }

    /// Creates the view; the default is a plain view named after the controller.
    open func loadView() {
        loadedView = View(name: name)
    }

    open func viewDidLoad() {}
    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}
    /// Called after the view's size changed; position subviews here.
    open func viewDidLayoutSubviews() {}

    /// Where this controller's view goes in a container of `bounds`: full size by default, the
    /// selected detent's frame for a page sheet.
    open func layoutFrame(in bounds: Rect) -> Rect {
        sheetPresentationController?.driver.layoutPresentedView(in: bounds) ?? bounds
    }

    public var window: Window? {
        attachedWindow ?? parent?.window ?? presentingViewController?.window
    }

    // MARK: Containment

    public func addChild(_ child: ViewController) {
        guard child.parent !== self else { return }
        child.removeFromParent()
        children.append(child)
        child.parent = self
    }

    public func removeFromParent() {
        parent?.children.removeAll { $0 === self }
        parent = nil
    }

    public var navigationController: NavigationController? {
        var current = parent
        while let c = current {
            if let nav = c as? NavigationController { return nav }
            current = c.parent
        }
        return nil
    }

    public var tabBarController: TabBarController? {
        var current = parent
        while let c = current {
            if let tabs = c as? TabBarController { return tabs }
            current = c.parent
        }
        return nil
    }

    /// The controller whose view is on top: follows presentations, navigation tops and tab selections.
    public var visibleViewController: ViewController {
        if let presented = presentedViewController { return presented.visibleViewController }
        return contentViewController?.visibleViewController ?? self
    }

    /// The child a container shows (navigation top, selected tab); nil for a plain controller.
    var contentViewController: ViewController? { nil }

    /// Sizes the view to `bounds` and lets the controller (and its content) lay out. A transformed
    /// view (a presenter scaled back under a sheet) takes the frame through its bounds and center,
    /// as UIKit's frame is undefined under a transform: the transform then applies to the new size.
    func layout(in bounds: Rect) {
        let frame = layoutFrame(in: bounds)
        if view.transform.isIdentity {
            view.frame = frame
        } else {
            view.bounds = Rect(origin: view.bounds.origin, size: frame.size)
            view.center = Point(x: frame.midX, y: frame.midY)
        }
        viewDidLayoutSubviews()
    }

    /// The outermost container controller (presentations are made from it, as in UIKit).
    var rootAncestor: ViewController {
        var current = self
        while let p = current.parent { current = p }
        return current
    }
}

/// Where a controller is in its appearance cycle.
enum AppearanceState {
    case disappeared, appearing, appeared, disappearing
}

extension ViewController {
    /// `beginAppearanceTransition(_:animated:)`: sends will-appear or will-disappear once.
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
    var hierarchy: [ViewController] {
        var result: [ViewController] = [self]
        for child in children { result += child.hierarchy }
        if let presented = presentedViewController { result += presented.hierarchy }
        return result
    }
}
