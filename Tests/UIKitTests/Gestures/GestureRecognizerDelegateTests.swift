import Motion
@testable import UIKit
import Testing

/// A 390 × 844 window with a full-screen view, and a way to touch it.
private struct Screen {
    let clock = ManualClock()
    let window: UIWindow
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), name: "screen")
    let card = UIView(frame: CGRect(x: 0, y: 200, width: 390, height: 400), name: "card")

    init() {
        window = UIWindow(size: CGSize(width: 390, height: 844), clock: clock)
        window.addSubview(view)
        view.addSubview(card)
    }

    func send(_ phase: PointerEvent.Phase, _ x: Double, _ y: Double, at time: Double) {
        clock.set(time)
        window.handle(PointerEvent(phase: phase, pointerID: 1, kind: .touch, location: CGPoint(x: x, y: y), timestamp: time))
    }

    /// A drag from (x0, 400) to (x1, 400) in ten steps, then a lift.
    func drag(from x0: Double, to x1: Double) {
        send(.down, x0, 400, at: 0)
        for step in 1...10 { send(.move, x0 + (x1 - x0) * Double(step) / 10, 400, at: Double(step) / 60) }
        send(.up, x1, 400, at: 11.0 / 60)
    }
}

/// Target-action targets, each logging the states its recognizer reported, as an iOS screen would
/// (`@objc func handlePan(_ sender: UIPanGestureRecognizer)`, with `#selector` ported).
private final class Handlers {
    var log: [String] = []
    func handlePan(_ sender: UIPanGestureRecognizer) { log.append("pan \(sender.state)") }
    func handleEdge(_ sender: UIScreenEdgePanGestureRecognizer) { log.append("edge \(sender.state)") }
    func handleTap() { log.append("tap") }
    func handleButton() { log.append("button") }
}

/// A delegate written as in UIKit, with only the methods it means to answer.
private final class SharingDelegate: UIGestureRecognizerDelegate {
    var simultaneous = false
    var panWaitsForEdge: UIGestureRecognizer?
    var edgeMakesPanWait: UIGestureRecognizer?
    var receivesLeftHalfOnly = false
    var asked: [String] = []

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        asked.append("simultaneously")
        return simultaneous
    }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        otherGestureRecognizer === panWaitsForEdge
    }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer) -> Bool {
        otherGestureRecognizer === edgeMakesPanWait
    }

    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
        asked.append("receive")
        return !receivesLeftHalfOnly || touch.location(in: nil).x < 195
    }
}

@Suite("UIGestureRecognizerDelegate and failure requirements")
struct GestureRecognizerDelegateTests {
    private let screen = Screen()
    private let handlers = Handlers()
    private let delegate = SharingDelegate()
    private let pan: UIPanGestureRecognizer
    private let edge: UIScreenEdgePanGestureRecognizer

    init() {
        pan = UIPanGestureRecognizer(target: handlers, action: Selector(Handlers.handlePan(_:)))
        edge = UIScreenEdgePanGestureRecognizer(target: handlers, action: Selector(Handlers.handleEdge(_:)))
        edge.edges = .left
        screen.card.addGestureRecognizer(pan)
        screen.view.addGestureRecognizer(edge)
    }

    /// Two recognizers on one touch: by default the first to begin makes the other fail.
    @Test func byDefaultThePanThatBeginsFirstTakesTheTouch() {
        screen.drag(from: 5, to: 105)
        #expect(handlers.log.first == "pan began")
        #expect(!handlers.log.contains { $0.hasPrefix("edge") })
    }

    /// `gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)`: one `true` from either delegate
    /// lets both recognize the same touch.
    @Test func shouldRecognizeSimultaneouslyLetsBothRecognize() {
        pan.delegate = delegate
        delegate.simultaneous = true
        screen.drag(from: 5, to: 105)
        #expect(handlers.log.contains("pan began"))
        #expect(handlers.log.contains("edge began"))
        #expect(handlers.log.filter { $0 == "pan ended" || $0 == "edge ended" }.count == 2)
        #expect(delegate.asked.contains("simultaneously"))
    }

