import Motion
@testable import UIKit
import Testing

/// A card over the bottom half of the container, with a dimming view that fades in and out
/// alongside the transitions, as the View Controller Programming Guide's custom presentation
/// does; it logs each callback.
private class CardPresentationController: UIPresentationController {
    let log: CallLog
    let dimmingView = UIView()
    var coordinatorInWillBegin: Bool?

    init(presentedViewController: UIViewController, presenting: UIViewController?, log: CallLog) {
        self.log = log
        super.init(presentedViewController: presentedViewController, presenting: presenting)
        dimmingView.accessibilityIdentifier = "dimming"
        dimmingView.backgroundColor = UIColor(white: 0, alpha: 0.4)
    }

    /// The bottom half, or the presented controller's preferred height.
    override var frameOfPresentedViewInContainerView: CGRect {
        guard let bounds = containerView?.bounds else { return .zero }
        let height = preferredContentSize.height > 0 ? preferredContentSize.height : bounds.height / 2
        return CGRect(x: 0, y: bounds.height - height, width: bounds.width, height: height)
    }

    override func size(forChildContentContainer container: UIContentContainer, withParentContainerSize parentSize: CGSize)
        -> CGSize {
        CGSize(width: parentSize.width, height: parentSize.height / 2)
    }

    override func preferredContentSizeDidChange(forChildContentContainer container: UIContentContainer) {
        log.append("preferredContentSizeDidChange(\(container === presentedViewController))")
        containerView?.setNeedsLayout()
    }

    override func presentationTransitionWillBegin() {
        log.append("presentationTransitionWillBegin")
        coordinatorInWillBegin = presentedViewController.transitionCoordinator != nil
        guard let containerView else { return }
        dimmingView.frame = containerView.bounds
        dimmingView.alpha = 0
        containerView.insertSubview(dimmingView, at: 0)
        presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in self.dimmingView.alpha = 1 })
    }

    override func presentationTransitionDidEnd(_ completed: Bool) {
        log.append("presentationTransitionDidEnd(\(completed))")
        if !completed { dimmingView.removeFromSuperview() }
    }

    override func dismissalTransitionWillBegin() {
        log.append("dismissalTransitionWillBegin")
        presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in self.dimmingView.alpha = 0 })
    }

    override func dismissalTransitionDidEnd(_ completed: Bool) {
        log.append("dismissalTransitionDidEnd(\(completed))")
        if completed { dimmingView.removeFromSuperview() }
    }

    override func containerViewWillLayoutSubviews() {
        log.append("containerViewWillLayoutSubviews")
        presentedView?.frame = frameOfPresentedViewInContainerView
        if let containerView { dimmingView.frame = containerView.bounds }
    }

    override func containerViewDidLayoutSubviews() {
        log.append("containerViewDidLayoutSubviews")
    }
}

/// The same card, over a presenter whose view leaves the screen once it is covered.
private final class CoveringPresentationController: CardPresentationController {
    override var shouldRemovePresentersView: Bool { true }
}

/// Moves the presented view in from below the container to its final frame, and back out,
/// linearly over a second; what it was given is kept for the tests.
private final class CardAnimator: UIViewControllerAnimatedTransitioning {
    let presenting: Bool
    let log: CallLog
    var finalFrame: CGRect?
    var initialFrame: CGRect?
    var toView: UIView?
    var fromView: UIView?

    init(presenting: Bool, log: CallLog) {
        self.presenting = presenting
        self.log = log
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 1 }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        log.append("animateTransition")
        toView = transitionContext.view(forKey: .to)
        fromView = transitionContext.view(forKey: .from)
        let key: UITransitionContextViewControllerKey = presenting ? .to : .from
        guard let card = transitionContext.viewController(forKey: key) else { return }
        let container = transitionContext.containerView
        let shown = transitionContext.finalFrame(for: card)
        finalFrame = shown
        initialFrame = transitionContext.initialFrame(for: card)
        let hidden = shown.offsetBy(dx: 0, dy: container.bounds.height - shown.minY)
        if presenting, let toView {
            container.addSubview(toView)
            toView.frame = hidden
        }
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
            card.view.frame = self.presenting ? shown : hidden
        }) { _ in
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
    }
}

