#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The motion of a spring animation: progress 0 → 1 of a damped harmonic oscillator, mass 1,
/// stiffness ω², damping 2ζω (WebKit's SpringSolver for the closed forms, extended to ζ > 1).
///
/// Two ways to make one, as UIKit has: fitted to a duration (`UIView`'s spring API and a property
/// animator's `dampingRatio` form: ω is chosen so the motion settles at the duration), or physical
/// (mass, stiffness, damping; iOS 17's duration and bounce), which runs until it settles.
/// `value(at:)` is a pure function of time, which is what lets a paused timeline scrub a spring.
public struct SpringTiming: Hashable, Sendable {
    /// Seconds until the motion is declared done and snaps to the target.
    public let duration: Double
    /// ζ: 1 is critically damped, lower values overshoot, higher ones creep in without overshoot.
    public let dampingRatio: Double
    /// Initial velocity in "total distance per second": 0.5 on a 200 pt move means 100 pt/s.
    public let initialVelocity: Double
    /// ω, the undamped angular frequency in radians per second.
    public let angularFrequency: Double

    /// The fraction of the distance the oscillation envelope has left at `duration`.
    public static let settleThreshold = 0.001
    public static let durationRange = 0.01...10.0
    /// The smallest ζ accepted; UIKit clamps the damping ratio to (0, 1] in `UIView`'s spring API.
    public static let minimumDampingRatio = 1e-3
    /// The largest ζ accepted by the forms that allow overdamping: far past any felt difference
    /// (ζ = 100 is already a near-linear creep), and it keeps the slow root away from rounding.
    public static let maximumDampingRatio = 100.0
    /// |ζ − 1| below this is treated as critical: the overdamped closed form divides by √(ζ² − 1).
    public static let criticalTolerance = 1e-9
    /// Bisection steps for the fits: the bracket shrinks by 2⁻¹⁰⁰, far below a double's precision.
    static let bisectionSteps = 100
    /// Bracket doublings tried before giving up on a fit (2²⁰⁰ times the start covers any finite ω).
    static let maximumDoublings = 200
    /// Walking down from the bracket's top: each step multiplies ω by this (2 % apart, so no root
    /// between two steps is skipped for everyday springs) for at most `maximumDownSteps` steps.
    static let downStepFactor = 0.98
    static let maximumDownSteps = 2000
    /// The walk gives up below this ω (no root: the spring cannot settle in time).
    static let smallestAngularFrequency = 1e-6
    /// ζωT past this many e-foldings (plus the shape term) means the decay dominates every other term.
    static let dominantDecay = 20.0

    /// UIKit's `usingSpringWithDamping:initialSpringVelocity:` spring: ζ clamped to (0, 1], T to
    /// [0.01, 10] s, and ω chosen so the envelope is `settleThreshold` at T.
    public init(duration: Double, dampingRatio: Double, initialVelocity: Double) {
        let zeta = min(max(dampingRatio.isFinite ? dampingRatio : 1, Self.minimumDampingRatio), 1)
        self.init(fittedTo: duration, zeta: zeta, initialVelocity: initialVelocity)
    }

    /// A property animator's `UISpringTimingParameters(dampingRatio:)` spring: like `UIView`'s, but ζ
    /// may exceed 1 (`init()` uses 4.56), so the fit covers overdamped springs too.
    public init(fittingDuration duration: Double, dampingRatio: Double, initialVelocity: Double) {
        let zeta = min(max(dampingRatio.isFinite ? dampingRatio : 1, Self.minimumDampingRatio), Self.maximumDampingRatio)
        self.init(fittedTo: duration, zeta: zeta, initialVelocity: initialVelocity)
    }

    private init(fittedTo duration: Double, zeta: Double, initialVelocity: Double) {
        let t = Self.clampDuration(duration)
        let v = initialVelocity.isFinite ? initialVelocity : 0
        self.duration = t
        self.dampingRatio = zeta
        self.initialVelocity = v
        self.angularFrequency = Self.fitAngularFrequency(duration: t, dampingRatio: zeta, velocity: v)
    }

