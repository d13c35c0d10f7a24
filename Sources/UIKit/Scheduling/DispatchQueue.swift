import Dispatch

/// `DispatchQueue`, on the world's clock: `DispatchQueue.main.async` and `asyncAfter(deadline:)`
/// queue their work on the run loop of the world whose code calls them (`SceneRunLoop`), where it
/// runs at the next pass (the next frame or pointer event) or at the first one at or after its
/// deadline. A world runs on one thread, so every queue here runs its work there, in order: a
/// global queue's work too, which keeps a scene's frames the same from run to run.
///
/// Work runs on the main actor, whatever the queue: a block may touch views, as on
/// `DispatchQueue.main`, and a global queue's block, written to run anywhere, runs there too.
///
/// In a file that imports UIKit, `DispatchQueue` and `DispatchTime` are these; Dispatch's stay
/// `Dispatch.DispatchQueue` for work that must leave the world (a server's own threads). A file
/// that also imports Foundation or Dispatch directly sees both (`'DispatchQueue' is ambiguous`):
/// UIKit re-exports them, and `segue port` removes the second import.
public nonisolated final class DispatchQueue: Sendable {
    public let label: String

    /// The main queue: the world's run loop.
    public static let main = DispatchQueue(label: "com.apple.main-thread")
    private static let globalQueue = DispatchQueue(label: "com.apple.root.default-qos")

    /// A global queue: its work runs on the world's run loop as the main queue's does.
    public class func global(qos: DispatchQoS.QoSClass = .default) -> DispatchQueue {
        globalQueue
    }

    public init(label: String) {
        self.label = label
    }

    /// Runs `work` at the run loop's next pass, after the work queued before it.
    public func async(execute work: @escaping @MainActor @Sendable () -> Void) {
        SceneRunLoop.withCurrent(for: "DispatchQueue.async work") { $0.enqueue(work) }
    }

    /// Runs `workItem` at the run loop's next pass, unless it is cancelled first.
    public func async(execute workItem: DispatchWorkItem) {
        async(execute: Self.performing(workItem))
    }

    /// Runs `work` at the first pass at or after `deadline` on the world's clock.
    public func asyncAfter(deadline: DispatchTime, execute work: @escaping @MainActor @Sendable () -> Void) {
        SceneRunLoop.withCurrent(for: "DispatchQueue.asyncAfter work") {
            $0.schedule(ScheduledWork(time: deadline.seconds, body: work))
        }
    }

    /// Runs `workItem` at the first pass at or after `deadline`, unless it is cancelled first.
    public func asyncAfter(deadline: DispatchTime, execute workItem: DispatchWorkItem) {
        asyncAfter(deadline: deadline, execute: Self.performing(workItem))
    }

    /// Performs `workItem` unless it was cancelled by then. Dispatch's work items are safe to use
    /// from any thread (Apple's Dispatch declares them `Sendable`; the Linux one does not say so).
    private static func performing(_ workItem: DispatchWorkItem) -> @MainActor @Sendable () -> Void {
        nonisolated(unsafe) let workItem = workItem
        return { if !workItem.isCancelled { workItem.perform() } }
    }
}

/// `DispatchTime`: a point on the world's clock, in nanoseconds. `DispatchTime.now()` is the
/// world's time, so `.now() + 0.3` is 0.3 s later on it; outside any world it is 0.
public nonisolated struct DispatchTime: Comparable, Hashable, Sendable {
    public let uptimeNanoseconds: UInt64

    public init(uptimeNanoseconds: UInt64) {
        self.uptimeNanoseconds = uptimeNanoseconds
    }

    public static func now() -> DispatchTime {
        DispatchTime(seconds: SceneRunLoop.now)
    }

    public static let distantFuture = DispatchTime(uptimeNanoseconds: .max)

    init(seconds: Double) {
        uptimeNanoseconds = seconds <= 0 ? 0 : seconds >= Double(UInt64.max) / 1e9 ? .max : UInt64((seconds * 1e9).rounded())
    }

    var seconds: Double { uptimeNanoseconds == .max ? .infinity : Double(uptimeNanoseconds) / 1e9 }

    public static func < (lhs: DispatchTime, rhs: DispatchTime) -> Bool {
        lhs.uptimeNanoseconds < rhs.uptimeNanoseconds
    }

    public static func + (time: DispatchTime, seconds: Double) -> DispatchTime {
        DispatchTime(seconds: time.seconds + seconds)
    }

    public static func - (time: DispatchTime, seconds: Double) -> DispatchTime {
        DispatchTime(seconds: time.seconds - seconds)
    }

    public static func + (time: DispatchTime, interval: DispatchTimeInterval) -> DispatchTime {
        DispatchTime(seconds: time.seconds + interval.seconds)
    }

    public static func - (time: DispatchTime, interval: DispatchTimeInterval) -> DispatchTime {
        DispatchTime(seconds: time.seconds - interval.seconds)
    }
}

nonisolated extension DispatchTimeInterval {
    /// In seconds; `.never` is forever.
    var seconds: Double {
        switch self {
        case .seconds(let n): Double(n)
        case .milliseconds(let n): Double(n) / 1e3
        case .microseconds(let n): Double(n) / 1e6
        case .nanoseconds(let n): Double(n) / 1e9
        case .never: .infinity
        @unknown default: .infinity
        }
    }
}
