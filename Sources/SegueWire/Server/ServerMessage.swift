import SegueValues

/// One decoded server message: what the page sees, for tests and load tools.
public enum ServerMessage: Equatable, Sendable {
    case hello(HelloMessage)
    case frame(DecodedFrame)
    case pong(PongMessage)
    case error(ErrorMessage)
    case animations(AnimationsMessage)
    case share(ShareMessage)
    case release(ReleaseMessage)
}

/// A frame with its display list rebuilt from this and earlier frames.
public struct DecodedFrame: Equatable, Sendable {
    /// Times come back in whole microseconds after the keyframe's, progress in 1/65535.
    public var header: FrameHeader
    public var isKeyframe: Bool
    /// Values come back at the wire's steps (docs/protocol.md, "Quantisation"), composed down the tree.
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
    /// A frame that builds on earlier ones arrived before any keyframe: the page joined late or
    /// frames were lost since the encoder's last reset.
    case missingKeyframe
    /// A record names a paint-order index the frame's node list does not have.
    case noSuchNode(index: Int)
    /// A glyph name that `Glyph` does not define.
    case unknownGlyph(String)
    /// A touches part with too many touches, a pointer id above 2³¹−1, or one id twice (the reason).
    case invalidTouches(String)
}