    /// `require(toFail:)`: the pan (10 pt hysteresis) waits for the edge pan (15 pt), which begins
    /// from the edge, so the pan fails.
    @Test func requireToFailMakesThePanWaitForTheEdgePan() {
        pan.require(toFail: edge)
        screen.drag(from: 5, to: 105)
        #expect(handlers.log.first == "edge began")
        #expect(!handlers.log.contains { $0.hasPrefix("pan") })
    }

    /// The same, away from the edge: the edge pan fails at once, and the pan begins as the finger
    /// reaches its hysteresis, its translation starting at zero.
    @Test func requireToFailLetsThePanBeginOnceTheEdgePanFails() {
        pan.require(toFail: edge)
        screen.drag(from: 200, to: 300)
        #expect(handlers.log.first == "pan began")
        #expect(!handlers.log.contains { $0.hasPrefix("edge") })
    }

    /// `gestureRecognizer(_:shouldRequireFailureOf:)` on the pan's delegate.
    @Test func shouldRequireFailureOfMakesThePanWait() {
        pan.delegate = delegate
        delegate.panWaitsForEdge = edge
        screen.drag(from: 5, to: 105)
        #expect(handlers.log.first == "edge began")
        #expect(!handlers.log.contains { $0.hasPrefix("pan") })
    }

    /// `gestureRecognizer(_:shouldBeRequiredToFailBy:)` on the edge pan's delegate.
    @Test func shouldBeRequiredToFailByMakesThePanWait() {
        edge.delegate = delegate
        delegate.edgeMakesPanWait = pan
        screen.drag(from: 5, to: 105)
        #expect(handlers.log.first == "edge began")
        #expect(!handlers.log.contains { $0.hasPrefix("pan") })
    }

    /// `gestureRecognizer(_:shouldReceive:)` is asked as the touch lands; false keeps the touch
    /// from the recognizer.
    @Test func shouldReceiveFalseKeepsTheTouchFromTheRecognizer() {
        pan.delegate = delegate
        delegate.receivesLeftHalfOnly = true
        screen.drag(from: 250, to: 350)
        #expect(handlers.log.isEmpty)
        #expect(delegate.asked == ["receive"])
        screen.drag(from: 40, to: 140)
        #expect(handlers.log.first == "pan began")
    }

    /// A tap that requires a pan to fail recognizes once the pan fails, when the finger lifts.
    @Test func aTapThatRequiresThePanToFailTapsWhenThePanFails() {
        let tap = UITapGestureRecognizer(target: handlers, action: Selector(Handlers.handleTap))
        screen.card.addGestureRecognizer(tap)
        tap.require(toFail: pan)
        screen.send(.down, 200, 400, at: 0)
        screen.send(.up, 202, 400, at: 0.1)
        #expect(handlers.log == ["tap"])
        screen.drag(from: 200, to: 300)
        #expect(handlers.log.filter { $0 == "tap" }.count == 1)
        #expect(handlers.log.contains("pan began"))
    }
}

/// `cancelsTouchesInView`: a button under a pan taps beside the pan only when the pan leaves the
/// view its touches.
@Suite struct CancelsTouchesInViewTests {
    @Test(arguments: [true, false])
    func aButtonUnderAPanTapsOnlyWhenThePanLeavesItsTouches(cancels: Bool) {
        let screen = Screen()
        let handlers = Handlers()
        let button = UIButton(type: .system, primaryAction: UIAction(title: "Go") { _ in handlers.log.append("button") })
        button.frame = CGRect(x: 100, y: 180, width: 190, height: 44)
        screen.card.addSubview(button)
        let pan = UIPanGestureRecognizer(target: handlers, action: Selector(Handlers.handlePan(_:)))
        pan.cancelsTouchesInView = cancels
        screen.card.addGestureRecognizer(pan)
        // Exactly the pan's 10 pt: the pan begins, and the touch is still within the tap's 10 pt.
        screen.send(.down, 150, 400, at: 0)
        screen.send(.move, 160, 400, at: 0.05)
        screen.send(.up, 160, 400, at: 0.1)
        #expect(handlers.log.first == "pan began")
        #expect(handlers.log.contains("button") == !cancels)
        #expect(pan.cancelsTouchesInView == cancels)
    }
}
