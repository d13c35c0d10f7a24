import Logging
@testable import SegueServer
import Testing

/// A whole message waits in its session until the transport delivers it (`deliverHeldMessages`),
/// in the order messages came, fragments included, within a bound whatever a client sends.
@Suite struct HeldMessageTests {
    final class RecordingHandler: ConnectionHandler {
        var received: [(bytes: [UInt8], isBinary: Bool)] = []
        func receive(_ message: UnsafeRawBufferPointer, isBinary: Bool) {
            received.append((Array(message), isBinary))
        }
        func tick() {}
        var hasOutgoing: Bool { false }
        func takeOutgoing() -> OutgoingMessage? { nil }
        func closed() {}
    }

    static let limit = 64 * 1024

    func makeConnection(_ handler: RecordingHandler) -> Connection {
        let info = ConnectionInfo(id: ConnectionID(rawValue: 1), peerAddress: "127.0.0.1", subprotocol: nil,
                                  metrics: ServerMetrics(), logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        // Receiving never calls lws: any handle will do.
        return Connection(wsi: OpaquePointer(bitPattern: 1)!, handler: handler, info: info, messagesPerSecond: 1_000)
    }

    func feed(_ connection: Connection, _ bytes: [UInt8], isBinary: Bool = true, isFinal: Bool = true) -> Connection.ReceiveOutcome {
        bytes.withUnsafeBytes { connection.receive($0, isBinary: isBinary, isFinal: isFinal, limit: Self.limit, now: 0) }
    }

    @Test func wholeMessagesWaitAndArriveInOrderWithTheirKinds() {
        let handler = RecordingHandler()
        let connection = makeConnection(handler)
        _ = feed(connection, [1, 2, 3])
        _ = feed(connection, Array("hi".utf8), isBinary: false)
        _ = feed(connection, [])
        #expect(handler.received.isEmpty && connection.holdsMessages)
        connection.deliverHeldMessages()
        #expect(handler.received.map(\.bytes) == [[1, 2, 3], Array("hi".utf8), []])
        #expect(handler.received.map(\.isBinary) == [true, false, true])
        #expect(!connection.holdsMessages)
        connection.deliverHeldMessages()
        #expect(handler.received.count == 3)
    }

    @Test func aFragmentedMessageGoesAtOnceAfterThoseHeld() {
        let handler = RecordingHandler()
        let connection = makeConnection(handler)
        _ = feed(connection, [9])
        _ = feed(connection, [1, 2], isFinal: false)
        #expect(handler.received.isEmpty)
        _ = feed(connection, [3], isFinal: true)
        #expect(handler.received.map(\.bytes) == [[9], [1, 2, 3]])
        #expect(connection.lastMessageWasFragmented && !connection.holdsMessages)
    }

    @Test func pastTheBoundAMessageGoesAtOnceAfterThoseHeld() {
        let handler = RecordingHandler()
        let connection = makeConnection(handler)
        let small = [UInt8](repeating: 7, count: 100)
        // Each holds its 100 bytes and a 5-byte header: 19 fit in 2,048 bytes, the 20th does not.
        for _ in 0..<19 { _ = feed(connection, small) }
        #expect(handler.received.isEmpty)
        _ = feed(connection, [UInt8](repeating: 8, count: 100))
        #expect(handler.received.count == 20 && handler.received.last?.bytes.first == 8)
        #expect(!connection.holdsMessages)
        let large = [UInt8](repeating: 5, count: Connection.maximumHeldBytes)
        _ = feed(connection, large)
        #expect(handler.received.count == 21 && handler.received.last?.bytes == large)
    }

    @Test func aRateLimitedMessageIsNotHeld() {
        let handler = RecordingHandler()
        let info = ConnectionInfo(id: ConnectionID(rawValue: 2), peerAddress: "127.0.0.1", subprotocol: nil,
                                  metrics: ServerMetrics(), logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        let connection = Connection(wsi: OpaquePointer(bitPattern: 1)!, handler: handler, info: info, messagesPerSecond: 1)
        var outcomes: [Connection.ReceiveOutcome] = []
        for _ in 0..<5 { outcomes.append(feed(connection, [1])) }
        connection.deliverHeldMessages()
        let accepted = outcomes.filter { if case .accepted = $0 { return true } else { return false } }.count
        #expect(handler.received.count == accepted && accepted < 5)
    }
}
