import Motion
@testable import UIKit
import Testing
import ReferenceMath

/// Records an animator's completions, to assert how often and with which position they came.
final class PositionLog {
    private(set) var calls: [UIViewAnimatingPosition] = []
    var handler: (UIViewAnimatingPosition) -> Void { { position in self.calls.append(position) } }
}

/// A view at x = 0 (center), a linear animator moving it to x = 100 over 1 s.
private func linearMove(_ stage: Stage, duration: Double = 1, curve: UIView.AnimationCurve = .linear)
    -> (UIView, UIViewPropertyAnimator, PositionLog) {
    let view = stage.add(CGRect(x: -5, y: -5, width: 10, height: 10))
    let log = PositionLog()
    var animator: UIViewPropertyAnimator!
    stage.perform {
        animator = UIViewPropertyAnimator(duration: duration, curve: curve) { view.center.x = 100 }
        animator.addCompletion(log.handler)
    }
    return (view, animator, log)
}

@Suite struct ViewPropertyAnimatorStateTests {
    @Test func anAnimatorIsInactiveUntilStartedAndItsBlocksWaitForIt() {
        let stage = Stage()
        let (view, animator, log) = linearMove(stage)
        #expect(animator.state == .inactive)
        #expect(!animator.isRunning)
        // UIKit runs the animations block when the animator starts: the model is untouched until then.
        #expect(view.center.x == 0)
        stage.perform { animator.startAnimation() }
        #expect(animator.state == .active && animator.isRunning)
        #expect(view.center.x == 100)
        #expect(stage.x(view, at: 0.25) == 25)
        #expect(isClose(stage.x(view, at: 0.6), 60))
        #expect(stage.x(view, at: 1) == 100)
        #expect(animator.state == .inactive && !animator.isRunning)
        #expect(log.calls == [.end])
        #expect(!stage.window.engine.isAnimating)
        #expect(stage.window.engine.runningAnimationCount == 0)
    }

    @Test func theNamedCurveShapesTheRun() {
        let stage = Stage()
        let (view, animator, _) = linearMove(stage, curve: .easeInOut)
        stage.perform { animator.startAnimation() }
        for t in [0.1, 0.3, 0.5, 0.8] {
            #expect(isClose(stage.x(view, at: t), 100 * Reference.easeInEaseOut(t), 1e-4), "at \(t)")
        }
    }

    @Test func pauseHoldsAndStartResumesForTheRemainingTime() {
        let stage = Stage()
        let (view, animator, log) = linearMove(stage)
        stage.perform { animator.startAnimation() }
        #expect(stage.x(view, at: 0.4) == 40)
        stage.perform { animator.pauseAnimation() }
        #expect(animator.state == .active && !animator.isRunning)
        #expect(stage.x(view, at: 2) == 40)
        #expect(isClose(animator.fractionComplete, 0.4))
        stage.perform { animator.startAnimation() }
        // The remaining 0.6 s: 60 points at 100 pt/s.
        #expect(isClose(stage.x(view, at: 2.3), 70))
        #expect(stage.x(view, at: 2.6) == 100)
        #expect(log.calls == [.end])
    }

    @Test func pausingAnInactiveAnimatorMakesItActiveAtTheStart() {
        let stage = Stage()
        let (view, animator, _) = linearMove(stage)
        stage.perform { animator.pauseAnimation() }
        #expect(animator.state == .active && !animator.isRunning)
        #expect(animator.fractionComplete == 0)
        #expect(stage.x(view, at: 0.5) == 0)
        #expect(view.center.x == 100)
    }

    @Test func stopWithoutFinishingLeavesTheViewWhereItIsAndRunsNoCompletion() {
        let stage = Stage()
        let (view, animator, log) = linearMove(stage)
        stage.perform { animator.startAnimation() }
        #expect(stage.x(view, at: 0.3) == 30)
        stage.perform { animator.stopAnimation(true) }
        #expect(animator.state == .inactive)
        #expect(view.center.x == 30)
        #expect(stage.x(view, at: 1.5) == 30)
        #expect(log.calls.isEmpty)
        #expect(!stage.window.engine.isAnimating)
    }

