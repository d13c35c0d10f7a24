import Motion
@testable import UIKit
import Testing

/// A presentation controller whose dimming view fades in alongside the presentation, through the
/// presented controller's transition coordinator, as the View Controller Programming Guide's
/// custom presentation does; removed again when the presentation is cancelled.
private final class DimmingPresentationController: UIPresentationController {
    let dimmingView = UIView(name: "dimming")

    override func presentationTransitionWillBegin() {
        guard let containerView else { return }
        dimmingView.frame = containerView.bounds
        dimmingView.alpha = 0
        containerView.insertSubview(dimmingView, at: 0)
        presentedViewController.transitionCoordinator?.animate(alongsideTransition: { _ in self.dimmingView.alpha = 1 })
    }

    override func presentationTransitionDidEnd(_ completed: Bool) {
        if !completed { dimmingView.removeFromSuperview() }
    }
}

/// Vends the dimming presentation controller, the interruptible slide up and an interaction.
private final class DimmingTransitioning: UIViewControllerTransitioningDelegate {
    let animator = InterruptibleSlideUpAnimator()
    let interaction = UIPercentDrivenInteractiveTransition()
    private(set) var presentation: DimmingPresentationController?

    func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                source: UIViewController) -> UIPresentationController? {
        let controller = DimmingPresentationController(presentedViewController: presented, presenting: presenting)
        presentation = controller
        return controller
    }

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? { animator }
    func interactionControllerForPresentation(using animator: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning? { interaction }
}

/// Chrome a presentation controller animates in `presentationTransitionWillBegin()` rides the
/// transition (UIViewControllerTransitionCoordinator: alongside animations "respond to timing
/// changes provided by an interactive animator object"), here an interactive presentation driven
/// through the animator's interruptible property animator.
@Suite("presentation chrome on an interruptible transition")
@MainActor struct PresentationChromeTests {
    let stage = Stage(width: 400, height: 800)
    let presenter = UIViewController(name: "presenter")
    let card = UIViewController(name: "card")
    fileprivate let transitioning = DimmingTransitioning()

    init() {
        stage.window.rootViewController = presenter
        card.modalPresentationStyle = .custom
        card.transitioningDelegate = transitioning
        stage.perform { presenter.present(card, animated: true) }
    }

    var dimming: UIView { transitioning.presentation!.dimmingView }

    @Test(arguments: [true, false])
    func theDimmingSitsAtTheScrubbedFractionAndEndsWithTheTransition(finishes: Bool) throws {
        stage.perform { transitioning.interaction.update(0.4) }
        stage.frame(at: 0.1)
        #expect(abs(dimming.presentation.alpha - 0.4) < 1e-9)
        #expect(abs(card.view.presentation.frame.minY - 800 * 0.6) < 1e-9)
        stage.perform { finishes ? transitioning.interaction.finish() : transitioning.interaction.cancel() }
        var time = 0.1
        while time < 2 {
            time += 1.0 / 60
            stage.frame(at: time)
        }
        #expect(stage.window.transitions.active == nil)
        if finishes {
            #expect(dimming.alpha == 1 && dimming.superview === card.view.superview)
            #expect(presenter.presentedViewController === card)
        } else {
            #expect(dimming.superview == nil && presenter.presentedViewController == nil)
        }
    }
}
