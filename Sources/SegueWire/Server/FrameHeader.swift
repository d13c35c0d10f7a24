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
    /// Where the controller's pointers are down, in the order they went down: what a watcher's page
    /// draws its touch indicator from. Empty in the controller's own frames (its page knows its own
    /// pointers). At most `maximumTouches`. (Declared here, after the two Doubles, so the header
    /// packs into 57 bytes.)
    public var touches: [Touch]
    /// The running transition, or nil when none runs.
    public var transition: TransitionStatus?
    /// The sequence number of the last client input applied before this frame was built.
    public var inputSequence: UInt32
    /// Whether the session runs animations ten times slower (the page's `S` key).
    public var slowAnimations: Bool

    public init(sequence: UInt32, serverTime: Double, buildDuration: Double,
                transition: TransitionStatus? = nil, inputSequence: UInt32, slowAnimations: Bool = false,
                touches: [Touch] = []) {
        self.sequence = sequence
        self.serverTime = serverTime
        self.buildDuration = buildDuration
        self.transition = transition
        self.inputSequence = inputSequence
        self.slowAnimations = slowAnimations
        self.touches = touches
    }

    /// One of the controller's pointers that is down: its id (the page's pointer id, 0…2³¹−1) and
    /// where it is, in the controller's viewport points (1/64 pt on the wire).
    public struct Touch: Equatable, Sendable {
        public var pointerID: Int
        public var location: CGPoint

        public init(pointerID: Int, location: CGPoint) {
            self.pointerID = pointerID
            self.location = location
        }
    }

    /// The most touches a frame carries (docs/protocol.md, "touches"); a decoder rejects more.
    public static let maximumTouches = 10
    /// The largest pointer id a touch carries, as the pointer message's.
    static let maximumPointerID = Int(Int32.max)

    /// Where the u16 build duration (µs) sits in an encoded frame (docs/protocol.md).
    static let buildDurationOffset = 3
    /// Bytes before the header's optional parts: version, type, flags, build duration.
    static let fixedSize = 5
}

/// Bits of the header's flags byte (offset 2): which optional parts follow, in this order.
struct FrameFlags: OptionSet {
    let rawValue: UInt8

    /// The client drops every node and header value it holds; sequence, server time, viewport
    /// and the structure follow in full.
    static let keyframe = FrameFlags(rawValue: 1 << 0)
    /// The state byte follows: operation, phase, interactive, slow animations.
    static let state = FrameFlags(rawValue: 1 << 1)
    /// The u16 progress follows.
    static let progress = FrameFlags(rawValue: 1 << 2)
    /// The input sequence's change follows.
    static let inputSequence = FrameFlags(rawValue: 1 << 3)
    /// The screen's hint follows, replacing the client's.
    static let hint = FrameFlags(rawValue: 1 << 4)
    /// The paint order (ids and depths) follows: nodes were added, removed or moved in the tree.
    static let structure = FrameFlags(rawValue: 1 << 5)
    /// The sequence number follows: it is not the previous one + 1.
    static let sequence = FrameFlags(rawValue: 1 << 6)
    /// The controller's touches follow (version 6): a watcher's frame, when they moved. The last
    /// of the byte's bits: every one has a meaning now.
    static let touches = FrameFlags(rawValue: 1 << 7)
}

/// The state byte: what the page shows about the transition and the animation speed.
enum FrameState {
    static func encode(_ transition: TransitionStatus?, slowAnimations: Bool) -> UInt8 {
        var byte: UInt8 = slowAnimations ? 0x80 : 0
        if let transition {
            byte |= transition.operation.wireCode | transition.phase.wireCode << 3
            if transition.isInteractive { byte |= 0x40 }
        }
        return byte
    }
}

/// Which sections follow a node record's index, in this bit order; the mask is a varint (bit 7 of
/// each byte is its continuation), so sections 7…13 live in its second byte and 14…15 in its
/// third, numbered here by their value bits.
struct NodeFields: OptionSet {
    let rawValue: UInt32

    /// Δtx, Δty: zigzag varints, 1/64 pt.
    static let position = NodeFields(rawValue: 1 << 0)
    /// Δwidth, Δheight: zigzag varints, 1/64 pt.
    static let size = NodeFields(rawValue: 1 << 1)
    /// Δa, Δb, Δc, Δd: zigzag varints, 1/1024.
    static let linear = NodeFields(rawValue: 1 << 2)
    /// Own opacity, u8 in 1/255.
    static let alpha = NodeFields(rawValue: 1 << 3)
    /// r, g, b, a bytes.
    static let backgroundColor = NodeFields(rawValue: 1 << 4)
    /// The text color's r, g, b, a bytes (dimming changes it with the background).
    static let textColor = NodeFields(rawValue: 1 << 5)
    /// Corner radius as a varint in 1/64 pt, then the clip flag byte (0 or 1).
    static let shape = NodeFields(rawValue: 1 << 6)
    /// Varint length + UTF-8 (mask value bit 7, the second mask byte's bit 0).
    static let name = NodeFields(rawValue: 1 << 7)
    /// Varint (UTF-8 length + 1), 0 meaning no text, then the UTF-8.
    static let text = NodeFields(rawValue: 1 << 8)
    /// Font size as Float32.
    static let fontSize = NodeFields(rawValue: 1 << 9)
    /// UIColor r, g, b, a bytes, then opacity, radius, offset x and offset y as Float32: 20 bytes.
    static let shadow = NodeFields(rawValue: 1 << 10)
    /// Width as Float32, then the color's r, g, b, a bytes: 8 bytes.
    static let border = NodeFields(rawValue: 1 << 11)
    /// The name of a vector icon the page draws (`Glyph`) as a string; empty for none.
    static let glyph = NodeFields(rawValue: 1 << 12)
    /// The font weight as a byte, the CSS weight in hundreds (1…9; regular is 4).
    static let fontWeight = NodeFields(rawValue: 1 << 13)
    /// The text alignment's byte (`TextAlignment`: left 0, center 1, right 2), then the line
    /// count's (0 for as many as fit).
    static let textLayout = NodeFields(rawValue: 1 << 14)
    /// The rounded corners' byte (`Corners`, CACornerMask's four bits).
    static let corners = NodeFields(rawValue: 1 << 15)

    static let all: NodeFields = [.position, .size, .linear, .alpha, .backgroundColor, .textColor, .shape, .name,
                                  .text, .fontSize, .shadow, .border, .glyph, .fontWeight, .textLayout, .corners]
}

extension UIColor {
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
