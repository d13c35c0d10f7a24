import Motion

/// The real time at the server's edge: seconds since the session began, from the monotonic clock,
/// so wall-clock adjustments never move an animation.
final class MonotonicClock: Clock {
    private let origin = ContinuousClock.now

    var now: Double {
        let elapsed = origin.duration(to: .now).components
        return Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
    }
}
