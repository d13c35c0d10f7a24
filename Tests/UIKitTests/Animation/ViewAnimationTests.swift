import Motion
@testable import UIKit
import Testing
import ReferenceMath

@Suite struct ViewAnimationTests {
    @Test func modelChangesAtOnceAndPresentationFollowsTheDefaultEaseInEaseOutCurve() {
        let stage = Stage()
        let view = stage.add(CGRect(x: 0, y: 0, width: 100, height: 100))
        stage.perform {
            UIView.animate(withDuration: 2, animations: { view.center = CGPoint(x: 250, y: 50) })
        }
        #expect(view.center == CGPoint(x: 250, y: 50))
        for t in [0.0, 0.3, 0.5, 1.0, 1.7, 1.99] {
            let expected = 50 + 200 * Reference.easeInEaseOut(t / 2)
            #expect(isClose(stage.x(view, at: t), expected, 1e-6), "at t = \(t)")
        }
        #expect(stage.x(view, at: 2) == 250)
        #expect(stage.window.engine.runningAnimationCount == 0)
    }

    @Test(arguments: [
        (UIView.AnimationOptions.curveLinear, 0.0, 0.0, 1.0, 1.0),
        (.curveEaseIn, 0.42, 0.0, 1.0, 1.0),
        (.curveEaseOut, 0.0, 0.0, 0.58, 1.0),
        (.curveEaseInOut, 0.42, 0.0, 0.58, 1.0),
    ])
    func curveOptionsPickTheirTimingFunction(option: UIView.AnimationOptions, x1: Double, y1: Double, x2: Double, y2: Double) {
        let stage = Stage()
        let view = stage.add(CGRect(x: 0, y: 0, width: 10, height: 10))
        stage.perform {
            UIView.animate(withDuration: 1, delay: 0, options: option, animations: { view.alpha = 0 })
        }
        for t in [0.1, 0.25, 0.5, 0.8] {
            stage.frame(at: t)
            let expected = 1 - Reference.curve(x1, y1, x2, y2, at: t)
            #expect(isClose(view.presentation.alpha, expected, 1e-6), "at t = \(t)")
        }
    }

    @Test func delayHoldsTheStartValueThenRuns() {
        let stage = Stage()
        let view = stage.add(CGRect(x: 0, y: 0, width: 10, height: 10))
        stage.perform {
            UIView.animate(withDuration: 1, delay: 0.5, options: .curveLinear, animations: { view.center.x = 105 })
        }
        #expect(stage.x(view, at: 0.25) == 5)
        #expect(stage.x(view, at: 0.5) == 5)
        #expect(isClose(stage.x(view, at: 1.0), 55))
        #expect(stage.x(view, at: 1.5) == 105)
    }

    @Test func springMovesAlongTheFittedClosedForm() {
        let stage = Stage()
        let view = stage.add(CGRect(x: 0, y: 0, width: 10, height: 10))
        stage.perform {
            UIView.animate(withDuration: 0.6, delay: 0, usingSpringWithDamping: 0.7, initialSpringVelocity: 1.0,
                         options: .curveEaseIn, animations: { view.center.x = 305 })
        }
        // The curve option is ignored: progress is the spring's own.
        for t in [0.05, 0.1, 0.2, 0.3, 0.45, 0.59] {
            let expected = 5 + 300 * Reference.spring(duration: 0.6, damping: 0.7, velocity: 1.0, at: t)
            #expect(isClose(stage.x(view, at: t), expected, 1e-4), "at t = \(t)")
        }
        #expect(stage.x(view, at: 0.6) == 305)
    }

    @Test func outsideAWindowsPerformChangesApplyAtOnceAndCompletionRuns() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let log = CompletionLog()
        UIView.animate(withDuration: 1, delay: 0, options: [], animations: { view.alpha = 0.5 }, completion: log.handler)
        #expect(view.alpha == 0.5)
        #expect(view.presentation.alpha == 0.5)
        #expect(log.calls == [true])
    }

    @Test func performWithoutAnimationInsideABlockAppliesAtOnce() {
        let stage = Stage()
        let view = stage.add(CGRect(x: 0, y: 0, width: 10, height: 10))
        stage.perform {
            UIView.animate(withDuration: 1, animations: {
                view.alpha = 0
                UIView.performWithoutAnimation { view.center.x = 100 }
            })
        }
        stage.frame(at: 0.5)
        #expect(view.presentation.center.x == 100)
        #expect(isClose(view.presentation.alpha, 0.5, 1e-9))
        #expect(stage.window.engine.runningAnimationCount == 1)
    }

    @Test func settingAPropertyToItsCurrentValueCreatesNoAnimation() {
        let stage = Stage()
        let view = stage.add(CGRect(x: 0, y: 0, width: 10, height: 10))
        stage.perform {
            UIView.animate(withDuration: 1, animations: { view.alpha = 1; view.center = view.center })
        }
        // No frame ran since the commit, so nothing was removed: running is everything created.
        #expect(stage.window.engine.runningAnimationCount == 0)
        #expect(stage.window.engine.committedBlockCount == 1, "the block itself was committed")
    }

    @Test func frameAnimatesCenterAndBounds() {
        let stage = Stage()
        let view = stage.add(CGRect(x: 0, y: 0, width: 100, height: 100))
        stage.perform {
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                view.frame = CGRect(x: 100, y: 0, width: 200, height: 300)
            })
        }
        stage.frame(at: 0.5)
        #expect(isClose(view.presentation.frame, CGRect(x: 50, y: 0, width: 150, height: 200)))
        #expect(stage.window.engine.runningAnimationCount == 2)
    }

    @Test func colorsAndCornerRadiusInterpolateComponentwise() {
        let stage = Stage()
        let view = stage.add(CGRect(x: 0, y: 0, width: 10, height: 10))
        view.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        stage.perform {
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                view.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 0.5)
                view.cornerRadius = 20
            })
        }
        stage.frame(at: 0.25)
        #expect(isClose(view.presentation.backgroundColor, UIColor(red: 0.75, green: 0, blue: 0.25, alpha: 0.875)))
        #expect(isClose(view.presentation.cornerRadius, 5))
    }

    @Test func animatingWhileBlockingInteractionHidesTheViewFromHitTesting() {
        let stage = Stage()
        let view = stage.add(CGRect(x: 0, y: 0, width: 100, height: 100), name: "a")
        let other = stage.add(CGRect(x: 0, y: 0, width: 100, height: 100), name: "b")
        stage.perform { UIView.animate(withDuration: 1, animations: { other.alpha = 0.5 }) }
        #expect(stage.window.hitTest(CGPoint(x: 50, y: 50)) === view)
        stage.perform {
            UIView.animate(withDuration: 1, delay: 0, options: .allowUserInteraction,
                         animations: { other.center.x = 60 })
        }
        stage.frame(at: 1)
        #expect(stage.window.hitTest(CGPoint(x: 50, y: 50)) === other)
    }
}
