/// A local time base with `CAMediaTiming`'s model: local = (parent − beginTime) · speed + timeOffset.
///
/// Animations are scheduled in a timeline's local time, so a whole group can be paused (speed 0),
/// set to any time (timeOffset), and resumed forwards or backwards at any speed; a percent-driven
/// transition is one such timeline. A `ramp` plays the local time from where it is to a target
/// along a timing curve, then holds there (the completion curve of a finishing transition).
public final class Timeline {
    public struct Ramp: Sendable {
        public let from: Double
        public let to: Double
        public let parentStart: Double
        public let parentDuration: Double
        public let curve: TimingFunction
        /// When set, the ramp follows this spring instead of `curve`, for the spring's own duration
        /// (it may overshoot the target and come back).
        public let spring: SpringTiming?
        /// The speed local time keeps once the target is reached (0 holds there).
        public let speedAfter: Double
    }

    private let parent: Timeline?
    private let clock: Clock?
    public private(set) var beginTime: Double
    public private(set) var speed: Double
    public private(set) var timeOffset: Double
    public private(set) var ramp: Ramp?

    /// What happens to the animations on this timeline when its time passes their ends.
    public enum EndBehavior: Sendable {
        /// An animation whose end has passed completes (`finished` true): a running timeline.
        case complete
        /// Nothing ends: an interactive transition being scrubbed, even to its very end.
        case hold
        /// Playing back to the start: an animation whose begin has been reached is removed and its
        /// property restored to where it began (`finished` false): a cancelled transition.
        case revert
    }

    public var endBehavior: EndBehavior = .complete

    /// A root timeline that follows `clock`, starting at local time 0.
    public init(clock: Clock) {
        self.clock = clock
        self.parent = nil
        self.beginTime = clock.now
        self.speed = 1
        self.timeOffset = 0
    }

    /// A child of `parent` that starts at local time `time`, running at `speed`.
    public init(parent: Timeline, time: Double = 0, speed: Double = 1) {
        self.clock = nil
        self.parent = parent
        self.beginTime = parent.time
        self.speed = speed
        self.timeOffset = time
    }

    public var parentTime: Double { parent?.time ?? clock!.now }

    /// The current local time.
    public var time: Double { localTime(parentTime: parentTime) }

    public func localTime(parentTime: Double) -> Double {
        if let ramp {
            let elapsed = parentTime - ramp.parentStart
            if elapsed >= ramp.parentDuration {
                return ramp.to + (elapsed - ramp.parentDuration) * ramp.speedAfter
            }
            let share = ramp.spring?.value(at: elapsed) ?? ramp.curve.value(at: elapsed / ramp.parentDuration)
            return ramp.from + (ramp.to - ramp.from) * share
        }
        return (parentTime - beginTime) * speed + timeOffset
    }

    /// Whether the local time stays where it is while the clock runs: paused, or held at a ramp's
    /// target, or under a timeline that is. Only a call that changes a timeline moves it on.
    public var isStill: Bool {
        if parent?.isStill == true { return true }
        if let ramp { return ramp.speedAfter == 0 && isRampFinished }
        return speed == 0
    }

    /// Whether a ramp has reached its target.
    public var isRampFinished: Bool {
        guard let ramp else { return false }
        return parentTime >= ramp.parentStart + ramp.parentDuration
    }

    /// Runs on from the current local time at `speed` (negative plays backwards, 0 pauses).
    public func setSpeed(_ speed: Double) {
        rebase(time: time)
        self.speed = speed
    }

    public func pause() { setSpeed(0) }

    /// Jumps to local time `time`, keeping the speed.
    public func seek(to time: Double) {
        rebase(time: time)
    }

    /// Plays from the current local time to `target` over `duration` parent seconds along `curve`,
    /// then runs on at `speedAfter` (0: holds at the target).
    public func ramp(to target: Double, duration: Double, curve: TimingFunction = .linear, speedAfter: Double = 0) {
        let now = parentTime
        let from = localTime(parentTime: now)
        rebase(time: from)
        speed = 0
        ramp = Ramp(from: from, to: target, parentStart: now, parentDuration: max(duration, 0), curve: curve,
                    spring: nil, speedAfter: speedAfter)
    }

    /// Plays from the current local time to `target` along `spring` (its velocity is relative to the
    /// distance to travel), then runs on at `speedAfter`.
    public func ramp(to target: Double, spring: SpringTiming, speedAfter: Double = 0) {
        let now = parentTime
        let from = localTime(parentTime: now)
        rebase(time: from)
        speed = 0
        ramp = Ramp(from: from, to: target, parentStart: now, parentDuration: spring.duration, curve: .linear,
                    spring: spring, speedAfter: speedAfter)
    }

    private func rebase(time: Double) {
        beginTime = parentTime
        timeOffset = time
        ramp = nil
    }
}
