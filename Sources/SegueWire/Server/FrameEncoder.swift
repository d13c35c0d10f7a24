import Motion
import SegueKit

/// Turns one connection's display lists into frame messages, sending each node's names, colors,
/// texts and geometry only when they differ from what this client last received for that id.
///
/// The encoder assumes the client receives every frame it encodes, in order: encode a frame only
/// when it will be sent (e.g. in the transport's writable callback), and call `reset()` whenever
/// that chain breaks — a new connection, a new scene, a new viewport, a dropped frame.
public struct FrameEncoder: Sendable {
    /// What the client holds for each node id, as the wire rounded it.
    private var sent: [UInt32: SentNode] = [:]
    /// Counts frames since the last reset; a node is known to the client only when it was in the
    /// previous frame (nodes absent from a frame are gone on both ends).
    private var frameNumber: UInt64 = 0
    private var needsKeyframe = true

    public init() {}

    /// Forgets everything the client holds: the next frame is a keyframe with every node in full.
    public mutating func reset() {
        sent.removeAll(keepingCapacity: true)
        needsKeyframe = true
    }

    /// Replaces `buffer`'s contents with the frame message for `list`. Reuse one buffer per
    /// connection: in steady state this allocates nothing.
    public mutating func encode(_ list: DisplayList, header: FrameHeader, into buffer: inout [UInt8]) {
        frameNumber &+= 1
        var flags: FrameFlags = []
        if needsKeyframe {
            flags.insert(.keyframe)
            needsKeyframe = false
        }
        buffer.removeAll(keepingCapacity: true)
        buffer.reserveCapacity(FrameHeader.encodedSize + list.nodes.count * Self.typicalFullNodeSize)
        writeHeader(header, flags: flags, viewport: list.viewport, nodeCount: list.nodes.count, into: &buffer)
        let previousFrame = frameNumber &- 1
        for node in list.nodes {
            let fields = sent[node.id, default: SentNode()].update(to: node, frame: frameNumber,
                                                                   previousFrame: previousFrame)
            writeNode(node, fields: fields, into: &buffer)
        }
        pruneIfNeeded(nodeCount: list.nodes.count)
    }

    /// How many node ids the encoder remembers: tests check that pruning bounds it.
    var rememberedNodeCount: Int { sent.count }

    /// A full record with a short name and no text: sizes the first reservation so a keyframe
    /// rarely grows the buffer twice.
    private static let typicalFullNodeSize = 80

    private func writeHeader(_ header: FrameHeader, flags: FrameFlags, viewport: Size, nodeCount: Int,
                             into buffer: inout [UInt8]) {
        var flags = flags
        if header.transition != nil { flags.insert(.transition) }
        if header.transition?.isInteractive == true { flags.insert(.interactive) }
        if header.slowAnimations { flags.insert(.slowAnimations) }
        buffer.append(WireProtocol.version)
        buffer.append(MessageType.frame.rawValue)
        buffer.append(flags.rawValue)
        buffer.append(header.transition?.operation.wireCode ?? 0)
        buffer.append(header.transition?.phase.wireCode ?? 0)
        buffer.appendLittleEndian(header.sequence)
        buffer.appendLittleEndian(header.inputSequence)
        buffer.appendFloat64(header.serverTime)
        buffer.appendFloat32(header.buildDuration)
        buffer.appendFloat32(header.transition?.progress ?? 0)
        buffer.appendFloat32(viewport.width)
        buffer.appendFloat32(viewport.height)
        buffer.appendLittleEndian(UInt32(clamping: nodeCount))
    }

