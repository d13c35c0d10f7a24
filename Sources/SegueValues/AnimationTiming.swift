import Motion

/// The timing one animation call asks for: what the tuning panel lists and edits, and the key of
/// its override. Every kind has a duration; curves add a named curve (or a custom cubic), springs
/// a damping ratio and, for the block API, an initial velocity.
public struct AnimationTiming: Hashable, Sendable {
    /// Which call asked: its wire code, and the form "copy as Swift" prints.
    public enum Kind: UInt8, Sendable, CaseIterable {
        /// `UIView.animate(withDuration:delay:options:animations:)`, curve from the options.
        case curveBlock = 1
        /// `UIView.animateKeyframes(withDuration:delay:options:animations:)`: each keyframe paces itself.
        case keyframeBlock = 2
        /// `UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:…)`.
        case springBlock = 3
        /// `UIViewPropertyAnimator(duration:curve:)`, or `(duration:timingParameters:)` with cubic parameters.
        case curveAnimator = 4
        /// `UIViewPropertyAnimator(duration:dampingRatio:)`, or `(duration:timingParameters:)` with
        /// spring parameters given as a damping ratio and no initial velocity.
        case springAnimator = 5
    }

    /// UIKit's named curves (`UIView.AnimationCurve` order, their wire codes), and a custom cubic.
    public enum Curve: UInt8, Sendable, CaseIterable {
        case easeInOut = 0, easeIn = 1, easeOut = 2, linear = 3
        /// A cubic given by its control points (`controlPoint1:controlPoint2:`): only its duration is tuned.
        case custom = 4

        /// Core Animation's control points for the named curves (CAMediaTimingFunction).
        public var timingFunction: TimingFunction? {
            switch self {
            case .easeInOut: .easeInEaseOut
            case .easeIn: .easeIn
            case .easeOut: .easeOut
            case .linear: .linear
            case .custom: nil
            }
        }
    }

    public var kind: Kind
    /// Seconds.
    public var duration: Double
    /// The curve of the curve kinds; `.easeInOut` for the others (the wire's 0).
    public var curve: Curve
    /// The cubic the curve kinds run (the named curve's points, or the custom ones); zero otherwise.
    public var controlPoint1: CGPoint
    public var controlPoint2: CGPoint
    /// ζ of the spring kinds; 0 otherwise.
    public var dampingRatio: Double
    /// The spring block's initial velocity; 0 otherwise.
    public var initialVelocity: Double

    public init(kind: Kind, duration: Double, curve: Curve = .easeInOut, controlPoint1: CGPoint = .zero,
                controlPoint2: CGPoint = .zero, dampingRatio: Double = 0, initialVelocity: Double = 0) {
        self.kind = kind
        self.duration = duration
        self.curve = curve
        self.controlPoint1 = controlPoint1
        self.controlPoint2 = controlPoint2
        self.dampingRatio = dampingRatio
        self.initialVelocity = initialVelocity
    }

    /// A curve block or curve animator running a named curve.
    public static func curve(_ kind: Kind, duration: Double, curve: Curve) -> AnimationTiming {
        let function = curve.timingFunction ?? .easeInEaseOut
        return AnimationTiming(kind: kind, duration: duration, curve: curve,
                               controlPoint1: function.c1, controlPoint2: function.c2)
    }

    public static func keyframes(duration: Double) -> AnimationTiming {
        AnimationTiming(kind: .keyframeBlock, duration: duration)
    }

    public static func springBlock(_ spring: SpringBlockTiming) -> AnimationTiming {
        AnimationTiming(kind: .springBlock, duration: spring.duration, dampingRatio: spring.dampingRatio,
                        initialVelocity: spring.initialVelocity)
    }

    /// The spring block's timing, for `.springBlock` entries.
    public var springBlock: SpringBlockTiming {
        SpringBlockTiming(duration: duration, dampingRatio: dampingRatio, initialVelocity: initialVelocity)
    }

    /// Whether a scene's call is worth listing: a duration a tuning could also set (a zero-length
    /// block, say a layout pass, has nothing to tune).
    public var isTunable: Bool { Self.durationRange.contains(duration) }

    /// What a tuned duration must fall in (the spring block's range, for every kind).
    public static let durationRange = SpringBlockTiming.durationRange

    /// ω of the spring kinds (rad/s), fitted so the spring settles in its duration; 0 otherwise.
    public var angularFrequency: Double {
        switch kind {
        case .springBlock, .springAnimator:
            SpringTiming(duration: duration, dampingRatio: dampingRatio, initialVelocity: initialVelocity).angularFrequency
        case .curveBlock, .keyframeBlock, .curveAnimator:
            0
        }
    }