    @Test(arguments: [(UIViewAnimatingPosition.end, 100.0), (.start, 0.0), (.current, 30.0)])
    func stopThenFinishMovesToThePositionAndCompletesOnce(position: UIViewAnimatingPosition, x: Double) {
        let stage = Stage()
        let (view, animator, log) = linearMove(stage)
        stage.perform { animator.startAnimation() }
        stage.frame(at: 0.3)
        stage.perform { animator.stopAnimation(false) }
        #expect(animator.state == .stopped)
        #expect(view.center.x == 30)
        #expect(log.calls.isEmpty)
        stage.perform { animator.finishAnimation(at: position) }
        #expect(animator.state == .inactive)
        #expect(view.center.x == CGFloat(x))
        #expect(stage.x(view, at: 0.5) == x)
        #expect(log.calls == [position])
    }

    @Test func runningPropertyAnimatorStartsAfterItsDelay() {
        let stage = Stage()
        let view = stage.add(CGRect(x: -5, y: -5, width: 10, height: 10))
        let log = PositionLog()
        var animator: UIViewPropertyAnimator!
        stage.perform {
            animator = UIViewPropertyAnimator.runningPropertyAnimator(
                withDuration: 0.5, delay: 0.25, options: .curveLinear,
                animations: { view.alpha = 0 }, completion: log.handler)
        }
        #expect(animator.isRunning)
        #expect(!animator.isUserInteractionEnabled)
        stage.frame(at: 0.2)
        #expect(view.presentation.alpha == 1)
        stage.frame(at: 0.5)
        #expect(isClose(view.presentation.alpha, 0.5))
        stage.frame(at: 0.75)
        #expect(view.presentation.alpha == 0)
        #expect(log.calls == [.end])
        #expect(animator.delay == 0.25)
    }
}

@Suite struct ViewPropertyAnimatorScrubbingTests {
    @Test func scrubbingLinearlyMapsTheFractionToTheDistance() {
        let stage = Stage()
        let (view, animator, _) = linearMove(stage, curve: .easeInOut)
        #expect(animator.scrubsLinearly)
        for f in [0.1, 0.37, 0.9, 0.5] {
            animator.fractionComplete = f
            stage.frame(at: 0)
            #expect(isClose(view.presentation.center.x, 100 * f), "at \(f)")
        }
    }

    @Test func scrubbingThroughTheCurveMapsTheFractionAsTimeWould() {
        let stage = Stage()
        let (view, animator, _) = linearMove(stage, curve: .easeInOut)
        animator.scrubsLinearly = false
        for f in [0.1, 0.37, 0.9] {
            animator.fractionComplete = f
            stage.frame(at: 0)
            // The engine's Bézier solver stops at 1e-7 in x: a ten-thousandth of a point here.
            #expect(isClose(view.presentation.center.x, 100 * Reference.easeInEaseOut(f), 1e-4), "at \(f)")
            #expect(isClose(animator.fractionComplete, f))
        }
    }

    @Test func pausingACurvedRunDoesNotJumpAndScrubsOnFromThere() {
        let stage = Stage()
        let (view, animator, _) = linearMove(stage, curve: .easeInOut)
        stage.perform { animator.startAnimation() }
        let before = stage.x(view, at: 0.3)
        stage.perform { animator.pauseAnimation() }
        #expect(stage.x(view, at: 0.5) == before)
        // Read at the pause, fractionComplete is where the view is, so a finger can take over.
        #expect(isClose(animator.fractionComplete, before / 100))
        animator.fractionComplete = animator.fractionComplete + 0.1
        #expect(isClose(stage.x(view, at: 0.5), before + 10))
    }

    @Test func settingTheFractionWhileRunningIsRefusedAndChangesNothing() {
        let stage = Stage()
        let (view, animator, _) = linearMove(stage)
        stage.perform { animator.startAnimation() }
        stage.frame(at: 0.2)
        animator.fractionComplete = 0.9
        #expect(animator.lastMisuse == .scrubWhileRunning)
        #expect(stage.window.engine.misuseCount == 1)
        #expect(animator.isRunning)
        #expect(stage.x(view, at: 0.4) == 40)
    }

