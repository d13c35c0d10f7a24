import Motion
import SegueValues

/// The page's decoder in Swift: reads a stream of server messages and rebuilds each frame's
/// display list from the records sent and the nodes of the previous frame, composing each node's
/// parent-relative geometry and opacity down the tree (docs/protocol.md, version 7).
///
/// After an error the remembered nodes may be half-updated; the stream recovers at the next
/// keyframe (the server sends one after every reset, e.g. on reconnect).
public struct FrameDecoder: Sendable {
    /// The previous frame's nodes in paint order, as composed for the caller.
    private var nodes: [DisplayNode] = []
    /// The same nodes' own values as the wire carries them: records apply to these.
    private var values: [WireNode] = []
    private var state = HeaderState()
    /// Scratch stack of ancestor indices while composing.
    private var parents: [Int] = []

    public init() {}

    public mutating func decode(_ bytes: [UInt8]) throws(ServerMessageError) -> ServerMessage {
        try bytes.withUnsafeBytes { bytes in
            Result { () throws(ServerMessageError) in try decode(bytes) }
        }.get()
    }

    private mutating func decode(_ bytes: UnsafeRawBufferPointer) throws(ServerMessageError) -> ServerMessage {
        guard bytes.count >= 2 else {
            if let version = bytes.first, version != WireProtocol.version { throw .unsupportedVersion(version) }
            throw .empty
        }
        guard bytes[0] == WireProtocol.version else { throw .unsupportedVersion(bytes[0]) }
        var reader = ByteReader(bytes)
        reader.skipHeader()
        let message: ServerMessage
        let type: MessageType
        switch MessageType(rawValue: bytes[1]) {
        case .hello?:
            type = .hello
            message = .hello(try Self.hello(from: &reader))
        case .frame?:
            type = .frame
            message = .frame(try frame(from: &reader, byteCount: bytes.count))
        case .pong?:
            type = .pong
            guard let milliseconds = reader.readFloat64(), let serverTime = reader.readFloat64() else {
                throw .truncated(.pong)
            }
            message = .pong(PongMessage(clientTime: milliseconds / 1000, serverTime: serverTime))
        case .error?:
            type = .error
            guard let code = reader.readLittleEndian(UInt16.self) else { throw .truncated(.error) }
            let text = try Self.string(from: &reader, in: .error)
            message = .error(ErrorMessage(code: ErrorCode(rawValue: code), message: text))
        case .animations?:
            type = .animations
            message = .animations(try Self.animations(from: &reader))
        case .share?:
            type = .share
            message = .share(try Self.share(from: &reader))
        case .release?:
            type = .release
            message = .release(try Self.release(from: &reader))
        default:
            throw .unknownType(bytes[1])
        }
        guard reader.isAtEnd else { throw .trailingBytes(type, count: reader.remaining) }
        return message
    }

    private static func animations(from reader: inout ByteReader) throws(ServerMessageError) -> AnimationsMessage {
        guard let count = reader.readUInt8() else { throw .truncated(.animations) }
        var entries: [AnimationsMessage.Entry] = []
        for _ in 0..<count {
            guard let kindCode = reader.readUInt8() else { throw .truncated(.animations) }
            guard let kind = AnimationTiming.Kind(rawValue: kindCode) else { throw .invalidCode("animation kind", kindCode) }
            let original = try timing(kind, from: &reader), current = try timing(kind, from: &reader)
            let label = try string(from: &reader, in: .animations)
            let originalCall = try string(from: &reader, in: .animations)
            let currentCall = try string(from: &reader, in: .animations)
            entries.append(AnimationsMessage.Entry(original: original.timing, current: current.timing, label: label,
                                                   originalCall: originalCall, currentCall: currentCall,
                                                   originalAngularFrequency: original.omega,
                                                   currentAngularFrequency: current.omega))
        }
        return AnimationsMessage(entries: entries)
    }

