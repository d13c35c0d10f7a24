#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Motion
import Testing
import ReferenceMath

struct SpringCase: CustomTestStringConvertible, Sendable {
    let duration: Double, damping: Double, velocity: Double
    var testDescription: String { "\(duration) s, ζ \(damping), v \(velocity)" }

    var spring: SpringTiming { SpringTiming(duration: duration, dampingRatio: damping, initialVelocity: velocity) }
    var referenceOmega: Double { Reference.omega(duration: duration, damping: damping, velocity: velocity) }

    /// The tutorials' springs, plus plain ones at rest.
    static let tutorials = [
        SpringCase(duration: 0.7, damping: 0.9, velocity: 0.8),
        SpringCase(duration: 0.6, damping: 0.7, velocity: 1.0),
        SpringCase(duration: 0.6, damping: 0.85, velocity: 2.5),
        SpringCase(duration: 0.6, damping: 1.0, velocity: 1.0),
    ]
    static let all = tutorials + [
        SpringCase(duration: 0.5, damping: 0.5, velocity: 0),
        SpringCase(duration: 1.0, damping: 0.2, velocity: 0),
        SpringCase(duration: 0.3, damping: 1.0, velocity: 0),
        SpringCase(duration: 0.8, damping: 0.8, velocity: -2),
    ]
}

