import Motion
@testable import UIKit
import Testing

/// "Copy as Swift" gives the call that reproduces the motion: each call below is written as a
/// scene writes it (the stack's delayed ease-out springs, slides' linear keyframes and ease-out
/// spring, every property animator form); the text the tuning table gives for it is parsed back
/// into its arguments (`SwiftCallParser`), run as that UIKit call on the same view changes in a
/// fresh window, and every frame for 2 s must be the same, and the call listed the same (delay
/// and options included, which a spring's motion ignores). Then once more after a tuning, from
/// the tuned call's text.
@Suite struct CopyAsSwiftTests {
    /// One scene-like call: `run` animates the view with `animations`.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let edit: TimingEdit
        let run: @MainActor @Sendable (_ animations: @escaping () -> Void) -> Void
        var testDescription: String { name }
    }

    nonisolated static let cases: [Case] = [
        Case(name: "stack's delayed spring", edit: TimingEdit(duration: 0.9, dampingRatio: 0.3, initialVelocity: 1)) { a in
            UIView.animate(withDuration: 0.6, delay: 0.1, usingSpringWithDamping: 0.85, initialSpringVelocity: 2.5,
                           options: .curveEaseOut, animations: a, completion: nil)
        },
        Case(name: "slides' dismissal spring", edit: TimingEdit(duration: 1.2, dampingRatio: 0.5, initialVelocity: 0)) { a in
            UIView.animate(withDuration: 0.7, delay: 0, usingSpringWithDamping: 0.9, initialSpringVelocity: 0.8,
                           options: .curveEaseOut, animations: a, completion: nil)
        },
        Case(name: "a delayed ease-in curve", edit: TimingEdit(duration: 0.5, curve: .linear)) { a in
            UIView.animate(withDuration: 0.35, delay: 0.2, options: [.curveEaseIn, .allowUserInteraction], animations: a)
        },
        Case(name: "slides' linear keyframes", edit: TimingEdit(duration: 3)) { a in
            UIView.animateKeyframes(withDuration: 1.5, delay: 0, options: .calculationModeLinear, animations: a)
        },
        Case(name: "cubic keyframes, delayed", edit: TimingEdit(duration: 0.8)) { a in
            UIView.animateKeyframes(withDuration: 1, delay: 0.15, options: [.calculationModeCubic, .curveEaseOut],
                                    animations: a)
        },
        Case(name: "photos' backdrop animator", edit: TimingEdit(duration: 0.4, curve: .easeIn)) { a in
            UIViewPropertyAnimator(duration: 0.8, curve: .easeOut, animations: a).startAnimation()
        },
        Case(name: "a custom cubic animator", edit: TimingEdit(duration: 1, curve: .custom)) { a in
            UIViewPropertyAnimator(duration: 0.5, controlPoint1: CGPoint(x: 0.2, y: 0.9), controlPoint2: CGPoint(x: 0.3, y: 1),
                                   animations: a).startAnimation()
        },
        Case(name: "a damping-ratio animator with a velocity", edit: TimingEdit(duration: 0.9, dampingRatio: 0.4)) { a in
            let animator = UIViewPropertyAnimator(duration: 0.6, timingParameters: UISpringTimingParameters(
                dampingRatio: 1, initialVelocity: CGVector(dx: 1.5, dy: 0.5)))
            animator.addAnimations(a)
            animator.startAnimation()
        },
        Case(name: "a delayed running animator", edit: TimingEdit(duration: 0.6, curve: .easeIn)) { a in
            UIViewPropertyAnimator.runningPropertyAnimator(withDuration: 0.4, delay: 0.25, options: .curveEaseOut,
                                                           animations: a)
        },
        // Tuned, it ends at 1.17 s, between frames: at a frame's time the runs from 0 s and 10 s
        // round to either side of their end.
        Case(name: "a spring animator started after a delay", edit: TimingEdit(duration: 0.87, dampingRatio: 0.5)) { a in
            let animator = UIViewPropertyAnimator(duration: 0.5, dampingRatio: 0.8, animations: a)
            animator.startAnimation(afterDelay: 0.3)
        },
        Case(name: "the stock push's physical spring", edit: TimingEdit(duration: 1, dampingRatio: 0.6)) { a in
            let animator = UIViewPropertyAnimator(duration: 0.506, timingParameters: UISpringTimingParameters(
                mass: 3, stiffness: 1000, damping: 2 * 3000.squareRoot(), initialVelocity: CGVector(dx: 0.7, dy: 0)))
            animator.addAnimations(a)
            animator.startAnimation()
        },
    ]

    @MainActor @Test(arguments: cases)
    func theCopiedCallRunsTheSameMotion(_ scene: Case) throws {
        let original = Stage()
        let view = original.add(CGRect(x: 0, y: 0, width: 10, height: 10))
        original.perform { scene.run(Self.animations(of: view)) }
        let tuning = original.window.engine.tuning
        let listed = try #require(tuning.seen.first)
        try expectSameMotion(copied: tuning.swiftCall(listed, of: listed), as: original, view: view, from: 0,
                             listedAs: listed)

        try original.window.engine.tune(at: 0, with: scene.edit)
        original.frame(at: 10)
        view.center.x = 5
        view.alpha = 1
        original.perform { scene.run(Self.animations(of: view)) }
        let tuned = tuning.current(for: listed)
        #expect(tuned != listed, "the edit changes the timing")
        try expectSameMotion(copied: tuning.swiftCall(tuned, of: listed), as: original, view: view, from: 10, listedAs: nil)
    }

    /// Runs `text` parsed on a fresh view making the same changes, and compares it with `view` in
    /// `stage`, which started its call at `start`.
    @MainActor private func expectSameMotion(copied text: String, as stage: Stage, view: UIView, from start: Double,
                                             listedAs listed: AnimationTiming?) throws {
        let call = try SwiftCallParser.parse(text)
        let copy = Stage()
        let twin = copy.add(CGRect(x: 0, y: 0, width: 10, height: 10))
        copy.perform { try? Self.run(call, animations: Self.animations(of: twin)) }
        #expect(copy.window.engine.tuning.seen.count == 1, "\(text) runs one listed call")
        if let listed { #expect(copy.window.engine.tuning.seen.first == listed, "listed as the scene's call: \(text)") }
        for frame in 0...120 {
            let t = Double(frame) / 60
            let expected = (x: stage.x(view, at: start + t), alpha: view.presentation.alpha)
            let actual = (x: copy.x(twin, at: t), alpha: twin.presentation.alpha)
            // The tuned run starts at 10 s, whose clock times round differently from 0 s's.
            #expect(abs(actual.x - expected.x) < 1e-9 && abs(actual.alpha - expected.alpha) < 1e-12,
                    "\(text) at \(t) s: \(actual) vs \(expected)")
        }
    }

    /// The same changes for both runs: x to 100 over three keyframes when inside a keyframe block
    /// (so the calculation mode shows), alpha to 0.4.
    @MainActor private static func animations(of view: UIView) -> () -> Void {
        {
            view.alpha = 0.4
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.3) { view.center.x = 70 }
            UIView.addKeyframe(withRelativeStartTime: 0.3, relativeDuration: 0.4) { view.center.x = 20 }
            UIView.addKeyframe(withRelativeStartTime: 0.7, relativeDuration: 0.3) { view.center.x = 100 }
        }
    }

    // MARK: Running a parsed call

    struct Unrunnable: Error, CustomStringConvertible {
        let description: String
    }

    /// Makes the UIKit call `call` names, with `animations` for its `{ … }`.
    @MainActor static func run(_ call: SwiftValue, animations: @escaping () -> Void) throws {
        if case .chain(let made, let method) = call {
            guard method.callee == "startAnimation", method.labels == ["afterDelay"],
                  let delay = method["afterDelay"]?.number else {
                throw Unrunnable(description: "no method \(method.callee ?? "?") \(method.labels)")
            }
            return try makeAnimator(made, animations: animations).startAnimation(afterDelay: delay)
        }
        if call.callee == "UIViewPropertyAnimator" {
            return try makeAnimator(call, animations: animations).startAnimation()
        }
        func number(_ label: String) throws -> Double {
            guard let value = call[label]?.number else { throw Unrunnable(description: "no number \(label)") }
            return value
        }
        switch (call.callee, call.labels) {
        case ("UIView.animate", ["withDuration", "delay", "options", "animations"]):
            UIView.animate(withDuration: try number("withDuration"), delay: try number("delay"),
                           options: UIView.AnimationOptions(rawValue: try options(call["options"], keyframes: false)),
                           animations: animations)
        case ("UIView.animate", ["withDuration", "delay", "usingSpringWithDamping", "initialSpringVelocity", "options",
                                 "animations"]):
            UIView.animate(withDuration: try number("withDuration"), delay: try number("delay"),
                           usingSpringWithDamping: try number("usingSpringWithDamping"),
                           initialSpringVelocity: try number("initialSpringVelocity"),
                           options: UIView.AnimationOptions(rawValue: try options(call["options"], keyframes: false)),
                           animations: animations)
        case ("UIView.animateKeyframes", ["withDuration", "delay", "options", "animations"]):
            UIView.animateKeyframes(withDuration: try number("withDuration"), delay: try number("delay"),
                                    options: UIView.KeyframeAnimationOptions(rawValue: try options(call["options"], keyframes: true)),
                                    animations: animations)
        case ("UIViewPropertyAnimator.runningPropertyAnimator", ["withDuration", "delay", "options", "animations"]):
            UIViewPropertyAnimator.runningPropertyAnimator(
                withDuration: try number("withDuration"), delay: try number("delay"),
                options: UIView.AnimationOptions(rawValue: try options(call["options"], keyframes: false)),
                animations: animations)
        default:
            throw Unrunnable(description: "no UIKit call \(call.callee ?? "?") \(call.labels)")
        }
    }

    /// The property animator `call` makes, not yet started.
    @MainActor static func makeAnimator(_ call: SwiftValue, animations: @escaping () -> Void) throws -> UIViewPropertyAnimator {
        func number(_ label: String) throws -> Double {
            guard let value = call[label]?.number else { throw Unrunnable(description: "no number \(label)") }
            return value
        }
        switch (call.callee, call.labels) {
        case ("UIViewPropertyAnimator", ["duration", "curve", "animations"]):
            let curves: [String: UIView.AnimationCurve] = ["easeInOut": .easeInOut, "easeIn": .easeIn, "easeOut": .easeOut,
                                                           "linear": .linear]
            guard case .member(let name) = call["curve"], let curve = curves[name] else {
                throw Unrunnable(description: "curve")
            }
            return UIViewPropertyAnimator(duration: try number("duration"), curve: curve, animations: animations)
        case ("UIViewPropertyAnimator", ["duration", "controlPoint1", "controlPoint2", "animations"]):
            return UIViewPropertyAnimator(duration: try number("duration"), controlPoint1: try point(call["controlPoint1"]),
                                          controlPoint2: try point(call["controlPoint2"]), animations: animations)
        case ("UIViewPropertyAnimator", ["duration", "dampingRatio", "animations"]):
            return UIViewPropertyAnimator(duration: try number("duration"), dampingRatio: try number("dampingRatio"),
                                          animations: animations)
        case ("UIViewPropertyAnimator", ["duration", "timingParameters"]):
            let animator = UIViewPropertyAnimator(duration: try number("duration"),
                                                  timingParameters: try spring(call["timingParameters"]))
            animator.addAnimations(animations)
            return animator
        default:
            throw Unrunnable(description: "no property animator \(call.callee ?? "?") \(call.labels)")
        }
    }

    private static func options(_ value: SwiftValue?, keyframes: Bool) throws -> UInt {
        guard case .list(let items) = value else { throw Unrunnable(description: "options") }
        var named: [String: UInt] = [
            "allowUserInteraction": 1 << 1, "beginFromCurrentState": 1 << 2, "curveEaseInOut": 0, "curveEaseIn": 1 << 16,
            "curveEaseOut": 2 << 16, "curveLinear": 3 << 16,
        ]
        if keyframes {
            for (mode, name) in ["calculationModeLinear", "calculationModeDiscrete", "calculationModePaced",
                                 "calculationModeCubic", "calculationModeCubicPaced"].enumerated() {
                named[name] = UInt(mode) << 10
            }
        }
        var raw: UInt = 0
        for item in items {
            switch item {
            case .member(let name):
                guard let bits = named[name] else { throw Unrunnable(description: "option \(name)") }
                raw |= bits
            case .call(let type, _) where type.hasSuffix("Options"):
                guard let bits = item["rawValue"]?.number else { throw Unrunnable(description: "rawValue") }
                raw |= UInt(bits)
            default:
                throw Unrunnable(description: "option \(item)")
            }
        }
        return raw
    }

    private static func point(_ value: SwiftValue?) throws -> CGPoint {
        guard value?.callee == "CGPoint", let x = value?["x"]?.number, let y = value?["y"]?.number else {
            throw Unrunnable(description: "point")
        }
        return CGPoint(x: x, y: y)
    }

    private static func vector(_ value: SwiftValue?) throws -> CGVector {
        guard value?.callee == "CGVector", let dx = value?["dx"]?.number, let dy = value?["dy"]?.number else {
            throw Unrunnable(description: "vector")
        }
        return CGVector(dx: dx, dy: dy)
    }

    private static func spring(_ value: SwiftValue?) throws -> UISpringTimingParameters {
        guard let value, value.callee == "UISpringTimingParameters" else { throw Unrunnable(description: "spring") }
        switch value.labels {
        case ["dampingRatio", "initialVelocity"]:
            guard let ratio = value["dampingRatio"]?.number else { throw Unrunnable(description: "dampingRatio") }
            return UISpringTimingParameters(dampingRatio: ratio, initialVelocity: try vector(value["initialVelocity"]))
        case ["mass", "stiffness", "damping", "initialVelocity"]:
            guard let m = value["mass"]?.number, let k = value["stiffness"]?.number, let c = value["damping"]?.number else {
                throw Unrunnable(description: "physical spring")
            }
            return UISpringTimingParameters(mass: m, stiffness: k, damping: c, initialVelocity: try vector(value["initialVelocity"]))
        default:
            throw Unrunnable(description: "spring \(value.labels)")
        }
    }
}
