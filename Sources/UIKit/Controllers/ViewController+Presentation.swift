import Motion

extension UIViewController {
    /// Presents `viewController` over this controller's screen, animated by the presented
    /// controller's `transitioningDelegate` (or the default cover-vertical slide).
    public func present(_ viewController: UIViewController, animated: Bool, completion: (() -> Void)? = nil) {
        let presenter = rootAncestor.topPresented
        guard let window = presenter.window else { return }
        let runner = window.transitions
        guard viewController.presentingViewController == nil, viewController !== presenter,
              runner.admit("presenting \(viewController.name)") else { return }

        presenter.presentedViewController = viewController
        viewController.presentingViewController = presenter
        let container = PresentationContainerView(frame: window.bounds)
        container.name = "\(viewController.name)-presentation"
        window.addSubview(container)
        viewController.presentationContainer = container

        let style = viewController.modalPresentationStyle
        let delegate = viewController.transitioningDelegate ?? viewController.sheetPresentationController
        // UIKit asks for a presentation controller for a custom presentation only, and first.
        let presentation = style == .custom
            ? delegate?.presentationController(forPresented: viewController, presenting: presenter, source: self) : nil
        if let presentation {
            presentation.presentingViewController = presenter
            presentation.containerView = container
            container.presentationController = presentation
            viewController.customPresentationController = presentation
            container.setNeedsLayout()
        }
        let removesPresentersView = presentation?.shouldRemovePresentersView ?? style.removesPresentersView
        viewController.layout(in: container.bounds, safeArea: window.screenSafeAreaInsets)
        let custom = delegate?.animationController(forPresented: viewController, presenting: presenter, source: self)
        let animator = custom ?? viewController.modalTransitionAnimator(presenting: true)
        let interactor = custom.flatMap { delegate?.interactionControllerForPresentation(using: $0) }

        let context = TransitionContext(
            operation: .present, from: presenter, to: viewController, containerView: container,
            animated: animated, style: style, removesPresentersView: removesPresentersView,
            presentationController: presentation, animator: animator, engine: window.engine
        ) { context, didComplete in
            let completed = didComplete && !context.transitionWasCancelled
            presentation?.presentationTransitionDidEnd(completed)
            defer { viewController.modalTransition = nil }
            if completed {
                if viewController.view.superview == nil { container.addSubview(viewController.view) }
                if removesPresentersView {
                    presenter.view.removeFromSuperview()
                    presenter.endAppearance()
                }
                viewController.endAppearance()
            } else {
                viewController.view.removeFromSuperview()
                container.removeFromSuperview()
                viewController.presentationContainer = nil
                viewController.customPresentationController = nil
                presenter.presentedViewController = nil
                viewController.presentingViewController = nil
                presenter.restoreViewToItsPlace()
                viewController.cancelAppearance(appearing: true)
                if removesPresentersView { presenter.cancelAppearance(appearing: false) }
            }
            animator.animationEnded(completed)
            if completed { completion?() }
        }
        viewController.modalTransition = .presenting
        runner.run(context, interactor: interactor) {
            presentation?.presentationTransitionWillBegin()
            if removesPresentersView { presenter.beginAppearance(false, animated: animated) }
            viewController.beginAppearance(true, animated: animated)
        }
    }

