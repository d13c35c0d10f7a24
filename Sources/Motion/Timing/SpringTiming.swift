#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The motion of a `UIView` spring animation: progress 0 → 1 of a damped harmonic oscillator whose
/// stiffness is chosen so it settles within the requested duration (WebKit's SpringSolver for the
/// closed forms; the duration fit is UIKit's, as described in notes/uikit-behaviour.md).
///
/// Mass 1, stiffness ω², damping 2ζω. `value(at:)` is a pure function of time, which is what lets a
/// paused timeline scrub a spring exactly.
public struct SpringTiming: Hashable, Sendable {
    /// Seconds until the motion is declared done and snaps to the target.
    public let duration: Double
    /// ζ, in (0, 1]: 1 is critically damped, lower values overshoot.
    public let dampingRatio: Double
    /// Initial velocity in "total distance per second": 0.5 on a 200 pt move means 100 pt/s.
    public let initialVelocity: Double
    /// ω, the undamped angular frequency in radians per second.
    public let angularFrequency: Double

    /// The fraction of the distance the oscillation envelope has left at `duration`.
    public static let settleThreshold = 0.001
    public static let durationRange = 0.01...10.0
    /// The smallest ζ accepted; UIKit clamps the damping ratio to (0, 1].
    public static let minimumDampingRatio = 1e-3
    /// The downward scan for the largest root shrinks ω by 2 % a step: fine enough to stop inside
    /// the positive stretch just below that root for the springs `SpringTimingTests` sweeps.
    static let rootScanFactor = 0.98
    /// At most this many scan steps, which cover 17 orders of magnitude (0.98²⁰⁰⁰ ≈ 3e-18),
    /// before giving up on a root and taking UIKit's starting guess, 5 / T.
    static let rootScanSteps = 2000
    /// ω (rad/s) below which no spring is left to fit: a period of over 70 days.
    static let minimumAngularFrequency = 1e-6

    /// UIKit's `usingSpringWithDamping:initialSpringVelocity:` spring: ζ clamped to (0, 1], T to
    /// [0.01, 10] s, and ω found by Newton's method so the envelope is `settleThreshold` at T.
    public init(duration: Double, dampingRatio: Double, initialVelocity: Double) {
        let t = min(max(duration.isFinite ? duration : 0, Self.durationRange.lowerBound), Self.durationRange.upperBound)
        let zeta = min(max(dampingRatio.isFinite ? dampingRatio : 1, Self.minimumDampingRatio), 1)
        let v = initialVelocity.isFinite ? initialVelocity : 0
        self.duration = t
        self.dampingRatio = zeta
        self.initialVelocity = v
        self.angularFrequency = Self.fitAngularFrequency(duration: t, dampingRatio: zeta, velocity: v)
    }

    /// The iOS 17 form: ζ = 1 − bounce, ω = 2π / duration (stiffness (2π/T)², damping 4πζ/T).
    public init(duration: Double, bounce: Double, initialVelocity: Double = 0) {
        let t = min(max(duration.isFinite ? duration : 0, Self.durationRange.lowerBound), Self.durationRange.upperBound)
        self.duration = t
        self.dampingRatio = min(max(1 - bounce, Self.minimumDampingRatio), 1)
        self.initialVelocity = initialVelocity.isFinite ? initialVelocity : 0
        self.angularFrequency = 2 * Double.pi / t
    }

    /// Progress at time `t` seconds: 0 at 0, 1 from `duration` on.
    ///
    /// ζ < 1: x(t) = 1 − e^(−ζωt)·(cos ωd·t + ((ζω − v)/ωd)·sin ωd·t), ωd = ω·√(1−ζ²)
    /// ζ = 1: x(t) = 1 − (1 + (ω − v)·t)·e^(−ωt)
    public func value(at t: Double) -> Double {
        if t <= 0 { return 0 }
        if t >= duration { return 1 }
        let w = angularFrequency, zeta = dampingRatio, v = initialVelocity
        if zeta < 1 {
            let wd = w * (1 - zeta * zeta).squareRoot()
            return 1 - exp(-zeta * w * t) * (cos(wd * t) + (zeta * w - v) / wd * sin(wd * t))
        }
        return 1 - (1 + (w - v) * t) * exp(-w * t)
    }

    /// dx/dt at time `t`, in total distance per second (the derivative of `value(at:)`; `v` at 0).
    public func velocity(at t: Double) -> Double {
        if t < 0 || t >= duration { return 0 }
        let w = angularFrequency, zeta = dampingRatio, v = initialVelocity
        if zeta < 1 {
            let wd = w * (1 - zeta * zeta).squareRoot()
            let k = (zeta * w - v) / wd
            return exp(-zeta * w * t) * (v * cos(wd * t) + (zeta * w * k + wd) * sin(wd * t))
        }
        return exp(-w * t) * (v + w * (w - v) * t)
    }

    /// Solves the settle condition for ω: the oscillation's envelope at T is `settleThreshold`.
    ///
    /// residual(ω) = ln(envelope at T) − ln 0.001, with
    /// ζ < 1: envelope = |(ζω − v) / (ω·√(1−ζ²))| · e^(−ζωT);  ζ = 1: envelope = |1 + (ω − v)·T| · e^(−ωT).
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
        while doublings < 200 && !(residual(high) < 0 && zeta * high * t > 20 + shape) {
            high *= 2
            doublings += 1
        }
        var low = high
        var steps = 0
        while residual(low) <= 0 {
            high = low
            low *= Self.rootScanFactor
            steps += 1
            if steps > Self.rootScanSteps || low < Self.minimumAngularFrequency { return 5 / t }
        }
        for _ in 0..<100 {
            let mid = (low + high) / 2
            if residual(mid) > 0 { low = mid } else { high = mid }
        }
        return (low + high) / 2
    }

    static func settleResidual(_ w: Double, duration t: Double, dampingRatio zeta: Double, velocity v: Double) -> Double {
        let target = log(settleThreshold)
        if zeta < 1 {
            return log(abs(zeta * w - v)) - log(w * (1 - zeta * zeta).squareRoot()) - zeta * w * t - target
        }
        return log(abs(1 + (w - v) * t)) - w * t - target
    }
}