    /// A physical spring (`UISpringTimingParameters(mass:stiffness:damping:initialVelocity:)`):
    /// ω = √(k/m), ζ = c / (2√(k·m)); it runs until its motion stays within `settleThreshold`.
    /// Non-positive or non-finite inputs fall back to 1 (mass, stiffness) and critical damping.
    public init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double) {
        let m = mass.isFinite && mass > 0 ? mass : 1
        let k = stiffness.isFinite && stiffness > 0 ? stiffness : 1
        let c = damping.isFinite && damping > 0 ? damping : 2 * (k * m).squareRoot()
        let zeta = min(max(c / (2 * (k * m).squareRoot()), Self.minimumDampingRatio), Self.maximumDampingRatio)
        self.init(angularFrequency: (k / m).squareRoot(), dampingRatio: zeta, initialVelocity: initialVelocity)
    }

    /// iOS 17's `init(duration:bounce:initialVelocity:)`: mass 1, stiffness (2π/duration)²,
    /// ζ = 1 − bounce for bounce ≥ 0 and 1 / (1 + bounce) below, damping 2ζ√stiffness. `duration` is
    /// the perceptual one; the motion runs until it settles (notes/modern-uikit.md).
    public init(duration: Double, bounce: Double, initialVelocity: Double = 0) {
        let t = Self.clampDuration(duration)
        let b = bounce.isFinite ? min(max(bounce, -1 + 1 / Self.maximumDampingRatio), 1 - Self.minimumDampingRatio) : 0
        let zeta = b >= 0 ? 1 - b : 1 / (1 + b)
        self.init(angularFrequency: 2 * Double.pi / t, dampingRatio: zeta, initialVelocity: initialVelocity)
    }

    private init(angularFrequency w: Double, dampingRatio zeta: Double, initialVelocity: Double) {
        let v = initialVelocity.isFinite ? initialVelocity : 0
        self.angularFrequency = w
        self.dampingRatio = zeta
        self.initialVelocity = v
        self.duration = Self.clampDuration(Self.settlingTime(angularFrequency: w, dampingRatio: zeta, velocity: v))
    }

    /// The equivalent stiffness at mass 1 (ω²).
    public var stiffness: Double { angularFrequency * angularFrequency }
    /// The equivalent damping coefficient at mass 1 (2ζω).
    public var damping: Double { 2 * dampingRatio * angularFrequency }

    private static func clampDuration(_ duration: Double) -> Double {
        min(max(duration.isFinite ? duration : 0, durationRange.lowerBound), durationRange.upperBound)
    }

    /// Progress at time `t` seconds: 0 at 0, 1 from `duration` on.
    public func value(at t: Double) -> Double {
        if t <= 0 { return 0 }
        if t >= duration { return 1 }
        return 1 - Self.displacement(angularFrequency, dampingRatio, initialVelocity, at: t)
    }

    /// dx/dt at time `t`, in total distance per second (the derivative of `value(at:)`; `v` at 0).
    public func velocity(at t: Double) -> Double {
        if t < 0 || t >= duration { return 0 }
        return -Self.displacementRate(angularFrequency, dampingRatio, initialVelocity, at: t)
    }

    // MARK: Closed forms of the distance left, y = 1 − x, with y(0) = 1 and y'(0) = −v

    /// ζ < 1: y = e^(−ζωt)·(cos ωd·t + ((ζω − v)/ωd)·sin ωd·t), ωd = ω·√(1−ζ²)
    /// ζ = 1: y = (1 + (ω − v)·t)·e^(−ωt)
    /// ζ > 1: y = A·e^(r₁t) + (1 − A)·e^(r₂t), r₁,₂ = −ω(ζ ∓ √(ζ²−1)), A = (−v − r₂)/(r₁ − r₂)
    static func displacement(_ w: Double, _ zeta: Double, _ v: Double, at t: Double) -> Double {
        if abs(zeta - 1) < criticalTolerance { return (1 + (w - v) * t) * exp(-w * t) }
        if zeta < 1 {
            let wd = w * (1 - zeta * zeta).squareRoot()
            return exp(-zeta * w * t) * (cos(wd * t) + (zeta * w - v) / wd * sin(wd * t))
        }
        let (r1, r2, a) = overdampedRoots(w, zeta, v)
        return a * exp(r1 * t) + (1 - a) * exp(r2 * t)
    }

    /// dy/dt of `displacement`.
    static func displacementRate(_ w: Double, _ zeta: Double, _ v: Double, at t: Double) -> Double {
        if abs(zeta - 1) < criticalTolerance { return exp(-w * t) * (-v - w * (w - v) * t) }
        if zeta < 1 {
            let wd = w * (1 - zeta * zeta).squareRoot()
            let k = (zeta * w - v) / wd
            return -exp(-zeta * w * t) * (v * cos(wd * t) + (zeta * w * k + wd) * sin(wd * t))
        }
        let (r1, r2, a) = overdampedRoots(w, zeta, v)
        return a * r1 * exp(r1 * t) + (1 - a) * r2 * exp(r2 * t)
    }

    private static func overdampedRoots(_ w: Double, _ zeta: Double, _ v: Double) -> (Double, Double, Double) {
        let s = (zeta * zeta - 1).squareRoot()
        let r1 = -w * (zeta - s), r2 = -w * (zeta + s)
        return (r1, r2, (-v - r2) / (r1 - r2))
    }

    /// An upper bound on |y(t)| that only falls once `t` is past `bound.fallsFrom`.
    /// ζ < 1: √(1 + K²)·e^(−ζωt); ζ = 1: (1 + |ω − v|·t)·e^(−ωt); ζ > 1: |A|·e^(r₁t) + |1 − A|·e^(r₂t).
    static func displacementBound(_ w: Double, _ zeta: Double, _ v: Double, at t: Double) -> Double {
        if abs(zeta - 1) < criticalTolerance { return (1 + abs(w - v) * t) * exp(-w * t) }
        if zeta < 1 {
            let k = (zeta * w - v) / (w * (1 - zeta * zeta).squareRoot())
            return (1 + k * k).squareRoot() * exp(-zeta * w * t)
        }
        let (r1, r2, a) = overdampedRoots(w, zeta, v)
        return abs(a) * exp(r1 * t) + abs(1 - a) * exp(r2 * t)
    }

    /// How long a physical spring runs: the first time its displacement bound reaches
    /// `settleThreshold` (the bound is monotone past its peak, so bisection finds it).
    static func settlingTime(angularFrequency w: Double, dampingRatio zeta: Double, velocity v: Double) -> Double {
        // Critically damped with |ω − v| > ω, the bound first rises: start past its peak.
        var low = 0.0
        if abs(zeta - 1) < criticalTolerance, abs(w - v) > w { low = (abs(w - v) - w) / (w * abs(w - v)) }
        guard displacementBound(w, zeta, v, at: low) > settleThreshold else { return low }
        var high = max(low, 1 / w)
        var doublings = 0
        while displacementBound(w, zeta, v, at: high) > settleThreshold && doublings < maximumDoublings {
            low = high
            high *= 2
            doublings += 1
        }
        for _ in 0..<bisectionSteps {
            let mid = (low + high) / 2
            if displacementBound(w, zeta, v, at: mid) > settleThreshold { low = mid } else { high = mid }
        }
        return high
    }

    /// Solves the settle condition for ω: the oscillation's envelope at T is `settleThreshold`.
    ///
    /// residual(ω) = ln(envelope at T) − ln 0.001, with
    /// ζ < 1: envelope = |(ζω − v) / (ω·√(1−ζ²))| · e^(−ζωT);  ζ = 1: envelope = |1 + (ω − v)·T| · e^(−ωT);
    /// ζ > 1: envelope = |A|·e^(r₁T), the slow mode (the fast one is gone long before).
    /// The root wanted is the largest (past it the motion stays settled). UIKit's Newton iteration from
    /// 5/T finds it for everyday springs; for large initial velocities it can stop on a smaller root
    /// or none, so the root is bracketed from above and bisected, which gives Newton's answer
    /// whenever Newton converges to the largest root.
    static func fitAngularFrequency(duration t: Double, dampingRatio zeta: Double, velocity v: Double) -> Double {
        let residual = { (w: Double) -> Double in settleResidual(w, duration: t, dampingRatio: zeta, velocity: v) }
        // Past this ω the residual only falls: the exponential decay dominates every other term.
        let shape = zeta < 1 ? -log((1 - zeta * zeta).squareRoot()) : 0
        var high = max(5 / t, 2 * abs(v) / zeta)
        var doublings = 0
        while doublings < maximumDoublings && !(residual(high) < 0 && decayRate(high, zeta) * t > dominantDecay + shape) {
            high *= 2
            doublings += 1
        }
        var low = high
        var steps = 0
        while residual(low) <= 0 {
            high = low
            low *= downStepFactor
            steps += 1
            if steps > maximumDownSteps || low < smallestAngularFrequency { return 5 / t }
        }
        for _ in 0..<bisectionSteps {
            let mid = (low + high) / 2
            if residual(mid) > 0 { low = mid } else { high = mid }
        }
        return (low + high) / 2
    }

    /// How fast the slowest mode decays, per second.
    private static func decayRate(_ w: Double, _ zeta: Double) -> Double {
        zeta <= 1 ? zeta * w : w * (zeta - (zeta * zeta - 1).squareRoot())
    }

    static func settleResidual(_ w: Double, duration t: Double, dampingRatio zeta: Double, velocity v: Double) -> Double {
        let target = log(settleThreshold)
        if abs(zeta - 1) < criticalTolerance || zeta == 1 {
            return log(abs(1 + (w - v) * t)) - w * t - target
        }
        if zeta < 1 {
            return log(abs(zeta * w - v)) - log(w * (1 - zeta * zeta).squareRoot()) - zeta * w * t - target
        }
        let (r1, _, a) = overdampedRoots(w, zeta, v)
        return log(abs(a)) + r1 * t - target
    }
}
