import Motion
@testable import UIKit
import Testing
import ReferenceMath

/// Interrupting a moving property: UIKit's additive animations (iOS 8 on) and beginFromCurrentState.
@Suite struct AnimationEngineRetargetingTests {
    /// Curves are solved to 1e-7 in x (TimingFunction.solveEpsilon): on moves of a few hundred points
    /// that is a few 1e-5 pt.
    static let tolerance = 1e-4

    /// center.x 0 → 100 over 1 s (easeInEaseOut), then at 0.4 s a 1 s animation to 300.
    @Test func additiveRetargetHasNoJumpAndSumsBothAnimations() {
        let stage = Stage()
        let view = stage.add(CGRect(x: -5, y: 0, width: 10, height: 10))
        let first = CompletionLog(), second = CompletionLog()
        stage.perform {
            UIView.animate(withDuration: 1, delay: 0, options: [], animations: { view.center.x = 100 },
                         completion: first.handler)
        }
        let before = stage.x(view, at: 0.4)
        #expect(isClose(before, 100 * Reference.easeInEaseOut(0.4), Self.tolerance))
        stage.perform {
            UIView.animate(withDuration: 1, delay: 0, options: [], animations: { view.center.x = 300 },
                         completion: second.handler)
        }
        // Same instant, before and after the handoff.
        #expect(isClose(stage.x(view, at: 0.4), before, 1e-9))
        // Just after: within what the old motion covers in a millisecond (its speed is < 200 pt/s).
        #expect(abs(stage.x(view, at: 0.401) - before) < 0.2)
        // Then: the new target plus both animations' remaining offsets.
        for t in [0.5, 0.8, 1.0, 1.2] {
            let expected = 300 + (1 - Reference.easeInEaseOut((t - 0.4) / 1)) * (100 - 300)
                + (1 - Reference.easeInEaseOut(t)) * (0 - 100)
            #expect(isClose(stage.x(view, at: t), expected, Self.tolerance), "at t = \(t)")
        }
        #expect(first.calls == [true])
        #expect(second.calls == [])
        #expect(stage.x(view, at: 1.4) == 300)
        #expect(second.calls == [true])
    }

    @Test func springRetargetKeepsPositionAndVelocityContinuous() {
        let stage = Stage()
        let view = stage.add(CGRect(x: -5, y: 0, width: 10, height: 10))
        stage.perform {
            UIView.animate(withDuration: 0.7, delay: 0, usingSpringWithDamping: 0.9, initialSpringVelocity: 0.8,
                         animations: { view.center.x = 100 })
        }
        let handoff = 0.25, h = 1e-4
        // Second-order one-sided differences, so curvature does not bias either side.
        let x0 = stage.x(view, at: handoff), x1 = stage.x(view, at: handoff - h), x2 = stage.x(view, at: handoff - 2 * h)
        let velocityBefore = (3 * x0 - 4 * x1 + x2) / (2 * h)
        stage.frame(at: handoff)
        stage.perform {
            UIView.animate(withDuration: 0.6, delay: 0, usingSpringWithDamping: 0.7, initialSpringVelocity: 0,
                         animations: { view.center.x = 300 })
        }
        let y0 = stage.x(view, at: handoff), y1 = stage.x(view, at: handoff + h), y2 = stage.x(view, at: handoff + 2 * h)
        let velocityAfter = (-3 * y0 + 4 * y1 - y2) / (2 * h)
        #expect(isClose(y0, x0, 1e-9))
        #expect(abs(velocityBefore) > 50, "the first spring is still moving fast: \(velocityBefore)")
        #expect(abs(velocityAfter - velocityBefore) < 0.5, "before \(velocityBefore), after \(velocityAfter) pt/s")
    }

    @Test func beginFromCurrentStateStartsFromThePresentationAndInterruptsTheOldAnimation() {
        let stage = Stage()
        let view = stage.add(CGRect(x: -5, y: 0, width: 10, height: 10))
        let first = CompletionLog(), second = CompletionLog()
        stage.perform {
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.center.x = 100 },
                         completion: first.handler)
        }
        #expect(isClose(stage.x(view, at: 0.4), 40))
        stage.perform {
            UIView.animate(withDuration: 1, delay: 0, options: [.beginFromCurrentState, .curveLinear],
                         animations: { view.center.x = 300 }, completion: second.handler)
        }
        #expect(first.calls == [false])
        #expect(stage.window.engine.runningAnimationCount == 1)
        for t in [0.4, 0.5, 0.9, 1.3] {
            #expect(isClose(stage.x(view, at: t), 40 + 260 * (t - 0.4), 1e-9), "at t = \(t)")
        }
        stage.frame(at: 1.4)
        #expect(first.calls == [false])
        #expect(second.calls == [true])
    }

    @Test func beginFromCurrentStateToWhereItAlreadyIsLeavesItThere() {
        // The interrupted animation is removed and the new one has nothing to do: the property must
        // show its model value, even while the view has other animations running.
        let stage = Stage()
        let view = stage.add(CGRect(x: -5, y: 0, width: 10, height: 10))
        stage.perform {
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.center.x = 100 })
            UIView.animate(withDuration: 10, delay: 0, options: .curveLinear, animations: { view.alpha = 0 })
        }
        #expect(isClose(stage.x(view, at: 0.5), 50))
        stage.perform {
            UIView.animate(withDuration: 1, delay: 0, options: .beginFromCurrentState,
                         animations: { view.center.x = 50 })
        }
        #expect(isClose(stage.x(view, at: 0.5), 50))
        #expect(isClose(stage.x(view, at: 0.8), 50))
    }

    @Test func removeAllAnimationsJumpsToTheModelAndReportsUnfinished() {
        let stage = Stage()
        let view = stage.add(CGRect(x: -5, y: 0, width: 10, height: 10))
        let log = CompletionLog()
        stage.perform {
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                view.center.x = 100
                view.alpha = 0.2
            }, completion: log.handler)
        }
        stage.frame(at: 0.5)
        stage.perform { view.removeAllAnimations() }
        #expect(log.calls == [false])
        #expect(view.presentation.center.x == 100)
        #expect(view.presentation.alpha == 0.2)
        stage.frame(at: 2)
        #expect(log.calls == [false])
        #expect(!stage.window.engine.isAnimating)
    }
}
