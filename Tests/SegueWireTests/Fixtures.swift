import Motion
import SegueValues
@testable import SegueWire

/// Builds a node field by field.
func makeNode(id: UInt32, name: String, depth: UInt16, descendants: UInt32 = 0,
              size: Size, transform: AffineTransform = .identity, alpha: Double = 1,
              background: Color = .clear, cornerRadius: Double = 0, clips: Bool = false,
              text: String? = nil, textColor: Color = .black, fontSize: Double = 17) -> DisplayNode {
    var node = DisplayNode(id: 0, name: "")
    node.id = id
    node.name = name
    node.depth = depth
    node.descendantCount = descendants
    node.size = size
    node.transform = transform
    node.alpha = alpha
    node.backgroundColor = background
    node.cornerRadius = cornerRadius
    node.clipsToBounds = clips
    node.text = text
    node.textColor = textColor
    node.fontSize = fontSize
    return node
}

/// A push transition half way: the outgoing view slid left and dimmed, the incoming one (clipped,
/// with a header and a card) half on screen. Eight nodes, two with text.
func pushTransitionList() -> DisplayList {
    let phone = Size(width: 390, height: 844)
    return DisplayList(viewport: phone, nodes: [
        makeNode(id: 1, name: "window", depth: 0, descendants: 7, size: phone, background: .black),
        makeNode(id: 2, name: "inbox.view", depth: 1, descendants: 2, size: phone,
                 transform: AffineTransform(translationX: -58.5, y: 0), background: Color(white: 0.9)),
        makeNode(id: 3, name: "inbox.title", depth: 2, size: Size(width: 390, height: 44),
                 transform: AffineTransform(translationX: -58.5, y: 47), text: "Inbox", fontSize: 17),
        makeNode(id: 4, name: "inbox.row", depth: 2, size: Size(width: 358, height: 72),
                 transform: AffineTransform(translationX: -42.5, y: 120), background: .white, cornerRadius: 12),
        makeNode(id: 5, name: "message.view", depth: 1, descendants: 3, size: phone,
                 transform: AffineTransform(translationX: 195, y: 0), background: .white, clips: true),
        makeNode(id: 6, name: "message.header", depth: 2, descendants: 1, size: Size(width: 390, height: 96),
                 transform: AffineTransform(translationX: 195, y: 0), background: .systemBlue),
        makeNode(id: 7, name: "message.title", depth: 3, size: Size(width: 390, height: 44),
                 transform: AffineTransform(translationX: 195, y: 47), text: "Message",
                 textColor: .white, fontSize: 17),
        makeNode(id: 8, name: "message.card", depth: 2, size: Size(width: 358, height: 200),
                 transform: AffineTransform(a: 0.98, b: 0.02, c: -0.02, d: 0.98, tx: 211, ty: 140),
                 alpha: 0.8, background: .systemTeal, cornerRadius: 16),
    ])
}

/// Times chosen exact in Float32 (2⁻¹² s build time) so a header round-trips bit for bit.
let pushHeader = FrameHeader(sequence: 42, serverTime: 12.5, buildDuration: 0.000_244_140_625,
                             transition: TransitionStatus(operation: .push, phase: .interactive,
                                                          progress: 0.5, isInteractive: true),
                             inputSequence: 17)

/// Bytes of a node record with every section: 4 fixed bytes (one-byte varints for id, depth and
/// descendants, then the field mask), geometry 32, alpha 4, name 1 + n, background 4, shape 5,
/// text 1 + n, text style 8.
func fullRecordSize(_ node: DisplayNode) -> Int {
    4 + 32 + 4 + (1 + node.name.utf8.count) + 4 + 5 + (1 + (node.text?.utf8.count ?? 0)) + 8
}

/// A value as the wire carries it.
func float32(_ value: Double) -> Double {
    Double(Float(value))
}

/// SplitMix64: a tiny seeded generator, so the garbage tests feed the same bytes on every run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension FrameDecoder {
    /// Decodes a message that must be a frame.
    mutating func decodeFrame(_ bytes: [UInt8]) throws -> DecodedFrame {
        guard case .frame(let frame) = try decode(bytes) else { throw NotAFrame() }
        return frame
    }
}

struct NotAFrame: Error {}
