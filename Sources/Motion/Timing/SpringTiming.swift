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

    /// Solves the settle condition for ω, in log form for a well-behaved Newton step:
    /// ζ < 1: ln|ζω − v| − ln(ω·√(1−ζ²)) − ζωT = ln 0.001
    /// ζ = 1: ln(1 + (ω − v)·T) − ωT = ln 0.001
    static func fitAngularFrequency(duration t: Double, dampingRatio zeta: Double, velocity v: Double) -> Double {
        let target = log(settleThreshold)
        let start = 5 / t
        var w = start
        for _ in 0..<12 {
            let f: Double, df: Double
            if zeta < 1 {
                let a = zeta * w - v
                guard a != 0 else { break }
                f = log(abs(a)) - log(w * (1 - zeta * zeta).squareRoot()) - zeta * w * t - target
                df = zeta / a - 1 / w - zeta * t
            } else {
                let a = 1 + (w - v) * t
                guard a > 0 else { break }
                f = log(a) - w * t - target
                df = t / a - t
            }
            guard df != 0, f.isFinite, df.isFinite else { break }
            let next = w - f / df
            // Newton can overshoot below zero where the curve is flat; halve towards zero instead.
            w = next > 0 ? next : w / 2
        }
        return w.isFinite && w > 0 ? w : start
    }
}