    /// One timing record of an animations entry (docs/protocol.md, 89 bytes).
    private static func timing(_ kind: AnimationTiming.Kind, from reader: inout ByteReader)
        throws(ServerMessageError) -> (timing: AnimationTiming, omega: Double) {
        guard let code = reader.readUInt8() else { throw .truncated(.animations) }
        guard let curve = AnimationTiming.Curve(rawValue: code) else { throw .invalidCode("animation curve", code) }
        var values: [Double] = []
        for _ in 0..<11 {
            guard let value = reader.readFloat64() else { throw .truncated(.animations) }
            values.append(value)
        }
        let timing = AnimationTiming(kind: kind, duration: values[0], curve: curve,
                                     controlPoint1: CGPoint(x: values[1], y: values[2]),
                                     controlPoint2: CGPoint(x: values[3], y: values[4]),
                                     dampingRatio: values[5], initialVelocity: values[6],
                                     mass: values[8], stiffness: values[9], damping: values[10])
        return (timing, values[7])
    }

    private static func share(from reader: inout ByteReader) throws(ServerMessageError) -> ShareMessage {
        guard let roleCode = reader.readUInt8(), let watchers = reader.readLittleEndian(UInt16.self),
              let limit = reader.readLittleEndian(UInt16.self),
              let digits = reader.readBytes(count: ShareToken.length) else { throw .truncated(.share) }
        guard let role = ShareRole(rawValue: roleCode) else { throw .invalidCode("share role", roleCode) }
        guard let token = ShareToken(digits: digits) else { throw .invalidCode("share token", digits.first ?? 0) }
        return ShareMessage(role: role, watcherCount: Int(watchers), watcherLimit: Int(limit), token: token)
    }

    private static func release(from reader: inout ByteReader) throws(ServerMessageError) -> ReleaseMessage {
        guard let operationCode = reader.readUInt8(), let decisionCode = reader.readUInt8(),
              let flags = reader.readUInt8() else { throw .truncated(.release) }
        var values: [Double] = []
        for _ in 0..<4 {
            guard let value = reader.readFloat64() else { throw .truncated(.release) }
            values.append(value)
        }
        guard let operation = TransitionStatus.Operation(wireCode: operationCode) else {
            throw .invalidCode("release operation", operationCode)
        }
        guard let decision = TransitionRelease.Decision(wireCode: decisionCode) else {
            throw .invalidCode("release decision", decisionCode)
        }
        guard flags & ~(ReleaseMessage.hasVelocity | ReleaseMessage.hasThreshold) == 0 else {
            throw .invalidCode("release flags", flags)
        }
        let hasVelocity = flags & ReleaseMessage.hasVelocity != 0
        return ReleaseMessage(TransitionRelease(
            operation: operation, decision: decision, progress: values[0],
            velocity: hasVelocity ? values[1] : nil, projectedProgress: hasVelocity ? values[2] : nil,
            threshold: flags & ReleaseMessage.hasThreshold != 0 ? values[3] : nil))
    }

    private static func hello(from reader: inout ByteReader) throws(ServerMessageError) -> HelloMessage {
        guard let fps = reader.readLittleEndian(UInt16.self) else { throw .truncated(.hello) }
        let current = try string(from: &reader, in: .hello)
        // Each name takes at least its length byte: a larger count cannot be honest.
        guard let count = reader.readVarint(), Int(count) <= reader.remaining else { throw .truncated(.hello) }
        var names: [String] = []
        for _ in 0..<count { names.append(try string(from: &reader, in: .hello)) }
        return HelloMessage(sceneNames: names, currentScene: current, framesPerSecond: Int(fps))
    }

    private static func string(from reader: inout ByteReader, in type: MessageType) throws(ServerMessageError) -> String {
        switch reader.readString() {
        case .string(let string): return string
        case .truncated: throw .truncated(type)
        case .invalidUTF8: throw .invalidUTF8(type)
        }
    }

