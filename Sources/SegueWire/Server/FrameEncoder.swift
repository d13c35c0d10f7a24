import Motion
import SegueValues

/// Turns one connection's display lists into frame messages, sending each node's names, colors,
/// texts and geometry only when they differ from what this client last received for that id.
///
/// It also decides, in the same pass and at the same wire precision, whether a frame would show
/// the client anything at all: `encode` returns `false` for a frame whose every node, the
/// structure, the viewport, the transition, the input sequence and the flags would read back as in
/// the previous frame. Such a frame need not be sent (that is what makes an idle scene free); the
/// encoder's state is then exactly as if it had been, so sending or skipping it are both correct.
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
    /// The previous frame's header fields that "changed" compares, as written.
    private var lastHeader: HeaderKey?
    /// The previous frame's records in order: id, depth and descendants, which may change while
    /// every value stays put (a view brought to the front).
    private var lastShapes: [NodeShape] = []
    /// The hint the client has; empty after a reset (a keyframe clears it).
    private var sentHint = ""

    public init() {}

    /// Forgets everything the client holds: the next frame is a keyframe with every node in full.
    public mutating func reset() {
        sent.removeAll(keepingCapacity: true)
        sentHint = ""
        needsKeyframe = true
    }

    /// Replaces `buffer`'s contents with the frame message for `list`, and returns whether it shows
    /// the client anything the previous frame did not (always true for a keyframe). Reuse one
    /// buffer per connection: in steady state this allocates nothing.
    @discardableResult
    public mutating func encode(_ list: DisplayList, header: FrameHeader, into buffer: inout [UInt8]) -> Bool {
        frameNumber &+= 1
        var flags: FrameFlags = []
        var changed = needsKeyframe
        if needsKeyframe {
            flags.insert(.keyframe)
            needsKeyframe = false
        }
        if list.hint != sentHint {
            flags.insert(.hint)
            sentHint = list.hint
            changed = true
        }
        buffer.removeAll(keepingCapacity: true)
        buffer.reserveCapacity(FrameHeader.encodedSize + list.nodes.count * Self.typicalFullNodeSize)
        let headerKey = writeHeader(header, flags: flags, viewport: list.viewport, nodeCount: list.nodes.count,
                                    into: &buffer)
        if flags.contains(.hint) { buffer.appendString(list.hint) }
        if headerKey != lastHeader {
            lastHeader = headerKey
            changed = true
        }
        let previousFrame = frameNumber &- 1
        for (index, node) in list.nodes.enumerated() {
            let (fields, depthFields) = sent[node.id, default: SentNode()].update(to: node, frame: frameNumber,
                                                                                 previousFrame: previousFrame)
            let shape = NodeShape(id: node.id, depth: node.depth, descendants: node.descendantCount)
            if index < lastShapes.count {
                if lastShapes[index] != shape {
                    lastShapes[index] = shape
                    changed = true
                }
            } else {
                lastShapes.append(shape)
                changed = true
            }
            if !fields.isEmpty || !depthFields.isEmpty { changed = true }
            writeNode(node, fields: fields, depthFields: depthFields, into: &buffer)
        }
        if lastShapes.count > list.nodes.count {
            lastShapes.removeLast(lastShapes.count - list.nodes.count)
            changed = true
        }
        pruneIfNeeded(nodeCount: list.nodes.count)
        return changed
    }

    /// Overwrites the build-duration field of a frame `encode` wrote, so the time can be measured
    /// after the encoder has decided the frame goes out.
    public static func setBuildDuration(_ seconds: Double, in buffer: inout [UInt8]) {
        let bits = Float(seconds).bitPattern
        for byte in 0..<4 {
            buffer[FrameHeader.buildDurationOffset + byte] = UInt8(truncatingIfNeeded: bits >> (8 * byte))
        }
    }

    /// What "none" is on the wire: every byte zero.
    private static let noShadow = Shadow(color: .clear, opacity: 0, radius: 0, offset: .zero)
    private static let noBorder = Border(width: 0, color: .clear)

    /// How many node ids the encoder remembers: tests check that pruning bounds it.
    var rememberedNodeCount: Int { sent.count }

    /// A full record with a short name and no text: sizes the first reservation so a keyframe
    /// rarely grows the buffer twice.
    private static let typicalFullNodeSize = 80

    /// Writes the header and returns the fields of it that "changed" compares: all but the
    /// keyframe bit, the sequence number and the two times, which differ in every frame.
    private func writeHeader(_ header: FrameHeader, flags: FrameFlags, viewport: Size, nodeCount: Int,
                             into buffer: inout [UInt8]) -> HeaderKey {
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
        return HeaderKey(flags: flags.subtracting([.keyframe, .hint]).rawValue,
                         operation: header.transition?.operation.wireCode ?? 0,
                         phase: header.transition?.phase.wireCode ?? 0, inputSequence: header.inputSequence,
                         progress: Float(header.transition?.progress ?? 0),
                         viewport: SIMD2<Float>(Float(viewport.width), Float(viewport.height)))
    }

    private func writeNode(_ node: DisplayNode, fields: NodeFields, depthFields: DepthFields,
                           into buffer: inout [UInt8]) {
        buffer.appendVarint(node.id)
        buffer.appendVarint(UInt32(node.depth))
        buffer.appendVarint(node.descendantCount)
        if depthFields.isEmpty {
            buffer.append(fields.rawValue)
        } else {
            buffer.append(fields.union(.more).rawValue)
            buffer.append(depthFields.rawValue)
        }
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
        if depthFields.contains(.shadow) {
            let shadow = node.shadow.isVisible ? node.shadow : Self.noShadow
            buffer.appendColor(shadow.color.packedRGBA)
            buffer.appendFloat32(shadow.opacity)
            buffer.appendFloat32(shadow.radius)
            buffer.appendFloat32(shadow.offset.width)
            buffer.appendFloat32(shadow.offset.height)
        }
        if depthFields.contains(.border) {
            let border = node.border.isVisible ? node.border : Self.noBorder
            buffer.appendFloat32(border.width)
            buffer.appendColor(border.color.packedRGBA)
        }
        // Protocol 4's glyph section (docs/protocol.md, "Depth fields"): the name, empty for none.
        if depthFields.contains(.glyph) { buffer.appendString(node.glyph?.rawValue ?? "") }
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

/// The header fields of a frame that can differ between two frames of the same world.
private struct HeaderKey: Equatable {
    var flags: UInt8
    var operation: UInt8
    var phase: UInt8
    var inputSequence: UInt32
    var progress: Float
    var viewport: SIMD2<Float>
}

/// A record's place in the tree, sent in every record whatever changed.
private struct NodeShape: Equatable {
    var id: UInt32
    var depth: UInt16
    var descendants: UInt32
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
    /// Color, opacity, radius, offset; all zero for none, what a client assumes for a new node.
    var shadow = SIMD4<Float>()
    var shadowColor: UInt32 = 0
    var borderWidth: Float = 0
    var borderColor: UInt32 = 0
    var glyph: Glyph?

    /// Records `node` as sent in `frame` and returns the sections that must go on the wire: all of
    /// the first mask's when the client did not have this node in `previousFrame`; of the depth
    /// sections, those that differ from what the client has (from none, for a new node).
    mutating func update(to node: DisplayNode, frame: UInt64, previousFrame: UInt64) -> (NodeFields, DepthFields) {
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
        var depthFields: DepthFields = []
        if !known {
            shadow = SIMD4<Float>()
            shadowColor = 0
            borderWidth = 0
            borderColor = 0
            glyph = nil
        }
        // A shadow or border that draws nothing is sent as none, so it costs nothing.
        let newShadow = node.shadow.isVisible
            ? SIMD4<Float>(Float(node.shadow.opacity), Float(node.shadow.radius), Float(node.shadow.offset.width),
                           Float(node.shadow.offset.height))
            : SIMD4<Float>()
        let newShadowColor = node.shadow.isVisible ? node.shadow.color.packedRGBA : 0
        if newShadow != shadow || newShadowColor != shadowColor {
            shadow = newShadow
            shadowColor = newShadowColor
            depthFields.insert(.shadow)
        }
        let newBorderWidth = node.border.isVisible ? Float(node.border.width) : 0
        let newBorderColor = node.border.isVisible ? node.border.color.packedRGBA : 0
        if newBorderWidth != borderWidth || newBorderColor != borderColor {
            borderWidth = newBorderWidth
            borderColor = newBorderColor
            depthFields.insert(.border)
        }
        if node.glyph != glyph {
            glyph = node.glyph
            depthFields.insert(.glyph)
        }
        return (fields, depthFields)
    }
}