    @Test func reversingWhileRunningPlaysBackToTheStart() {
        let stage = Stage()
        let (view, animator, log) = linearMove(stage)
        stage.perform { animator.startAnimation() }
        #expect(stage.x(view, at: 0.6) == 60)
        stage.perform { animator.isReversed = true }
        // fractionComplete is measured along the new direction.
        #expect(isClose(animator.fractionComplete, 0.4))
        #expect(isClose(stage.x(view, at: 0.9), 30))
        #expect(stage.x(view, at: 1.2) == 0)
        #expect(log.calls == [.start])
        #expect(view.center.x == 0)
        #expect(animator.state == .inactive)
    }

    @Test func aReversedPausedAnimatorReadsItsFractionFromTheEnd() {
        let stage = Stage()
        let (view, animator, _) = linearMove(stage)
        animator.fractionComplete = 0.25
        animator.isReversed = true
        #expect(isClose(animator.fractionComplete, 0.75))
        animator.fractionComplete = 0.5
        #expect(isClose(stage.x(view, at: 0), 50))
        animator.fractionComplete = 0.9
        #expect(isClose(stage.x(view, at: 0), 10))
    }

    @Test func pausesOnCompletionHoldsAtTheEndWithoutCompleting() {
        let stage = Stage()
        let (view, animator, log) = linearMove(stage)
        animator.pausesOnCompletion = true
        stage.perform { animator.startAnimation() }
        #expect(stage.x(view, at: 1.5) == 100)
        #expect(animator.state == .active && !animator.isRunning)
        #expect(animator.fractionComplete == 1)
        #expect(log.calls.isEmpty)
        // Still scrubbable, and reversible to the start.
        animator.fractionComplete = 0.5
        #expect(stage.x(view, at: 1.5) == 50)
        stage.perform {
            animator.isReversed = true
            animator.continueAnimation(withTimingParameters: UICubicTimingParameters(animationCurve: .linear),
                                       durationFactor: 0)
        }
        #expect(isClose(stage.x(view, at: 1.75), 25))
        #expect(stage.x(view, at: 2.0) == 0)
        #expect(animator.state == .active)
        #expect(log.calls.isEmpty)
    }
}

@Suite struct ViewPropertyAnimatorCompositionTests {
    @Test func animationsAddedWhileRunningTakeTheRemainingTime() {
        let stage = Stage()
        let (view, animator, _) = linearMove(stage)
        stage.perform { animator.startAnimation() }
        stage.frame(at: 0.5)
        stage.perform { animator.addAnimations { view.alpha = 0 } }
        #expect(stage.x(view, at: 0.5) == 50)
        #expect(view.presentation.alpha == 1)
        stage.frame(at: 0.75)
        #expect(isClose(view.presentation.alpha, 0.5))
        stage.frame(at: 1)
        #expect(view.presentation.alpha == 0)
        #expect(view.alpha == 0)
    }

    @Test func aDelayFactorStartsTheAddedBlockLaterInTheRemainingTime() {
        let stage = Stage()
        let (view, animator, _) = linearMove(stage)
        stage.perform { animator.startAnimation() }
        stage.frame(at: 0.5)
        stage.perform { animator.addAnimations({ view.alpha = 0 }, delayFactor: 0.5) }
        stage.frame(at: 0.7)
        #expect(view.presentation.alpha == 1)
        stage.frame(at: 0.875)
        #expect(isClose(view.presentation.alpha, 0.5))
        stage.frame(at: 1)
        #expect(view.presentation.alpha == 0)
    }

    @Test func aDelayFactorBeforeTheStartDelaysWithinTheWholeRun() {
        let stage = Stage()
        let (view, animator, _) = linearMove(stage)
        stage.perform {
            animator.addAnimations({ view.alpha = 0 }, delayFactor: 0.5)
            animator.startAnimation()
        }
        stage.frame(at: 0.4)
        #expect(view.presentation.alpha == 1)
        stage.frame(at: 0.75)
        #expect(isClose(view.presentation.alpha, 0.5))
    }

