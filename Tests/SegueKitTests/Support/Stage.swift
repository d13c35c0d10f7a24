#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Motion
@testable import SegueKit

/// A window on a manual clock, and a way to sample it: every test's world.
final class Stage {
    let clock = ManualClock()
    let window: Window

    init(width: Double = 400, height: Double = 800) {
        window = Window(size: Size(width: width, height: height), clock: clock)
    }

    /// A view added to the window.
    func add(_ frame: Rect, name: String = "view") -> View {
        let view = View(frame: frame, name: name)
        window.addSubview(view)
        return view
    }

    func perform(_ body: () -> Void) { window.perform(body) }

    /// Sets the clock, evaluates a frame, and returns it.
    @discardableResult
    func frame(at time: Double) -> DisplayList {
        clock.set(time)
        return window.displayList()
    }

    /// The presentation center.x of `view` at `time`.
    func x(_ view: View, at time: Double) -> Double {
        frame(at: time)
        return view.presentation.center.x
    }
}

/// Records completion calls, to assert how often and with what they came.
final class CompletionLog {
    private(set) var calls: [Bool] = []
    var handler: (Bool) -> Void { { [unowned self] finished in calls.append(finished) } }
}

/// Independent reference math, sharing no code with Motion (see MotionTests/Support/Reference.swift).
enum Reference {
    /// y for x on the cubic Bézier (0,0), (x1,y1), (x2,y2), (1,1), by bisection on the parameter.
    static func curve(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        func bezier(_ p1: Double, _ p2: Double, _ s: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if bezier(x1, x2, mid) < x { lo = mid } else { hi = mid }
        }
        return bezier(y1, y2, (lo + hi) / 2)
    }

    static func easeInEaseOut(_ x: Double) -> Double { curve(0.42, 0, 0.58, 1, at: x) }
    static func easeIn(_ x: Double) -> Double { curve(0.42, 0, 1, 1, at: x) }

    /// ω for a UIKit spring, by bisection on the settle equation (the largest root).
    static func omega(duration t: Double, damping z: Double, velocity v: Double) -> Double {
        func envelope(_ w: Double) -> Double {
            z < 1 ? abs(z * w - v) / (w * (1 - z * z).squareRoot()) * exp(-z * w * t)
                  : (1 + (w - v) * t) * exp(-w * t)
        }
        var hi = 1000.0 / t, lo = hi
        while envelope(lo) < 0.001 {
            hi = lo
            lo *= 0.99
            precondition(lo > 1e-3)
        }
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if envelope(mid) > 0.001 { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }

    /// Spring progress 0 → 1 at time s (1 from the duration on).
    static func spring(duration: Double, damping z: Double, velocity v: Double, at s: Double) -> Double {
        if s <= 0 { return 0 }
        if s >= duration { return 1 }
        let w = omega(duration: duration, damping: z, velocity: v)
        if z < 1 {
            let wd = w * (1 - z * z).squareRoot()
            return 1 - exp(-z * w * s) * (cos(wd * s) + (z * w - v) / wd * sin(wd * s))
        }
        return 1 - (1 + (w - v) * s) * exp(-w * s)
    }
}

func isClose(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

func isClose(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
    isClose(a.x, b.x, tolerance) && isClose(a.y, b.y, tolerance)
}

func isClose(_ a: Rect, _ b: Rect, _ tolerance: Double = 1e-9) -> Bool {
    isClose(a.origin, b.origin, tolerance) && isClose(a.size.width, b.size.width, tolerance)
        && isClose(a.size.height, b.size.height, tolerance)
}

func isClose(_ a: AffineTransform, _ b: AffineTransform, _ tolerance: Double = 1e-9) -> Bool {
    isClose(a.a, b.a, tolerance) && isClose(a.b, b.b, tolerance) && isClose(a.c, b.c, tolerance)
        && isClose(a.d, b.d, tolerance) && isClose(a.tx, b.tx, tolerance) && isClose(a.ty, b.ty, tolerance)
}

func isClose(_ a: Color, _ b: Color, _ tolerance: Double = 1e-9) -> Bool {
    isClose(a.red, b.red, tolerance) && isClose(a.green, b.green, tolerance)
        && isClose(a.blue, b.blue, tolerance) && isClose(a.alpha, b.alpha, tolerance)
}
