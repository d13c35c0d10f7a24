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
            UIView.animate(withDuration: 0.4, delay: 0.1, options: [.curveEaseIn, .allowUserInteraction]) { view.alpha = 0.5 }
            UIView.animateKeyframes(withDuration: 1.5, delay: 0, options: .calculationModeCubic) {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { view.alpha = 0.2 }
            }
            UIView.animate(withDuration: 0.6, delay: 0, usingSpringWithDamping: 0.7, initialSpringVelocity: 2,
                           options: .curveEaseOut) {
                view.center.x = 50
            }
            _ = UIViewPropertyAnimator(duration: 0.3, curve: .easeOut)
            _ = UIViewPropertyAnimator(duration: 0.5, dampingRatio: 0.9)
            _ = UIViewPropertyAnimator(duration: 0.2, controlPoint1: CGPoint(x: 0.1, y: 0.9), controlPoint2: CGPoint(x: 0.2, y: 1))
            _ = UIViewPropertyAnimator(duration: 0.5, timingParameters: UISpringTimingParameters(mass: 1, stiffness: 100, damping: 10,
                                                                                            initialVelocity: .zero))
            _ = UIViewPropertyAnimator(duration: 0.5, timingParameters: UISpringTimingParameters(
                dampingRatio: 0.9, initialVelocity: CGVector(dx: 2, dy: 1)))
            UIView.animate(withDuration: 0, delay: 0, options: []) { view.alpha = 1 }
        }
        let tuning = stage.window.engine.tuning
        let seen = tuning.seen
        #expect(seen == [
            .curve(.curveBlock, duration: 0.4, curve: .easeIn, delay: 0.1,
                   options: UIView.AnimationOptions([.curveEaseIn, .allowUserInteraction]).rawValue),
            .keyframes(duration: 1.5, options: UIView.KeyframeAnimationOptions.calculationModeCubic.rawValue),
            .springBlock(SpringBlockTiming(duration: 0.6, dampingRatio: 0.7, initialVelocity: 2),
                         options: UIView.AnimationOptions.curveEaseOut.rawValue),
            .curve(.curveAnimator, duration: 0.3, curve: .easeOut),
            AnimationTiming(kind: .springAnimator, duration: 0.5, dampingRatio: 0.9),
            AnimationTiming(kind: .curveAnimator, duration: 0.2, curve: .custom, controlPoint1: CGPoint(x: 0.1, y: 0.9),
                            controlPoint2: CGPoint(x: 0.2, y: 1)),
            .physicalSpring(mass: 1, stiffness: 100, damping: 10),
        ], "a zero-length block has nothing to tune; an animator's spring velocity is a gesture's, not part of its key")
        #expect(seen[0].controlPoint1 == CGPoint(x: 0.42, y: 0) && seen[0].controlPoint2 == CGPoint(x: 1, y: 1))
        #expect(seen[6].duration == SpringTiming(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0).duration
            && seen[6].dampingRatio == 0.5, "a physical spring is listed by the time it settles in from rest, and its ζ")
        let calls = seen.map { tuning.swiftCall($0, of: $0) }
        #expect(calls == [
            "UIView.animate(withDuration: 0.4, delay: 0.1, options: [.allowUserInteraction, .curveEaseIn], animations: { … })",
            "UIView.animateKeyframes(withDuration: 1.5, delay: 0.0, options: [.calculationModeCubic], animations: { … })",
            "UIView.animate(withDuration: 0.6, delay: 0.0, usingSpringWithDamping: 0.7, initialSpringVelocity: 2.0, "
                + "options: [.curveEaseOut], animations: { … })",
            "UIViewPropertyAnimator(duration: 0.3, curve: .easeOut, animations: { … })",
            "UIViewPropertyAnimator(duration: 0.5, timingParameters: UISpringTimingParameters(dampingRatio: 0.9, "
                + "initialVelocity: CGVector(dx: 2.0, dy: 1.0)))",
            "UIViewPropertyAnimator(duration: 0.2, controlPoint1: CGPoint(x: 0.1, y: 0.9), "
                + "controlPoint2: CGPoint(x: 0.2, y: 1.0), animations: { … })",
            "UIViewPropertyAnimator(duration: 0.5, timingParameters: UISpringTimingParameters(mass: 1.0, stiffness: 100.0, "
                + "damping: 10.0, initialVelocity: CGVector(dx: 0.0, dy: 0.0)))",
        ], "the last animator made with a spring's key gives its velocity")
    }

    /// Options Segue's UIKit does not name keep their bits, so the copied call runs the same.
    @Test func aCallsUnnamedOptionsAreCopiedByTheirBits() {
        let curve = AnimationTiming.curve(.curveBlock, duration: 1, curve: .easeInOut, options: 1 << 3 | 5 << 16)
        #expect(curve.swiftCall() == "UIView.animate(withDuration: 1.0, delay: 0.0, options: [.curveEaseInOut, "
            + "UIView.AnimationOptions(rawValue: 8)], animations: { … })", "an undefined curve runs, and copies as, easeInOut")
        let keyframes = AnimationTiming.keyframes(duration: 1, options: 2 << 16 | 1 << 1)
        #expect(keyframes.swiftCall() == "UIView.animateKeyframes(withDuration: 1.0, delay: 0.0, options: "
            + "[.allowUserInteraction, .calculationModeLinear, .curveEaseOut], animations: { … })")
    }

    /// Each entry is named by the views and properties its last run moved, by UIKit's names.
    @Test func anEntryNamesTheViewsAndPropertiesItsLastRunAnimated() {
        let stage = Stage()
        let card = stage.add(CGRect(x: 0, y: 0, width: 10, height: 10), name: "card")
        let backdrop = stage.add(CGRect(x: 0, y: 0, width: 10, height: 10), name: "backdrop")
        stage.perform {
            UIView.animate(withDuration: 0.5, delay: 0, options: []) {
                card.frame = CGRect(x: 5, y: 5, width: 20, height: 20)
                backdrop.alpha = 0.5
                card.layer.cornerRadius = 4
            }
            let animator = UIViewPropertyAnimator(duration: 0.4, dampingRatio: 0.8) { card.transform = CGAffineTransform(scaleX: 2, y: 2) }
            animator.addAnimations { backdrop.center.x = 40 }
            animator.startAnimation()
        }
        let tuning = stage.window.engine.tuning
        #expect(tuning.seen.map(tuning.label(for:)) == [
            "card: frame, layer.cornerRadius · backdrop: alpha",
            "card: transform · backdrop: center",
        ])
        stage.frame(at: 1)
        stage.perform { UIView.animate(withDuration: 0.5, delay: 0, options: []) { backdrop.alpha = 1 } }
        #expect(tuning.label(for: tuning.seen[0]) == "backdrop: alpha", "the last run's, not every run's")
    }

    /// Names stay bounded, whatever a scene names its views and however many it moves.
    @Test func anEntrysNamesAreBounded() {
        let stage = Stage()
        let long = String(repeating: "x", count: 100)
        let views = (0..<10).map { stage.add(CGRect(x: 0, y: 0, width: 10, height: 10), name: "\($0)\(long)") }
        stage.perform { UIView.animate(withDuration: 0.5, delay: 0, options: []) { for view in views { view.alpha = 0 } } }
        let label = stage.window.engine.tuning.label(for: stage.window.engine.tuning.seen[0])
        let parts = label.components(separatedBy: " · ")
        #expect(parts.count == AnimationTargets.maximumViews + 1 && parts.last == "+ 4 more")
        for (i, part) in parts.dropLast().enumerated() {
            #expect(part == "\(i)" + String(repeating: "x", count: 30) + "…: alpha")
        }
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
        let linear = UIView.AnimationOptions.curveLinear.rawValue
        #expect(stage.window.engine.tuning.current(for: .curve(.curveBlock, duration: 1, curve: .linear, options: linear))
            == .curve(.curveBlock, duration: 0.5, curve: .easeIn, options: linear), "the call's options stay its own")
    }

    /// Curve bits UIKit does not define run the default curve, and are listed as it.
    @Test func anUndefinedCurveOptionIsListedAsTheDefaultItRuns() {
        let stage = Stage()
        let view = stage.add(CGRect(x: -5, y: -5, width: 10, height: 10))
        stage.perform { UIView.animate(withDuration: 1, delay: 0, options: UIView.AnimationOptions(rawValue: 5 << 16)) { view.center.x = 100 } }
        #expect(stage.window.engine.tuning.seen == [.curve(.curveBlock, duration: 1, curve: .easeInOut, options: 5 << 16)])
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

    /// A keyframe block held mid-run and tuned from 1 s to 2 s runs its remaining time on the new
    /// duration where it runs now (so a replay shows it), and its completion comes at 2 s.
    @Test func aTuningRetimesTheRunningAnimationsOfItsCall() throws {
        let stage = Stage()
        let view = stage.add(CGRect(x: -5, y: -5, width: 10, height: 10))
        let log = CompletionLog()
        stage.perform {
            UIView.animateKeyframes(withDuration: 1, delay: 0, options: [.curveLinear], animations: {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { view.center.x = 100 }
            }, completion: log.handler)
        }
        #expect(abs(stage.x(view, at: 0.5) - 50) < Self.positionTolerance)
        try stage.window.engine.tune(at: 0, with: TimingEdit(duration: 2))
        #expect(abs(stage.x(view, at: 0.5) - 25) < Self.positionTolerance, "a quarter of the new 2 s")
        #expect(abs(stage.x(view, at: 1.5) - 75) < Self.positionTolerance)
        #expect(log.calls.isEmpty, "not over at the old duration")
        stage.frame(at: 2)
        #expect(log.calls == [true] && view.presentation.center.x == 100)
    }

    /// Reset: one entry, or all, runs as written again, also where it runs now; an index the list
    /// does not have is refused and changes nothing.
    @Test func resetRestoresTheScenesValues() throws {
        let stage = Stage()
        let view = stage.add(CGRect(x: -5, y: -5, width: 10, height: 10))
        stage.perform {
            UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear]) { view.center.x = 100 }
            UIView.animate(withDuration: 0.5, delay: 0, options: [.curveEaseIn]) { view.alpha = 0.5 }
        }
        let engine = stage.window.engine
        try engine.tune(at: 0, with: TimingEdit(duration: 2, curve: .linear))
        try engine.tune(at: 1, with: TimingEdit(duration: 1, curve: .linear))
        #expect(abs(stage.x(view, at: 0.5) - 25) < Self.positionTolerance)
        #expect(throws: AnimationTuningError.noSuchAnimation(index: 2, count: 2)) { try engine.resetTuning(at: 2) }
        #expect(engine.tuning.overrides.count == 2, "a refused reset changes nothing")
        try engine.resetTuning(at: 0)
        #expect(abs(stage.x(view, at: 0.5) - 50) < Self.positionTolerance, "the running block is back on its 1 s")
        #expect(engine.tuning.overrides.count == 1)
        try engine.resetTuning(at: nil)
        #expect(engine.tuning.overrides.isEmpty)
        #expect(engine.tuning.seen.allSatisfy { engine.tuning.current(for: $0) == $0 })
    }

    /// The stock push's physical spring, tuned by duration and ζ: the same mass with the stiffness
    /// and damping that settle in the new time; the spring a swipe's release continues with (the
    /// same spring, a velocity of its own) runs tuned too, keeping that velocity.
    @Test func aPhysicalSpringIsTunedByItsDurationAndDampingRatio() throws {
        let stage = Stage()
        let view = stage.add(CGRect(x: -5, y: -5, width: 10, height: 10))
        let stock = { (v: Double) in UISpringTimingParameters(mass: 3, stiffness: 1000, damping: 2 * 3000.squareRoot(),
                                                              initialVelocity: CGVector(dx: v, dy: 0)) }
        stage.perform { _ = UIViewPropertyAnimator(duration: 0.5, timingParameters: stock(0)) }
        try stage.window.engine.tune(at: 0, with: TimingEdit(duration: 1.2, dampingRatio: 0.5))
        let tuned = stage.window.engine.tuning.current(for: stage.window.engine.tuning.seen[0])
        let omega = SpringTiming(fittingDuration: 1.2, dampingRatio: 0.5, initialVelocity: 0).angularFrequency
        #expect(tuned.mass == 3 && tuned.stiffness == 3 * omega * omega && tuned.damping == 2 * 0.5 * omega * 3)
        var animator: UIViewPropertyAnimator!
        stage.perform {
            animator = UIViewPropertyAnimator(duration: 0.5, timingParameters: stock(0))
            animator.addAnimations { view.center.x = 100 }
            animator.pauseAnimation()
            animator.fractionComplete = 0.5
            animator.continueAnimation(withTimingParameters: stock(2), durationFactor: 0)
        }
        #expect(animator.duration == 0.5, "a physical spring's animator keeps the duration it was made with")
        let spring = SpringTiming(mass: 3, stiffness: tuned.stiffness, damping: tuned.damping, initialVelocity: 2)
        #expect(abs(spring.duration - 1.2) < 0.3, "settles near the tuned time: \(spring.duration)")
        for t in [0.1, 0.3, 0.6] {
            #expect(abs(stage.x(view, at: t) - (50 + 50 * spring.value(at: t))) < Self.positionTolerance, "at \(t)")
        }
    }
}
