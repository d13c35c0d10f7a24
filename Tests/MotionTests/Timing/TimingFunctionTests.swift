import Motion
import Testing
import ReferenceMath

struct NamedCurve: CustomTestStringConvertible, Sendable {
    let name: String
    let function: TimingFunction
    let x1: Double, y1: Double, x2: Double, y2: Double
    var testDescription: String { name }

    /// CAMediaTimingFunction's control points, typed in from notes/uikit-behaviour.md.
    static let all = [
        NamedCurve(name: "linear", function: .linear, x1: 0, y1: 0, x2: 1, y2: 1),
        NamedCurve(name: "easeIn", function: .easeIn, x1: 0.42, y1: 0, x2: 1, y2: 1),
        NamedCurve(name: "easeOut", function: .easeOut, x1: 0, y1: 0, x2: 0.58, y2: 1),
        NamedCurve(name: "easeInEaseOut", function: .easeInEaseOut, x1: 0.42, y1: 0, x2: 0.58, y2: 1),
        NamedCurve(name: "default", function: .default, x1: 0.25, y1: 0.1, x2: 0.25, y2: 1),
    ]

    func reference(_ x: Double) -> Double { Reference.curve(x1, y1, x2, y2, at: x) }
}

@Suite struct TimingFunctionTests {
    static let samples = (0...1000).map { Double($0) / 1000 }

    @Test(arguments: NamedCurve.all)
    func namedCurveMatchesAnIndependentBezierSolveEverywhere(curve: NamedCurve) {
        var worst = 0.0
        for x in Self.samples {
            worst = max(worst, abs(curve.function.value(at: x) - curve.reference(x)))
        }
        #expect(worst < 1e-6, "largest error \(worst)")
    }

    @Test(arguments: NamedCurve.all)
    func namedCurveIsMonotoneAndStaysInZeroToOne(curve: NamedCurve) {
        var previous = 0.0
        for x in Self.samples {
            let y = curve.function.value(at: x)
            #expect(y >= previous - 1e-12, "decreases at x = \(x)")
            #expect((0...1).contains(y))
            previous = y
        }
    }

    @Test(arguments: NamedCurve.all)
    func endpointsAreExactAndInputsOutsideAreClamped(curve: NamedCurve) {
        #expect(curve.function.value(at: 0) == 0)
        #expect(curve.function.value(at: 1) == 1)
        #expect(curve.function.value(at: -0.5) == 0)
        #expect(curve.function.value(at: 1.5) == 1)
    }

    @Test(arguments: NamedCurve.all)
    func slopeMatchesANumericDerivative(curve: NamedCurve) {
        let h = 1e-5
        for x in stride(from: 0.05, through: 0.95, by: 0.05) {
            let numeric = (curve.reference(x + h) - curve.reference(x - h)) / (2 * h)
            #expect(abs(curve.function.slope(at: x) - numeric) < 1e-4, "at x = \(x)")
        }
    }

    @Test func endSlopesFollowTheControlPoints() {
        // dy/dx at 0 is y1/x1 (or ∞ when x1 = 0); at 1 it is (1 − y2)/(1 − x2).
        #expect(isClose(TimingFunction.linear.slope(at: 0), 1))
        #expect(isClose(TimingFunction.linear.slope(at: 0.5), 1))
        #expect(isClose(TimingFunction.linear.slope(at: 1), 1))
        // Control point on the start: x'(0) = y'(0) = 0, and the slope is the limit y''/x'' = 6/(6·0.58).
        #expect(isClose(TimingFunction.easeOut.slope(at: 0), 1 / 0.58, 1e-9))
        #expect(isClose(TimingFunction.easeIn.slope(at: 1), 1 / 0.58, 1e-9))
        #expect(isClose(TimingFunction.easeIn.slope(at: 0), 0))
        #expect(isClose(TimingFunction.easeOut.slope(at: 1), 0))
        #expect(isClose(TimingFunction.easeInEaseOut.slope(at: 0), 0))
        #expect(isClose(TimingFunction.easeInEaseOut.slope(at: 1), 0))
        #expect(isClose(TimingFunction.default.slope(at: 0), 0.1 / 0.25, 1e-6))
        #expect(isClose(TimingFunction.default.slope(at: 1), 0))
    }

    @Test func easeInEaseOutIsPointSymmetricAboutTheMiddle() {
        for x in stride(from: 0.0, through: 1.0, by: 0.01) {
            let f = TimingFunction.easeInEaseOut
            #expect(isClose(f.value(at: x) + f.value(at: 1 - x), 1, 1e-6))
        }
        #expect(isClose(TimingFunction.easeInEaseOut.value(at: 0.5), 0.5, 1e-9))
    }

    @Test func easeInLagsAndEaseOutLeadsTheLinearCurve() {
        for x in stride(from: 0.05, through: 0.95, by: 0.05) {
            #expect(TimingFunction.easeIn.value(at: x) < x)
            #expect(TimingFunction.easeOut.value(at: x) > x)
        }
    }

    @Test func customCurveWithOvershootingControlPointsLeavesZeroToOne() {
        // y may leave 0…1 (back-out curves), only x must be monotone.
        let backOut = TimingFunction(controlPoints: 0.34, 1.56, 0.64, 1)
        var peak = 0.0
        for x in Self.samples {
            let y = backOut.value(at: x)
            #expect(isClose(y, Reference.curve(0.34, 1.56, 0.64, 1, at: x), 1e-6))
            peak = max(peak, y)
        }
        #expect(peak > 1.05)
    }
}
