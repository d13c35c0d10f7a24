import Motion
import SegueValues

/// The page's decoder in Swift: reads a stream of server messages and rebuilds each frame's
/// display list from the sections sent and the nodes remembered from the previous frame.
///
/// After an error the remembered nodes may be half-updated; the stream recovers at the next
/// keyframe (the server sends one after every reset, e.g. on reconnect).
public struct FrameDecoder: Sendable {
    private var known: [UInt32: KnownNode] = [:]
    private var frameNumber: UInt64 = 0
    /// The screen's hint as last sent; a keyframe clears it.
    private var hint = ""

    public init() {}

    public mutating func decode(_ bytes: [UInt8]) throws(ServerMessageError) -> ServerMessage {
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
        case .springs?:
            type = .springs
            message = .springs(try Self.springs(from: &reader))
        default:
            throw .unknownType(bytes[1])
        }
        guard reader.isAtEnd else { throw .trailingBytes(type, count: reader.remaining) }
        return message
    }

    private static func springs(from reader: inout ByteReader) throws(ServerMessageError) -> SpringsMessage {
        guard let count = reader.readUInt8() else { throw .truncated(.springs) }
        var entries: [SpringsMessage.Entry] = []
        for _ in 0..<count {
            var timings: [SpringBlockTiming] = []
            for _ in 0..<2 {
                guard let d = reader.readFloat64(), let z = reader.readFloat64(), let v = reader.readFloat64() else {
                    throw .truncated(.springs)
                }
                timings.append(SpringBlockTiming(duration: d, dampingRatio: z, initialVelocity: v))
            }
            guard let omega = reader.readFloat64() else { throw .truncated(.springs) }
            entries.append(SpringsMessage.Entry(original: timings[0], current: timings[1], angularFrequency: omega))
        }
        return SpringsMessage(entries: entries)
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
        guard let flagByte = reader.readUInt8(), let operationCode = reader.readUInt8(),
              let phaseCode = reader.readUInt8(), let sequence = reader.readLittleEndian(UInt32.self),
              let inputSequence = reader.readLittleEndian(UInt32.self), let serverTime = reader.readFloat64(),
              let buildDuration = reader.readFloat32(), let progress = reader.readFloat32(),
              let width = reader.readFloat32(), let height = reader.readFloat32(),
              let nodeCount = reader.readLittleEndian(UInt32.self)
        else { throw .truncated(.frame) }
        let flags = FrameFlags(rawValue: flagByte)
        guard FrameFlags.known.isSuperset(of: flags) else { throw .invalidCode("frame flags", flagByte) }
        var transition: TransitionStatus?
        if flags.contains(.transition) {
            guard let operation = TransitionStatus.Operation(wireCode: operationCode) else {
                throw .invalidCode("transition operation", operationCode)
            }
            guard let phase = TransitionStatus.Phase(wireCode: phaseCode) else {
                throw .invalidCode("transition phase", phaseCode)
            }
            transition = TransitionStatus(operation: operation, phase: phase, progress: Double(progress),
                                          isInteractive: flags.contains(.interactive))
        }
        let header = FrameHeader(sequence: sequence, serverTime: serverTime, buildDuration: Double(buildDuration),
                                 transition: transition, inputSequence: inputSequence,
                                 slowAnimations: flags.contains(.slowAnimations))
        if flags.contains(.keyframe) { hint = "" }
        if flags.contains(.hint) { hint = try Self.string(from: &reader, in: .frame) }
        // Every record is at least 4 bytes; checking first keeps a forged count from reserving memory.
        guard Int(nodeCount) <= reader.remaining / 4 else { throw .truncated(.frame) }
        if flags.contains(.keyframe) { known.removeAll(keepingCapacity: true) }
        frameNumber &+= 1
        var list = DisplayList(viewport: Size(width: Double(width), height: Double(height)), hint: hint)
        list.nodes.reserveCapacity(Int(nodeCount))
        for _ in 0..<nodeCount {
            list.nodes.append(try node(from: &reader))
        }
        if known.count > 2 * list.nodes.count + 64 {
            let current = frameNumber
            known = known.filter { $0.value.frame == current }
        }
        return DecodedFrame(header: header, isKeyframe: flags.contains(.keyframe), displayList: list,
                            byteCount: byteCount)
    }

    private mutating func node(from reader: inout ByteReader) throws(ServerMessageError) -> DisplayNode {
        guard let id = reader.readVarint(), let depth = reader.readVarint(),
              let descendantCount = reader.readVarint(), let fieldByte = reader.readUInt8()
        else { throw .truncated(.frame) }
        guard let depth16 = UInt16(exactly: depth) else { throw .truncated(.frame) }
        var fields = NodeFields(rawValue: fieldByte)
        var depthFields: DepthFields = []
        if fields.contains(.more) {
            guard let depthByte = reader.readUInt8() else { throw .truncated(.frame) }
            depthFields = DepthFields(rawValue: depthByte)
            guard !depthFields.isEmpty, DepthFields.all.isSuperset(of: depthFields) else {
                throw .invalidCode("node depth fields", depthByte)
            }
            fields.remove(.more)
        }
        let previous = known[id]
        let isKnown = previous.map { $0.frame == frameNumber &- 1 && frameNumber > 1 } ?? false
        guard isKnown || fields == .all else { throw .missingNodeState(id: id) }
        var node = isKnown ? (previous?.node ?? DisplayNode(id: 0, name: "")) : DisplayNode(id: 0, name: "")
        node.id = id
        node.depth = depth16
        node.descendantCount = descendantCount
        try read(fields, of: &node, from: &reader)
        try read(depthFields, of: &node, from: &reader)
        known[id] = KnownNode(frame: frameNumber, node: node)
        return node
    }

    private func read(_ fields: NodeFields, of node: inout DisplayNode,
                      from reader: inout ByteReader) throws(ServerMessageError) {
        if fields.contains(.geometry) {
            var values = [Double](repeating: 0, count: 8)
            for index in 0..<8 {
                guard let value = reader.readFloat32() else { throw .truncated(.frame) }
                values[index] = Double(value)
            }
            node.transform = AffineTransform(a: values[0], b: values[1], c: values[2], d: values[3],
                                             tx: values[4], ty: values[5])
            node.size = Size(width: values[6], height: values[7])
        }
        if fields.contains(.alpha) {
            guard let alpha = reader.readFloat32() else { throw .truncated(.frame) }
            node.alpha = Double(alpha)
        }
        if fields.contains(.name) { node.name = try Self.string(from: &reader, in: .frame) }
        if fields.contains(.backgroundColor) {
            guard let rgba = reader.readLittleEndian(UInt32.self) else { throw .truncated(.frame) }
            node.backgroundColor = Color(packedRGBA: rgba)
        }
        if fields.contains(.shape) {
            guard let radius = reader.readFloat32(), let clip = reader.readUInt8() else { throw .truncated(.frame) }
            guard clip <= 1 else { throw .invalidCode("clip flag", clip) }
            node.cornerRadius = Double(radius)
            node.clipsToBounds = clip == 1
        }
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
        if fields.contains(.textStyle) {
            guard let fontSize = reader.readFloat32(), let rgba = reader.readLittleEndian(UInt32.self) else {
                throw .truncated(.frame)
            }
            node.fontSize = Double(fontSize)
            node.textColor = Color(packedRGBA: rgba)
        }
    }
}

