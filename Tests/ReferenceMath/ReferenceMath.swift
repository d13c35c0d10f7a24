#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Motion

/// Independent reference math for the tests: written from the formulas in notes/uikit-behaviour.md,
/// sharing no code with Motion, so a test compares two derivations rather than one with itself.
public enum Reference {
    /// The cubic Bézier through (0,0), p1, p2, (1,1), evaluated in Bernstein form at parameter s.
    public static func bezier(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
        let u = 1 - s
        return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
    }

    /// y for x on the curve with control points (x1, y1), (x2, y2): bisection on x(s) = x, which is
    /// monotone because both control xs lie in 0…1.
    public static func curve(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if bezier(x1, x2, mid) < x { lo = mid } else { hi = mid }
        }
        return bezier(y1, y2, (lo + hi) / 2)
    }

    /// The settle equation's left side: the envelope coefficient at T (0.001 when fitted).
    public static func envelope(omega w: Double, duration t: Double, damping z: Double, velocity v: Double) -> Double {
        if z < 1 {
            return abs(z * w - v) / (w * (1 - z * z).squareRoot()) * exp(-z * w * t)
        }
        return (1 + (w - v) * t) * exp(-w * t)
    }

    /// ω solved by bisection on envelope(ω) = 0.001, over a bracket where the envelope decreases
    /// through the threshold: from above max(v/ζ, 1/T)·4 down to where it first exceeds 0.001.
    public static func omega(duration t: Double, damping z: Double, velocity v: Double) -> Double {
        // Walk down from a surely-settled ω until the envelope rises above the threshold.
        var hi = 1000.0 / t
        var lo = hi
        while envelope(omega: lo, duration: t, damping: z, velocity: v) < 0.001 {
            hi = lo
            lo *= 0.99
            precondition(lo > 1e-3, "no root below \(1000 / t)")
        }
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if envelope(omega: mid, duration: t, damping: z, velocity: v) > 0.001 { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }

    /// Progress of the spring at time s from its closed form (mass 1, stiffness ω², damping 2ζω).
    public static func spring(omega w: Double, damping z: Double, velocity v: Double, at s: Double) -> Double {
        if z < 1 {
            let wd = w * (1 - z * z).squareRoot()
            return 1 - exp(-z * w * s) * (cos(wd * s) + (z * w - v) / wd * sin(wd * s))
        }
        return 1 - (1 + (w - v) * s) * exp(-w * s)
    }

    /// Progress of a spring of any damping at time `s`, by integrating m·y'' + c·y' + k·y = 0 with
    /// classical Runge–Kutta (y = distance left, y(0) = 1, y'(0) = −v): a derivation that shares no
    /// closed form with Motion. `step` seconds per step.
    public static func integratedSpring(mass m: Double, stiffness k: Double, damping c: Double, velocity v: Double,
                                        at s: Double, step: Double = 1e-5) -> Double {
        func acceleration(_ y: Double, _ dy: Double) -> Double { (-c * dy - k * y) / m }
        var y = 1.0, dy = -v, t = 0.0
        while t < s {
            let h = min(step, s - t)
            let k1y = dy, k1v = acceleration(y, dy)
            let k2y = dy + h / 2 * k1v, k2v = acceleration(y + h / 2 * k1y, dy + h / 2 * k1v)
            let k3y = dy + h / 2 * k2v, k3v = acceleration(y + h / 2 * k2y, dy + h / 2 * k2v)
            let k4y = dy + h * k3v, k4v = acceleration(y + h * k3y, dy + h * k3v)
            y += h / 6 * (k1y + 2 * k2y + 2 * k3y + k4y)
            dy += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            t += h
        }
        return 1 - y
    }

    public static func easeInEaseOut(_ x: Double) -> Double { curve(0.42, 0, 0.58, 1, at: x) }
    public static func easeIn(_ x: Double) -> Double { curve(0.42, 0, 1, 1, at: x) }
    public static func easeOut(_ x: Double) -> Double { curve(0, 0, 0.58, 1, at: x) }

    /// Spring progress 0 → 1 at time s of a UIKit duration-fitted spring (1 from the duration on).
    public static func spring(duration: Double, damping z: Double, velocity v: Double, at s: Double) -> Double {
        if s <= 0 { return 0 }
        if s >= duration { return 1 }
        return spring(omega: omega(duration: duration, damping: z, velocity: v), damping: z, velocity: v, at: s)
    }
}

/// |a − b| ≤ tolerance.
public func isClose(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance
}

public func isClose(_ a: CGPoint, _ b: CGPoint, _ tolerance: Double = 1e-9) -> Bool {
    isClose(a.x, b.x, tolerance) && isClose(a.y, b.y, tolerance)
}

public func isClose(_ a: CGRect, _ b: CGRect, _ tolerance: Double = 1e-9) -> Bool {
    isClose(a.origin, b.origin, tolerance) && isClose(a.size.width, b.size.width, tolerance)
        && isClose(a.size.height, b.size.height, tolerance)
}

public func isClose(_ a: CGAffineTransform, _ b: CGAffineTransform, _ tolerance: Double = 1e-9) -> Bool {
    isClose(a.a, b.a, tolerance) && isClose(a.b, b.b, tolerance) && isClose(a.c, b.c, tolerance)
        && isClose(a.d, b.d, tolerance) && isClose(a.tx, b.tx, tolerance) && isClose(a.ty, b.ty, tolerance)
}

public func isClose(_ a: UIColor, _ b: UIColor, _ tolerance: Double = 1e-9) -> Bool {
    isClose(a.red, b.red, tolerance) && isClose(a.green, b.green, tolerance)
        && isClose(a.blue, b.blue, tolerance) && isClose(a.alpha, b.alpha, tolerance)
}
