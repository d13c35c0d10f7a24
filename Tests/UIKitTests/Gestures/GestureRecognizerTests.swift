import Motion
@testable import UIKit
import Testing

/// A 390 × 844 window whose full-screen view carries the recognizer under test.
private struct Screen {
    let clock = ManualClock()
    let window: UIWindow
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), name: "screen")
    var states: [UIGestureRecognizer.State] = []

    init() {
        window = UIWindow(size: CGSize(width: 390, height: 844), clock: clock)
        window.addSubview(view)
    }

    func send(_ phase: PointerEvent.Phase, _ x: Double, _ y: Double, at time: Double, id: Int = 1) {
        clock.set(time)
        window.handle(PointerEvent(phase: phase, pointerID: id, kind: .touch, location: CGPoint(x: x, y: y), timestamp: time))
    }
}

private final class Log {
    var states: [UIGestureRecognizer.State] = []
    var translations: [CGPoint] = []
}

@Suite struct ScreenEdgePanGestureRecognizerTests {
    private func rightEdge() -> (Screen, UIScreenEdgePanGestureRecognizer, Log) {
        let screen = Screen()
        let log = Log()
        let pan = UIScreenEdgePanGestureRecognizer(edges: .right) { recognizer in
            log.states.append(recognizer.state)
            log.translations.append(recognizer.translation(in: nil))
        }
        screen.view.addGestureRecognizer(pan)
        return (screen, pan, log)
    }

    @Test func beginsAfterFifteenPointsInwardAndTranslationStartsAtZero() {
        let (screen, _, log) = rightEdge()
        screen.send(.down, 389, 400, at: 0)
        screen.send(.move, 380, 400, at: 0.016)
        #expect(log.states.isEmpty, "9 pt is inside the hysteresis")
        screen.send(.move, 374, 400, at: 0.033)
        #expect(log.states == [.began])
        #expect(log.translations.last == .zero)
        screen.send(.move, 300, 400, at: 0.05)
        #expect(log.states.last == .changed)
        #expect(log.translations.last == CGPoint(x: -74, y: 0))
        screen.send(.up, 300, 400, at: 0.066)
        #expect(log.states.last == .ended)
    }

    @Test(arguments: [(377.0, true), (357.0, true), (356.0, false), (200.0, false)])
    func touchDownMustBeWithinTheEdgeZonePlusSlop(x: Double, tracks: Bool) {
        // Within 13 + 20 pt of the right edge (390): x ≥ 357.
        let (screen, _, log) = rightEdge()
        screen.send(.down, x, 400, at: 0)
        // A fast first move, so the back-projection lands in the zone whenever the down does.
        screen.send(.move, x - 40, 400, at: 0.016)
        #expect(log.states == (tracks ? [.began] : []))
    }

    @Test func aSlowStartFarFromTheEdgeFailsTheBackProjection() {
        // Down 30 pt in, first move 5 pt: projected back to 35 pt out of 13 → not an edge swipe.
        let (screen, _, log) = rightEdge()
        screen.send(.down, 360, 400, at: 0)
        screen.send(.move, 355, 400, at: 0.016)
        screen.send(.move, 330, 400, at: 0.033)
        #expect(log.states.isEmpty)
    }

    @Test func movingAlongTheEdgeIsNotAnEdgeSwipe() {
        let (screen, _, log) = rightEdge()
        screen.send(.down, 388, 400, at: 0)
        screen.send(.move, 386, 440, at: 0.016)
        screen.send(.move, 385, 480, at: 0.033)
        #expect(log.states.isEmpty)
    }

