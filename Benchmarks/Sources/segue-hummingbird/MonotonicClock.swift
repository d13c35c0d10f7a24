import Motion

/// The session's time: seconds since the session began, from the monotonic clock, so wall-clock
/// adjustments never move an animation. The same idea as SegueServer's `MonotonicClock`.
final class MonotonicClock: Motion.Clock {
    private let origin = ContinuousClock.now

    var now: Double {
        let elapsed = origin.duration(to: .now).components
        return Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
    }
}
