/// The gesture math of WWDC 2018 "Designing Fluid Interfaces" (Apple, session 803): where a
/// released flick would come to rest, and how far content follows a finger past its limit.
/// Pure functions of their arguments, so a release is decided the same way every time.
public enum FluidMath {
    /// `UIScrollView.DecelerationRate.normal`: the fraction of its speed a flick keeps each millisecond.
    public static let normalDecelerationRate = 0.998
    /// `UIScrollView.DecelerationRate.fast`.
    public static let fastDecelerationRate = 0.99
    /// How stiff the rubber band is: 0.55 is UIScrollView's constant as the talk quotes it.
    public static let rubberBandCoefficient = 0.55

    /// Distance a flick at `velocity` (points per second) travels before it stops, decelerating by
    /// `rate` each millisecond: `(v / 1000) · r / (1 − r)` (WWDC 2018 "Designing Fluid Interfaces").
    public static func projectedDistance(velocity: Double, decelerationRate rate: Double = normalDecelerationRate) -> Double {
        guard velocity.isFinite, rate > 0, rate < 1 else { return 0 }
        return (velocity / 1000) * rate / (1 - rate)
    }

    /// How far content shows when pulled `offset` points past its limit: `(1 − 1 / (x·c/d + 1))·d`
    /// with x the overshoot, c the coefficient and d the dimension (WWDC 2018, UIScrollView's bounce).
    /// Odd in `offset`, so a pull either way is damped alike.
    public static func rubberBand(_ offset: Double, dimension: Double, coefficient: Double = rubberBandCoefficient) -> Double {
        guard dimension > 0, coefficient > 0, offset.isFinite else { return 0 }
        let x = abs(offset)
        let shown = (1 - 1 / (x * coefficient / dimension + 1)) * dimension
        return offset < 0 ? -shown : shown
    }

    /// The overshoot that `rubberBand` shows as `shown`: x = (d/c) · y / (d − y), solved from the
    /// band's formula; what a grab on a stretched view continues from. Beyond the band's reach
    /// (|y| ≥ d) there is no overshoot that shows it; the largest finite one is returned.
    public static func rubberBandInverse(_ shown: Double, dimension: Double, coefficient: Double = rubberBandCoefficient) -> Double {
        guard dimension > 0, coefficient > 0, shown.isFinite else { return 0 }
        let y = min(abs(shown), dimension.nextDown)
        let x = dimension / coefficient * y / (dimension - y)
        return shown < 0 ? -x : x
    }

    /// d(shown)/d(offset) = c / (x·c/d + 1)²: the shown content's speed per point of finger speed,
    /// what a release inside the band hands to the spring.
    public static func rubberBandSlope(at offset: Double, dimension: Double, coefficient: Double = rubberBandCoefficient) -> Double {
        guard dimension > 0, coefficient > 0, offset.isFinite else { return 0 }
        let k = abs(offset) * coefficient / dimension + 1
        return coefficient / (k * k)
    }

    /// The index of the candidate nearest to `value` (the first of equals); nil when there are none.
    public static func nearestIndex(to value: Double, among candidates: [Double]) -> Int? {
        var best: Int?
        var bestDistance = Double.infinity
        for (index, candidate) in candidates.enumerated() where abs(candidate - value) < bestDistance {
            best = index
            bestDistance = abs(candidate - value)
        }
        return best
    }
}
