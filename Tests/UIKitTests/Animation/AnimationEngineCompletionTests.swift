import Motion
@testable import UIKit
import Testing
import ReferenceMath

@Suite struct AnimationEngineCompletionTests {
    @Test func completionRunsOnceWithFinishedAtTheNaturalEnd() {
        let stage = Stage()
        let view = stage.add(CGRect(x: 0, y: 0, width: 10, height: 10))
        let log = CompletionLog()
        stage.perform {
            UIView.animate(withDuration: 0.5, delay: 0, options: [], animations: { view.alpha = 0 },
                         completion: log.handler)
        }
        stage.frame(at: 0.49)
        #expect(log.calls == [])
        stage.frame(at: 0.5)
        #expect(log.calls == [true])
        stage.frame(at: 0.6)
        stage.frame(at: 5)
        #expect(log.calls == [true])
    }

    @Test func oneCompletionForABlockAnimatingSeveralProperties() {
        let stage = Stage()
        let a = stage.add(CGRect(x: 0, y: 0, width: 10, height: 10))
        let b = stage.add(CGRect(x: 0, y: 0, width: 10, height: 10))
        let log = CompletionLog()
        stage.perform {
            UIView.animate(withDuration: 0.5, delay: 0, options: [], animations: {
                a.alpha = 0; b.center.x = 90; b.transform = CGAffineTransform(scaleX: 2, y: 2)
            }, completion: log.handler)
        }
        #expect(stage.window.engine.runningAnimationCount == 3)
        stage.frame(at: 1)
        #expect(log.calls == [true])
    }

    @Test func removingOnePropertyOfAGroupMakesTheWholeGroupUnfinished() {
        let stage = Stage()
        let a = stage.add(CGRect(x: 0, y: 0, width: 10, height: 10))
        let b = stage.add(CGRect(x: 0, y: 0, width: 10, height: 10))
        let log = CompletionLog()
        stage.perform {
            UIView.animate(withDuration: 1, delay: 0, options: [], animations: { a.alpha = 0; b.alpha = 0 },
                         completion: log.handler)
        }
        stage.frame(at: 0.3)
        stage.perform { a.removeAllAnimations() }
        #expect(log.calls == [])
        stage.frame(at: 1)
        #expect(log.calls == [false])
    }

    @Test func completionRunsEvenWhenTheBlockChangedNothing() {
        let stage = Stage()
        let log = CompletionLog()
        stage.perform {
            UIView.animate(withDuration: 0.3, delay: 0, options: [], animations: {}, completion: log.handler)
        }
        stage.frame(at: 0.3)
        #expect(log.calls == [true])
        stage.frame(at: 1)
        #expect(log.calls == [true])
    }

    @Test func zeroDurationAnimationAppliesAndCompletesOnTheNextFrame() {
        let stage = Stage()
        let view = stage.add(CGRect(x: 0, y: 0, width: 10, height: 10))
        let log = CompletionLog()
        stage.perform {
            UIView.animate(withDuration: 0, delay: 0, options: [], animations: { view.alpha = 0.4 },
                         completion: log.handler)
        }
        stage.frame(at: 0)
        #expect(view.presentation.alpha == 0.4)
        #expect(log.calls == [true])
    }

    @Test func revertingTimelineRestoresTheFromValueAndReportsUnfinished() {
        let stage = Stage()
        let view = stage.add(CGRect(x: -5, y: 0, width: 10, height: 10))
        let log = CompletionLog()
        let timeline = Timeline(parent: stage.window.engine.rootTimeline, time: 0, speed: 0)
        timeline.endBehavior = .hold
        stage.perform {
            stage.window.engine.withTimeline(timeline) {
                UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.center.x = 100 },
                             completion: log.handler)
            }
        }
        timeline.seek(to: 0.6)
        #expect(isClose(stage.x(view, at: 0), 60))
        timeline.endBehavior = .revert
        timeline.setSpeed(-1)
        #expect(isClose(stage.x(view, at: 0.3), 30))
        #expect(log.calls == [])
        stage.frame(at: 0.6)
        #expect(log.calls == [false])
        #expect(view.center.x == 0)
        #expect(view.presentation.center.x == 0)
        stage.frame(at: 2)
        #expect(log.calls == [false])
    }

    @Test func revertWhileTheViewHasOtherAnimationsLeavesNoStaleOffset() {
        let stage = Stage()
        let view = stage.add(CGRect(x: -5, y: 0, width: 10, height: 10))
        let timeline = Timeline(parent: stage.window.engine.rootTimeline, time: 0, speed: 0)
        timeline.endBehavior = .hold
        stage.perform {
            // An unrelated, long animation of the same view on the root timeline.
            UIView.animate(withDuration: 10, animations: { view.alpha = 0 })
            stage.window.engine.withTimeline(timeline) {
                UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.center.x = 100 })
            }
        }
        timeline.seek(to: 0.5)
        stage.frame(at: 0)
        timeline.endBehavior = .revert
        timeline.setSpeed(-1)
        stage.frame(at: 1)
        #expect(view.center.x == 0)
        #expect(view.presentation.center.x == 0)
    }

    @Test func chainedCompletionsHandOffWithoutAJump() {
        // Out to 100, then back to 0 from the completion: no frame may jump.
        let stage = Stage()
        let view = stage.add(CGRect(x: -5, y: 0, width: 10, height: 10))
        var legs = 0
        func leg(to x: Double) {
            UIView.animate(withDuration: 0.5, delay: 0, options: .curveLinear, animations: { view.center.x = x },
                         completion: { finished in
                legs += 1
                if finished && legs < 4 { leg(to: x == 100 ? 0 : 100) }
            })
        }
        stage.perform { leg(to: 100) }
        let dt = 1.0 / 60
        var previous = stage.x(view, at: 0)
        for i in 1...150 {
            let x = stage.x(view, at: Double(i) * dt)
            // 200 pt/s at most: 3.33 pt per frame.
            #expect(abs(x - previous) <= 200 * dt + 1e-9, "frame \(i): \(previous) → \(x)")
            previous = x
        }
        #expect(legs == 4)
    }

    @Test func completionThatStartsAnAnimationIsEvaluatedInTheSameFrame() {
        let stage = Stage()
        let view = stage.add(CGRect(x: 0, y: 0, width: 10, height: 10))
        stage.perform {
            UIView.animate(withDuration: 0.5, delay: 0, options: [], animations: { view.alpha = 0 }, completion: { _ in
                view.alpha = 1
                UIView.animate(withDuration: 0.5, delay: 0, options: .curveLinear, animations: { view.center.x = 105 })
            })
        }
        stage.frame(at: 0.5)
        // The handoff frame shows the new animation at its start, not its end value.
        #expect(view.presentation.center.x == 5)
        #expect(view.presentation.alpha == 1)
        #expect(stage.window.engine.runningAnimationCount == 1)
    }
}