    @Test func aSecondPointerDuringASwipeIsIgnored() {
        let (screen, _, log) = rightEdge()
        screen.send(.down, 389, 400, at: 0)
        screen.send(.move, 360, 400, at: 0.016)
        screen.send(.down, 389, 600, at: 0.02, id: 2)
        screen.send(.move, 200, 600, at: 0.03, id: 2)
        screen.send(.up, 200, 600, at: 0.04, id: 2)
        #expect(log.states == [.began])
        screen.send(.move, 340, 400, at: 0.05)
        #expect(log.translations.last == CGPoint(x: -20, y: 0), "still following the first finger")
        #expect(log.states == [.began, .changed])
    }

    @Test func aCancelledPointerCancelsTheGesture() {
        let (screen, pan, log) = rightEdge()
        screen.send(.down, 389, 400, at: 0)
        screen.send(.move, 360, 400, at: 0.016)
        screen.send(.cancel, 360, 400, at: 0.03)
        #expect(log.states == [.began, .cancelled])
        #expect(pan.state == .possible, "ready for the next swipe")
    }

    @Test func eventsForAPointerThatNeverWentDownAreIgnored() {
        let (screen, _, log) = rightEdge()
        screen.send(.move, 360, 400, at: 0.016, id: 7)
        screen.send(.up, 360, 400, at: 0.03, id: 7)
        #expect(log.states.isEmpty)
        #expect(screen.window.ignoredPointerEvents == 2)
    }
}

@Suite struct PanGestureRecognizerTests {
    @Test func velocityBlendsTheNewestSampleOneFifth() {
        let screen = Screen()
        let pan = UIPanGestureRecognizer { _ in }
        screen.view.addGestureRecognizer(pan)
        screen.send(.down, 100, 100, at: 0)
        screen.send(.move, 110, 100, at: 0.01)   // 1000 pt/s: the first sample is taken as is
        #expect(pan.velocity(in: nil).x == 1000)
        screen.send(.move, 115, 100, at: 0.02)   // 500 pt/s: 0.8 · 1000 + 0.2 · 500
        #expect(abs(pan.velocity(in: nil).x - 900) < 1e-9)
        screen.send(.move, 115, 100, at: 0.03)   // 0 pt/s
        #expect(abs(pan.velocity(in: nil).x - 720) < 1e-9)
    }

    @Test func setTranslationRebasesWhatFollows() {
        let screen = Screen()
        let pan = UIPanGestureRecognizer { _ in }
        screen.view.addGestureRecognizer(pan)
        screen.send(.down, 100, 100, at: 0)
        screen.send(.move, 120, 100, at: 0.01)
        #expect(pan.state == .began)
        screen.send(.move, 150, 130, at: 0.02)
        #expect(pan.translation(in: screen.view) == CGPoint(x: 30, y: 30))
        pan.setTranslation(.zero, in: screen.view)
        screen.send(.move, 155, 120, at: 0.03)
        #expect(pan.translation(in: screen.view) == CGPoint(x: 5, y: -10))
        #expect(pan.location(in: screen.view) == CGPoint(x: 155, y: 120))
    }
}

@Suite struct TapGestureRecognizerTests {
    @Test func aTapRecognizesAndADragDoesNot() {
        let screen = Screen()
        var taps = 0
        screen.view.addGestureRecognizer(UITapGestureRecognizer { _ in taps += 1 })
        screen.send(.down, 50, 50, at: 0)
        screen.send(.up, 52, 51, at: 0.1)
        #expect(taps == 1)
        screen.send(.down, 50, 50, at: 1)
        screen.send(.move, 80, 50, at: 1.05)
        screen.send(.up, 80, 50, at: 1.1)
        #expect(taps == 1)
        screen.send(.down, 50, 50, at: 2)
        screen.send(.up, 50, 50, at: 3)
        #expect(taps == 1, "a long press is not a tap")
    }

