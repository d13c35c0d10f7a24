import Motion

/// `UITimingCurveType`.
public nonisolated enum UITimingCurveType: Sendable {
    case builtin, cubic, spring, composed
}

/// `UITimingCurveProvider`: what a property animator's timing comes from.
@preconcurrency @MainActor public protocol UITimingCurveProvider: Sendable {
    var timingCurveType: UITimingCurveType { get }
    var cubicTimingParameters: UICubicTimingParameters? { get }
    var springTimingParameters: UISpringTimingParameters? { get }
}

/// `UICubicTimingParameters`: a named curve or a Bézier through two control points.
public nonisolated struct UICubicTimingParameters: UITimingCurveProvider, Hashable {
    public let animationCurve: UIView.AnimationCurve
    public let controlPoint1: CGPoint
    public let controlPoint2: CGPoint

    /// easeInOut, as UIKit's `init()`.
    public init() {
        self.init(animationCurve: .easeInOut)
    }

    public init(animationCurve curve: UIView.AnimationCurve) {
        animationCurve = curve
        controlPoint1 = curve.timingFunction.c1
        controlPoint2 = curve.timingFunction.c2
    }

    /// A custom curve; UIKit reports its `animationCurve` as easeInOut.
    public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {
        animationCurve = .easeInOut
        controlPoint1 = point1
        controlPoint2 = point2
    }

    public var timingFunction: TimingFunction {
        TimingFunction(controlPoints: controlPoint1.x, controlPoint1.y, controlPoint2.x, controlPoint2.y)
    }

    public var timingCurveType: UITimingCurveType { .cubic }
    public var cubicTimingParameters: UICubicTimingParameters? { self }
    public var springTimingParameters: UISpringTimingParameters? { nil }
}

/// `UISpringTimingParameters`, with its four initializers. The velocity is a vector: for a view's
/// position `dx` drives x and `dy` drives y; every other property follows `dx` (Apple's
/// `initialVelocity` documentation). Each component is relative: points per second divided by that
/// axis's distance to travel (`relativeVelocity(_:distance:)`).
public nonisolated struct UISpringTimingParameters: UITimingCurveProvider, Hashable {
    /// How the spring was specified, which decides how long it runs.
    public nonisolated enum Form: Hashable, Sendable {
        /// Fitted to the animator's duration (the `dampingRatio` initializers).
        case dampingRatio(Double)
        /// Runs until it settles; the animator's duration is ignored.
        case physical(mass: Double, stiffness: Double, damping: Double)
    }

    /// `init()`'s damping ratio, from Apple's documentation.
    public static let defaultDampingRatio = 4.56

    public let form: Form
    public let initialVelocity: CGVector

    /// Damping ratio 4.56, no initial velocity (Apple's `init()`).
    public init() {
        self.init(dampingRatio: Self.defaultDampingRatio, initialVelocity: .zero)
    }

    public init(dampingRatio ratio: Double) {
        self.init(dampingRatio: ratio, initialVelocity: .zero)
    }

    public init(dampingRatio ratio: Double, initialVelocity velocity: CGVector) {
        form = .dampingRatio(ratio)
        initialVelocity = velocity
    }

    public init(mass: Double, stiffness: Double, damping: Double, initialVelocity velocity: CGVector) {
        form = .physical(mass: mass, stiffness: stiffness, damping: damping)
        initialVelocity = velocity
    }

    /// iOS 17: mass 1, stiffness (2π/duration)², ζ = 1 − bounce (bounce ≥ 0) or 1/(1 + bounce),
    /// damping 2ζ√stiffness; it runs until it settles.
    public init(duration: Double, bounce: Double, initialVelocity velocity: CGVector = .zero) {
        let reference = SpringTiming(duration: duration, bounce: bounce)
        form = .physical(mass: 1, stiffness: reference.stiffness, damping: reference.damping)
        initialVelocity = velocity
    }

    /// ζ: given, or c / (2√(k·m)) for a physical spring.
    public var dampingRatio: Double {
        switch form {
        case .dampingRatio(let ratio): ratio
        case .physical(let m, let k, let c): c / (2 * (k * m).squareRoot())
        }
    }

    /// Whether the spring sets its own run time (physical forms), ignoring the animator's duration.
    public var hasImplicitDuration: Bool {
        if case .physical = form { return true }
        return false
    }

    /// The spring along x (`dx`) and y (`dy`) for an animation of `duration` seconds.
    public func springs(duration: Double) -> (x: SpringTiming, y: SpringTiming) {
        func make(_ v: Double) -> SpringTiming {
            switch form {
            case .dampingRatio(let ratio):
                SpringTiming(fittingDuration: duration, dampingRatio: ratio, initialVelocity: v)
            case .physical(let m, let k, let c):
                SpringTiming(mass: m, stiffness: k, damping: c, initialVelocity: v)
            }
        }
        let x = make(initialVelocity.dx)
        return (x, initialVelocity.dy == initialVelocity.dx ? x : make(initialVelocity.dy))
    }

    /// A velocity in points per second made relative to the distance left on each axis, as Apple's
    /// documentation asks; an axis with no distance gets 0.
    public static func relativeVelocity(_ velocity: CGPoint, distance: CGVector) -> CGVector {
        CGVector(dx: distance.dx == 0 ? 0 : velocity.x / distance.dx,
               dy: distance.dy == 0 ? 0 : velocity.y / distance.dy)
    }

    public var timingCurveType: UITimingCurveType { .spring }
    public var cubicTimingParameters: UICubicTimingParameters? { nil }
    public var springTimingParameters: UISpringTimingParameters? { self }
}
