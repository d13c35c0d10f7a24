import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import SegueSession
import Synchronization

/// One WebSocket connection, run as one structured task: a child task reads the page's messages,
/// another ticks at the frame rate, and both feed a single event loop (an `AsyncStream`) that owns
/// the connection's `SceneSession`, the same sans-I/O session `segue serve` runs. The loop runs on
/// the main actor, where worlds run (UIKit's views are the main actor's), so every connection's
/// session shares the main thread, as in one `segue serve` process.
enum SceneConnection {
    /// Messages above this close the connection (1009, message too big), as in `segue serve`.
    static let maximumMessageSize = 64 * 1024

    private enum Event: Sendable {
        case message(WebSocketMessage)
        case tick
    }

    @MainActor static func run(
        inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter,
        sceneName: String, framesPerSecond: Int, logger: Logger
    ) async throws {
        let (events, continuation) = AsyncStream.makeStream(of: Event.self)
        let tickPending = TickFlag()
        try await withThrowingTaskGroup(of: Void.self) { group in
            // Inbound: whole messages (fragments joined, at most 64 KiB); WebSocket pings and
            // closes are answered by the library while this iterates.
            group.addTask {
                defer { continuation.finish() }
                for try await message in inbound.messages(maxSize: maximumMessageSize) {
                    continuation.yield(.message(message))
                }
            }
            // The frame timer: deadlines advance by whole periods so the rate does not drift;
            // after a stall, missed ticks are skipped rather than replayed.
            group.addTask {
                let clock = ContinuousClock()
                let period = Duration.seconds(1) / framesPerSecond
                var deadline = clock.now
                while true {
                    deadline += period
                    let now = clock.now
                    if deadline <= now { deadline = now + period }
                    do {
                        try await clock.sleep(until: deadline, tolerance: nil)
                    } catch {
                        return  // cancelled: the connection is over
                    }
                    // At most one tick waits in the stream: a session that falls behind (a slow
                    // reader, a busy CPU) catches up with the current state, not a backlog.
                    if tickPending.set() { continuation.yield(.tick) }
                }
            }

            let session = SceneSession(sceneName: sceneName, framesPerSecond: framesPerSecond,
                                       clock: MonotonicClock(), observer: NoMetrics(), logger: logger)
            try await sendOutgoing(of: session, on: outbound)
            for await event in events {
                switch event {
                case .message(.binary(let buffer)):
                    buffer.withUnsafeReadableBytes { session.receive($0, isBinary: true) }
                case .message(.text(let text)):
                    session.receive(Array(text.utf8), isBinary: false)
                case .tick:
                    tickPending.clear()
                    session.tick()
                }
                try await sendOutgoing(of: session, on: outbound)
            }
            session.close()
            // The page went away (or the reader failed): stop the timer, and hand a reader error
            // (e.g. an oversized fragmented message) to the library, which closes with its code.
            group.cancelAll()
            try await group.waitForAll()
        }
    }

    /// Writes everything the session has now: replies, then the latest frame if it changed.
    @MainActor private static func sendOutgoing(of session: SceneSession, on outbound: WebSocketOutboundWriter) async throws {
        while let bytes = session.nextOutgoing() {
            try await outbound.write(.binary(ByteBuffer(bytes: bytes)))
        }
    }
}

/// Whether a tick is waiting in the event stream; shared by the timer and the event loop.
private final class TickFlag: Sendable {
    private let pending = Atomic<Bool>(false)

    /// Marks a tick pending; true if none was.
    func set() -> Bool {
        !pending.exchange(true, ordering: .acquiringAndReleasing)
    }

    func clear() {
        pending.store(false, ordering: .releasing)
    }
}

/// This peer serves no `/metrics`, so what a session reports goes nowhere.
private final class NoMetrics: SessionObserver, Sendable {
    func countInputMessage() {}
    func countBadMessage() {}
    func recordFrameBuild(seconds: Double) {}
    func recordSettled(transitions: TransitionCounts, invariantViolations: Int) {}
}
