import CoreMetrics
import class Prometheus.PrometheusCollectorRegistry
import SegueSession

/// The server's metrics: counted through swift-metrics, kept in a swift-prometheus registry that
/// `/metrics` renders in the Prometheus text format.
///
/// Every count is an atomic add in the registry's metric (a histogram takes a short lock), so the
/// transport and the session handlers may report from any thread, and the two counts made per
/// frame sent cost a few nanoseconds each.
public final class ServerMetrics: Sendable, SessionObserver {
    /// Upper bounds, in seconds, of the frame-build histogram's buckets. At 60 fps a frame has
    /// 16.7 ms, and every session's frame is built on one thread, so the interesting range runs
    /// from 100 µs (a cheap frame) to 100 ms (six frames late).
    public static let frameBuildBuckets: [Double] = [
        0.000_1, 0.000_25, 0.000_5, 0.001, 0.002_5, 0.005, 0.01, 0.016_7, 0.025, 0.05, 0.1,
    ]

    /// What `/metrics` shows.
    public let registry: PrometheusCollectorRegistry
    private let openSessions: Meter
    private let watchers: Meter
    private let connections: Counter
    private let framesSent: Counter
    private let framesWaited: Counter
    private let bytesSent: Counter
    private let inputMessages: Counter
    private let badMessages: Counter
    private let rateLimitedMessages: Counter
    private let refusedHandshakes: [HandshakeRefusal: Counter]
    private let transitionsStarted: Counter
    private let transitionsCompleted: Counter
    private let transitionsRescued: Counter
    private let duplicateCompletions: Counter
    private let invariantViolations: Counter
    /// The histogram's handler itself, not a `Recorder`: `Recorder.record` is generic over the
    /// value's type and, compiled in swift-metrics, converts a `Double` to `Double` through the
    /// protocol's witnesses, once per frame.
    private let frameBuild: any RecorderHandler

    /// Why a WebSocket handshake was answered with an error status instead of a session; the raw
    /// value is the metric's `reason` label.
    public enum HandshakeRefusal: String, Sendable, CaseIterable {
        case origin
        case serverFull = "server_full"
        case addressFull = "address_full"
        case shuttingDown = "shutting_down"
        case badRequest = "bad_request"
    }

    public init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
        self.registry = registry
        let factory = DescribedPrometheusFactory(registry: registry)
        func counter(_ name: String, _ dimensions: [(String, String)] = []) -> Counter {
            Counter(label: name, dimensions: dimensions, factory: factory)
        }
        openSessions = Meter(label: "segue_sessions", factory: factory)
        watchers = Meter(label: "segue_watchers", factory: factory)
        connections = counter("segue_connections_total")
        framesSent = counter("segue_frames_sent_total")
        framesWaited = counter("segue_frames_waited_total")
        bytesSent = counter("segue_bytes_sent_total")
        inputMessages = counter("segue_input_messages_total")
        badMessages = counter("segue_bad_messages_total")
        rateLimitedMessages = counter("segue_rate_limited_messages_total")
        // Made up front, so every reason shows (at 0) before the first refusal.
        refusedHandshakes = Dictionary(uniqueKeysWithValues: HandshakeRefusal.allCases.map {
            ($0, counter("segue_refused_handshakes_total", [("reason", $0.rawValue)]))
        })
        transitionsStarted = counter("segue_transitions_started_total")
        transitionsCompleted = counter("segue_transitions_completed_total")
        transitionsRescued = counter("segue_transitions_rescued_total")
        duplicateCompletions = counter("segue_transition_duplicate_completions_total")
        invariantViolations = counter("segue_invariant_violations_total")
        frameBuild = factory.makeRecorder(label: "segue_frame_build_seconds", dimensions: [], aggregate: true)
    }

    /// The Prometheus text exposition format (version 0.0.4), served at `/metrics`.
    public func exposition() -> [UInt8] {
        registry.emitToBuffer()
    }

    // MARK: SessionObserver

    /// A client message the handler accepted.
    public func countInputMessage() {
        inputMessages.increment()
    }

    /// A client message that was rejected: malformed, unknown, or over the size limit.
    public func countBadMessage() {
        badMessages.increment()
    }

    /// Transition counts that grew since the session last reported, and how many settled-state
    /// rules its world breaks now.
    public func recordSettled(transitions delta: TransitionCounts, invariantViolations: Int) {
        // Counters only grow; a negative delta would be a session's bookkeeping bug, not a count.
        func add(_ value: Int, to counter: Counter) {
            if value > 0 { counter.increment(by: Int64(value)) }
        }
        add(delta.started, to: transitionsStarted)
        add(delta.completed, to: transitionsCompleted)
        add(delta.rescued, to: transitionsRescued)
        add(delta.duplicateCompletions, to: duplicateCompletions)
        add(invariantViolations, to: self.invariantViolations)
    }

    /// Sessions watching another's shared session (a subset of `segue_sessions`).
    public func watchersChanged(by delta: Int) {
        if delta > 0 { watchers.increment(by: Double(delta)) } else if delta < 0 { watchers.decrement(by: Double(-delta)) }
    }

    /// Time spent building one outgoing frame.
    public func recordFrameBuild(seconds: Double) {
        frameBuild.record(seconds)
    }

    // MARK: Transport

    func countRateLimitedMessage() {
        rateLimitedMessages.increment()
    }

    func countRefusedHandshake(_ reason: HandshakeRefusal) {
        refusedHandshakes[reason]?.increment()
    }

    func countSessionOpened() {
        openSessions.increment()
        connections.increment()
    }

    func countSessionClosed() {
        openSessions.decrement()
    }

    func countFrameSent(bytes: Int) {
        framesSent.increment()
        bytesSent.increment(by: Int64(bytes))
    }

    /// A frame could not be written at once (the socket still held part of an earlier frame, or a
    /// Close was being answered) and waits for a writeable callback: a steady rise means peers
    /// that read slower than frames are made.
    func countFrameWaited() {
        framesWaited.increment()
    }
}
