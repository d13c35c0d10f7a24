/// Everything the transport needs to know, with a default for every field that suits running the
/// viewer on a laptop. Reading flags or the environment happens in the command, not here.
public struct ServerConfiguration: Sendable {
    /// Numeric IPv4 or IPv6 address to listen on. Loopback by default so nothing is exposed to the
    /// network by accident; `localhost` is accepted as `127.0.0.1`.
    public var host = "127.0.0.1"
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
    /// Concurrent connections (HTTP and WebSocket) the server is sized for.
    public var maxConnections = 1024
    /// Seconds a WebSocket may stay silent before the server pings it.
    public var pingInterval = 30
    /// Seconds without a pong after which a WebSocket is hung up; must exceed `pingInterval`.
    public var idleTimeout = 45
    /// Seconds to let sessions receive their going-away close frame before the context is torn
    /// down.
    public var shutdownGracePeriod = 1.0

    /// Browsers paint at most at their display rate; past 240 Hz the server would only burn CPU.
    public static let framesPerSecondRange = 1...240

    public init() {}

    /// A copy with `changes` applied, for building configurations in one expression.
    public func with(_ changes: (inout ServerConfiguration) -> Void) -> ServerConfiguration {
        var copy = self
        changes(&copy)
        return copy
    }

    /// Rejects values the server cannot run with, naming the field and the accepted range.
    public func validate() throws(ServerError) {
        func require(_ condition: Bool, _ message: @autoclosure () -> String) throws(ServerError) {
            if !condition { throw .invalidConfiguration(message()) }
        }
        try require(Self.framesPerSecondRange.contains(framesPerSecond),
                    "fps must be within 1…240, not \(framesPerSecond)")
        try require((0...65535).contains(port), "port must be within 0…65535, not \(port)")
        try require(IPAddress(host) != nil,
                    "host must be a numeric IPv4 or IPv6 address or localhost, not '\(host)'")
        try require(maxMessageSize > 0, "maxMessageSize must be positive")
        try require(maxRequestContentLength >= 0, "maxRequestContentLength must not be negative")
        try require(maxConnections > 0, "maxConnections must be positive")
        try require(pingInterval > 0 && idleTimeout > pingInterval,
                    "idleTimeout (\(idleTimeout) s) must exceed pingInterval (\(pingInterval) s)")
        try require(shutdownGracePeriod >= 0, "shutdownGracePeriod must not be negative")
        for origin in allowedOrigins {
            try require(OriginPolicy.normalize(origin) != nil,
                        "allowed origin must look like http://host:port, not '\(origin)'")
        }
    }
}