@Suite struct SpringTimingTests {
    @Test(arguments: SpringCase.all)
    func angularFrequencyMatchesABisectionOnTheSettleEquation(spring: SpringCase) {
        let omega = spring.referenceOmega
        #expect(abs(spring.spring.angularFrequency - omega) < 1e-6 * omega,
                "fitted \(spring.spring.angularFrequency), bisected \(omega)")
    }

    @Test(arguments: SpringCase.all)
    func envelopeAtTheDurationIsAThousandthOfTheDistance(spring: SpringCase) {
        let s = spring.spring
        let envelope = Reference.envelope(omega: s.angularFrequency, duration: s.duration,
                                          damping: s.dampingRatio, velocity: s.initialVelocity)
        #expect(isClose(envelope, SpringTiming.settleThreshold, 1e-9))
    }

    @Test(arguments: SpringCase.all)
    func sampledValuesMatchTheClosedForm(spring: SpringCase) {
        let s = spring.spring
        let omega = spring.referenceOmega
        for i in 0..<60 {
            let t = spring.duration * Double(i) / 60
            let expected = Reference.spring(omega: omega, damping: spring.damping, velocity: spring.velocity, at: t)
            #expect(isClose(s.value(at: t), expected, 1e-6), "at t = \(t)")
        }
    }

    @Test(arguments: SpringCase.all)
    func valueIsZeroBeforeTheStartAndTheTargetFromTheDurationOn(spring: SpringCase) {
        let s = spring.spring
        #expect(s.value(at: -1) == 0)
        #expect(s.value(at: 0) == 0)
        #expect(s.value(at: s.duration) == 1)
        #expect(s.value(at: s.duration + 5) == 1)
        // Just before T the motion is inside its decay envelope, so the snap to 1 is tiny: the fit
        // puts the |ζω − v|/ωd factor at 0.001, and the oscillation's full amplitude is
        // √(1 + k²)·e^(−ζωT) with k = (ζω − v)/ωd (ζ = 1: the same factor, no oscillation).
        let w = s.angularFrequency, z = s.dampingRatio, v = s.initialVelocity, t = s.duration
        let bound: Double
        if z < 1 {
            let k = (z * w - v) / (w * (1 - z * z).squareRoot())
            bound = (1 + k * k).squareRoot() * exp(-z * w * t)
        } else {
            bound = SpringTiming.settleThreshold
        }
        #expect(abs(s.value(at: t - 1e-9) - 1) <= bound + 1e-6)
        #expect(bound < 0.01)
    }

    @Test(arguments: SpringCase.all)
    func velocityMatchesANumericDerivative(spring: SpringCase) {
        let s = spring.spring
        let h = 1e-6
        for i in 1..<40 {
            let t = s.duration * Double(i) / 40
            let numeric = (s.value(at: t + h) - s.value(at: t - h)) / (2 * h)
            #expect(abs(s.velocity(at: t) - numeric) < 1e-4 * max(1, abs(numeric)), "at t = \(t)")
        }
    }

    @Test(arguments: SpringCase.all)
    func initialVelocityIsTheRequestedOne(spring: SpringCase) {
        let s = spring.spring
        #expect(isClose(s.velocity(at: 0), spring.velocity, 1e-12))
        let h = 1e-7
        #expect(abs(s.value(at: h) / h - spring.velocity) < 1e-3 * max(1, spring.omegaSquaredScale))
        #expect(s.velocity(at: s.duration) == 0)
    }

    /// The tutorials' springs at hand-picked times, against the bisected ω and the closed form.
    @Test(arguments: SpringCase.tutorials)
    func tutorialSpringsAtSeveralTimes(spring: SpringCase) {
        let s = spring.spring
        let omega = spring.referenceOmega
        for fraction in [0.05, 0.1, 0.25, 0.5, 0.75, 0.9] {
            let t = spring.duration * fraction
            let expected = Reference.spring(omega: omega, damping: spring.damping, velocity: spring.velocity, at: t)
            #expect(isClose(s.value(at: t), expected, 1e-6), "at t = \(t)")
        }
    }

    @Test func tutorialSpringsKnownValues() {
        // Rounded from the reference bisection (see Support/Reference.swift), as a regression pin.
        #expect(abs(SpringTiming(duration: 0.7, dampingRatio: 0.9, initialVelocity: 0.8).angularFrequency - 11.99326) < 1e-4)
        #expect(abs(SpringTiming(duration: 0.6, dampingRatio: 0.7, initialVelocity: 1.0).angularFrequency - 16.17932) < 1e-4)
        #expect(abs(SpringTiming(duration: 0.6, dampingRatio: 0.85, initialVelocity: 2.5).angularFrequency - 14.02113) < 1e-4)
        #expect(abs(SpringTiming(duration: 0.6, dampingRatio: 1.0, initialVelocity: 1.0).angularFrequency - 15.27661) < 1e-4)
    }

    @Test func underdampedSpringOvershootsAndCriticalDoesNot() {
        let bouncy = SpringTiming(duration: 1, dampingRatio: 0.3, initialVelocity: 0)
        let critical = SpringTiming(duration: 1, dampingRatio: 1, initialVelocity: 0)
        let times = (0..<1000).map { Double($0) / 1000 }
        #expect(times.map(bouncy.value(at:)).max()! > 1.1)
        #expect(times.map(critical.value(at:)).max()! <= 1)
    }

    @Test func dampingRatioIsClampedIntoZeroToOne() {
        #expect(SpringTiming(duration: 0.5, dampingRatio: 3, initialVelocity: 0).dampingRatio == 1)
        #expect(SpringTiming(duration: 0.5, dampingRatio: 0, initialVelocity: 0).dampingRatio == SpringTiming.minimumDampingRatio)
        #expect(SpringTiming(duration: 0.5, dampingRatio: -1, initialVelocity: 0).dampingRatio == SpringTiming.minimumDampingRatio)
        #expect(SpringTiming(duration: 0.5, dampingRatio: .nan, initialVelocity: 0).dampingRatio == 1)
        // Clamped, it behaves exactly as the spring with the clamped ratio.
        let over = SpringTiming(duration: 0.5, dampingRatio: 3, initialVelocity: 0)
        let one = SpringTiming(duration: 0.5, dampingRatio: 1, initialVelocity: 0)
        #expect(over.angularFrequency == one.angularFrequency)
    }

    @Test func durationIsClampedToTheSupportedRange() {
        #expect(SpringTiming(duration: 0, dampingRatio: 1, initialVelocity: 0).duration == 0.01)
        #expect(SpringTiming(duration: -3, dampingRatio: 1, initialVelocity: 0).duration == 0.01)
        #expect(SpringTiming(duration: 60, dampingRatio: 1, initialVelocity: 0).duration == 10)
        #expect(SpringTiming(duration: .infinity, dampingRatio: 1, initialVelocity: 0).duration == 0.01)
        let long = SpringTiming(duration: 60, dampingRatio: 0.8, initialVelocity: 0)
        #expect(long.value(at: 10) == 1)
        #expect(long.value(at: 9.99) != 1)
        let omega = Reference.omega(duration: 10, damping: 0.8, velocity: 0)
        #expect(abs(long.angularFrequency - omega) < 1e-6 * omega)
    }

    @Test func bounceFormUsesTwoPiOverTheDuration() {
        let s = SpringTiming(duration: 0.5, bounce: 0.3)
        #expect(isClose(s.angularFrequency, 2 * Double.pi / 0.5))
        #expect(isClose(s.dampingRatio, 0.7))
        #expect(isClose(SpringTiming(duration: 0.5, bounce: -0.5).dampingRatio, 2))
        let t = 0.2
        #expect(isClose(s.value(at: t), Reference.spring(omega: 4 * Double.pi, damping: 0.7, velocity: 0, at: t), 1e-12))
    }
}