    /// Dismisses the controller this one presented or, if none, this controller itself.
    public func dismiss(animated: Bool, completion: (() -> Void)? = nil) {
        let presented = presentedViewController ?? (presentingViewController != nil ? self : nil)
        guard let presented, let presenter = presented.presentingViewController,
              let window = presenter.window, let container = presented.presentationContainer else { return }
        let runner = window.transitions
        guard runner.admit("dismissing \(presented.name)") else { return }
        if let deeper = presented.presentedViewController {
            // UIKit dismisses the whole chain above; the chain here is dismissed top-down at once.
            deeper.dismissWithoutAnimation()
        }

        let style = presented.modalPresentationStyle
        let presentation = presented.customPresentationController
        let removesPresentersView = presentation?.shouldRemovePresentersView ?? style.removesPresentersView
        let delegate = presented.transitioningDelegate ?? presented.sheetPresentationController
        let custom = delegate?.animationController(forDismissed: presented)
        let animator = custom ?? presented.modalTransitionAnimator(presenting: false)
        let interactor = custom.flatMap { delegate?.interactionControllerForDismissal(using: $0) }
        if removesPresentersView { presenter.layout(in: container.bounds, safeArea: window.screenSafeAreaInsets) }

        let context = TransitionContext(
            operation: .dismiss, from: presented, to: presenter, containerView: container,
            animated: animated, style: style, removesPresentersView: removesPresentersView,
            presentationController: presentation, animator: animator, engine: window.engine
        ) { context, didComplete in
            let completed = didComplete && !context.transitionWasCancelled
            presentation?.dismissalTransitionDidEnd(completed)
            defer { presented.modalTransition = nil }
            if completed {
                presenter.restoreViewToItsPlace()
                presented.view.removeFromSuperview()
                container.removeFromSuperview()
                presented.presentationContainer = nil
                presented.customPresentationController = nil
                presenter.presentedViewController = nil
                presented.presentingViewController = nil
                presented.endAppearance()
                if removesPresentersView { presenter.endAppearance() }
            } else {
                if presented.view.superview !== container { container.addSubview(presented.view) }
                if removesPresentersView {
                    presenter.view.removeFromSuperview()
                } else {
                    presenter.restoreViewToItsPlace()
                }
                presented.cancelAppearance(appearing: false)
                if removesPresentersView { presenter.cancelAppearance(appearing: true) }
            }
            animator.animationEnded(completed)
            if completed { completion?() }
        }
        presented.modalTransition = .dismissing
        runner.run(context, interactor: interactor) {
            presentation?.dismissalTransitionWillBegin()
            presented.beginAppearance(false, animated: animated)
            if removesPresentersView { presenter.beginAppearance(true, animated: animated) }
        }
    }

    /// The animator of a presentation or dismissal whose delegate gives none: this controller's
    /// `modalTransitionStyle`'s. The 3D styles, which Segue cannot draw, log why and cover vertically.
    func modalTransitionAnimator(presenting: Bool) -> UIViewControllerAnimatedTransitioning {
        switch modalTransitionStyle {
        case .coverVertical:
            return CoverVerticalAnimator(presenting: presenting)
        case .crossDissolve:
            return ModalCrossDissolveAnimator(presenting: presenting)
        case .flipHorizontal, .partialCurl:
            let needs = modalTransitionStyle == .flipHorizontal ? "a turn in 3D" : "a page curl"
            window?.logger.error("""
                modalTransitionStyle .\(modalTransitionStyle) of \(name) needs \(needs), which Segue does not draw \
                yet: \(presenting ? "presented" : "dismissed") with .coverVertical instead
                """)
            return CoverVerticalAnimator(presenting: presenting)
        }
    }

    /// The top of this controller's presentation chain.
    var topPresented: UIViewController {
        var current = self
        while let next = current.presentedViewController { current = next }
        return current
    }

    /// Puts this controller's view back where it lives when no transition borrows it: its
    /// presentation's container, or the bottom of the window for the root controller.
    func restoreViewToItsPlace() {
        if let container = presentationContainer {
            if view.superview !== container { container.insertSubview(view, at: 0) }
        } else if let window, parent == nil, window.rootViewController === self {
            if view.superview !== window { window.insertSubview(view, at: 0) }
        }
    }

    /// UIKit's order for a cancelled transition: the controller that was appearing gets
    /// will-disappear then did-disappear; the one that was disappearing, will-appear then did-appear.
    func cancelAppearance(appearing wasAppearing: Bool) {
        beginAppearance(!wasAppearing, animated: true)
        endAppearance()
    }

    private func dismissWithoutAnimation() {
        if let deeper = presentedViewController { deeper.dismissWithoutAnimation() }
        guard let presenter = presentingViewController else { return }
        let presentation = customPresentationController
        presentation?.dismissalTransitionWillBegin()
        presenter.restoreViewToItsPlace()
        view.removeFromSuperview()
        presentationContainer?.removeFromSuperview()
        presentationContainer = nil
        customPresentationController = nil
        presentation?.dismissalTransitionDidEnd(true)
        presenter.presentedViewController = nil
        presentingViewController = nil
        beginAppearance(false, animated: false)
        endAppearance()
    }
}
