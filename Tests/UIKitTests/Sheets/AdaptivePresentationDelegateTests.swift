import Motion
@testable import UIKit
import Testing

/// Writes down what a presentation controller tells its delegate, and refuses when told to.
private final class DismissalLog: UIAdaptivePresentationControllerDelegate {
    private(set) var calls: [String] = []
    var allowsDismissal = true
    /// Whether `WillDismiss` found the dismissal's transition coordinator on the presented controller.
    private(set) var coordinatorInWillDismiss: Bool?

    func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool {
        calls.append("shouldDismiss")
        return allowsDismissal
    }

    func presentationControllerWillDismiss(_ presentationController: UIPresentationController) {
        calls.append("willDismiss")
        coordinatorInWillDismiss = presentationController.presentedViewController.transitionCoordinator != nil
    }

    func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
        calls.append("didDismiss")
    }

    func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {
        calls.append("didAttemptToDismiss")
    }
}

/// `UIAdaptivePresentationControllerDelegate` and `isModalInPresentation` on a page sheet, as iOS 13
/// runs them: a swipe down or a tap on the dimming asks `presentationControllerShouldDismiss`, then
/// `WillDismiss` (with the transition's coordinator) and `DidDismiss` once it completed; a refusal
/// (`isModalInPresentation`, or `false`) gives `DidAttemptToDismiss` and the sheet stays; a
/// `dismiss(animated:)` from code tells the delegate nothing.
@Suite("UIAdaptivePresentationControllerDelegate")
@MainActor struct AdaptivePresentationDelegateTests {
    let stage = Stage(width: 390, height: 844)
    let root = UIViewController(name: "root")
    let sheetController = UIViewController(name: "sheet")
    fileprivate let log = DismissalLog()
    /// The sheet's top edge at rest: the large detent, below the status bar.
    let restingTop = 57.0

    init() {
        stage.window.rootViewController = root
        sheetController.modalPresentationStyle = .pageSheet
        // Set before presenting, as an app does: the style's presentation controller exists already.
        sheetController.presentationController?.delegate = log
        stage.perform { root.present(sheetController, animated: true) }
        stage.frame(at: 2)
    }

    var top: Double { sheetController.view.presentation.frame.minY }

    /// A finger from `from` to `to` in `steps` moves over `duration` seconds from `start`, then
    /// lifts; returns the sheet's top edge just before it lifts.
    @discardableResult
    func drag(from: CGPoint, to: CGPoint, start: Double, duration: Double, steps: Int = 10) -> Double {
        let window = stage.window
        stage.frame(at: start)
        window.handle(PointerEvent(phase: .down, pointerID: 1, kind: .touch, location: from, timestamp: start))
        for step in 1...steps {
            let fraction = Double(step) / Double(steps)
            let time = start + duration * fraction
            let point = CGPoint(x: from.x + (to.x - from.x) * fraction, y: from.y + (to.y - from.y) * fraction)
            stage.frame(at: time)
            window.handle(PointerEvent(phase: .move, pointerID: 1, kind: .touch, location: point, timestamp: time))
        }
        stage.frame(at: start + duration)
        let held = top
        window.handle(PointerEvent(phase: .up, pointerID: 1, kind: .touch, location: to, timestamp: start + duration))
        return held
    }

    /// The sheet's frame at rest is the large detent's, to within rounding.
    func isAtRest() -> Bool {
        abs(sheetController.view.frame.minY - restingTop) < 1e-9
    }

    @Test func theSheetIsAPresentationControllerAndTheDelegateSetBeforePresentingIsKept() throws {
        let sheet = try #require(sheetController.sheetPresentationController)
        let asPresentationController: UIPresentationController = sheet
        #expect(asPresentationController === sheetController.presentationController)
        #expect(sheet.delegate === log && sheet.presentationStyle == .pageSheet)
        #expect(sheet.containerView === sheetController.view.superview && sheet.presentingViewController === root)
        #expect(sheet.frameOfPresentedViewInContainerView == CGRect(x: 0, y: restingTop, width: 390, height: 797))
    }

    @Test func aSwipeDownAsksThenTellsWillAndDidDismissInOrder() {
        drag(from: CGPoint(x: 195, y: 300), to: CGPoint(x: 195, y: 800), start: 3, duration: 0.2)
        #expect(log.calls == ["shouldDismiss", "willDismiss"])
        #expect(log.coordinatorInWillDismiss == true)
        stage.frame(at: 5)
        #expect(log.calls == ["shouldDismiss", "willDismiss", "didDismiss"])
        #expect(root.presentedViewController == nil)
    }

    @Test func aTapOnTheDimmingAsksThenDismisses() {
        stage.window.handle(PointerEvent(phase: .down, pointerID: 1, kind: .touch, location: CGPoint(x: 195, y: 20), timestamp: 3))
        stage.window.handle(PointerEvent(phase: .up, pointerID: 1, kind: .touch, location: CGPoint(x: 195, y: 20), timestamp: 3.05))
        stage.frame(at: 5)
        #expect(log.calls == ["shouldDismiss", "willDismiss", "didDismiss"])
        #expect(root.presentedViewController == nil)
    }

    @Test func aRefusedSwipeResistsSpringsBackAndTellsOfTheAttempt() {
        log.allowsDismissal = false
        let held = drag(from: CGPoint(x: 195, y: 300), to: CGPoint(x: 195, y: 700), start: 3, duration: 0.4)
        // Held at the end of a 400-pt pull, the sheet has moved less than the finger: it resists.
        #expect(held > restingTop + 20 && held < restingTop + 400 - 100)
        #expect(log.calls == ["shouldDismiss", "didAttemptToDismiss"])
        stage.frame(at: 6)
        #expect(isAtRest())
        #expect(root.presentedViewController === sheetController)
        #expect(stage.window.transitions.isBusy == false)
    }

    @Test func isModalInPresentationRefusesWithoutAskingTheDelegate() {
        sheetController.isModalInPresentation = true
        drag(from: CGPoint(x: 195, y: 300), to: CGPoint(x: 195, y: 800), start: 3, duration: 0.2)
        stage.window.handle(PointerEvent(phase: .down, pointerID: 2, kind: .touch, location: CGPoint(x: 195, y: 20), timestamp: 6))
        stage.window.handle(PointerEvent(phase: .up, pointerID: 2, kind: .touch, location: CGPoint(x: 195, y: 20), timestamp: 6.05))
        stage.frame(at: 8)
        #expect(log.calls == ["didAttemptToDismiss", "didAttemptToDismiss"])
        #expect(root.presentedViewController === sheetController)
        #expect(isAtRest())
    }

    @Test func aCancelledSwipeIsNeverDidDismiss() {
        // Down far enough to start the dismissal, then back up slowly: it cancels.
        drag(from: CGPoint(x: 195, y: 300), to: CGPoint(x: 195, y: 500), start: 3, duration: 0.5)
        stage.frame(at: 6)
        #expect(log.calls.first == "shouldDismiss" && !log.calls.contains("didDismiss"))
        #expect(root.presentedViewController === sheetController)
    }

    @Test func aDismissalFromCodeTellsTheDelegateNothing() {
        stage.perform { sheetController.dismiss(animated: true) }
        stage.frame(at: 5)
        #expect(log.calls.isEmpty)
        #expect(root.presentedViewController == nil)
    }
}