extension SpringCase {
    /// A loose scale for the forward-difference check at t = 0 (its error grows with ω²·h).
    var omegaSquaredScale: Double { referenceOmega * referenceOmega * 1e-4 }
}

/// Large initial velocities, where a Newton iteration from 5/T can stop on the wrong root: the fit
/// must still leave the motion within 0.001 of the target at T, so the end never visibly snaps.
@Suite struct SpringFitWithLargeVelocityTests {
    static let cases = [
        SpringCase(duration: 0.6, damping: 1.0, velocity: 20),
        SpringCase(duration: 0.6, damping: 1.0, velocity: 12),
        SpringCase(duration: 0.6, damping: 1.0, velocity: 10),
        SpringCase(duration: 0.3, damping: 0.85, velocity: 12),
        SpringCase(duration: 0.5, damping: 0.1, velocity: 1),
    ]

    /// The envelope with its absolute value: the size of the remaining oscillation at T.
    static func envelope(_ w: Double, _ c: SpringCase) -> Double {
        if c.damping < 1 {
            return abs(c.damping * w - c.velocity) / (w * (1 - c.damping * c.damping).squareRoot())
                * exp(-c.damping * w * c.duration)
        }
        return abs(1 + (w - c.velocity) * c.duration) * exp(-w * c.duration)
    }

    @Test(arguments: cases)
    func theFitIsTheLargestRootOfTheSettleEquation(spring: SpringCase) {
        let w = spring.spring.angularFrequency
        #expect(abs(Self.envelope(w, spring) - 0.001) < 1e-9)
        for factor in [1.001, 1.01, 1.1, 2, 10] {
            #expect(Self.envelope(w * factor, spring) < 0.001, "a larger root near \(w * factor)")
        }
    }

    /// Critically damped, the distance left at T is the envelope itself (0.001). Underdamped, the
    /// notes' envelope |K|·e^(−ζωT) leaves out the cosine, so the distance is bounded by
    /// e^(−ζωT)·√(1 + K²) = 0.001·√(1 + K²)/|K| instead.
    @Test(arguments: cases)
    func theMotionIsWithinTheSettleBoundJustBeforeTheEnd(spring: SpringCase) {
        let s = spring.spring
        var bound = 0.001
        if s.dampingRatio < 1 {
            let k = (s.dampingRatio * s.angularFrequency - s.initialVelocity)
                / (s.angularFrequency * (1 - s.dampingRatio * s.dampingRatio).squareRoot())
            bound = 0.001 * (1 + k * k).squareRoot() / abs(k)
        }
        #expect(abs(1 - s.value(at: s.duration - 1e-9)) <= bound + 1e-9)
        #expect(s.value(at: s.duration) == 1)
    }
}
