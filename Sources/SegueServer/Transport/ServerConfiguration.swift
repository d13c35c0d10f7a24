import SegueSession

/// Everything the transport needs to know, with a default for every field that suits running the
/// viewer on a laptop. Reading flags or the environment happens in the command, not here.
public struct ServerConfiguration: Sendable {
    /// Numeric IPv4 or IPv6 address to listen on. Loopback by default so nothing is exposed to the
    /// network by accident; `localhost` is accepted as `127.0.0.1`.
    public var host = "127.0.0.1" {
        didSet { address = IPAddress(host) }
    }
    /// `host` parsed, once, when it is set; `nil` when it is not an address (`validate()` says so).
    private(set) var address = IPAddress("127.0.0.1")
    /// TCP port for static files and WebSockets alike; 0 lets the kernel pick one.
    public var port = 8080
    /// Directory of the viewer page. Only files under it are served.
    public var publicDirectory = "Public"
    /// How often every session's handler is ticked.
    public var framesPerSecond = 60
    /// Browser origins allowed to open a WebSocket besides same-origin and loopback pages, written
    /// as `scheme://host[:port]`.
    public var allowedOrigins: [String] = []
    /// Largest client message, in bytes, after reassembling fragments. Client messages are pointer
    /// events and commands, a few hundred bytes; 64 KiB leaves room without letting a client make
    /// the server buffer much.
    public var maxMessageSize = 64 * 1024
    /// Largest `Content-Length` accepted on an HTTP request, in bytes. The server takes no request
    /// bodies, so this only needs to tolerate clients that send small ones anyway.
    public var maxRequestContentLength = 64 * 1024
    /// Concurrent connections (HTTP and WebSocket) the server is sized for. lws accepts and at once
    /// closes a connection beyond it; sessions are refused politely well before, by `maxSessions`.
    public var maxConnections = 1024
    /// Open WebSocket sessions in all; a handshake beyond it is answered 503.
    public var maxSessions = 1000
    /// Open WebSocket sessions from one peer address; a handshake beyond it is answered 429.
    public var maxSessionsPerAddress = 100
    /// Watchers one shared session takes (a class and a projector); a watch past it is refused with
    /// error 105. 0 turns watching off without turning sharing links off.
    public var maxWatchers = ShareDirectory.defaultMaximumWatchers
    /// Client messages a session may send per second, in bursts of as many; the rest are dropped
    /// and counted. A 1000 Hz mouse sends 1000.
    public var maxMessagesPerSecond = 2000
    /// Seconds a connection may take to send its request headers (and to finish other handshake
    /// steps) before it is closed, so slow-header clients cannot hold connections.
    public var handshakeTimeout = 5
    /// Lets several processes listen on the same port (`SO_REUSEPORT`); the kernel spreads new
    /// connections across them. Set for each worker of `serve --workers`.
    public var reusePort = false
    /// Seconds a WebSocket may stay silent before the server pings it.
    public var pingInterval = 30
    /// Seconds without a pong after which a WebSocket is hung up; must exceed `pingInterval`.
    public var idleTimeout = 45
    /// Seconds a draining server (after SIGTERM or SIGINT) waits for its sessions to answer their
    /// going-away Close before cutting the rest. Pages answer within a round trip; the bound is for
    /// peers that never do. Kept under lws's own 5 s wait for a Close answer, and under the 10 s a
    /// process manager usually allows before SIGKILL.
    public var drainTimeout = 3.0

    /// The most groups the sessions are ticked in, spread evenly over each frame interval (never
    /// more than 1,920 a second). The server uses as many as keep each group to `tickGroupSize`
    /// sessions (`TickSchedule`), so a small server wakes only 60 times a second. More groups:
    /// input waits behind fewer frames being built. Fewer: fewer wakeups, each of which costs
    /// (docs/performance.md, "Eight tick groups at most, sized by the sessions").
    public var tickGroups = 8
    /// Sessions per tick group the server aims for, below `tickGroups` groups.
    public var tickGroupSize = 64
    /// How the service thread waits for sockets and timers; `.poll` is lws's own loop, kept to
    /// compare against and for a system whose libev lacks epoll.
    public var eventLoop = EventLoopKind.epoll

    /// Browsers paint at most at their display rate; past 240 Hz the server would only burn CPU.
    public static let framesPerSecondRange = 1...240
    /// 32 groups at 60 fps are the 1,920 wakeups a second `Server.mostTickGroups` allows.
    public static let tickGroupsRange = 1...32
    public static let tickGroupSizeRange = 1...10_000

    public init() {}

    /// A copy with `changes` applied, for building configurations in one expression.
    public func with(_ changes: (inout ServerConfiguration) -> Void) -> ServerConfiguration {
        var copy = self
        changes(&copy)
        return copy
    }

    /// The viewer's address for a browser, once listening on `port`.
    public func url(port: Int) -> String {
        let authority = address?.authority(port: port) ?? "\(host):\(port)"
        return "http://\(authority)/"
    }

    /// Rejects values the server cannot run with, naming the field and the accepted range.
    public func validate() throws(ServerError) {
        func require(_ condition: Bool, _ message: @autoclosure () -> String) throws(ServerError) {
            if !condition { throw .invalidConfiguration(message()) }
        }
        try require(Self.framesPerSecondRange.contains(framesPerSecond),
                    "fps must be within 1…240, not \(framesPerSecond)")
        try require(Self.tickGroupsRange.contains(tickGroups),
                    "tickGroups must be within 1…32, not \(tickGroups)")
        try require(Self.tickGroupSizeRange.contains(tickGroupSize),
                    "tickGroupSize must be within 1…10000, not \(tickGroupSize)")
        try require((0...65535).contains(port), "port must be within 0…65535, not \(port)")
        try require(address != nil,
                    "host must be a numeric IPv4 or IPv6 address or localhost, not '\(host)'")
        try require(maxMessageSize > 0, "maxMessageSize must be positive")
        try require(maxRequestContentLength >= 0, "maxRequestContentLength must not be negative")
        try require(maxConnections > 0, "maxConnections must be positive")
        try require((1...maxConnections).contains(maxSessions),
                    "maxSessions must be within 1…maxConnections (\(maxConnections)), not \(maxSessions)")
        try require(maxSessionsPerAddress > 0, "maxSessionsPerAddress must be positive")
        try require((0...1000).contains(maxWatchers), "maxWatchers must be within 0…1000, not \(maxWatchers)")
        try require(maxMessagesPerSecond > 0, "maxMessagesPerSecond must be positive")
        try require((1...300).contains(handshakeTimeout),
                    "handshakeTimeout must be within 1…300 s, not \(handshakeTimeout)")
        try require(pingInterval > 0 && idleTimeout > pingInterval,
                    "idleTimeout (\(idleTimeout) s) must exceed pingInterval (\(pingInterval) s)")
        try require((0...60).contains(drainTimeout),
                    "drainTimeout must be within 0…60 s, not \(drainTimeout)")
        for origin in allowedOrigins {
            try require(OriginPolicy.normalize(origin) != nil,
                        "allowed origin must look like http://host:port, not '\(origin)'")
        }
    }
}
