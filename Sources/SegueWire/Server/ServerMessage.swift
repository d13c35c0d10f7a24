import SegueValues

/// One decoded server message: what the page sees, for tests and load tools.
public enum ServerMessage: Equatable, Sendable {
    case hello(HelloMessage)
    case frame(DecodedFrame)
    case pong(PongMessage)
    case error(ErrorMessage)
    case springs(SpringsMessage)
}

/// A frame with its display list rebuilt from this and earlier frames.
public struct DecodedFrame: Equatable, Sendable {
    /// Times and progress come back at the wire's Float32/Float64 precision.
    public var header: FrameHeader
    public var isKeyframe: Bool
    /// Values come back at the wire's precision: geometry and alpha as Float32, colors as bytes.
    public var displayList: DisplayList
    /// The message's size, for bytes-per-frame measurements.
    public var byteCount: Int
}

/// Why a server message could not be decoded: a bug on one end, or a stream that skipped frames.
public enum ServerMessageError: Error, Equatable, Sendable {
    case empty
    case unsupportedVersion(UInt8)
    case unknownType(UInt8)
    case truncated(MessageType)
    case trailingBytes(MessageType, count: Int)
    case invalidUTF8(MessageType)
    /// A header or node byte outside its defined codes or bits.
    case invalidCode(String, UInt8)
    /// A node record omits sections for an id the decoder did not have in the previous frame:
    /// frames were lost or reordered since the encoder's last reset.
    case missingNodeState(id: UInt32)
    /// A glyph name that `Glyph` does not define.
    case unknownGlyph(String)
}