    private mutating func frame(from reader: inout ByteReader, byteCount: Int) throws(ServerMessageError) -> DecodedFrame {
        guard let flagByte = reader.readUInt8(), let buildMicros = reader.readLittleEndian(UInt16.self) else {
            throw .truncated(.frame)
        }
        // Every bit has a meaning in version 7; a keyframe's are checked below.
        let flags = FrameFlags(rawValue: flagByte)
        let isKeyframe = flags.contains(.keyframe)
        if isKeyframe {
            guard flags.contains(.structure), !flags.contains(.sequence) else {
                throw .invalidCode("frame flags", flagByte)
            }
            guard let sequence = reader.readVarint(), let serverTime = reader.readFloat64(),
                  let width = reader.readVarint(), let height = reader.readVarint()
            else { throw .truncated(.frame) }
            state = HeaderState()
            state.sequence = sequence
            state.serverTime = serverTime
            state.serverMicros = FrameEncoder.microseconds(serverTime)
            state.viewport = CGSize(width: Double(width) / WireStep.lengthsPerPoint,
                                  height: Double(height) / WireStep.lengthsPerPoint)
            nodes.removeAll(keepingCapacity: true)
            values.removeAll(keepingCapacity: true)
        } else {
            guard state.viewport != nil else { throw .missingKeyframe }
            guard let step = reader.readSignedVarint() else { throw .truncated(.frame) }
            state.serverMicros &+= Int64(step)
            state.serverTime = Double(state.serverMicros) / 1e6
            if flags.contains(.sequence) {
                guard let sequence = reader.readVarint() else { throw .truncated(.frame) }
                state.sequence = sequence
            } else {
                state.sequence &+= 1
            }
        }
        if flags.contains(.state) {
            guard let byte = reader.readUInt8() else { throw .truncated(.frame) }
            try Self.validateState(byte)
            state.stateByte = byte
        }
        if flags.contains(.progress) {
            guard let progress = reader.readLittleEndian(UInt16.self) else { throw .truncated(.frame) }
            state.progress = progress
        }
        if flags.contains(.inputSequence) {
            guard let step = reader.readSignedVarint() else { throw .truncated(.frame) }
            state.inputSequence &+= UInt32(bitPattern: step)
        }
        if flags.contains(.hint) { state.hint = try Self.string(from: &reader, in: .frame) }
        if flags.contains(.touches) { state.touches = try Self.touches(from: &reader) }
        if flags.contains(.structure) { try readStructure(from: &reader) }
        var lastIndex = -1
        while !reader.isAtEnd {
            guard let skip = reader.readVarint(), let mask = reader.readVarint() else { throw .truncated(.frame) }
            let index = lastIndex + 1 + Int(skip)
            guard index < values.count else { throw .noSuchNode(index: index) }
            let fields = NodeFields(rawValue: mask)
            guard !fields.isEmpty, NodeFields.all.isSuperset(of: fields) else {
                throw .invalidCode("node fields", UInt8(truncatingIfNeeded: mask))
            }
            try Self.read(fields, of: &values[index], from: &reader)
            lastIndex = index
        }
        compose()
        let header = FrameHeader(sequence: state.sequence, serverTime: state.serverTime,
                                 buildDuration: Double(buildMicros) / 1e6, transition: state.transition,
                                 inputSequence: state.inputSequence, slowAnimations: state.stateByte & 0x80 != 0,
                                 touches: state.touches)
        let list = DisplayList(viewport: state.viewport ?? .zero, nodes: nodes, hint: state.hint)
        return DecodedFrame(header: header, isKeyframe: isKeyframe, displayList: list, byteCount: byteCount)
    }

    /// The operation in bits 0–2 and the phase in bits 3–5 are both 0 or both a code; bit 6
    /// (interactive) only with a transition.
    private static func validateState(_ byte: UInt8) throws(ServerMessageError) {
        let operation = byte & 0x07
        let phase = (byte >> 3) & 0x07
        if operation == 0 {
            guard phase == 0, byte & 0x40 == 0 else { throw .invalidCode("frame state", byte) }
        } else {
            guard TransitionStatus.Operation(wireCode: operation) != nil,
                  TransitionStatus.Phase(wireCode: phase) != nil
            else { throw .invalidCode("frame state", byte) }
        }
    }

