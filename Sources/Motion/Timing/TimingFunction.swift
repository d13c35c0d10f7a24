/// A cubic Bézier timing curve from (0,0) to (1,1) through two control points, solved x → y the way
/// WebKit's UnitBezier does (polynomial coefficients, Newton's method, bisection as a fallback).
///
/// The named curves carry `CAMediaTimingFunction`'s control points.
public struct TimingFunction: Hashable, Sendable {
    public let c1: CGPoint
    public let c2: CGPoint

    // Polynomial coefficients: B(t) = ((a·t + b)·t + c)·t, with c = 3·p1, b = 3·(p2 − p1) − c, a = 1 − c − b.
    private let ax: Double, bx: Double, cx: Double
    private let ay: Double, by: Double, cy: Double

    /// `x` tolerance for Newton's method: far below what a 60 Hz frame can show.
    public static let solveEpsilon = 1e-7
    private static let newtonIterations = 8
    private static let sampleCount = 11
    /// Below this, x'(t) counts as zero (it is exactly zero only at an end, where rounding leaves ~1e-16).
    private static let flatDerivative = 1e-9
    /// Newton hands over to bisection when x'(t) falls below this (WebKit's UnitBezier uses the
    /// same): on a near-flat stretch a step of error / x'(t) leaps far and may leave 0…1.
    private static let newtonMinimumDerivative = 1e-6
    /// Bisection stops when the bracket on t is this narrow. With x control points in 0…1,
    /// x'(t) ≤ 3, so x is then pinned to within 3e-12, far inside `solveEpsilon`.
    private static let bisectionWidth = 1e-12

    public init(controlPoints x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        c1 = CGPoint(x: x1, y: y1)
        c2 = CGPoint(x: x2, y: y2)
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
    }

    public static let linear = TimingFunction(controlPoints: 0, 0, 1, 1)
    public static let easeIn = TimingFunction(controlPoints: 0.42, 0, 1, 1)
    public static let easeOut = TimingFunction(controlPoints: 0, 0, 0.58, 1)
    public static let easeInEaseOut = TimingFunction(controlPoints: 0.42, 0, 0.58, 1)
    /// `kCAMediaTimingFunctionDefault`.
    public static let `default` = TimingFunction(controlPoints: 0.25, 0.1, 0.25, 1)

    @inlinable public var isLinear: Bool { self == .linear }

    /// The curve's y for progress x in 0…1; x outside is clamped, so the curve holds its end values.
    public func value(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        if c1.x == c1.y && c2.x == c2.y { return x }
        return sampleY(solveT(forX: x))
    }

    /// dy/dx at progress x: the curve's velocity in output units per unit of input.
    public func slope(at x: Double) -> Double {
        if c1.x == c1.y && c2.x == c2.y { return 1 }
        let t = solveT(forX: min(max(x, 0), 1))
        let dx = sampleDerivativeX(t)
        if abs(dx) > Self.flatDerivative { return sampleDerivativeY(t) / dx }
        // x'(t) = 0 only at an end whose control point sits on it (easeOut at 0): y'(t) is 0 there
        // too (up to rounding), and the slope is the limit of y'/x', by l'Hôpital y''(t)/x''(t).
        let ddx = 6 * ax * t + 2 * bx
        return ddx == 0 ? 0 : (6 * ay * t + 2 * by) / ddx
    }

    @inline(__always) private func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    @inline(__always) private func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    @inline(__always) private func sampleDerivativeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }
    @inline(__always) private func sampleDerivativeY(_ t: Double) -> Double { (3 * ay * t + 2 * by) * t + cy }

    /// The parameter t where x(t) = x: a first guess from an evenly spaced sample table, then
    /// Newton's method; where the slope is too flat for Newton, bisection over [0, 1].
    private func solveT(forX x: Double) -> Double {
        let step = 1.0 / Double(Self.sampleCount - 1)
        var t = x
        var previous = 0.0
        for i in 1..<Self.sampleCount {
            let ti = Double(i) * step
            let xi = sampleX(ti)
            if xi >= x {
                let x0 = sampleX(previous)
                t = previous + (xi == x0 ? 0 : (x - x0) / (xi - x0) * step)
                break
            }
            previous = ti
        }
        for _ in 0..<Self.newtonIterations {
            let error = sampleX(t) - x
            if abs(error) < Self.solveEpsilon { return t }
            let derivative = sampleDerivativeX(t)
            if abs(derivative) < Self.newtonMinimumDerivative { break }
            t -= error / derivative
        }
        var lo = 0.0, hi = 1.0
        t = min(max(t, lo), hi)
        while hi - lo > Self.bisectionWidth {
            let xt = sampleX(t)
            if abs(xt - x) < Self.solveEpsilon { return t }
            if x > xt { lo = t } else { hi = t }
            t = (lo + hi) / 2
        }
        return t
    }
}
