import Motion
import ReferenceMath
@testable import UIKit
import Testing

@Suite struct AnimationTuningTests {
    private func spring(_ duration: Double, _ damping: Double = 0.8) -> AnimationTiming {
        .springBlock(SpringBlockTiming(duration: duration, dampingRatio: damping, initialVelocity: 0))
    }

    private func springEdit(_ duration: Double, _ damping: Double = 0.8) -> TimingEdit {
        TimingEdit(duration: duration, dampingRatio: damping)
    }

    /// Motion's bezier solve (x to 1e-7 by Newton) against ReferenceMath's independent one: they
    /// agree to about 1e-5 of the distance, far below a pixel of these 100 pt moves.
    private static let positionTolerance = 1e-4

    @Test func everyKindOfCallIsListedAsTheSceneAskedForIt() {
        let stage = Stage()
        let view = stage.add(CGRect(x: 0, y: 0, width: 10, height: 10))
        stage.perform {
            UIView.animate(withDuration: 0.4, delay: 0, options: [.curveEaseIn]) { view.alpha = 0.5 }
            UIView.animateKeyframes(withDuration: 1.5, delay: 0) {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { view.alpha = 0.2 }
            }
            UIView.animate(withDuration: 0.6, delay: 0, usingSpringWithDamping: 0.7, initialSpringVelocity: 2) {
                view.center.x = 50
            }
            _ = UIViewPropertyAnimator(duration: 0.3, curve: .easeOut)
            _ = UIViewPropertyAnimator(duration: 0.5, dampingRatio: 0.9)
            _ = UIViewPropertyAnimator(duration: 0.2, controlPoint1: CGPoint(x: 0.1, y: 0.9), controlPoint2: CGPoint(x: 0.2, y: 1))
            _ = UIViewPropertyAnimator(duration: 0.5, timingParameters: UISpringTimingParameters(mass: 1, stiffness: 100, damping: 10,
                                                                                            initialVelocity: .zero))
            UIView.animate(withDuration: 0, delay: 0, options: []) { view.alpha = 1 }
        }
        let seen = stage.window.engine.tuning.seen
        #expect(seen == [
            .curve(.curveBlock, duration: 0.4, curve: .easeIn),
            .keyframes(duration: 1.5),
            .springBlock(SpringBlockTiming(duration: 0.6, dampingRatio: 0.7, initialVelocity: 2)),
            .curve(.curveAnimator, duration: 0.3, curve: .easeOut),
            AnimationTiming(kind: .springAnimator, duration: 0.5, dampingRatio: 0.9),
            AnimationTiming(kind: .curveAnimator, duration: 0.2, curve: .custom, controlPoint1: CGPoint(x: 0.1, y: 0.9),
                            controlPoint2: CGPoint(x: 0.2, y: 1)),
        ], "a physical spring sets its own time and a zero-length block has nothing to tune: neither is listed")
        #expect(seen[0].controlPoint1 == CGPoint(x: 0.42, y: 0) && seen[0].controlPoint2 == CGPoint(x: 1, y: 1))
        #expect(seen[0].swiftCall == "View.animate(withDuration: 0.4, delay: 0, options: [.curveEaseIn]) { … }")
        #expect(seen[1].swiftCall == "View.animateKeyframes(withDuration: 1.5, delay: 0, options: []) { … }")
        #expect(seen[3].swiftCall == "ViewPropertyAnimator(duration: 0.3, curve: .easeOut) { … }")
    }

    /// A 1 s linear block moving x by 100, tuned to 0.5 s easeIn: the run after the tuning moves
    /// along easeIn and ends at 0.5 s; a block asking for other literals is untouched.
    @Test func aTunedCurveBlockRunsItsNextRunWithTheNewDurationAndCurve() throws {
        let stage = Stage()
        let view = stage.add(CGRect(x: -5, y: -5, width: 10, height: 10))
        let other = stage.add(CGRect(x: -5, y: -5, width: 10, height: 10))
        stage.perform { UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear]) { view.center.x = 100 } }
        #expect(abs(stage.x(view, at: 0.25) - 25) < Self.positionTolerance)
        stage.frame(at: 1)
        try stage.window.engine.tune(at: 0, with: TimingEdit(duration: 0.5, curve: .easeIn))
        stage.perform {
            UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear]) { view.center.x = 200 }
            UIView.animate(withDuration: 1, delay: 0, options: [.curveEaseOut]) { other.center.x = 100 }
        }
        for t in [0.1, 0.25, 0.4] {
            #expect(abs(stage.x(view, at: 1 + t) - (100 + 100 * Reference.easeIn(t / 0.5))) < Self.positionTolerance, "at \(t)")
            #expect(abs(other.presentation.center.x - 100 * Reference.easeOut(t)) < Self.positionTolerance, "at \(t)")
        }
        #expect(stage.x(view, at: 1.5) == 200)
        #expect(stage.window.engine.tuning.current(for: .curve(.curveBlock, duration: 1, curve: .linear))
            == .curve(.curveBlock, duration: 0.5, curve: .easeIn))
    }

    /// Curve bits UIKit does not define run the default curve, and are listed as it.
    @Test func anUndefinedCurveOptionIsListedAsTheDefaultItRuns() {
        let stage = Stage()
        let view = stage.add(CGRect(x: -5, y: -5, width: 10, height: 10))
        stage.perform { UIView.animate(withDuration: 1, delay: 0, options: UIView.AnimationOptions(rawValue: 5 << 16)) { view.center.x = 100 } }
        #expect(stage.window.engine.tuning.seen == [.curve(.curveBlock, duration: 1, curve: .easeInOut)])
        #expect(abs(stage.x(view, at: 0.3) - 100 * Reference.easeInEaseOut(0.3)) < Self.positionTolerance)
    }

    @Test func aTunedKeyframeBlockRunsItsNextRunWithTheNewDuration() throws {
        let stage = Stage()
        let view = stage.add(CGRect(x: -5, y: -5, width: 10, height: 10))
        let run = {
            stage.perform {
                UIView.animateKeyframes(withDuration: 1, delay: 0, options: [.curveLinear]) {
                    UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { view.center.x += 100 }
                }
            }
        }
        run()
        #expect(abs(stage.x(view, at: 0.5) - 50) < Self.positionTolerance)
        stage.frame(at: 1)
        try stage.window.engine.tune(at: 0, with: TimingEdit(duration: 2))
        run()
        #expect(abs(stage.x(view, at: 2) - 150) < Self.positionTolerance, "half of the new 2 s")
        #expect(abs(stage.x(view, at: 2.5) - 175) < Self.positionTolerance)
        #expect(stage.x(view, at: 3) == 200)
    }

    @Test func aTunedPropertyAnimatorIsMadeWithTheNewDurationAndCurve() throws {
        let stage = Stage()
        let view = stage.add(CGRect(x: -5, y: -5, width: 10, height: 10))
        var first: UIViewPropertyAnimator!
        stage.perform { first = UIViewPropertyAnimator(duration: 1, curve: .linear) }
        try stage.window.engine.tune(at: 0, with: TimingEdit(duration: 0.4, curve: .easeOut))
        var animator: UIViewPropertyAnimator!
        stage.perform {
            animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x = 100 }
            animator.startAnimation()
        }
        #expect(first.duration == 1, "an animator made before the tuning keeps its timing")
        #expect(animator.duration == 0.4)
        #expect(abs(stage.x(view, at: 0.2) - 100 * Reference.easeOut(0.5)) < Self.positionTolerance)
        #expect(stage.x(view, at: 0.4) == 100)
    }

    /// `UIViewPropertyAnimator(duration: 0.5, dampingRatio: 0.9)` tuned to ζ 0.3 over 0.8 s: the next
    /// one made moves on that spring (its overshoot past 100 included).
    @Test func aTunedSpringAnimatorIsMadeWithTheNewSpring() throws {
        let stage = Stage()
        let view = stage.add(CGRect(x: -5, y: -5, width: 10, height: 10))
        stage.perform { _ = UIViewPropertyAnimator(duration: 0.5, dampingRatio: 0.9) }
        try stage.window.engine.tune(at: 0, with: TimingEdit(duration: 0.8, dampingRatio: 0.3))
        var animator: UIViewPropertyAnimator!
        stage.perform {
            animator = UIViewPropertyAnimator(duration: 0.5, dampingRatio: 0.9) { view.center.x = 100 }
            animator.startAnimation()
        }
        #expect(animator.duration == 0.8 && animator.timingParameters.springTimingParameters?.dampingRatio == 0.3)
        let spring = SpringTiming(duration: 0.8, dampingRatio: 0.3, initialVelocity: 0)
        for t in [0.1, 0.2, 0.35] {
            #expect(abs(stage.x(view, at: t) - 100 * spring.value(at: t)) < Self.positionTolerance, "at \(t)")
        }
        #expect(stage.x(view, at: 0.2) > 100, "ζ 0.3 overshoots")
    }

    @Test func anOverrideReplacesOnlyTheTimingItIsKeyedBy() throws {
        let tuning = AnimationTuning()
        #expect(tuning.resolve(spring(0.7)) == spring(0.7))
        #expect(tuning.resolve(spring(0.5)) == spring(0.5))
        try tuning.override(at: 0, with: springEdit(0.7, 0.3))
        #expect(tuning.resolve(spring(0.7)) == spring(0.7, 0.3))
        #expect(tuning.resolve(spring(0.5)) == spring(0.5))
        #expect(tuning.seen == [spring(0.7), spring(0.5)], "listed as the scene asks, not as tuned")
        try tuning.override(at: 0, with: springEdit(0.7))
        #expect(tuning.overrides.isEmpty, "the original timing removes the override")
    }

    @Test func hostileTuningsAreRefusedWithTheirReasonAndChangeNothing() throws {
        let tuning = AnimationTuning()
        let curve = AnimationTiming.curve(.curveBlock, duration: 0.3, curve: .easeInOut)
        let keyframes = AnimationTiming.keyframes(duration: 1)
        for timing in [spring(0.7), curve, keyframes] { _ = tuning.resolve(timing) }
        let refusals: [(Int, TimingEdit, AnimationTuningError)] = [
            (3, springEdit(0.7), .noSuchAnimation(index: 3, count: 3)),
            (0, springEdit(0.7, 0), .invalidEdit(.dampingOutOfRange(0))),
            (0, springEdit(-1), .invalidEdit(.durationOutOfRange(-1))),
            (0, springEdit(.infinity), .invalidEdit(.durationOutOfRange(.infinity))),
            (0, springEdit(0.7, 1.5), .invalidEdit(.dampingOutOfRange(1.5))),
            (0, TimingEdit(duration: 0.7, dampingRatio: 0.5, initialVelocity: 1e9), .invalidEdit(.velocityOutOfRange(1e9))),
            (0, TimingEdit(duration: 0.7, curve: .linear, dampingRatio: 0.5), .invalidEdit(.curveOnASpring)),
            (1, TimingEdit(duration: -0.3, curve: .linear), .invalidEdit(.durationOutOfRange(-0.3))),
            (1, TimingEdit(duration: 0.3, curve: .linear, dampingRatio: 0.5), .invalidEdit(.springValuesOnACurve(.curveBlock))),
            (1, TimingEdit(duration: 0.3, curve: .custom), .invalidEdit(.customCurveNotAsked)),
            (2, TimingEdit(duration: 2, curve: .easeIn), .invalidEdit(.onlyDuration(.keyframeBlock))),
        ]
        for (index, edit, error) in refusals {
            #expect(throws: error) { try tuning.override(at: index, with: edit) }
        }
        // NaN is never equal to itself, so its error is matched by case.
        #expect { try tuning.override(at: 1, with: TimingEdit(duration: .nan)) } throws: { error in
            guard case .invalidEdit(.durationOutOfRange(let d)) = error as? AnimationTuningError else { return false }
            return d.isNaN
        }
        #expect(tuning.overrides.isEmpty)
        #expect(tuning.resolve(spring(0.7)) == spring(0.7) && tuning.resolve(curve) == curve)
    }

    /// A scene that runs ever new animations cannot grow either table past the capacity, and a
    /// forgotten one takes its override with it.
    @Test func bothTablesStayWithinTheirCapacity() throws {
        let tuning = AnimationTuning()
        for i in 0..<AnimationTuning.capacity {
            _ = tuning.resolve(.curve(.curveBlock, duration: 0.1 + Double(i) * 0.01, curve: .linear))
            try tuning.override(at: i, with: TimingEdit(duration: 0.1 + Double(i) * 0.01, curve: .easeIn))
        }
        for i in 0..<1000 { _ = tuning.resolve(spring(2 + Double(i) * 0.001)) }
        #expect(tuning.seen.count == AnimationTuning.capacity)
        #expect(tuning.overrides.isEmpty)
    }
}