    /// The touches part: at most `FrameHeader.maximumTouches`, each a distinct pointer id within
    /// 0…2³¹−1 and a location in 1/64 pt.
    private static func touches(from reader: inout ByteReader) throws(ServerMessageError) -> [FrameHeader.Touch] {
        guard let count = reader.readVarint() else { throw .truncated(.frame) }
        guard count <= FrameHeader.maximumTouches else {
            throw .invalidTouches("\(count) touches; at most \(FrameHeader.maximumTouches)")
        }
        var touches: [FrameHeader.Touch] = []
        touches.reserveCapacity(Int(count))
        for _ in 0..<count {
            guard let id = reader.readVarint(), let x = reader.readSignedVarint(), let y = reader.readSignedVarint() else {
                throw .truncated(.frame)
            }
            guard Int(id) <= FrameHeader.maximumPointerID else { throw .invalidTouches("pointer id \(id) above 2³¹−1") }
            guard !touches.contains(where: { $0.pointerID == Int(id) }) else {
                throw .invalidTouches("pointer id \(id) twice")
            }
            touches.append(FrameHeader.Touch(pointerID: Int(id), location: CGPoint(
                x: Double(x) / WireStep.lengthsPerPoint, y: Double(y) / WireStep.lengthsPerPoint)))
        }
        return touches
    }

    /// The new paint order: a node whose id was in the previous order keeps its values, any other
    /// starts from the defaults. Depths must form a tree in paint order (the first is 0, each at
    /// most one deeper than the one before).
    private mutating func readStructure(from reader: inout ByteReader) throws(ServerMessageError) {
        // Every entry takes at least two bytes: checking first keeps a forged count from reserving memory.
        guard let count = reader.readVarint(), Int(count) <= reader.remaining / 2 else { throw .truncated(.frame) }
        var previousIndex: [UInt32: Int] = [:]
        for (index, node) in nodes.enumerated() { previousIndex[node.id] = index }
        var newNodes: [DisplayNode] = []
        var newValues: [WireNode] = []
        newNodes.reserveCapacity(Int(count))
        newValues.reserveCapacity(Int(count))
        var id: UInt32 = 0
        var previousDepth = -1
        for _ in 0..<count {
            guard let step = reader.readSignedVarint(), let depth = reader.readVarint() else { throw .truncated(.frame) }
            id &+= UInt32(bitPattern: step)
            guard Int(depth) <= previousDepth + 1, let depth16 = UInt16(exactly: depth) else {
                throw .invalidCode("node depth", UInt8(truncatingIfNeeded: depth))
            }
            previousDepth = Int(depth)
            if let old = previousIndex.removeValue(forKey: id) {
                newValues.append(values[old])
            } else {
                newValues.append(WireNode())
            }
            newNodes.append(DisplayNode(id: id, name: "", depth: depth16))
        }
        nodes = newNodes
        values = newValues
    }

    /// Rebuilds every node from its wire values, composing transforms and alphas down the tree and
    /// counting descendants from the depths.
    private mutating func compose() {
        parents.removeAll(keepingCapacity: true)
        for index in nodes.indices {
            let depth = Int(nodes[index].depth)
            var node = values[index].displayNode(id: nodes[index].id, depth: nodes[index].depth)
            while parents.count > depth {
                let parent = parents.removeLast()
                nodes[parent].descendantCount = UInt32(index - parent - 1)
            }
            if let parent = parents.last {
                node.transform = node.localTransform.concatenating(nodes[parent].transform)
                node.alpha = node.ownAlpha * nodes[parent].alpha
            }
            nodes[index] = node
            parents.append(index)
        }
        while let parent = parents.popLast() {
            nodes[parent].descendantCount = UInt32(nodes.count - parent - 1)
        }
    }

