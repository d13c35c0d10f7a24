import SegueSession
import Synchronization

/// Counters for `/metrics`, shared by the transport and the session handlers.
///
/// Everything that reports today runs on the service thread, but the counters sit behind a mutex so
/// a handler may move frame building to another thread without changing this type; an uncontended
/// lock costs tens of nanoseconds, far below one frame's work.
public final class ServerMetrics: Sendable, SessionObserver {
    /// A consistent copy of every counter, taken under one lock acquisition.
    public struct Snapshot: Sendable, Equatable {
        public var openSessions = 0
        public var connectionsTotal = 0
        public var framesSent = 0
        public var bytesSent = 0
        public var inputMessages = 0
        public var badMessages = 0
        /// Client messages dropped unread because the session sent faster than its rate limit.
        public var rateLimitedMessages = 0
        /// WebSocket handshakes answered with an error status instead of a session.
        public var refusedHandshakes = RefusedHandshakes()
        /// Transition bookkeeping summed over every session, reported as each session settles.
        public var transitions = TransitionCounts()
        /// Broken rules found in settled worlds (`SceneHost.settledInvariantViolations()`).
        public var invariantViolations = 0
        public var frameBuild = Histogram(upperBounds: ServerMetrics.frameBuildBuckets)
    }

    public struct RefusedHandshakes: Sendable, Equatable {
        public var origin = 0
        public var serverFull = 0
        public var addressFull = 0
        public var shuttingDown = 0
        public var badRequest = 0
    }

    public typealias TransitionCounts = SegueSession.TransitionCounts

    /// Upper bounds, in seconds, of the frame-build histogram's buckets. At 60 fps a frame has
    /// 16.7 ms, and every session's frame is built on one thread, so the interesting range runs
    /// from 100 µs (a cheap frame) to 100 ms (six frames late).
    public static let frameBuildBuckets: [Double] = [
        0.000_1, 0.000_25, 0.000_5, 0.001, 0.002_5, 0.005, 0.01, 0.016_7, 0.025, 0.05, 0.1,
    ]

    private let state = Mutex(Snapshot())

    public init() {}

    public var snapshot: Snapshot { state.withLock { $0 } }

    /// A client message the handler accepted.
    public func countInputMessage() {
        state.withLock { $0.inputMessages += 1 }
    }

    /// A client message that was rejected: malformed, unknown, or over the size limit.
    public func countBadMessage() {
        state.withLock { $0.badMessages += 1 }
    }

    /// Transition counts that grew since the session last reported, and how many settled-state
    /// rules its world breaks now.
    public func recordSettled(transitions delta: TransitionCounts, invariantViolations: Int) {
        state.withLock {
            $0.transitions = $0.transitions + delta
            $0.invariantViolations += invariantViolations
        }
    }

    /// Time spent building one outgoing frame.
    public func recordFrameBuild(seconds: Double) {
        state.withLock { $0.frameBuild.record(seconds) }
    }

    func countRateLimitedMessage() {
        state.withLock { $0.rateLimitedMessages += 1 }
    }

    func countRefusedHandshake(_ reason: WritableKeyPath<RefusedHandshakes, Int>) {
        state.withLock { $0.refusedHandshakes[keyPath: reason] += 1 }
    }

    func countSessionOpened() {
        state.withLock {
            $0.openSessions += 1
            $0.connectionsTotal += 1
        }
    }

    func countSessionClosed() {
        state.withLock { $0.openSessions -= 1 }
    }

    func countFrameSent(bytes: Int) {
        state.withLock {
            $0.framesSent += 1
            $0.bytesSent += bytes
        }
    }
}

/// A Prometheus-style histogram: cumulative only when rendered, so recording touches one bucket.
public struct Histogram: Sendable, Equatable {
    public let upperBounds: [Double]
    /// Observations per bucket, not cumulative; the extra last entry is the `+Inf` bucket.
    public private(set) var counts: [Int]
    public private(set) var sum = 0.0
    public private(set) var count = 0

    public init(upperBounds: [Double]) {
        precondition(upperBounds == upperBounds.sorted(), "histogram bounds must ascend")
        self.upperBounds = upperBounds
        self.counts = Array(repeating: 0, count: upperBounds.count + 1)
    }

    public mutating func record(_ value: Double) {
        let bucket = upperBounds.firstIndex { value <= $0 } ?? upperBounds.count
        counts[bucket] += 1
        sum += value
        count += 1
    }
}
