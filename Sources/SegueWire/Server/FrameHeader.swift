import Motion
import SegueValues

/// What the session knows about a frame besides its display list: the page's telemetry reads
/// every field, and `inputSequence` is how it measures pointer-to-frame latency.
public struct FrameHeader: Equatable, Sendable {
    /// Increases by one per frame sent on a connection; the page uses it to spot gaps.
    public var sequence: UInt32
    /// The server clock's time this frame shows, in seconds.
    public var serverTime: Double
    /// How long the server took to build the display list, in seconds.
    public var buildDuration: Double
    /// The running transition, or nil when none runs.
    public var transition: TransitionStatus?
    /// The sequence number of the last client input applied before this frame was built.
    public var inputSequence: UInt32
    /// Whether the session runs animations ten times slower (the page's `S` key).
    public var slowAnimations: Bool

    public init(sequence: UInt32, serverTime: Double, buildDuration: Double,
                transition: TransitionStatus? = nil, inputSequence: UInt32, slowAnimations: Bool = false) {
        self.sequence = sequence
        self.serverTime = serverTime
        self.buildDuration = buildDuration
        self.transition = transition
        self.inputSequence = inputSequence
        self.slowAnimations = slowAnimations
    }

    /// Bytes the header takes on the wire, before the node records (layout in docs/protocol.md).
    public static let encodedSize = 41
    /// Where the f32 build duration sits in an encoded frame (docs/protocol.md).
    static let buildDurationOffset = 21
}

/// Bits of the header's flags byte (offset 2).
struct FrameFlags: OptionSet {
    let rawValue: UInt8

    /// The client must drop every node it remembers: each node in this frame is sent in full.
    static let keyframe = FrameFlags(rawValue: 1 << 0)
    /// Operation, phase and progress describe a running transition.
    static let transition = FrameFlags(rawValue: 1 << 1)
    static let interactive = FrameFlags(rawValue: 1 << 2)
    static let slowAnimations = FrameFlags(rawValue: 1 << 3)
    /// A string follows the fixed header: the screen's hint, replacing the one the client has.
    /// Sent in a keyframe when there is one, and whenever it changes.
    static let hint = FrameFlags(rawValue: 1 << 4)

    static let known: FrameFlags = [.keyframe, .transition, .interactive, .slowAnimations, .hint]
}

/// Which optional sections follow a node record's fixed part, in this bit order. A section is
/// present when its value differs from what the client already has for that node id.
struct NodeFields: OptionSet {
    let rawValue: UInt8

    /// a, b, c, d, tx, ty, width, height as Float32: 32 bytes.
    static let geometry = NodeFields(rawValue: 1 << 0)
    /// Float32.
    static let alpha = NodeFields(rawValue: 1 << 1)
    /// Varint length + UTF-8.
    static let name = NodeFields(rawValue: 1 << 2)
    /// r, g, b, a bytes.
    static let backgroundColor = NodeFields(rawValue: 1 << 3)
    /// Corner radius as Float32, then the clip flag as one byte (0 or 1).
    static let shape = NodeFields(rawValue: 1 << 4)
    /// Varint (UTF-8 length + 1), 0 meaning no text, then the UTF-8.
    static let text = NodeFields(rawValue: 1 << 5)
    /// Font size as Float32, then the text color's r, g, b, a bytes.
    static let textStyle = NodeFields(rawValue: 1 << 6)
    /// A second mask byte follows (`DepthFields`).
    static let more = NodeFields(rawValue: 1 << 7)

    /// The sections every record of an unknown node carries.
    static let all: NodeFields = [.geometry, .alpha, .name, .backgroundColor, .shape, .text, .textStyle]
}

/// The second mask byte's sections, after the first's, in this bit order. Unlike the first's, an
/// unknown node may leave them out: absent means none (no shadow, no border), so a view without
/// depth costs what it did in version 1.
struct DepthFields: OptionSet {
    let rawValue: UInt8

    /// Color r, g, b, a bytes, then opacity, radius, offset x and offset y as Float32: 20 bytes.
    static let shadow = DepthFields(rawValue: 1 << 0)
    /// Width as Float32, then the color's r, g, b, a bytes: 8 bytes.
    static let border = DepthFields(rawValue: 1 << 1)
    /// Protocol 4: the glyph's name as a string (varint length, UTF-8); empty for none.
    static let glyph = DepthFields(rawValue: 1 << 2)

    static let all: DepthFields = [.shadow, .border, .glyph]
}

extension Color {
    /// `rgba8` packed so that writing it little-endian yields the bytes r, g, b, a.
    var packedRGBA: UInt32 {
        let bytes = rgba8
        return UInt32(bytes.red) | UInt32(bytes.green) << 8 | UInt32(bytes.blue) << 16 | UInt32(bytes.alpha) << 24
    }

    init(packedRGBA value: UInt32) {
        self.init(red: Double(value & 0xFF) / 255, green: Double((value >> 8) & 0xFF) / 255,
                  blue: Double((value >> 16) & 0xFF) / 255, alpha: Double(value >> 24) / 255)
    }
}