    /// This timing with `edit` applied, or why `edit` does not fit this kind (nothing changes then).
    public func applying(_ edit: TimingEdit) throws(TimingEditError) -> AnimationTiming {
        guard Self.durationRange.contains(edit.duration) else { throw .durationOutOfRange(edit.duration) }
        switch kind {
        case .curveBlock, .curveAnimator:
            guard edit.dampingRatio == 0, edit.initialVelocity == 0 else { throw .springValuesOnACurve(kind) }
            if edit.curve == .custom {
                guard curve == .custom else { throw .customCurveNotAsked }
                var tuned = self
                tuned.duration = edit.duration
                return tuned
            }
            return .curve(kind, duration: edit.duration, curve: edit.curve)
        case .keyframeBlock:
            guard edit.curve == .easeInOut, edit.dampingRatio == 0, edit.initialVelocity == 0 else {
                throw .onlyDuration(kind)
            }
            return .keyframes(duration: edit.duration)
        case .springBlock, .springAnimator:
            guard edit.curve == .easeInOut else { throw .curveOnASpring }
            guard SpringBlockTiming.dampingRatioRange.contains(edit.dampingRatio) else {
                throw .dampingOutOfRange(edit.dampingRatio)
            }
            guard SpringBlockTiming.velocityRange.contains(edit.initialVelocity) else {
                throw .velocityOutOfRange(edit.initialVelocity)
            }
            guard kind == .springBlock || edit.initialVelocity == 0 else { throw .velocityOnAnAnimator }
            return AnimationTiming(kind: kind, duration: edit.duration, dampingRatio: edit.dampingRatio,
                                   initialVelocity: edit.initialVelocity)
        }
    }

    /// The line to paste back, in the form the scene called.
    public var swiftCall: String {
        switch kind {
        case .curveBlock:
            "View.animate(withDuration: \(duration), delay: 0, options: [.\(curve.optionName)]) { … }"
        case .keyframeBlock:
            "View.animateKeyframes(withDuration: \(duration), delay: 0, options: []) { … }"
        case .springBlock:
            springBlock.swiftCall
        case .curveAnimator where curve == .custom:
            "ViewPropertyAnimator(duration: \(duration), controlPoint1: CGPoint(x: \(controlPoint1.x), "
                + "y: \(controlPoint1.y)), controlPoint2: CGPoint(x: \(controlPoint2.x), y: \(controlPoint2.y))) { … }"
        case .curveAnimator:
            "ViewPropertyAnimator(duration: \(duration), curve: .\(curve.caseName)) { … }"
        case .springAnimator:
            "ViewPropertyAnimator(duration: \(duration), dampingRatio: \(dampingRatio)) { … }"
        }
    }
}

extension AnimationTiming.Curve {
    /// `UIView.AnimationCurve`'s case name.
    var caseName: String {
        switch self {
        case .easeInOut: "easeInOut"
        case .easeIn: "easeIn"
        case .easeOut: "easeOut"
        case .linear: "linear"
        case .custom: "custom"
        }
    }

    /// `UIView.AnimationOptions`' option name.
    var optionName: String { "curve" + caseName.prefix(1).uppercased() + caseName.dropFirst() }
}

/// What the page may change of a listed animation: the duration of any, the curve of a curve
/// kind, the damping ratio and velocity of a spring (zero where the kind has none).
public struct TimingEdit: Hashable, Sendable {
    public var duration: Double
    public var curve: AnimationTiming.Curve
    public var dampingRatio: Double
    public var initialVelocity: Double

    public init(duration: Double, curve: AnimationTiming.Curve = .easeInOut, dampingRatio: Double = 0,
                initialVelocity: Double = 0) {
        self.duration = duration
        self.curve = curve
        self.dampingRatio = dampingRatio
        self.initialVelocity = initialVelocity
    }

    /// The edit that sets every tunable value of `timing` as it is (so applying it is the identity).
    public init(_ timing: AnimationTiming) {
        self.init(duration: timing.duration, curve: timing.curve, dampingRatio: timing.dampingRatio,
                  initialVelocity: timing.initialVelocity)
    }
}

/// Why an edit does not fit the animation it names; each reads as a sentence for the page.
public enum TimingEditError: Error, Equatable, Sendable, CustomStringConvertible {
    case durationOutOfRange(Double)
    case dampingOutOfRange(Double)
    case velocityOutOfRange(Double)
    case springValuesOnACurve(AnimationTiming.Kind)
    case onlyDuration(AnimationTiming.Kind)
    case curveOnASpring
    case velocityOnAnAnimator
    case customCurveNotAsked

    public var description: String {
        switch self {
        case .durationOutOfRange(let d):
            "Duration \(d) s is out of range: it must be 0.01…10 s."
        case .dampingOutOfRange(let z):
            "Damping \(z) is not a spring's: it must be above 0 (0 never settles) and at most 1."
        case .velocityOutOfRange(let v):
            "Velocity \(v) is out of range: it must be within ±100."
        case .springValuesOnACurve:
            "A curve has no damping or velocity: send 0 for both."
        case .onlyDuration:
            "A keyframe animation takes only a duration: send curve 0, damping 0 and velocity 0."
        case .curveOnASpring:
            "A spring has no curve: send curve 0."
        case .velocityOnAnAnimator:
            "A property animator's damping-ratio spring has no initial velocity here: send 0."
        case .customCurveNotAsked:
            "Only an animation that asked for a custom cubic keeps one: choose easeInOut, easeIn, easeOut or linear."
        }
    }
}