    @Test func hitTestingRoutesTheTapToTheTopmostView() {
        let screen = Screen()
        var hits: [String] = []
        let below = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100), name: "below")
        let above = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100), name: "above")
        below.addGestureRecognizer(UITapGestureRecognizer { _ in hits.append("below") })
        above.addGestureRecognizer(UITapGestureRecognizer { _ in hits.append("above") })
        screen.view.addSubview(below)
        screen.view.addSubview(above)
        screen.send(.down, 75, 75, at: 0)
        screen.send(.up, 75, 75, at: 0.05)
        screen.send(.down, 25, 25, at: 1)
        screen.send(.up, 25, 25, at: 1.05)
        #expect(hits == ["above", "below"])
    }
}

@Suite struct GestureDispatcherTests {
    @Test func pointersPastTenAreIgnoredSoAPageCannotGrowWhatTheWindowFollows() {
        let screen = Screen()
        let log = Log()
        screen.view.addGestureRecognizer(UIPanGestureRecognizer { log.states.append($0.state) })
        for id in 1...1_000 { screen.send(.down, 100, 400, at: 0, id: id) }
        #expect(screen.window.ignoredPointerEvents == 1_000 - GestureDispatcher.maximumPointers)

        // The first pointer still drives the pan; one lifted makes room for one more, not two.
        screen.send(.move, 200, 400, at: 0.016, id: 1)
        #expect(log.states == [.began])
        screen.send(.up, 200, 400, at: 0.033, id: 1)
        screen.send(.down, 100, 400, at: 0.05, id: 2_000)
        screen.send(.down, 100, 400, at: 0.05, id: 2_001)
        #expect(screen.window.ignoredPointerEvents == 1_000 - GestureDispatcher.maximumPointers + 1)
        // A move of a pointer past the ten is one never followed: ignored too.
        screen.send(.move, 120, 400, at: 0.066, id: 500)
        #expect(screen.window.ignoredPointerEvents == 1_000 - GestureDispatcher.maximumPointers + 2)
    }

    @Test func aHeldPointerStopsReachingARecognizerWhoseViewLeftTheWindow() {
        let screen = Screen()
        let log = Log()
        let pan = UIPanGestureRecognizer { log.states.append($0.state) }
        screen.view.addGestureRecognizer(pan)
        screen.send(.down, 100, 400, at: 0)
        screen.view.removeFromSuperview()
        screen.send(.move, 200, 400, at: 0.016)
        screen.send(.up, 200, 400, at: 0.033)
        #expect(log.states.isEmpty, "its targets may be gone with the view's controller")

        // Back on screen, the same recognizer follows the next pointer as usual.
        screen.window.addSubview(screen.view)
        screen.send(.down, 100, 400, at: 1)
        screen.send(.move, 200, 400, at: 1.016)
        #expect(log.states == [.began])
    }
}

/// Refuses to begin while `allows` is false (`UIGestureRecognizerDelegate`'s first question).
private final class Gate: UIGestureRecognizerDelegate {
    var allows = true
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { allows }
}

@Suite struct LongPressGestureRecognizerTests {
    @Test func aZeroDurationPressBeginsOnTheTouchAndWinsItOverAPan() {
        let screen = Screen()
        let press = Log(), pan = Log()
        let long = UILongPressGestureRecognizer { press.states.append($0.state) }
        long.minimumPressDuration = 0
        long.allowableMovement = .infinity
        screen.view.addGestureRecognizer(long)
        screen.view.addGestureRecognizer(UIPanGestureRecognizer { pan.states.append($0.state) })
        screen.send(.down, 100, 100, at: 0)
        #expect(press.states == [.began])
        screen.send(.move, 100, 160, at: 0.05)
        screen.send(.move, 100, 220, at: 0.1)
        screen.send(.up, 100, 220, at: 0.12)
        #expect(press.states == [.began, .changed, .changed, .ended])
        #expect(pan.states.isEmpty, "the pan never saw the pointer begin")
        #expect(long.velocity(in: nil).y > 1000)
    }

