#if canImport(Glibc)
import Glibc
#endif
import Motion
import Testing
import ReferenceMath

/// Springs beyond `UIView`'s API: overdamped ones fitted to a duration (a property animator's
/// `dampingRatio` form, `init()`'s 4.56), physical ones that run until they settle, and iOS 17's
/// duration and bounce. Each is checked against an integration of the spring's equation of motion.
@Suite struct PhysicalSpringTests {
    /// The closed form against the integrated equation, at several times.
    static func expectMatchesIntegration(_ s: SpringTiming, tolerance: Double = 1e-6,
                                         sourceLocation: SourceLocation = #_sourceLocation) {
        for i in 1..<10 {
            let t = s.duration * Double(i) / 10
            let expected = Reference.integratedSpring(mass: 1, stiffness: s.stiffness, damping: s.damping,
                                                      velocity: s.initialVelocity, at: t)
            #expect(isClose(s.value(at: t), expected, tolerance), "at t = \(t)", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: [(0.5, 4.56, 0.0), (0.35, 4.56, 2.0), (1.0, 1.5, -1.0), (0.8, 10.0, 0.0)])
    func overdampedSpringsFitTheirDuration(duration: Double, zeta: Double, velocity: Double) {
        let s = SpringTiming(fittingDuration: duration, dampingRatio: zeta, initialVelocity: velocity)
        #expect(s.duration == duration)
        #expect(s.dampingRatio == zeta)
        Self.expectMatchesIntegration(s)
        // Settled at T: what is left is the slow mode's thousandth (the fast one is long gone).
        let left = 1 - Reference.integratedSpring(mass: 1, stiffness: s.stiffness, damping: s.damping,
                                                  velocity: velocity, at: duration)
        #expect(isClose(abs(left), SpringTiming.settleThreshold, 2e-5), "left \(left)")
        // Overdamped springs never overshoot.
        for i in 0...100 { #expect(s.value(at: duration * Double(i) / 100) <= 1 + 1e-12) }
    }

    @Test func uikitsSpringAPIStillClampsTheDampingRatio() {
        #expect(SpringTiming(duration: 0.5, dampingRatio: 4.56, initialVelocity: 0).dampingRatio == 1)
        #expect(SpringTiming(fittingDuration: 0.5, dampingRatio: 4.56, initialVelocity: 0).dampingRatio == 4.56)
    }

    /// Apple's photo sample's release spring: mass 4.5, stiffness 1300, damping 95 (ζ ≈ 0.62).
    @Test(arguments: [0.0, 3.0, -2.0])
    func physicalSpringRunsUntilItSettles(velocity: Double) {
        let s = SpringTiming(mass: 4.5, stiffness: 1300, damping: 95, initialVelocity: velocity)
        #expect(isClose(s.angularFrequency, (1300 / 4.5).squareRoot(), 1e-12))
        #expect(isClose(s.dampingRatio, 95 / (2 * (1300 * 4.5).squareRoot()), 1e-12))
        #expect(isClose(s.dampingRatio, 0.62103, 1e-5))
        Self.expectMatchesIntegration(s)
        // The equation itself, with the given mass: the same motion.
        for t in [0.05, 0.1, 0.2, 0.4] {
            let expected = Reference.integratedSpring(mass: 4.5, stiffness: 1300, damping: 95, velocity: velocity, at: t)
            #expect(isClose(s.value(at: t), expected, 1e-6))
        }
        // It runs until the motion stays within a thousandth: within it from the duration on,
        // outside it a little before.
        let w = s.angularFrequency, z = s.dampingRatio
        let k = (z * w - velocity) / (w * (1 - z * z).squareRoot())
        let bound = { (t: Double) in (1 + k * k).squareRoot() * exp(-z * w * t) }
        #expect(isClose(bound(s.duration), SpringTiming.settleThreshold, 1e-9))
        #expect(s.duration > 0.4 && s.duration < 1.2, "duration \(s.duration)")
    }

    @Test func criticallyDampedPhysicalSpringSettles() {
        // c = 2√(k·m): ζ = 1.
        let s = SpringTiming(mass: 1, stiffness: 100, damping: 20, initialVelocity: 0)
        #expect(isClose(s.dampingRatio, 1, 1e-12))
        Self.expectMatchesIntegration(s)
        #expect(isClose((1 + 10 * s.duration) * exp(-10 * s.duration), SpringTiming.settleThreshold, 1e-9))
    }

    /// The note's check values: duration 0.5 → stiffness 157.91; bounce 0 → damping 25.13; 0.3 → 17.59.
    @Test func durationAndBounceConvertExactly() {
        let plain = SpringTiming(duration: 0.5, bounce: 0)
        #expect(isClose(plain.stiffness, 157.91, 0.005))
        #expect(isClose(plain.stiffness, (4 * Double.pi) * (4 * Double.pi), 1e-9))
        #expect(isClose(plain.damping, 25.13, 0.005))
        #expect(isClose(SpringTiming(duration: 0.5, bounce: 0.3).damping, 17.59, 0.005))
        #expect(isClose(SpringTiming(duration: 0.5, bounce: 0.3).dampingRatio, 0.7, 1e-12))
        // Negative bounce: ζ = 1 / (1 + bounce), overdamped.
        let flat = SpringTiming(duration: 0.5, bounce: -0.5)
        #expect(isClose(flat.dampingRatio, 2, 1e-12))
        Self.expectMatchesIntegration(flat)
        // Its run time follows from the spring, not the perceptual duration.
        #expect(plain.duration > 0.5)
        Self.expectMatchesIntegration(plain)
    }

    @Test func hostileInputsFallBackToFiniteSprings() {
        for s in [SpringTiming(mass: .nan, stiffness: -1, damping: .infinity, initialVelocity: .nan),
                  SpringTiming(mass: 0, stiffness: 0, damping: 0, initialVelocity: 0),
                  SpringTiming(duration: .nan, bounce: .nan),
                  SpringTiming(fittingDuration: -1, dampingRatio: .infinity, initialVelocity: 1e300)] {
            #expect(s.duration.isFinite && s.duration >= SpringTiming.durationRange.lowerBound)
            #expect(s.angularFrequency.isFinite && s.angularFrequency > 0)
            #expect(s.value(at: s.duration / 2).isFinite)
            #expect(s.value(at: s.duration) == 1)
        }
    }
}
