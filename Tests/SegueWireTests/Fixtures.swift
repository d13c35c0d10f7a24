import Motion
import SegueValues
@testable import SegueWire

/// Builds a node field by field; `transform` and `alpha` are the node's own, relative to its parent
/// (`composed` fills in the absolute ones).
func makeNode(id: UInt32, name: String, depth: UInt16, descendants: UInt32 = 0,
              size: CGSize, transform: CGAffineTransform = .identity, alpha: Double = 1,
              background: UIColor = .clear, cornerRadius: Double = 0, clips: Bool = false,
              text: String? = nil, textColor: UIColor = .black, fontSize: Double = 17) -> DisplayNode {
    var node = DisplayNode(id: 0, name: "")
    node.id = id
    node.name = name
    node.depth = depth
    node.descendantCount = descendants
    node.size = size
    node.transform = transform
    node.localTransform = transform
    node.alpha = alpha
    node.ownAlpha = alpha
    node.backgroundColor = background
    node.cornerRadius = cornerRadius
    node.clipsToBounds = clips
    node.text = text
    node.textColor = textColor
    node.fontSize = fontSize
    return node
}

/// Sets every node's absolute transform and alpha from its own ones and its parent's, as the
/// display-list builder does: local, then the parent's (`CGAffineTransform.concatenating`).
func composed(_ list: DisplayList) -> DisplayList {
    var list = list
    var parents: [Int] = []
    for index in list.nodes.indices {
        while parents.count > Int(list.nodes[index].depth) { parents.removeLast() }
        if let parent = parents.last {
            list.nodes[index].transform = list.nodes[index].localTransform.concatenating(list.nodes[parent].transform)
            list.nodes[index].alpha = list.nodes[index].ownAlpha * list.nodes[parent].alpha
        } else {
            list.nodes[index].transform = list.nodes[index].localTransform
            list.nodes[index].alpha = list.nodes[index].ownAlpha
        }
        parents.append(index)
    }
    return list
}

/// A push transition half way: the outgoing view slid left and dimmed, the incoming one (clipped,
/// with a header and a card) half on screen. Eight nodes, two with text; transforms are local.
func pushTransitionList() -> DisplayList {
    let phone = CGSize(width: 390, height: 844)
    return composed(DisplayList(viewport: phone, nodes: [
        makeNode(id: 1, name: "window", depth: 0, descendants: 7, size: phone, background: .black),
        makeNode(id: 2, name: "inbox.view", depth: 1, descendants: 2, size: phone,
                 transform: CGAffineTransform(translationX: -58.5, y: 0), background: UIColor(white: 0.9, alpha: 1)),
        makeNode(id: 3, name: "inbox.title", depth: 2, size: CGSize(width: 390, height: 44),
                 transform: CGAffineTransform(translationX: 0, y: 47), text: "Inbox", fontSize: 17),
        makeNode(id: 4, name: "inbox.row", depth: 2, size: CGSize(width: 358, height: 72),
                 transform: CGAffineTransform(translationX: 16, y: 120), background: .white, cornerRadius: 12),
        makeNode(id: 5, name: "message.view", depth: 1, descendants: 3, size: phone,
                 transform: CGAffineTransform(translationX: 195, y: 0), background: .white, clips: true),
        makeNode(id: 6, name: "message.header", depth: 2, descendants: 1, size: CGSize(width: 390, height: 96),
                 background: .systemBlue),
        makeNode(id: 7, name: "message.title", depth: 3, size: CGSize(width: 390, height: 44),
                 transform: CGAffineTransform(translationX: 0, y: 47), text: "Message",
                 textColor: .white, fontSize: 17),
        makeNode(id: 8, name: "message.card", depth: 2, size: CGSize(width: 358, height: 200),
                 transform: CGAffineTransform(a: 0.98, b: 0.02, c: -0.02, d: 0.98, tx: 16, ty: 140),
                 alpha: 0.8, background: .systemTeal, cornerRadius: 16),
    ]))
}

/// Values chosen exact at the wire's steps (whole µs build time, progress 2¹⁵/65535) so a
/// header round-trips exactly.
let pushHeader = FrameHeader(sequence: 42, serverTime: 12.5, buildDuration: 0.000_244,
                             transition: TransitionStatus(operation: .push, phase: .interactive,
                                                          progress: 32768.0 / 65535),
                             inputSequence: 17)

/// The second frame of the push list, in which node 6 changed by `change`, and a decoder that
/// read the keyframe before it: for tests that corrupt a record's section.
func keyframeThenSecondFrame(_ change: (inout DisplayNode) -> Void) throws -> ([UInt8], FrameDecoder) {
    var encoder = FrameEncoder()
    var buffer: [UInt8] = []
    var list = pushTransitionList()
    encoder.encode(list, header: pushHeader, into: &buffer)
    var decoder = FrameDecoder()
    _ = try decoder.decode(buffer)
    change(&list.nodes[6])
    var next = pushHeader
    next.sequence += 1
    encoder.encode(list, header: next, into: &buffer)
    return (buffer, decoder)
}

/// A list as the page reconstructs it: own values rounded to the wire's steps (1/64 pt, 1/1024,
/// 1/255, color bytes, Float32), then composed down the tree. Written apart from the decoder so
/// the round-trip tests compare it with an independent reading of docs/protocol.md.
func quantised(_ list: DisplayList) -> DisplayList {
    func step(_ value: Double, _ units: Double) -> Double { (value * units).rounded() / units }
    var list = list
    list.viewport = CGSize(width: step(list.viewport.width, 64), height: step(list.viewport.height, 64))
    for index in list.nodes.indices {
        var node = list.nodes[index]
        let t = node.localTransform
        node.localTransform = CGAffineTransform(a: step(t.a, 1024), b: step(t.b, 1024), c: step(t.c, 1024),
                                              d: step(t.d, 1024), tx: step(t.tx, 64), ty: step(t.ty, 64))
        node.size = CGSize(width: step(node.size.width, 64), height: step(node.size.height, 64))
        node.ownAlpha = step(min(max(node.ownAlpha, 0), 1), 255)
        node.backgroundColor = UIColor(packedRGBA: node.backgroundColor.packedRGBA)
        node.cornerRadius = max(step(node.cornerRadius, 64), 0)
        node.textColor = UIColor(packedRGBA: node.textColor.packedRGBA)
        node.fontSize = Double(Float(node.fontSize))
        if node.shadow.isVisible {
            let s = node.shadow
            node.shadow = Shadow(color: UIColor(packedRGBA: s.color.packedRGBA), opacity: float32(s.opacity),
                                 radius: float32(s.radius),
                                 offset: CGSize(width: float32(s.offset.width), height: float32(s.offset.height)))
        } else {
            node.shadow = .none
        }
        node.border = node.border.isVisible
            ? Border(width: float32(node.border.width), color: UIColor(packedRGBA: node.border.color.packedRGBA)) : .none
        list.nodes[index] = node
    }
    return composed(list)
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