    @Test func anAnimatorAndAViewAnimationOnOneViewBlend() {
        let stage = Stage()
        let (view, animator, _) = linearMove(stage)
        stage.perform { animator.startAnimation() }
        stage.frame(at: 0.5)
        stage.perform {
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.center.x += 50 })
        }
        // Animator: 0 → 100 over 0…1; block: +50 over 0.5…1.5. Both add up.
        #expect(isClose(stage.x(view, at: 0.75), 75 + 12.5))
        #expect(isClose(stage.x(view, at: 1.0), 100 + 25))
        #expect(isClose(stage.x(view, at: 1.25), 150 - 12.5))
        #expect(stage.x(view, at: 1.5) == 150)
    }

    @Test func continuingWithASpringCarriesItsVelocityWithoutAJump() {
        let stage = Stage()
        let (view, animator, log) = linearMove(stage)
        animator.fractionComplete = 0.4
        let x0 = stage.x(view, at: 0)
        #expect(x0 == 40)
        // 300 pt/s over the 60 points left: relative velocity 5.
        let velocity = UISpringTimingParameters.relativeVelocity(CGPoint(x: 300, y: 0), distance: CGVector(dx: 60, dy: 0))
        #expect(velocity == CGVector(dx: 5, dy: 0))
        let parameters = UISpringTimingParameters(mass: 4.5, stiffness: 1300, damping: 95, initialVelocity: velocity)
        stage.perform { animator.continueAnimation(withTimingParameters: parameters, durationFactor: 0) }
        #expect(stage.x(view, at: 0) == 40)
        let h = 1e-4
        let speed = (stage.x(view, at: h) - 40) / h
        #expect(isClose(speed, 300, 1), "speed \(speed)")
        let spring = SpringTiming(mass: 4.5, stiffness: 1300, damping: 95, initialVelocity: 5)
        for t in [0.05, 0.1, 0.2, 0.3] {
            #expect(isClose(stage.x(view, at: t), 40 + 60 * spring.value(at: t), 1e-9), "at \(t)")
        }
        // It overshoots (ζ ≈ 0.62), then settles: the physical spring sets the run time.
        #expect((0..<60).map { stage.x(view, at: Double($0) / 100) }.max()! > 100)
        // The y axis (no distance, no velocity) has its own spring; the run ends when both settle.
        let springs = parameters.springs(duration: 0.6)
        stage.frame(at: max(springs.x.duration, springs.y.duration))
        #expect(view.presentation.center.x == 100)
        #expect(log.calls == [.end])
    }

    @Test func aDurationFactorSetsTheRestsLengthAsAShareOfTheOriginalDuration() {
        let stage = Stage()
        let (view, animator, log) = linearMove(stage, duration: 2)
        animator.fractionComplete = 0.4
        stage.perform {
            animator.continueAnimation(withTimingParameters: UICubicTimingParameters(animationCurve: .linear),
                                       durationFactor: 0.5)
        }
        // The remaining 60 points over 0.5 × 2 s.
        #expect(isClose(stage.x(view, at: 0.5), 70))
        #expect(stage.x(view, at: 1) == 100)
        #expect(log.calls == [.end])
    }

    @Test func aVectorVelocityDrivesEachAxisOfAPositionOnItsOwn() {
        let stage = Stage()
        let view = stage.add(CGRect(x: -5, y: -5, width: 10, height: 10))
        var animator: UIViewPropertyAnimator!
        let parameters = UISpringTimingParameters(dampingRatio: 0.8, initialVelocity: CGVector(dx: 0, dy: 4))
        stage.perform {
            animator = UIViewPropertyAnimator(duration: 0.5, timingParameters: parameters)
            animator.addAnimations { view.center = CGPoint(x: 100, y: 100); view.alpha = 0 }
            animator.startAnimation()
        }
        let springs = parameters.springs(duration: 0.5)
        #expect(springs.x.initialVelocity == 0 && springs.y.initialVelocity == 4)
        for t in [0.05, 0.15, 0.3] {
            stage.frame(at: t)
            #expect(isClose(view.presentation.center.x, 100 * springs.x.value(at: t), 1e-9))
            #expect(isClose(view.presentation.center.y, 100 * springs.y.value(at: t), 1e-9))
            // Everything but a position follows dx.
            #expect(isClose(view.presentation.alpha, 1 - springs.x.value(at: t), 1e-9))
        }
    }

    @Test func theDefaultSpringIsOverdampedAndFittedToTheDuration() {
        let parameters = UISpringTimingParameters()
        #expect(parameters.dampingRatio == 4.56)
        #expect(parameters.initialVelocity == .zero)
        #expect(!parameters.hasImplicitDuration)
        let spring = parameters.springs(duration: 0.5).x
        #expect(spring.duration == 0.5 && spring.dampingRatio == 4.56)
        let physical = UISpringTimingParameters(mass: 3, stiffness: 1000, damping: 500, initialVelocity: .zero)
        #expect(physical.hasImplicitDuration)
        #expect(isClose(physical.dampingRatio, 500 / (2 * 3000.0.squareRoot()), 1e-12))
        #expect(physical.springs(duration: 99).x.duration != 99)
        let bounce = UISpringTimingParameters(duration: 0.5, bounce: 0.3)
        guard case .physical(let m, let k, let c) = bounce.form else {
            Issue.record("duration and bounce make a physical spring")
            return
        }
        #expect(m == 1 && isClose(k, (4 * Double.pi) * (4 * Double.pi), 1e-9) && isClose(c, 2 * 0.7 * 4 * Double.pi, 1e-9))
        #expect(isClose(bounce.dampingRatio, 0.7, 1e-12))
    }

    @Test func cubicParametersCarryTheirControlPoints() {
        #expect(UICubicTimingParameters().animationCurve == .easeInOut)
        #expect(UICubicTimingParameters(animationCurve: .easeOut).controlPoint2 == CGPoint(x: 0.58, y: 1))
        let custom = UICubicTimingParameters(controlPoint1: CGPoint(x: 0.2, y: 0.9), controlPoint2: CGPoint(x: 0.3, y: 1))
        #expect(custom.timingFunction == TimingFunction(controlPoints: 0.2, 0.9, 0.3, 1))
        #expect(custom.timingCurveType == .cubic && custom.springTimingParameters == nil)
    }
}

