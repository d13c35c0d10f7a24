/// The constants both ends must agree on before any byte is read.
public enum WireProtocol {
    /// Byte 0 of every message, both directions. Bumped on any change to a layout or a rule in
    /// docs/protocol.md; an end that reads another version rejects the message rather than guess.
    public static let version: UInt8 = 7
    /// The WebSocket subprotocol the page asks for; it names the version so a stale page and a new
    /// server fail at the handshake instead of misreading frames.
    public static let subprotocol = "segue.v7"
}

/// Byte 1 of every message: what follows. A value type over the wire byte (as swift-nio's
/// `WebSocketOpcode`), so an unknown byte still prints. Server messages are 1…15, client
/// messages 16…31, so a message sent the wrong way is an unknown type, never a misread.
public struct MessageType: Hashable, Sendable {
    public let rawValue: UInt8

    /// Known types only: nil for any other byte.
    public init?(rawValue: UInt8) {
        let type = MessageType(uncheckedValue: rawValue)
        guard Self.all.contains(type) else { return nil }
        self = type
    }

    private init(uncheckedValue: UInt8) {
        rawValue = uncheckedValue
    }

    public static let hello = MessageType(uncheckedValue: 1)
    public static let frame = MessageType(uncheckedValue: 2)
    public static let pong = MessageType(uncheckedValue: 3)
    public static let error = MessageType(uncheckedValue: 4)
    public static let animations = MessageType(uncheckedValue: 5)
    public static let share = MessageType(uncheckedValue: 6)
    public static let release = MessageType(uncheckedValue: 7)

    public static let pointer = MessageType(uncheckedValue: 16)
    public static let viewport = MessageType(uncheckedValue: 17)
    public static let scene = MessageType(uncheckedValue: 18)
    public static let ping = MessageType(uncheckedValue: 19)
    public static let slowAnimations = MessageType(uncheckedValue: 20)
    public static let scrub = MessageType(uncheckedValue: 21)
    public static let tuneAnimation = MessageType(uncheckedValue: 22)
    public static let listAnimations = MessageType(uncheckedValue: 23)
    public static let requestShare = MessageType(uncheckedValue: 24)
    public static let watch = MessageType(uncheckedValue: 25)
    public static let handOver = MessageType(uncheckedValue: 26)
    public static let resetAnimation = MessageType(uncheckedValue: 27)

    private static let all: [MessageType] = [
        .hello, .frame, .pong, .error, .animations, .share, .release, .pointer, .viewport, .scene, .ping, .slowAnimations, .scrub,
        .tuneAnimation, .listAnimations, .requestShare, .watch, .handOver, .resetAnimation,
    ]
}

extension MessageType: CustomStringConvertible {
    public var description: String {
        switch self {
        case .hello: "hello"
        case .frame: "frame"
        case .pong: "pong"
        case .error: "error"
        case .pointer: "pointer"
        case .viewport: "viewport"
        case .scene: "scene"
        case .ping: "ping"
        case .slowAnimations: "slow-animations"
        case .scrub: "scrub"
        case .animations: "animations"
        case .tuneAnimation: "tune-animation"
        case .listAnimations: "list-animations"
        case .share: "share"
        case .release: "release"
        case .requestShare: "request-share"
        case .watch: "watch"
        case .handOver: "hand-over"
        case .resetAnimation: "reset-animation"
        default: "type \(rawValue)"
        }
    }
}
