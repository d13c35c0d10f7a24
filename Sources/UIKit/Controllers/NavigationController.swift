import Motion

/// `UINavigationControllerDelegate`: vends the animators for pushes and pops.
@preconcurrency @MainActor public protocol UINavigationControllerDelegate: AnyObject {
    func navigationController(_ navigationController: UINavigationController,
                              animationControllerFor operation: UINavigationController.Operation,
                              from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning?
    func navigationController(_ navigationController: UINavigationController,
                              interactionControllerFor animationController: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning?
    /// Before a controller's view and navigation item are shown: after the appearance callbacks'
    /// `viewWillAppear`, once the transition's coordinator exists, before the animation.
    func navigationController(_ navigationController: UINavigationController,
                              willShow viewController: UIViewController, animated: Bool)
    /// After the transition that showed it ends, after `viewDidAppear`. Not called when an
    /// interactive pop is cancelled (its `willShow` was).
    func navigationController(_ navigationController: UINavigationController,
                              didShow viewController: UIViewController, animated: Bool)
}

extension UINavigationControllerDelegate {
    public func navigationController(_ navigationController: UINavigationController,
                                     animationControllerFor operation: UINavigationController.Operation,
                                     from fromVC: UIViewController, to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? { nil }
    public func navigationController(_ navigationController: UINavigationController,
                                     interactionControllerFor animationController: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning? { nil }
    public func navigationController(_ navigationController: UINavigationController,
                                     willShow viewController: UIViewController, animated: Bool) {}
    public func navigationController(_ navigationController: UINavigationController,
                                     didShow viewController: UIViewController, animated: Bool) {}
}

/// `UINavigationController`: a stack of controllers whose top fills its view; pushes and pops run
/// through the delegate's animators, or the stock slide (`NavigationSlideAnimator`), which the
/// left-edge back swipe (`interactivePopGestureRecognizer`) drives when the delegate vends none.
@preconcurrency @MainActor open class UINavigationController: UIViewController {
    public nonisolated enum Operation: Sendable {
        case push, pop
    }

    public private(set) var viewControllers: [UIViewController] = [] {
        didSet { controllersDidChange() }
    }
    public weak var delegate: UINavigationControllerDelegate?
    /// The system back swipe: a left-edge pan on this controller's view that pops the stock way,
    /// following the finger. It never begins while the delegate vends its own pop animator, so a
    /// custom interactive pop keeps its own gestures. Set `isEnabled` to turn it off.
    public let interactivePopGestureRecognizer: UIScreenEdgePanGestureRecognizer
    /// The pop the back swipe drives, from its start to its completion.
    var backSwipe: BackSwipeInteraction?
    /// `navigationBar`: pinned over the top of this controller's view; its back button pops.
    public private(set) lazy var navigationBar = UINavigationBar { [unowned self] in
        self.popViewController(animated: true)
    }
    /// `isNavigationBarHidden`: no bar, and no bar in the children's safe area; applied at the next layout.
    public var isNavigationBarHidden = false {
        didSet { controllersDidChange() }
    }

    /// `init(rootViewController:)`: a stack of one.
    public init(rootViewController: UIViewController) {
        interactivePopGestureRecognizer = InteractivePopGestureRecognizer()
        super.init(nibName: nil, bundle: nil)
        definesPresentationContext = true
        setUpBackSwipe()
        addChild(rootViewController)
        viewControllers = [rootViewController]
    }

    /// An empty stack, for `viewControllers` or a push to fill.
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        interactivePopGestureRecognizer = InteractivePopGestureRecognizer()
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        definesPresentationContext = true
        setUpBackSwipe()
    }

    public required init?(coder: NSCoder) { nil }

    override var defaultName: String { "navigation" }

    private func setUpBackSwipe() {
        let recognizer = interactivePopGestureRecognizer as! InteractivePopGestureRecognizer
        recognizer.navigationController = self
        recognizer.addTarget { [weak self, unowned recognizer] _ in self?.handleBackSwipe(recognizer) }
    }

    public var topViewController: UIViewController? { viewControllers.last }

    override var contentViewController: UIViewController? { topViewController }

    open override func viewDidLoad() {
        super.viewDidLoad()
        if let top = topViewController { view.addSubview(top.view) }
        view.pinSubviewInFront(navigationBar)
        navigationBar.setItem(barItem(at: viewControllers.count - 1))
        view.addGestureRecognizer(interactivePopGestureRecognizer)
    }

    /// The bar's item for the controller at `index` of `stack`: its title, and the one below's as
    /// the back button's.
    func barItem(at index: Int, of stack: [UIViewController]? = nil) -> UINavigationBar.Item {
        let stack = stack ?? viewControllers
        guard stack.indices.contains(index) else { return UINavigationBar.Item(title: "", backTitle: nil) }
        return UINavigationBar.Item(title: Self.barTitle(of: stack[index]),
                                  backTitle: index > 0 ? Self.barTitle(of: stack[index - 1]) : nil)
    }

    static func barTitle(of controller: UIViewController) -> String {
        controller.navigationItem.title ?? controller.title ?? ""
    }

    /// The status bar sits on the bar, whose light background wants dark content; hidden, the top
    /// controller decides.
    open override var childForStatusBarStyle: UIViewController? { isNavigationBarHidden ? topViewController : nil }

    open override var preferredStatusBarStyle: UIStatusBarStyle { .darkContent }

    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let safeArea = view.safeAreaInsets
        navigationBar.isHidden = isNavigationBarHidden
        navigationBar.layout(width: view.bounds.width, topInset: safeArea.top, leadingInset: safeArea.left,
                             compactHeight: SafeArea.isCompactHeight(window?.bounds.size ?? view.bounds.size))
        topViewController?.layout(in: view.bounds, safeArea: contentSafeArea)
    }

    /// The children's safe area: this controller's, with the bar's bottom edge as the top.
    var contentSafeArea: UIEdgeInsets {
        var insets = view.safeAreaInsets
        if !isNavigationBarHidden { insets.top = navigationBar.totalHeight(topInset: insets.top) }
        return insets
    }

    public func pushViewController(_ viewController: UIViewController, animated: Bool) {
        guard let from = topViewController, let window = self.window,
              window.transitions.admit("pushing \(viewController.name)") else { return }
        addChild(viewController)
        viewController.layout(in: view.bounds, safeArea: contentSafeArea)
        transition(.push, from: from, to: viewController, animated: animated, window: window) { completed in
            if completed {
                self.viewControllers.append(viewController)
            } else {
                viewController.removeFromParent()
            }
        }
    }

    @discardableResult
    public func popViewController(animated: Bool) -> UIViewController? {
        pop(animated: animated, stockInteraction: nil)
    }

    /// Pops; `stockInteraction` drives the stock animator when the delegate vends none.
    @discardableResult
    func pop(animated: Bool, stockInteraction: UIViewControllerInteractiveTransitioning?) -> UIViewController? {
        guard viewControllers.count > 1, let from = topViewController, let window = self.window,
              window.transitions.admit("popping \(from.name)") else { return nil }
        let to = viewControllers[viewControllers.count - 2]
        to.layout(in: view.bounds, safeArea: contentSafeArea)
        transition(.pop, from: from, to: to, animated: animated, window: window,
                   stockInteraction: stockInteraction) { completed in
            if stockInteraction != nil { self.backSwipe = nil }
            if completed {
                self.viewControllers.removeLast()
                from.removeFromParent()
            }
        }
        return from
    }

    private func transition(_ operation: Operation, from: UIViewController, to: UIViewController, animated: Bool,
                            window: UIWindow, stockInteraction: UIViewControllerInteractiveTransitioning? = nil,
                            update: @escaping (Bool) -> Void) {
        let runner = window.transitions
        let custom = delegate?.navigationController(self, animationControllerFor: operation, from: from, to: to)
        let animator = custom ?? NavigationSlideAnimator(operation: operation)
        let interactor = custom == nil
            ? stockInteraction
            : custom.flatMap { delegate?.navigationController(self, interactionControllerFor: $0) }
        let context = TransitionContext(
            operation: operation == .push ? .push : .pop, from: from, to: to, containerView: view,
            containerViewController: self, animated: animated, style: .fullScreen, animator: animator, engine: window.engine
        ) { context, didComplete in
            let completed = didComplete && !context.transitionWasCancelled
            self.navigationBar.endTransition(completed: completed)
            if completed {
                if to.view.superview !== self.view { self.view.addSubview(to.view) }
                from.view.removeFromSuperview()
                update(true)
                from.endAppearance()
                to.endAppearance()
                self.delegate?.navigationController(self, didShow: to, animated: animated)
            } else {
                to.view.removeFromSuperview()
                if from.view.superview !== self.view { self.view.addSubview(from.view) }
                update(false)
                to.cancelAppearance(appearing: true)
                from.cancelAppearance(appearing: false)
            }
            animator.animationEnded(completed)
        }
        let stack = operation == .push ? viewControllers + [to] : Array(viewControllers.dropLast())
        navigationBar.beginTransition(to: barItem(at: stack.count - 1, of: stack), push: operation == .push)
        runner.run(context, interactor: interactor) {
            // The bar animates alongside the transition, as UIKit's does: on the animator's own
            // timing, so it keeps pace with the views through a spring, a scrub and a cancel.
            runner.activeCoordinator?.animate(alongsideTransition: { [unowned self] _ in
                self.navigationBar.showTransitionEnd()
            }, completion: nil)
            from.beginAppearance(false, animated: animated)
            to.beginAppearance(true, animated: animated)
            self.delegate?.navigationController(self, willShow: to, animated: animated)
        }
    }
}