    @Test func aTimedPressBeginsOnTheFirstEventPastItsDurationAndFailsIfItWanders() {
        let screen = Screen()
        let log = Log()
        let long = UILongPressGestureRecognizer { log.states.append($0.state) }
        screen.view.addGestureRecognizer(long)
        screen.send(.down, 100, 100, at: 0)
        screen.send(.move, 102, 100, at: 0.3)
        #expect(log.states.isEmpty)
        screen.send(.move, 103, 100, at: 0.6)
        #expect(log.states == [.began])
        screen.send(.up, 103, 100, at: 0.7)
        #expect(log.states == [.began, .ended])
        // Moved 11 pt (past the 10 pt allowed) before the half second: no press.
        screen.send(.down, 100, 100, at: 1)
        screen.send(.move, 111, 100, at: 1.2)
        screen.send(.move, 111, 100, at: 1.6)
        screen.send(.up, 111, 100, at: 1.7)
        #expect(log.states == [.began, .ended])
    }

    @Test func aDelegateThatSaysNoLetsThePointerGoToTheOthers() {
        let screen = Screen()
        let press = Log(), pan = Log()
        let gate = Gate()
        gate.allows = false
        let long = UILongPressGestureRecognizer { press.states.append($0.state) }
        long.minimumPressDuration = 0
        long.delegate = gate
        screen.view.addGestureRecognizer(long)
        screen.view.addGestureRecognizer(UIPanGestureRecognizer { pan.states.append($0.state) })
        screen.send(.down, 100, 100, at: 0)
        screen.send(.move, 100, 140, at: 0.05)
        screen.send(.up, 100, 140, at: 0.1)
        #expect(press.states.isEmpty)
        #expect(pan.states == [.began, .ended])
        gate.allows = true
        screen.send(.down, 100, 100, at: 1)
        #expect(press.states == [.began])
    }
}

@Suite struct ReleaseVelocityTests {
    private func pan(_ screen: Screen) -> UIPanGestureRecognizer {
        let pan = UIPanGestureRecognizer { _ in }
        screen.view.addGestureRecognizer(pan)
        return pan
    }

    @Test func aFingerThatLiftsWhileMovingKeepsItsVelocity() {
        let screen = Screen()
        let recognizer = pan(screen)
        screen.send(.down, 100, 100, at: 0)
        for i in 1...6 { screen.send(.move, 100, 100 + 20 * Double(i), at: 0.02 * Double(i)) }
        screen.send(.up, 100, 220, at: 0.13)
        #expect(abs(recognizer.velocity(in: nil).y - 1000) < 1e-9)
    }

    @Test func aFingerThatRestedBeforeLiftingHasNoVelocity() {
        let screen = Screen()
        let recognizer = pan(screen)
        screen.send(.down, 100, 100, at: 0)
        for i in 1...6 { screen.send(.move, 100, 100 + 20 * Double(i), at: 0.02 * Double(i)) }
        // Still for 0.15 s (past the 0.1 s a velocity lasts): browsers send no moves meanwhile.
        screen.send(.up, 100, 220, at: 0.27)
        #expect(recognizer.velocity(in: nil) == .zero)
    }
}

@Suite struct ButtonTests {
    /// The soak found this at load: a finger down on a button whose screen went away before the
    /// finger lifted; resetting the button's recognizer then read the freed button.
    @Test func aButtonFreedUnderAFingerNeitherTapsNorCrashesWhenTheFingerLifts() {
        let screen = Screen()
        var taps = 0
        weak var freed: UIButton?
        do {
            let button = UIButton(type: .system, primaryAction: UIAction(title: "Next") { _ in taps += 1 })
            button.frame = CGRect(x: 100, y: 400, width: 190, height: 44)
            screen.view.addSubview(button)
            freed = button
            screen.send(.down, 195, 422, at: 1.0)
            #expect(button.isHighlighted)
            button.removeFromSuperview()
        }
        #expect(freed == nil)
        screen.send(.up, 195, 422, at: 1.05)
        #expect(taps == 0)
    }
}
