import SegueServer

/// Makes an `EchoHandler` per connection.
final class EchoFactory: ConnectionHandlerFactory {
    let sendsTicks: Bool

    init(sendsTicks: Bool) {
        self.sendsTicks = sendsTicks
    }

    func makeHandler(connection: ConnectionInfo) -> ConnectionHandler {
        EchoHandler(metrics: connection.metrics, sendsTicks: sendsTicks)
    }
}

/// A scene-free application for testing the transport: it echoes every message as it came (text
/// or binary), so tests and the Autobahn suite can assert exact bytes. With ticks on it also sends
/// `tick N` on every tick, and a text message `pad:N` pads later tick frames to N bytes, so tests
/// can push large frames at a client that never reads.
final class EchoHandler: ConnectionHandler {
    private static let maxPadding = 1 << 20
    private let metrics: ServerMetrics
    private let sendsTicks: Bool
    private var ticks = 0
    private var padding = 0
    /// Echoes and ticks are kept apart so a tick cannot overwrite an echo; each holds at most one
    /// message, the latest.
    private var pendingEcho: OutgoingMessage?
    private var pendingTick: OutgoingMessage?

    init(metrics: ServerMetrics, sendsTicks: Bool) {
        self.metrics = metrics
        self.sendsTicks = sendsTicks
    }

    func receive(_ message: UnsafeRawBufferPointer, isBinary: Bool) {
        let bytes = Array(message)
        if sendsTicks, !isBinary, let text = String(validating: bytes, as: UTF8.self), text.hasPrefix("pad:") {
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
        guard sendsTicks else { return }
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
