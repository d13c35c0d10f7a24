/// The secret in a share link (`/?watch=TOKEN`): 128 random bits as 32 lowercase hex digits.
///
/// Whoever holds it may watch the session it names, so it must be unguessable: the transport makes
/// it from the system's CSPRNG (`init(using:)` with `SystemRandomNumberGenerator`), never from the
/// deterministic core. On the wire it is exactly its 32 ASCII digits, so a length or a byte outside
/// `0-9a-f` is refused before any lookup.
public struct ShareToken: Hashable, Sendable, CustomStringConvertible {
    /// Hex digits on the wire: 16 random bytes.
    public static let length = 32

    /// The 32 ASCII digits.
    public let digits: [UInt8]

    /// A token of 16 bytes from `generator`; a CSPRNG at the edge, a seeded one in tests.
    public init<Generator: RandomNumberGenerator>(using generator: inout Generator) {
        var digits: [UInt8] = []
        digits.reserveCapacity(Self.length)
        for _ in 0..<(Self.length / 2) {
            let byte = UInt8.random(in: .min ... .max, using: &generator)
            digits.append(Self.hexDigits[Int(byte >> 4)])
            digits.append(Self.hexDigits[Int(byte & 0x0F)])
        }
        self.digits = digits
    }

    /// The token these bytes spell, or `nil` unless they are exactly 32 lowercase hex digits.
    public init?(digits: some Collection<UInt8>) {
        guard digits.count == Self.length, digits.allSatisfy(Self.isDigit) else { return nil }
        self.digits = Array(digits)
    }

    /// The token a link's text spells (`init(digits:)` on its UTF-8).
    public init?(_ text: String) {
        self.init(digits: Array(text.utf8))
    }

    public var description: String { String(decoding: digits, as: UTF8.self) }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }
}

/// Where a connection stands in a shared session, as the share message tells its page.
public enum ShareRole: UInt8, Sendable {
    /// Its input moves the world; its viewport sets the world's size.
    case controlling = 1
    /// It sees every frame the controller sees and its input is refused.
    case watching = 2
}

/// Server → page, type 6: the session's share link and who is in it. Sent in answer to a share
/// request (24), and to every connection of a shared session whenever its watchers or its
/// controller change.
public struct ShareMessage: Equatable, Sendable {
    public var role: ShareRole
    /// Connections watching now (the controller is not counted).
    public var watcherCount: Int
    /// The most watchers this session takes (`--max-watchers`).
    public var watcherLimit: Int
    public var token: ShareToken

    public init(role: ShareRole, watcherCount: Int, watcherLimit: Int, token: ShareToken) {
        self.role = role
        self.watcherCount = watcherCount
        self.watcherLimit = watcherLimit
        self.token = token
    }

    /// Version, type, role, two u16 counts and the token's digits.
    public static let byteCount = 7 + ShareToken.length

    public func encoded() -> [UInt8] {
        var buffer: [UInt8] = [WireProtocol.version, MessageType.share.rawValue, role.rawValue]
        buffer.reserveCapacity(Self.byteCount)
        buffer.appendLittleEndian(UInt16(clamping: watcherCount))
        buffer.appendLittleEndian(UInt16(clamping: watcherLimit))
        buffer.append(contentsOf: token.digits)
        return buffer
    }
}
