/// Where the engine reads the time, in seconds. Nothing in the engine reads the wall clock: the
/// server injects a real clock at its edge, tests and the recorder a `ManualClock`.
public protocol Clock: AnyObject {
    var now: Double { get }
}

/// A clock that moves only when told to: the recorder's virtual frame clock and every test's.
public final class ManualClock: Clock {
    public private(set) var now: Double

    public init(now: Double = 0) {
        self.now = now
    }

    public func advance(by seconds: Double) {
        now += seconds
    }

    public func set(_ time: Double) {
        now = time
    }
}
