import Logging
import SegueValues

/// One WebSocket message ready to go out.
///
/// The transport copies `bytes` behind the libwebsockets header room itself, so handlers never
/// learn about `LWS_PRE`.
public struct OutgoingMessage: Sendable {
    public var bytes: [UInt8]
    public var isBinary: Bool

    public init(bytes: [UInt8], isBinary: Bool) {
        self.bytes = bytes
        self.isBinary = isBinary
    }
}

/// Identifies one WebSocket connection for the lifetime of the process; ids are never reused, so a
/// stale id in a log line cannot be mistaken for a later session.
public struct ConnectionID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt64

    public init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    public var description: String { String(rawValue) }
}

/// What a handler may know about its connection. It carries no libwebsockets type, so handlers and
/// their tests never depend on the C library.
public struct ConnectionInfo: Sendable {
    public var id: ConnectionID
    /// The peer's numeric address, e.g. `127.0.0.1`.
    public var peerAddress: String
    /// The negotiated subprotocol: `segue.v7`, or `nil` for a client that named none.
    public var subprotocol: String?
    /// Where the handler reports input and frame-build timings.
    public var metrics: ServerMetrics
    /// Already carries `session.id` and `session.peer` metadata.
    public var logger: Logger

    public init(
        id: ConnectionID, peerAddress: String, subprotocol: String?, metrics: ServerMetrics,
        logger: Logger
    ) {
        self.id = id
        self.peerAddress = peerAddress
        self.subprotocol = subprotocol
        self.metrics = metrics
        self.logger = logger
    }
}

/// The application side of one WebSocket session; the seam between the scene-agnostic transport
/// and whatever runs per browser tab.
///
/// Every call arrives on the server's single service thread, so a handler needs no locks and must
/// never block: a slow call delays every other session's frames.
///
/// The transport pulls rather than the handler pushing: after `tick` it asks `hasOutgoing` and, if
/// true, calls `takeOutgoing()` once and writes the message. Messages read during a turn of the
/// loop reach `receive` when the turn ends, in order, before the session's answer is taken (one in
/// fragments comes at once, and its answer from a writeable callback). While a slow peer still
/// holds part of an earlier message unsent, a tick's message waits for that callback too, which
/// libwebsockets withholds until that part has drained; so a handler that keeps at most one
/// pending frame ("latest frame wins") bounds its memory no matter how slowly the peer reads.
public protocol ConnectionHandler: AnyObject {
    /// One complete message, reassembled from its fragments and within the size limit. The bytes
    /// are valid only during the call.
    func receive(_ message: UnsafeRawBufferPointer, isBinary: Bool)
    /// Called once per frame interval (1/fps seconds) for every open session.
    func tick()
    /// Whether `takeOutgoing()` would return a message now.
    var hasOutgoing: Bool { get }
    /// The next message to send, or `nil`. Called once per write the transport makes.
    func takeOutgoing() -> OutgoingMessage?
    /// The connection is gone; no further calls follow.
    func closed()
}

/// Makes the handler for each new WebSocket session.
public protocol ConnectionHandlerFactory: AnyObject {
    func makeHandler(connection: ConnectionInfo) -> ConnectionHandler
}
