import Motion

/// `UINavigationControllerDelegate`: vends the animators for pushes and pops.
public protocol NavigationControllerDelegate: AnyObject {
    func navigationController(_ navigationController: NavigationController,
                              animationControllerFor operation: NavigationController.Operation,
                              from fromVC: ViewController, to toVC: ViewController) -> ViewControllerAnimatedTransitioning?
    func navigationController(_ navigationController: NavigationController,
                              interactionControllerFor animationController: ViewControllerAnimatedTransitioning)
        -> ViewControllerInteractiveTransitioning?
}

extension NavigationControllerDelegate {
    public func navigationController(_ navigationController: NavigationController,
                                     animationControllerFor operation: NavigationController.Operation,
                                     from fromVC: ViewController, to toVC: ViewController) -> ViewControllerAnimatedTransitioning? { nil }
    public func navigationController(_ navigationController: NavigationController,
                                     interactionControllerFor animationController: ViewControllerAnimatedTransitioning)
        -> ViewControllerInteractiveTransitioning? { nil }
}

/// `UINavigationController`: a stack of controllers whose top fills its view; pushes and pops run
/// through the delegate's animators, or a default slide.
open class NavigationController: ViewController {
    public enum Operation: Sendable {
        case push, pop
    }

    public private(set) var viewControllers: [ViewController] = []
    public weak var delegate: NavigationControllerDelegate?

    public init(rootViewController: ViewController, name: String = "navigation") {
        super.init(name: name)
        addChild(rootViewController)
        viewControllers = [rootViewController]
    }

    public var topViewController: ViewController? { viewControllers.last }

    override var contentViewController: ViewController? { topViewController }

    open override func viewDidLoad() {
        super.viewDidLoad()
        if let top = topViewController { view.addSubview(top.view) }
    }

    open override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        topViewController?.layout(in: view.bounds)
    }

    public func pushViewController(_ viewController: ViewController, animated: Bool) {
        guard let from = topViewController, let window = self.window,
              window.transitions.admit("pushing \(viewController.name)") else { return }
        addChild(viewController)
        viewController.layout(in: view.bounds)
        transition(.push, from: from, to: viewController, animated: animated, window: window) { completed in
            if completed {
                self.viewControllers.append(viewController)
            } else {
                viewController.removeFromParent()
            }
        }
    }

    @discardableResult
    public func popViewController(animated: Bool) -> ViewController? {
        guard viewControllers.count > 1, let from = topViewController, let window = self.window,
              window.transitions.admit("popping \(from.name)") else { return nil }
        let to = viewControllers[viewControllers.count - 2]
        to.layout(in: view.bounds)
        transition(.pop, from: from, to: to, animated: animated, window: window) { completed in
            if completed {
                self.viewControllers.removeLast()
                from.removeFromParent()
            }
        }
        return from
    }

    private func transition(_ operation: Operation, from: ViewController, to: ViewController, animated: Bool,
                            window: Window, update: @escaping (Bool) -> Void) {
        let coordinator = window.transitions
        let custom = delegate?.navigationController(self, animationControllerFor: operation, from: from, to: to)
        let animator = custom ?? NavigationSlideAnimator(operation: operation)
        let interactor = custom.flatMap { delegate?.navigationController(self, interactionControllerFor: $0) }
        from.beginAppearance(false, animated: animated)
        to.beginAppearance(true, animated: animated)
        let context = TransitionContext(
            operation: operation == .push ? .push : .pop, from: from, to: to, containerView: view,
            animated: animated, style: .fullScreen, animator: animator, engine: window.engine
        ) { context, didComplete in
            let completed = didComplete && !context.transitionWasCancelled
            if completed {
                if to.view.superview !== self.view { self.view.addSubview(to.view) }
                from.view.removeFromSuperview()
                update(true)
                from.endAppearance()
                to.endAppearance()
            } else {
                to.view.removeFromSuperview()
                if from.view.superview !== self.view { self.view.addSubview(from.view) }
                update(false)
                to.cancelAppearance(appearing: true)
                from.cancelAppearance(appearing: false)
            }
            animator.animationEnded(completed)
        }
        coordinator.run(context, interactor: interactor)
    }
}