    private static func read(_ fields: NodeFields, of node: inout WireNode,
                             from reader: inout ByteReader) throws(ServerMessageError) {
        if fields.contains(.position) {
            guard let x = reader.readSignedVarint(), let y = reader.readSignedVarint() else { throw .truncated(.frame) }
            node.position &+= SIMD2(x, y)
        }
        if fields.contains(.size) {
            guard let width = reader.readSignedVarint(), let height = reader.readSignedVarint() else {
                throw .truncated(.frame)
            }
            node.size &+= SIMD2(width, height)
        }
        if fields.contains(.linear) {
            for index in 0..<4 {
                guard let step = reader.readSignedVarint() else { throw .truncated(.frame) }
                node.linear[index] &+= step
            }
        }
        if fields.contains(.alpha) {
            guard let alpha = reader.readUInt8() else { throw .truncated(.frame) }
            node.alpha = alpha
        }
        if fields.contains(.backgroundColor) {
            guard let rgba = reader.readLittleEndian(UInt32.self) else { throw .truncated(.frame) }
            node.background = rgba
        }
        if fields.contains(.textColor) {
            guard let rgba = reader.readLittleEndian(UInt32.self) else { throw .truncated(.frame) }
            node.textColor = rgba
        }
        if fields.contains(.shape) {
            guard let radius = reader.readVarint(), let clip = reader.readUInt8() else { throw .truncated(.frame) }
            guard clip <= 1 else { throw .invalidCode("clip flag", clip) }
            node.cornerRadius = Int32(truncatingIfNeeded: radius)
            node.clipsToBounds = clip == 1
        }
        if fields.contains(.name) { node.name = try string(from: &reader, in: .frame) }
        if fields.contains(.text) {
            guard let lengthPlusOne = reader.readVarint() else { throw .truncated(.frame) }
            if lengthPlusOne == 0 {
                node.text = nil
            } else {
                guard let utf8 = reader.readBytes(count: Int(lengthPlusOne - 1)) else { throw .truncated(.frame) }
                guard let text = String(validating: utf8, as: UTF8.self) else { throw .invalidUTF8(.frame) }
                node.text = text
            }
        }
        if fields.contains(.fontSize) {
            guard let size = reader.readFloat32() else { throw .truncated(.frame) }
            node.fontSize = size
        }
        if fields.contains(.shadow) {
            guard let rgba = reader.readLittleEndian(UInt32.self) else { throw .truncated(.frame) }
            var shadow = SIMD4<Float>()
            for index in 0..<4 {
                guard let value = reader.readFloat32() else { throw .truncated(.frame) }
                shadow[index] = value
            }
            node.shadowColor = rgba
            node.shadow = shadow
        }
        if fields.contains(.border) {
            guard let width = reader.readFloat32(), let rgba = reader.readLittleEndian(UInt32.self) else {
                throw .truncated(.frame)
            }
            node.borderWidth = width
            node.borderColor = rgba
        }
        // A name from `Glyph`, or empty for none.
        if fields.contains(.glyph) {
            switch reader.readString() {
            case .truncated: throw .truncated(.frame)
            case .invalidUTF8: throw .invalidUTF8(.frame)
            case .string(let name):
                if name.isEmpty {
                    node.glyph = nil
                } else if let glyph = Glyph(rawValue: name) {
                    node.glyph = glyph
                } else {
                    throw .unknownGlyph(name)
                }
            }
        }
        if fields.contains(.fontWeight) {
            guard let byte = reader.readUInt8() else { throw .truncated(.frame) }
            guard let weight = FontWeight(rawValue: byte) else { throw .invalidCode("font weight", byte) }
            node.fontWeight = weight
        }
        if fields.contains(.textLayout) {
            guard let alignmentByte = reader.readUInt8(), let lines = reader.readUInt8() else { throw .truncated(.frame) }
            guard let alignment = TextAlignment(rawValue: alignmentByte) else {
                throw .invalidCode("text alignment", alignmentByte)
            }
            node.textAlignment = alignment
            node.numberOfLines = lines
        }
        if fields.contains(.corners) {
            guard let byte = reader.readUInt8() else { throw .truncated(.frame) }
            let corners = Corners(rawValue: byte)
            guard Corners.all.isSuperset(of: corners) else { throw .invalidCode("corners", byte) }
            node.corners = corners
        }
    }
}

/// The header values the page holds between frames; a keyframe resets them to these.
private struct HeaderState: Sendable {
    var sequence: UInt32 = 0
    var serverTime = 0.0
    var serverMicros: Int64 = 0
    /// Nil until the first keyframe: a frame before it cannot be read.
    var viewport: CGSize?
    var stateByte: UInt8 = 0
    var progress: UInt16 = 0
    var inputSequence: UInt32 = 0
    var hint = ""
    var touches: [FrameHeader.Touch] = []

    var transition: TransitionStatus? {
        guard let operation = TransitionStatus.Operation(wireCode: stateByte & 0x07),
              let phase = TransitionStatus.Phase(wireCode: (stateByte >> 3) & 0x07) else { return nil }
        return TransitionStatus(operation: operation, phase: phase, progress: Double(progress) / WireStep.progressSteps)
    }
}
