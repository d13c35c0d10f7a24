import Motion

/// The real time at a transport's edge: seconds since the clock was made, from the monotonic
/// clock, so wall-clock adjustments never move an animation. Transports hand one to each
/// `SceneSession`; tests hand it a `ManualClock` instead.
public final class MonotonicClock: Clock {
    private let origin = ContinuousClock.now

    public init() {}

    public var now: Double {
        let elapsed = origin.duration(to: .now).components
        return Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
    }
}
