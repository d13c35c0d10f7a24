/// A scene-free application for testing the transport: it echoes every message and sends a frame
/// counter on every tick, so tests can assert exact bytes. `segue serve --development-echo` (a
/// hidden flag) uses it instead of `SceneSessionFactory`.
public final class DevelopmentEchoFactory: ConnectionHandlerFactory {
    public init() {}

    public func makeHandler(connection: ConnectionInfo) -> ConnectionHandler {
        DevelopmentEchoHandler(metrics: connection.metrics)
    }
}

/// Echoes messages and counts ticks. A text message `pad:N` pads later tick frames to N bytes so
/// tests can push large frames at a client that never reads.
final class DevelopmentEchoHandler: ConnectionHandler {
    private static let maxPadding = 1 << 20
    private let metrics: ServerMetrics
    private var ticks = 0
    private var padding = 0
    /// Echoes and ticks are kept apart so a tick cannot overwrite an echo; each holds at most one
    /// message, the latest.
    private var pendingEcho: OutgoingMessage?
    private var pendingTick: OutgoingMessage?

    init(metrics: ServerMetrics) {
        self.metrics = metrics
    }

    func receive(_ message: UnsafeRawBufferPointer, isBinary: Bool) {
        let bytes = Array(message)
        if !isBinary, let text = String(validating: bytes, as: UTF8.self),
           text.hasPrefix("pad:") {
            guard let size = Int(text.dropFirst(4)), (0...Self.maxPadding).contains(size) else {
                metrics.countBadMessage()
                return
            }
            padding = size
        }
        metrics.countInputMessage()
        pendingEcho = OutgoingMessage(bytes: bytes, isBinary: isBinary)
    }

    func tick() {
        ticks += 1
        let elapsed = ContinuousClock().measure {
            let label = Array("tick \(ticks)".utf8)
            var frame = [UInt8](repeating: UInt8(ascii: " "), count: max(label.count, padding))
            frame.replaceSubrange(0..<label.count, with: label)
            pendingTick = OutgoingMessage(bytes: frame, isBinary: false)
        }
        let (seconds, attoseconds) = elapsed.components
        metrics.recordFrameBuild(seconds: Double(seconds) + Double(attoseconds) * 1e-18)
    }

    var hasOutgoing: Bool { pendingEcho != nil || pendingTick != nil }

    func takeOutgoing() -> OutgoingMessage? {
        if let echo = pendingEcho {
            pendingEcho = nil
            return echo
        }
        defer { pendingTick = nil }
        return pendingTick
    }

    func closed() {}
}
