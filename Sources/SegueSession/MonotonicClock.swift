#if canImport(Glibc)
import Glibc
#endif
import Motion

/// The real time at a transport's edge: seconds since the clock was made, from the monotonic
/// clock, so wall-clock adjustments never move an animation. Transports hand one to each
/// `SceneSession`; tests hand it a `ManualClock` instead.
///
/// Read several times a frame for every session, so straight from `clock_gettime` (a vDSO call),
/// without `ContinuousClock` and `Duration`'s 128-bit arithmetic.
public nonisolated final class MonotonicClock: Clock {
    private let origin = MonotonicClock.seconds()

    public init() {}

    public var now: Double { Self.seconds() - origin }

    private static func seconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }
}