/// Vends the card's presentation controller and animators, and `interaction` while it is set.
private final class CardTransitioning: UIViewControllerTransitioningDelegate {
    let log: CallLog
    var covers = false
    var interaction: UIPercentDrivenInteractiveTransition?
    private(set) var presentationController: CardPresentationController?
    private(set) var presentingAnimator: CardAnimator?
    private(set) var dismissingAnimator: CardAnimator?

    init(log: CallLog) {
        self.log = log
    }

    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                source: UIViewController) -> UIPresentationController? {
        log.append("presentationController(forPresented:presenting:source:)")
        let controller = covers
            ? CoveringPresentationController(presentedViewController: presented, presenting: presenting, log: log)
            : CardPresentationController(presentedViewController: presented, presenting: presenting, log: log)
        presentationController = controller
        return controller
    }

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        log.append("animationController(forPresented:presenting:source:)")
        let animator = CardAnimator(presenting: true, log: log)
        presentingAnimator = animator
        return animator
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        log.append("animationController(forDismissed:)")
        let animator = CardAnimator(presenting: false, log: log)
        dismissingAnimator = animator
        return animator
    }

    func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning? {
        log.append("interactionControllerForPresentation(using:)")
        return interaction
    }

    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning? {
        log.append("interactionControllerForDismissal(using:)")
        return interaction
    }
}

/// A presented controller that logs its appearance callbacks, and keeps the sizes it is told.
private final class CardController: UIViewController {
    let log: CallLog
    var sizesTold: [CGSize] = []

    override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
        super.viewWillTransition(to: size, with: coordinator)
        sizesTold.append(size)
    }

    init(log: CallLog) {
        self.log = log
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        log.append("viewWillAppear")
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        log.append("viewDidAppear")
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        log.append("viewWillDisappear")
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        log.append("viewDidDisappear")
    }
}

/// Calls in the order they came, shared by the objects of one test.
private final class CallLog {
    private(set) var calls: [String] = []
    func append(_ call: String) { calls.append(call) }
    func clear() { calls = [] }
}

/// `UIPresentationController` in a `.custom` presentation: the delegate's questions, the life cycle
/// and its order (View Controller Programming Guide, "The Custom Presentation Process"), the frames
/// the animator is given, the chrome it adds riding the transition, a cancelled interactive
/// presentation and dismissal, and layout on a rotation.
@Suite("UIPresentationController")
final class PresentationControllerTests {
    let stage = Stage(width: 400, height: 800)
    let presenter = UIViewController()
    private let log = CallLog()
    private lazy var card = CardController(log: log)
    /// Held here: a transitioning delegate is weak, as in UIKit.
    private lazy var transitioning = CardTransitioning(log: log)

    init() {
        stage.window.rootViewController = presenter
    }

    /// Frames every 1/60 s for `seconds` from the clock's time.
    func run(for seconds: Double) {
        let end = stage.clock.now + seconds
        while stage.clock.now < end { stage.frame(at: stage.clock.now + 1.0 / 60) }
    }

    func present(interaction: UIPercentDrivenInteractiveTransition? = nil) {
        card.modalPresentationStyle = .custom
        card.transitioningDelegate = transitioning
        transitioning.interaction = interaction
        stage.perform { presenter.present(card, animated: true) { self.log.append("completion") } }
    }