@Suite struct ViewPropertyAnimatorMisuseTests {
    @Test func finishingAnAnimatorThatIsNotStoppedIsRefused() {
        let stage = Stage()
        let (view, animator, log) = linearMove(stage)
        stage.perform { animator.finishAnimation(at: .end) }
        #expect(animator.lastMisuse == .finishWhileNotStopped(.inactive))
        stage.perform { animator.startAnimation() }
        stage.frame(at: 0.5)
        stage.perform { animator.finishAnimation(at: .start) }
        #expect(animator.lastMisuse == .finishWhileNotStopped(.active))
        #expect(animator.isRunning)
        #expect(log.calls.isEmpty)
        #expect(stage.x(view, at: 0.7) == 70)
        #expect(stage.window.engine.misuseCount == 2)
    }

    @Test func aStoppedAnimatorRefusesEverythingButFinish() {
        let stage = Stage()
        let (view, animator, log) = linearMove(stage)
        stage.perform { animator.startAnimation() }
        stage.frame(at: 0.5)
        stage.perform {
            animator.stopAnimation(false)
            animator.startAnimation()
            animator.pauseAnimation()
            animator.continueAnimation(withTimingParameters: nil, durationFactor: 1)
            animator.addAnimations { view.alpha = 0 }
            animator.fractionComplete = 0.1
        }
        #expect(stage.window.engine.misuseCount == 5)
        #expect(animator.lastMisuse == .useAfterStop("setting fractionComplete"))
        #expect(animator.state == .stopped)
        #expect(view.alpha == 1)
        #expect(stage.x(view, at: 0.8) == 50)
        stage.perform { animator.finishAnimation(at: .end) }
        #expect(log.calls == [.end])
        #expect(view.center.x == 100)
    }

    @Test func hostileNumbersAreRefused() {
        let stage = Stage()
        let (view, animator, _) = linearMove(stage)
        animator.fractionComplete = .nan
        #expect(animator.lastMisuse == .invalidValue("fractionComplete nan"))
        #expect(animator.state == .inactive)
        stage.perform {
            animator.pauseAnimation()
            animator.continueAnimation(withTimingParameters: nil, durationFactor: -1)
        }
        #expect(animator.lastMisuse == .invalidDurationFactor(-1))
        #expect(!animator.isRunning)
        stage.perform { animator.startAnimation(afterDelay: .infinity) }
        #expect(!animator.isRunning)
        #expect(stage.x(view, at: 1) == 0)
    }
}