    private func writeNode(_ node: DisplayNode, fields: NodeFields, into buffer: inout [UInt8]) {
        buffer.appendVarint(node.id)
        buffer.appendVarint(UInt32(node.depth))
        buffer.appendVarint(node.descendantCount)
        buffer.append(fields.rawValue)
        if fields.contains(.geometry) {
            let t = node.transform
            buffer.appendFloat32(t.a)
            buffer.appendFloat32(t.b)
            buffer.appendFloat32(t.c)
            buffer.appendFloat32(t.d)
            buffer.appendFloat32(t.tx)
            buffer.appendFloat32(t.ty)
            buffer.appendFloat32(node.size.width)
            buffer.appendFloat32(node.size.height)
        }
        if fields.contains(.alpha) { buffer.appendFloat32(node.alpha) }
        if fields.contains(.name) { buffer.appendString(node.name) }
        if fields.contains(.backgroundColor) { buffer.appendColor(node.backgroundColor.packedRGBA) }
        if fields.contains(.shape) {
            buffer.appendFloat32(node.cornerRadius)
            buffer.append(node.clipsToBounds ? 1 : 0)
        }
        if fields.contains(.text) {
            if let text = node.text {
                buffer.appendVarint(UInt32(clamping: text.utf8.count) &+ 1)
                buffer.append(contentsOf: text.utf8)
            } else {
                buffer.appendVarint(0)
            }
        }
        if fields.contains(.textStyle) {
            buffer.appendFloat32(node.fontSize)
            buffer.appendColor(node.textColor.packedRGBA)
        }
    }

    /// Scenes that create views as they go (snapshots, new controllers) bring new ids for the life
    /// of the session; drop entries for nodes gone from the screen once they outnumber the live
    /// ones, so the table stays proportional to what is drawn. Rare, so its one allocation is fine.
    private mutating func pruneIfNeeded(nodeCount: Int) {
        guard sent.count > 2 * nodeCount + Self.prunableSlack else { return }
        let current = frameNumber
        sent = sent.filter { $0.value.frame == current }
    }

    /// Stale entries tolerated before pruning, so a small scene never prunes every frame.
    private static let prunableSlack = 64
}

/// One node as the client last received it, in wire precision, so "changed" means "would send
/// different bytes". Strings are kept by reference: assigning an unchanged one copies nothing.
private struct SentNode {
    var frame: UInt64 = 0
    var geometry = SIMD8<Float>()
    var alpha: Float = 0
    var name = ""
    var backgroundColor: UInt32 = 0
    var cornerRadius: Float = 0
    var clipsToBounds = false
    var text: String?
    var fontSize: Float = 0
    var textColor: UInt32 = 0

    /// Records `node` as sent in `frame` and returns the sections that must go on the wire: all of
    /// them when the client did not have this node in `previousFrame`.
    mutating func update(to node: DisplayNode, frame: UInt64, previousFrame: UInt64) -> NodeFields {
        let known = self.frame == previousFrame && previousFrame != 0
        self.frame = frame
        var fields: NodeFields = []
        let t = node.transform
        let newGeometry = SIMD8<Float>(Float(t.a), Float(t.b), Float(t.c), Float(t.d), Float(t.tx), Float(t.ty),
                                       Float(node.size.width), Float(node.size.height))
        if !known || newGeometry != geometry {
            geometry = newGeometry
            fields.insert(.geometry)
        }
        let newAlpha = Float(node.alpha)
        if !known || newAlpha != alpha {
            alpha = newAlpha
            fields.insert(.alpha)
        }
        if !known || node.name != name {
            name = node.name
            fields.insert(.name)
        }
        let newBackground = node.backgroundColor.packedRGBA
        if !known || newBackground != backgroundColor {
            backgroundColor = newBackground
            fields.insert(.backgroundColor)
        }
        let newRadius = Float(node.cornerRadius)
        if !known || newRadius != cornerRadius || node.clipsToBounds != clipsToBounds {
            cornerRadius = newRadius
            clipsToBounds = node.clipsToBounds
            fields.insert(.shape)
        }
        if !known || node.text != text {
            text = node.text
            fields.insert(.text)
        }
        let newFontSize = Float(node.fontSize)
        let newTextColor = node.textColor.packedRGBA
        if !known || newFontSize != fontSize || newTextColor != textColor {
            fontSize = newFontSize
            textColor = newTextColor
            fields.insert(.textStyle)
        }
        return fields
    }
}