    /// The guide's order: the presentation controller is asked for first, then the animator and
    /// interaction controller; `presentationTransitionWillBegin` (with a coordinator), the
    /// animations, in which the container lays out; `presentationTransitionDidEnd(true)`; the
    /// presented controller's `viewDidAppear`; the completion.
    @Test func aPresentationCallsItsControllerInUIKitsOrder() throws {
        present()
        run(for: 1.5)
        #expect(log.calls == [
            "presentationController(forPresented:presenting:source:)",
            "animationController(forPresented:presenting:source:)",
            "interactionControllerForPresentation(using:)",
            "presentationTransitionWillBegin",
            "viewWillAppear",
            "animateTransition",
            "containerViewWillLayoutSubviews",
            "containerViewDidLayoutSubviews",
            "presentationTransitionDidEnd(true)",
            "viewDidAppear",
            "completion",
        ])
        let controller = try #require(transitioning.presentationController)
        #expect(controller.coordinatorInWillBegin == true)
        #expect(card.presentationController === controller)
        #expect(controller.presentingViewController === presenter)
        #expect(controller.containerView === card.view.superview)
        #expect(controller.presentedView === card.view)
    }

    /// The animator gets the presented view as `view(forKey: .to)`, no view of a presenter that
    /// stays (`shouldRemovePresentersView` is false by default), and
    /// `frameOfPresentedViewInContainerView` as the card's final frame; the dimming view added in
    /// `presentationTransitionWillBegin` fades in with the transition.
    @Test func theAnimatorMovesThePresentedViewToTheControllersFrame() throws {
        present()
        stage.frame(at: 0)
        stage.frame(at: 0.5)
        let controller = try #require(transitioning.presentationController)
        let dimming = controller.dimmingView.presentation.alpha
        #expect(dimming > 0.4 && dimming < 0.6)
        run(for: 1)
        let animator = try #require(transitioning.presentingAnimator)
        #expect(animator.toView === card.view)
        #expect(animator.fromView == nil)
        #expect(animator.finalFrame == CGRect(x: 0, y: 400, width: 400, height: 400))
        #expect(card.view.frame == CGRect(x: 0, y: 400, width: 400, height: 400))
        #expect(controller.dimmingView.alpha == 1 && controller.dimmingView.superview === controller.containerView)
        #expect(presenter.view.window === stage.window)
    }

    /// `shouldRemovePresentersView` true: the animator gets the presenter's view, which leaves
    /// the window once the presentation ends and comes back for the dismissal.
    @Test func aControllerThatRemovesThePresentersViewTakesItAway() throws {
        transitioning.covers = true
        present()
        run(for: 1.5)
        #expect(transitioning.presentingAnimator?.fromView === presenter.view)
        #expect(presenter.view.window == nil)
        stage.perform { card.dismiss(animated: true) }
        run(for: 1.5)
        #expect(presenter.view.window === stage.window)
    }

    /// The dismissal: the animator and interaction controller; `dismissalTransitionWillBegin`;
    /// the animations from the card's frame (`initialFrame(for:)`); `dismissalTransitionDidEnd(true)`,
    /// which removes the chrome; `viewDidDisappear`; the completion. No presentation controller after.
    @Test func aDismissalCallsItsControllerInUIKitsOrder() throws {
        present()
        run(for: 1.5)
        log.clear()
        stage.perform { card.dismiss(animated: true) { self.log.append("completion") } }
        run(for: 1.5)
        #expect(log.calls == [
            "animationController(forDismissed:)",
            "interactionControllerForDismissal(using:)",
            "dismissalTransitionWillBegin",
            "viewWillDisappear",
            "animateTransition",
            "dismissalTransitionDidEnd(true)",
            "viewDidDisappear",
            "completion",
        ])
        let controller = try #require(transitioning.presentationController)
        #expect(transitioning.dismissingAnimator?.initialFrame == CGRect(x: 0, y: 400, width: 400, height: 400))
        #expect(transitioning.dismissingAnimator?.fromView === card.view)
        #expect(controller.dimmingView.superview == nil)
        #expect(card.presentationController == nil && presenter.presentedViewController == nil)
    }

    /// "presentationTransitionDidEnd(false) … the presentation was cancelled": an interactive
    /// presentation let go short of its end; the chrome goes and nothing stays presented.
    @Test func aCancelledInteractivePresentationEndsWithFalse() throws {
        let interaction = UIPercentDrivenInteractiveTransition()
        present(interaction: interaction)
        stage.perform { interaction.update(0.3) }
        stage.frame(at: 0.1)
        stage.perform { interaction.cancel() }
        run(for: 1.5)
        #expect(log.calls.contains("presentationTransitionDidEnd(false)"))
        #expect(!log.calls.contains("completion"))
        #expect(presenter.presentedViewController == nil && card.presentationController == nil)
        #expect(transitioning.presentationController?.dimmingView.superview == nil)
    }

    /// "dismissalTransitionDidEnd(false) … the dismissal was cancelled": the card stays
    /// presented, with its controller and chrome.
    @Test func aCancelledInteractiveDismissalEndsWithFalse() throws {
        present()
        run(for: 1.5)
        let interaction = UIPercentDrivenInteractiveTransition()
        transitioning.interaction = interaction
        stage.perform { card.dismiss(animated: true) }
        stage.perform { interaction.update(0.3) }
        run(for: 0.1)
        stage.perform { interaction.cancel() }
        run(for: 1.5)
        #expect(log.calls.last == "viewDidAppear")
        #expect(log.calls.contains("dismissalTransitionDidEnd(false)"))
        let controller = try #require(transitioning.presentationController)
        #expect(presenter.presentedViewController === card && card.presentationController === controller)
        #expect(controller.dimmingView.superview === controller.containerView)
        #expect(card.view.frame == CGRect(x: 0, y: 400, width: 400, height: 400))
    }

    /// A rotation lays the container out: `containerViewWillLayoutSubviews` and `DidLayoutSubviews`
    /// run, and the card follows `frameOfPresentedViewInContainerView` in the new size.
    @Test func aRotationLaysOutTheContainer() throws {
        present()
        run(for: 1.5)
        log.clear()
        stage.window.resize(to: CGSize(width: 800, height: 400))
        run(for: 0.5)
        #expect(log.calls.prefix(2) == ["containerViewWillLayoutSubviews", "containerViewDidLayoutSubviews"])
        #expect(card.view.frame == CGRect(x: 0, y: 200, width: 800, height: 200))
        #expect(transitioning.presentationController?.dimmingView.frame == CGRect(x: 0, y: 0, width: 800, height: 400))
    }

    /// "Presentation controllers … forward [viewWillTransition] to the presented view controller"
    /// (UIContentContainer), with the size `size(forChildContentContainer:withParentContainerSize:)`
    /// gives: here the card's half of the new window.
    @Test func aRotationTellsThePresentedControllerTheSizeItsPresentationControllerGives() {
        present()
        run(for: 1.5)
        stage.window.resize(to: CGSize(width: 800, height: 400))
        #expect(card.sizesTold == [CGSize(width: 800, height: 200)])
    }

    /// A presented controller's new `preferredContentSize` reaches its presentation controller
    /// (`preferredContentSizeDidChange(forChildContentContainer:)`), which lays the container out
    /// again to size the card by it; the same size again tells nobody.
    @Test func aPreferredContentSizeReachesThePresentationController() {
        present()
        run(for: 1.5)
        log.clear()
        card.preferredContentSize = CGSize(width: 400, height: 300)
        card.preferredContentSize = CGSize(width: 400, height: 300)
        run(for: 0.1)
        #expect(log.calls == ["preferredContentSizeDidChange(true)", "containerViewWillLayoutSubviews",
                              "containerViewDidLayoutSubviews"])
        #expect(card.view.frame == CGRect(x: 0, y: 500, width: 400, height: 300))
        #expect(transitioning.presentationController?.preferredContentSize == CGSize(width: 400, height: 300))
    }

    /// UIKit asks for a presentation controller only for `.custom`; a built-in style runs with
    /// one of UIKit's own, which adds no views.
    @Test func onlyACustomPresentationAsksForOne() throws {
        card.modalPresentationStyle = .overFullScreen
        card.transitioningDelegate = transitioning
        stage.perform { presenter.present(card, animated: true) }
        run(for: 1.5)
        #expect(!log.calls.contains("presentationController(forPresented:presenting:source:)"))
        let builtIn = try #require(card.presentationController)
        #expect(!(builtIn is CardPresentationController) && builtIn.presentationStyle == .overFullScreen)
        #expect(!builtIn.shouldRemovePresentersView && builtIn.presentedViewController === card)
        #expect(presenter.presentedViewController === card && presenter.view.superview === stage.window)
    }
}
