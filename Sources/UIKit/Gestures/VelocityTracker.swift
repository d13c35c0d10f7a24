import Motion

/// A pointer's velocity from its samples, smoothed as UIKit does: each new sample weighs
/// `smoothing`, the estimate so far the rest.
nonisolated struct VelocityTracker {
    /// The weight of the newest sample; UIKit blends 0.2 new, 0.8 old.
    static let smoothing = 0.2
    /// A pointer still for longer than this has no velocity: browsers send no moves while a finger
    /// rests, and a flick must not be replayed by a finger that stopped and then lifted (our
    /// choice; UIKit reads velocity from the last few samples, which goes to zero the same way).
    static let staleInterval = 0.1

    private var lastSample: (location: CGPoint, time: Double)?
    private var smoothed: CGPoint?

    /// Points per second, zero before two samples arrived.
    var velocity: CGPoint { smoothed ?? .zero }

    mutating func reset(at location: CGPoint, time: Double) {
        lastSample = (location, time)
        smoothed = nil
    }

    /// The pointer lifted at `location`: a last sample if it moved since `latest`; if it had
    /// rested instead, it lifts with no velocity.
    mutating func lift(at location: CGPoint, latest: CGPoint, time: Double) {
        if location != latest {
            add(location, time: time)
        } else if let last = lastSample, time - last.time > Self.staleInterval {
            smoothed = .zero
        }
    }

    mutating func add(_ location: CGPoint, time: Double) {
        defer { lastSample = (location, time) }
        guard let last = lastSample else { return }
        let dt = time - last.time
        guard dt > 0 else { return }
        let sample = CGPoint(x: (location.x - last.location.x) / dt, y: (location.y - last.location.y) / dt)
        guard let previous = smoothed else {
            smoothed = sample
            return
        }
        let k = Self.smoothing
        smoothed = CGPoint(x: previous.x * (1 - k) + sample.x * k, y: previous.y * (1 - k) + sample.y * k)
    }
}
