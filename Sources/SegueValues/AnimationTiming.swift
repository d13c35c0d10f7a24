import Motion

/// The timing one animation call asks for: what the tuning panel lists and edits, and the key of
/// its override. Every kind has a duration; curves add a named curve (or a custom cubic), springs
/// a damping ratio and, for the block API, an initial velocity; a physical spring its mass,
/// stiffness and damping. A block's delay and options are part of the call too (not tuned), so two
/// blocks of one timing that start at different delays, as the stack's do, are two entries.
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
        /// spring parameters given as a damping ratio.
        case springAnimator = 5
        /// `UIViewPropertyAnimator(duration:timingParameters:)` with
        /// `UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)`: the stock push and
        /// pop's spring, the photo zoom's. It runs until it settles, whatever the animator's duration.
        case physicalSpringAnimator = 6
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
    /// Seconds; a physical spring's is the time it takes to settle from rest.
    public var duration: Double
    /// The curve of the curve kinds; `.easeInOut` for the others (the wire's 0).
    public var curve: Curve
    /// The cubic the curve kinds run (the named curve's points, or the custom ones); zero otherwise.
    public var controlPoint1: CGPoint
    public var controlPoint2: CGPoint
    /// ζ of the spring kinds; 0 otherwise.
    public var dampingRatio: Double
    /// The spring block's initial velocity; 0 otherwise (an animator's comes from a gesture, so it
    /// is not part of the key).
    public var initialVelocity: Double
    /// A physical spring's mass, stiffness and damping; 0 for the other kinds.
    public var mass: Double
    public var stiffness: Double
    public var damping: Double
    /// A block's delay, seconds, and the raw value of its options (`UIView.AnimationOptions`, or
    /// `UIView.KeyframeAnimationOptions` for keyframes); 0 for property animators.
    public var delay: Double
    public var options: UInt

    public init(kind: Kind, duration: Double, curve: Curve = .easeInOut, controlPoint1: CGPoint = .zero,
                controlPoint2: CGPoint = .zero, dampingRatio: Double = 0, initialVelocity: Double = 0,
                mass: Double = 0, stiffness: Double = 0, damping: Double = 0, delay: Double = 0, options: UInt = 0) {
        self.kind = kind
        self.duration = duration
        self.curve = curve
        self.controlPoint1 = controlPoint1
        self.controlPoint2 = controlPoint2
        self.dampingRatio = dampingRatio
        self.initialVelocity = initialVelocity
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.delay = delay
        self.options = options
    }

    /// A curve block or curve animator running a named curve.
    public static func curve(_ kind: Kind, duration: Double, curve: Curve, delay: Double = 0,
                             options: UInt = 0) -> AnimationTiming {
        let function = curve.timingFunction ?? .easeInEaseOut
        return AnimationTiming(kind: kind, duration: duration, curve: curve, controlPoint1: function.c1,
                               controlPoint2: function.c2, delay: delay, options: options)
    }

    public static func keyframes(duration: Double, delay: Double = 0, options: UInt = 0) -> AnimationTiming {
        AnimationTiming(kind: .keyframeBlock, duration: duration, delay: delay, options: options)
    }

    public static func springBlock(_ spring: SpringBlockTiming, delay: Double = 0, options: UInt = 0) -> AnimationTiming {
        AnimationTiming(kind: .springBlock, duration: spring.duration, dampingRatio: spring.dampingRatio,
                        initialVelocity: spring.initialVelocity, delay: delay, options: options)
    }

    /// A physical spring animator: listed with the time it settles in from rest, and its ζ.
    public static func physicalSpring(mass: Double, stiffness: Double, damping: Double) -> AnimationTiming {
        let spring = SpringTiming(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: 0)
        return AnimationTiming(kind: .physicalSpringAnimator, duration: spring.duration, dampingRatio: spring.dampingRatio,
                               mass: mass, stiffness: stiffness, damping: damping)
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

    /// ω of the spring kinds (rad/s): fitted so the spring settles in its duration, or √(k/m) for a
    /// physical one; 0 otherwise.
    public var angularFrequency: Double {
        switch kind {
        case .springBlock, .springAnimator:
            SpringTiming(duration: duration, dampingRatio: dampingRatio, initialVelocity: initialVelocity).angularFrequency
        case .physicalSpringAnimator:
            SpringTiming(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: 0).angularFrequency
        case .curveBlock, .keyframeBlock, .curveAnimator:
            0
        }
    }

    /// The spring this physical animator runs with `velocity` (relative, per axis as UIKit's `dx`).
    public func physicalSpring(initialVelocity velocity: Double) -> SpringTiming {
        SpringTiming(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)
    }

    /// This timing with `edit` applied, or why `edit` does not fit this kind (nothing changes then).
    /// The delay and options stay the call's. An edit that sets every value as it is gives this
    /// timing back exactly, so sending the original removes an override.
    public func applying(_ edit: TimingEdit) throws(TimingEditError) -> AnimationTiming {
        guard Self.durationRange.contains(edit.duration) else { throw .durationOutOfRange(edit.duration) }
        var tuned = self
        tuned.duration = edit.duration
        switch kind {
        case .curveBlock, .curveAnimator:
            guard edit.dampingRatio == 0, edit.initialVelocity == 0 else { throw .springValuesOnACurve(kind) }
            if edit.curve == .custom {
                guard curve == .custom else { throw .customCurveNotAsked }
                return tuned
            }
            let function = edit.curve.timingFunction ?? .easeInEaseOut
            tuned.curve = edit.curve
            tuned.controlPoint1 = function.c1
            tuned.controlPoint2 = function.c2
            return tuned
        case .keyframeBlock:
            guard edit.curve == .easeInOut, edit.dampingRatio == 0, edit.initialVelocity == 0 else {
                throw .onlyDuration(kind)
            }
            return tuned
        case .springBlock, .springAnimator, .physicalSpringAnimator:
            guard edit.curve == .easeInOut else { throw .curveOnASpring }
            guard SpringBlockTiming.dampingRatioRange.contains(edit.dampingRatio) else {
                throw .dampingOutOfRange(edit.dampingRatio)
            }
            guard SpringBlockTiming.velocityRange.contains(edit.initialVelocity) else {
                throw .velocityOutOfRange(edit.initialVelocity)
            }
            guard kind == .springBlock || edit.initialVelocity == 0 else { throw .velocityOnAnAnimator }
            if edit == TimingEdit(self) { return self }
            tuned.dampingRatio = edit.dampingRatio
            tuned.initialVelocity = edit.initialVelocity
            if kind == .physicalSpringAnimator {
                // The same mass, with the stiffness and damping that settle from rest in the new
                // duration at the new ζ.
                let omega = SpringTiming(fittingDuration: edit.duration, dampingRatio: edit.dampingRatio,
                                         initialVelocity: 0).angularFrequency
                tuned.stiffness = mass * omega * omega
                tuned.damping = 2 * edit.dampingRatio * omega * mass
            }
            return tuned
        }
    }
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