extension FrameDecoder {
    /// The depth sections; an invisible shadow or border on the wire (opacity or width 0) is none.
    private func read(_ fields: DepthFields, of node: inout DisplayNode,
                      from reader: inout ByteReader) throws(ServerMessageError) {
        if fields.contains(.shadow) {
            guard let rgba = reader.readLittleEndian(UInt32.self), let opacity = reader.readFloat32(),
                  let radius = reader.readFloat32(), let dx = reader.readFloat32(), let dy = reader.readFloat32()
            else { throw .truncated(.frame) }
            let shadow = Shadow(color: Color(packedRGBA: rgba), opacity: Double(opacity), radius: Double(radius),
                                offset: Size(width: Double(dx), height: Double(dy)))
            node.shadow = shadow.isVisible ? shadow : .none
        }
        if fields.contains(.border) {
            guard let width = reader.readFloat32(), let rgba = reader.readLittleEndian(UInt32.self) else {
                throw .truncated(.frame)
            }
            let border = Border(width: Double(width), color: Color(packedRGBA: rgba))
            node.border = border.isVisible ? border : .none
        }
        // Protocol 4's glyph section: a name from `Glyph`, or empty for none.
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
    }
}

private struct KnownNode {
    var frame: UInt64
    var node: DisplayNode
}

