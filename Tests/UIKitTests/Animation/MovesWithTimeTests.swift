import Motion
@testable import UIKit
import Testing

/// `UIWindow.movesWithTime`: whether a later frame, with no input and no call into the window, could
/// differ from the last one. A server skips evaluating a world that says no, so a wrong "no" would
/// freeze what a page shows.
@Suite struct MovesWithTimeTests {
    @Test func anAnimationOnTheWindowsTimeMovesUntilItEnds() {
        let stage = Stage()
        let view = stage.add(CGRect(x: 0, y: 0, width: 10, height: 10))
        stage.frame(at: 0)
        #expect(!stage.window.movesWithTime)
        stage.perform { UIView.animate(withDuration: 0.5, delay: 0.25, animations: { view.alpha = 0 }) }
        // Waiting out its delay counts: the animation begins with no further call.
        stage.frame(at: 0.1)
        #expect(stage.window.movesWithTime)
        stage.frame(at: 0.5)
        #expect(stage.window.movesWithTime)
        stage.frame(at: 0.75)
        #expect(!stage.window.movesWithTime && !stage.window.engine.isAnimating)
    }

    @Test func animationsOnAPausedTimelineAreStillUntilItRunsAgain() {
        let stage = Stage()
        let view = stage.add(CGRect(x: 0, y: 0, width: 10, height: 10))
        let engine = stage.window.engine
        let timeline = Timeline(parent: engine.rootTimeline, time: 0, speed: 0)
        timeline.endBehavior = .hold
        stage.perform {
            engine.withTimeline(timeline) { UIView.animate(withDuration: 1, animations: { view.center.x = 100 }) }
        }
        timeline.seek(to: 0.3)
        stage.frame(at: 1)
        #expect(engine.isAnimating && !stage.window.movesWithTime)
        let held = view.presentation.center.x
        stage.frame(at: 2)
        #expect(view.presentation.center.x == held)
        timeline.setSpeed(1)
        stage.frame(at: 2.1)
        #expect(stage.window.movesWithTime && view.presentation.center.x > held)
    }

    @Test func aPropertyAnimatorMovesWhileItRunsAndNotWhilePaused() {
        let stage = Stage()
        let view = stage.add(CGRect(x: -5, y: -5, width: 10, height: 10))
        var animator: UIViewPropertyAnimator!
        stage.perform {
            animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 100 }
            animator.startAnimation()
        }
        stage.frame(at: 0.25)
        #expect(stage.window.movesWithTime)
        // Paused, its animations stay on the window's running timeline but follow its progress.
        stage.perform { animator.pauseAnimation() }
        stage.frame(at: 0.5)
        #expect(!stage.window.movesWithTime && stage.window.engine.isAnimating)
        #expect(view.presentation.center.x == 25)
        stage.perform { animator.fractionComplete = 0.6 }
        stage.frame(at: 0.75)
        #expect(!stage.window.movesWithTime && view.presentation.center.x == 60)
        stage.perform { animator.startAnimation() }
        stage.frame(at: 0.8)
        #expect(stage.window.movesWithTime)
        stage.frame(at: 2)
        #expect(!stage.window.movesWithTime && view.presentation.center.x == 100)
    }

    @Test func aDisplayLinkMovesTheWindowUntilInvalidated() {
        let stage = Stage()
        stage.frame(at: 0)
        let link = CADisplayLink(window: stage.window) { _ in }
        stage.frame(at: 0.1)
        #expect(stage.window.movesWithTime)
        link.invalidate()
        stage.frame(at: 0.2)
        #expect(!stage.window.movesWithTime)
    }
}
