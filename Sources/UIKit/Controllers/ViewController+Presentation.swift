import Motion

extension UIViewController {
    /// Presents `viewController`, run by its presentation controller (`presentationController`:
    /// the transitioning delegate's for `.custom`, UIKit's own for the built-in styles) and
    /// animated by the delegate's animator, else the presentation controller's own (a sheet's),
    /// else `modalTransitionStyle`'s. A presentation in full screen goes over the top of the window's
    /// chain; one that is not (`.currentContext`, `.overCurrentContext`, a custom controller whose
    /// `shouldPresentInFullscreen` is false) over the nearest controller up from this one that
    /// `definesPresentationContext`, covering only its view (else the window's).
    public func present(_ viewController: UIViewController, animated: Bool, completion: (() -> Void)? = nil) {
        let style = viewController.modalPresentationStyle
        let windowPresenter = rootAncestor.topPresented
        guard let window = windowPresenter.window else { return }
        let runner = window.transitions
        guard viewController.presentingViewController == nil, viewController !== windowPresenter,
              runner.admit("presenting \(viewController.name)") else { return }

        // UIKit asks the transitioning delegate for a presentation controller for a custom
        // presentation only, and first; without one, a plain controller adds no views.
        let delegate = viewController.transitioningDelegate
        let presentation: UIPresentationController
        if style == .custom {
            presentation = delegate?.presentationController(forPresented: viewController, presenting: windowPresenter,
                                                            source: self)
                ?? UIPresentationController(presentedViewController: viewController, builtInStyle: .custom)
        } else if let made = viewController.presentationControllerStorage, made.builtInStyle == style.resolved {
            presentation = made
        } else {
            presentation = viewController.makeBuiltInPresentationController()
        }
        // A presentation that does not present in full screen covers the current context.
        let contextController = presentation.shouldPresentInFullscreen ? nil : presentationContextController
        let presenter = contextController?.topPresented ?? windowPresenter
        guard presenter !== viewController else { return }

        presenter.presentedViewController = viewController
        viewController.presentingViewController = presenter
        let container = PresentationContainerView(frame: window.bounds)
        container.name = "\(viewController.name)-presentation"
        var safeArea = window.screenSafeAreaInsets
        if let contextController, contextController === presenter, let home = contextController.view.superview,
           home !== window {
            // Over a context: in its view's place, clipped to it, below what its containers draw on top.
            container.frame = contextController.view.frame
            container.clipsToBounds = true
            home.insertSubview(container, aboveSubview: contextController.view)
            safeArea = contextController.view.safeAreaInsets
        } else {
            window.addSubview(container)
        }
        viewController.presentationContainer = container

        presentation.presentingReference = presenter
        presentation.containerView = container
        container.presentationController = presentation
        viewController.presentationControllerStorage = presentation
        container.setNeedsLayout()
        let removesPresentersView = presentation.shouldRemovePresentersView
        if removesPresentersView { presenter.noteViewHomeBeforeCovering() }
        viewController.layout(in: container.bounds, safeArea: safeArea)
        let custom = delegate?.animationController(forPresented: viewController, presenting: presenter, source: self)
        let animator = custom ?? presentation.builtInAnimator() ?? viewController.modalTransitionAnimator(presenting: true)
        let interactor = custom.flatMap { delegate?.interactionControllerForPresentation(using: $0) }

        let context = TransitionContext(
            operation: .present, from: presenter, to: viewController, containerView: container,
            animated: animated, style: style.resolved, removesPresentersView: removesPresentersView,
            presentationController: presentation, animator: animator, engine: window.engine
        ) { context, didComplete in
            let completed = didComplete && !context.transitionWasCancelled
            presentation.presentationTransitionDidEnd(completed)
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
                viewController.endPresentation()
                presenter.presentedViewController = nil
                presenter.restoreViewToItsPlace()
                presenter.coveredViewHome = nil
                viewController.cancelAppearance(appearing: true)
                if removesPresentersView { presenter.cancelAppearance(appearing: false) }
            }
            animator.animationEnded(completed)
            if completed { completion?() }
        }
        viewController.modalTransition = .presenting
        runner.run(context, interactor: interactor) {
            presentation.presentationTransitionWillBegin()
            if removesPresentersView { presenter.beginAppearance(false, animated: animated) }
            viewController.beginAppearance(true, animated: animated)
        }
    }

    /// Dismisses the controller this one presented or, if none, this controller itself.
    public func dismiss(animated: Bool, completion: (() -> Void)? = nil) {
        let presented = presentedViewController ?? (presentingViewController != nil ? self : nil)
        guard let presented, let presenter = presented.presentingViewController,
              let window = presenter.window, let container = presented.presentationContainer,
              let presentation = presented.activePresentationController else { return }
        let byUser = presentation.isDismissingForUser
        let runner = window.transitions
        guard runner.admit("dismissing \(presented.name)") else { return }
        if let deeper = presented.presentedViewController {
            // UIKit dismisses the whole chain above; the chain here is dismissed top-down at once.
            deeper.dismissWithoutAnimation()
        }

        let removesPresentersView = presentation.shouldRemovePresentersView
        let delegate = presented.transitioningDelegate
        let custom = delegate?.animationController(forDismissed: presented)
        let animator = custom ?? presentation.builtInAnimator() ?? presented.modalTransitionAnimator(presenting: false)
        let interactor = custom != nil
            ? custom.flatMap { delegate?.interactionControllerForDismissal(using: $0) }
            : presentation.builtInInteractionControllerForDismissal()
        if removesPresentersView && presenter.coveredViewHome == nil {
            presenter.layout(in: container.bounds, safeArea: window.screenSafeAreaInsets)
        }

        let context = TransitionContext(
            operation: .dismiss, from: presented, to: presenter, containerView: container,
            animated: animated, style: presented.modalPresentationStyle.resolved,
            removesPresentersView: removesPresentersView,
            presentationController: presentation, animator: animator, engine: window.engine
        ) { context, didComplete in
            let completed = didComplete && !context.transitionWasCancelled
            presentation.dismissalTransitionDidEnd(completed)
            defer { presented.modalTransition = nil }
            if completed {
                presenter.restoreViewToItsPlace()
                presenter.coveredViewHome = nil
                presented.view.removeFromSuperview()
                container.removeFromSuperview()
                presented.endPresentation()
                presenter.presentedViewController = nil
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
            if completed {
                completion?()
                if byUser { presentation.delegate?.presentationControllerDidDismiss(presentation) }
            }
        }
        presented.modalTransition = .dismissing
        runner.run(context, interactor: interactor) {
            if byUser { presentation.delegate?.presentationControllerWillDismiss(presentation) }
            presentation.dismissalTransitionWillBegin()
            presented.beginAppearance(false, animated: animated)
            if removesPresentersView { presenter.beginAppearance(true, animated: animated) }
        }
    }

    /// The controller a `.currentContext` or `.overCurrentContext` presentation from this one
    /// covers: the nearest up the parent chain that `definesPresentationContext`; nil for the
    /// window's (its root's).
    var presentationContextController: UIViewController? {
        var current: UIViewController? = self
        while let candidate = current {
            if candidate.definesPresentationContext { return candidate.parent == nil ? nil : candidate }
            current = candidate.parent
        }
        return nil
    }

    /// A presentation of this controller ended (dismissed, or its presentation cancelled): it
    /// leaves its container, and lets go of a presentation controller a delegate vended.
    func endPresentation() {
        presentationContainer = nil
        presentingViewController = nil
        if modalPresentationStyle == .custom || presentationControllerStorage?.builtInStyle != modalPresentationStyle.resolved {
            presentationControllerStorage = nil
        }
    }

    /// Before a presentation takes this controller's view off the screen: where to put it back, for
    /// a view that lives in a container controller's view (a context) rather than on the window.
    func noteViewHomeBeforeCovering() {
        guard presentationContainer == nil, let superview = view.superview, !(superview is UIWindow) else { return }
        coveredViewHome = (superview, superview.subviews.firstIndex { $0 === view } ?? superview.subviews.count)
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
        if let home = coveredViewHome {
            if view.superview !== home.superview {
                home.superview.insertSubview(view, at: min(home.index, home.superview.subviews.count))
            }
        } else if let container = presentationContainer {
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
        let presentation = activePresentationController
        presentation?.dismissalTransitionWillBegin()
        presenter.restoreViewToItsPlace()
        presenter.coveredViewHome = nil
        view.removeFromSuperview()
        presentationContainer?.removeFromSuperview()
        endPresentation()
        presentation?.dismissalTransitionDidEnd(true)
        presenter.presentedViewController = nil
        beginAppearance(false, animated: false)
        endAppearance()
    }
}
