import Motion
import SegueValues

extension ClientMessage {
    /// Validates and decodes one complete WebSocket message from the page. Total: any byte
    /// sequence yields a message or a `ClientMessageError`, never a trap.
    public init(decoding bytes: [UInt8]) throws(ClientMessageError) {
        self = try bytes.withUnsafeBytes { bytes in
            Result { () throws(ClientMessageError) in try ClientMessage(decoding: bytes) }
        }.get()
    }

    /// `init(decoding:)` for bytes read where they lie, a transport's receive buffer: nothing is
    /// copied but a scene name's or a token's few bytes.
    public init(decoding bytes: UnsafeRawBufferPointer) throws(ClientMessageError) {
        guard !bytes.isEmpty else { throw .empty }
        guard bytes.count <= ClientLimits.maximumMessageSize else { throw .tooLarge(byteCount: bytes.count) }
        guard bytes[0] == WireProtocol.version else { throw .unsupportedVersion(bytes[0]) }
        guard bytes.count >= 2 else { throw .missingType }
        guard let type = MessageType(rawValue: bytes[1]), let fixedSize = Self.fixedSize(of: type) else {
            throw .unknownType(bytes[1])
        }
        var reader = ByteReader(bytes)
        reader.skipHeader()
        if type == .scene {
            self = .chooseScene(try Self.sceneName(from: &reader, messageSize: bytes.count))
            return
        }
        guard bytes.count == fixedSize else { throw .wrongLength(type, expected: fixedSize, actual: bytes.count) }
        switch type {
        case .pointer: self = try Self.pointer(from: &reader)
        case .viewport: self = .viewport(try Self.viewport(from: &reader))
        case .ping: self = .ping(clientTime: try Self.milliseconds(reader.readFloat64(), .clientTime) / 1000)
        case .slowAnimations: self = .setSlowAnimations(try Self.flag(reader.readUInt8(), .slowAnimations))
        case .scrub: self = .scrub(try Self.scrub(from: &reader))
        case .tuneAnimation: self = try Self.tuneAnimation(from: &reader)
        case .listAnimations: self = .listAnimations
        case .resetAnimation:
            let index = reader.readUInt8() ?? 0
            self = .resetAnimation(index: index == ClientMessage.everyAnimation ? nil : index)
        case .requestShare: self = .requestShare
        case .watch: self = .watch(try Self.shareToken(from: &reader))
        case .handOver: self = .handOver
        default: throw .unknownType(type.rawValue)
        }
    }

    /// Exact sizes of the fixed-layout client messages (a scene choice is 3 + name bytes); nil for
    /// server-to-client types.
    static func fixedSize(of type: MessageType) -> Int? {
        switch type {
        case .pointer: 28
        case .viewport: 14
        case .scene: 3
        case .ping: 10
        case .slowAnimations: 3
        case .scrub: 11
        case .tuneAnimation: 28
        case .listAnimations: 2
        case .resetAnimation: 3
        case .requestShare: 2
        case .watch: 2 + ShareToken.length
        case .handOver: 2
        default: nil
        }
    }

    private static func pointer(from reader: inout ByteReader) throws(ClientMessageError) -> ClientMessage {
        // The length was checked, so every read below succeeds; `?? 0` only satisfies the type.
        let phaseCode = reader.readUInt8() ?? 0
        let kindCode = reader.readUInt8() ?? 0
        guard let phase = PointerEvent.Phase(wireCode: phaseCode) else { throw .unknownCode(.pointerPhase, phaseCode) }
        guard let kind = PointerEvent.Kind(wireCode: kindCode) else { throw .unknownCode(.pointerKind, kindCode) }
        let sequence = reader.readLittleEndian(UInt32.self) ?? 0
        let pointerID = reader.readLittleEndian(UInt32.self) ?? 0
        guard ClientLimits.pointerID.contains(pointerID) else { throw .outOfRange(.pointerID, Double(pointerID)) }
        let x = try value(reader.readFloat32().map(Double.init), .x, in: ClientLimits.coordinate)
        let y = try value(reader.readFloat32().map(Double.init), .y, in: ClientLimits.coordinate)
        let milliseconds = try milliseconds(reader.readFloat64(), .timestamp)
        let event = PointerEvent(phase: phase, pointerID: Int(pointerID), kind: kind,
                                 location: CGPoint(x: x, y: y), timestamp: milliseconds / 1000)
        return .pointer(event, sequence: sequence)
    }

    private static func scrub(from reader: inout ByteReader) throws(ClientMessageError) -> ScrubCommand {
        let code = reader.readUInt8() ?? 0
        let raw = reader.readFloat64() ?? .nan
        guard let kind = ScrubCommand.WireKind(rawValue: code) else { throw .unknownCode(.scrubCommand, code) }
        switch kind {
        case .seek:
            return .seek(progress: try value(raw, .scrubProgress, in: ClientLimits.scrubProgress))
        case .step:
            let frames = try value(raw, .scrubStep, in: ClientLimits.scrubStepFrames)
            guard frames != 0, frames == frames.rounded() else { throw .outOfRange(.scrubStep, frames) }
            return .step(frames: Int(frames))
        case .pause, .finish, .cancel:
            guard try value(raw, .scrubValue, in: 0...0) == 0 else { throw .outOfRange(.scrubValue, raw) }
            return kind == .pause ? .pause : kind == .finish ? .finish : .cancel
        }
    }

    /// Ranges every kind shares; whether the edit fits its entry's kind is the session's check
    /// (`AnimationTiming.applying`), which knows the entry.
    private static func tuneAnimation(from reader: inout ByteReader) throws(ClientMessageError) -> ClientMessage {
        let index = reader.readUInt8() ?? 0
        let code = reader.readUInt8() ?? 0
        let duration = try value(reader.readFloat64(), .tuneDuration, in: AnimationTiming.durationRange)
        let damping = try value(reader.readFloat64(), .tuneDampingRatio, in: 0...SpringBlockTiming.dampingRatioRange.upperBound)
        let velocity = try value(reader.readFloat64(), .tuneVelocity, in: SpringBlockTiming.velocityRange)
        guard let curve = AnimationTiming.Curve(rawValue: code) else { throw .unknownCode(.tuneCurve, code) }
        return .tuneAnimation(index: index, edit: TimingEdit(duration: duration, curve: curve, dampingRatio: damping,
                                                             initialVelocity: velocity))
    }

    private static func shareToken(from reader: inout ByteReader) throws(ClientMessageError) -> ShareToken {
        guard let digits = reader.readBytes(count: ShareToken.length), let token = ShareToken(digits: digits) else {
            throw .invalidShareToken
        }
        return token
    }

    private static func viewport(from reader: inout ByteReader) throws(ClientMessageError) -> Viewport {
        let width = try value(reader.readFloat32().map(Double.init), .width, in: ClientLimits.viewportSide)
        let height = try value(reader.readFloat32().map(Double.init), .height, in: ClientLimits.viewportSide)
        let ratio = try value(reader.readFloat32().map(Double.init), .devicePixelRatio,
                              in: ClientLimits.devicePixelRatio)
        return Viewport(size: CGSize(width: width, height: height), devicePixelRatio: ratio)
    }

    private static func sceneName(from reader: inout ByteReader, messageSize: Int) throws(ClientMessageError) -> String {
        guard let length = reader.readUInt8() else { throw .wrongLength(.scene, expected: 3, actual: messageSize) }
        guard length > 0 else { throw .invalidSceneName(.empty) }
        guard ClientLimits.sceneNameBytes.contains(Int(length)) else {
            throw .invalidSceneName(.tooLong(byteCount: Int(length)))
        }
        let expected = 3 + Int(length)
        guard messageSize == expected, let utf8 = reader.readBytes(count: Int(length)) else {
            throw .wrongLength(.scene, expected: expected, actual: messageSize)
        }
        guard let name = String(validating: utf8, as: UTF8.self) else { throw .invalidSceneName(.notUTF8) }
        guard name.unicodeScalars.allSatisfy(isPrintable) else { throw .invalidSceneName(.notPrintable) }
        return name
    }

    private static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned: false
        default: true
        }
    }

    private static func milliseconds(_ raw: Double?, _ field: ClientField) throws(ClientMessageError) -> Double {
        try value(raw, field, in: ClientLimits.timestampMilliseconds)
    }

    private static func value(_ raw: Double?, _ field: ClientField,
                              in range: ClosedRange<Double>) throws(ClientMessageError) -> Double {
        let number = raw ?? .nan
        guard number.isFinite else { throw .notFinite(field) }
        guard range.contains(number) else { throw .outOfRange(field, number) }
        return number
    }

    private static func flag(_ raw: UInt8?, _ field: ClientField) throws(ClientMessageError) -> Bool {
        switch raw {
        case 0: false
        case 1: true
        default: throw .unknownCode(field, raw ?? 0)
        }
    }
}

extension ByteReader {
    /// Moves past the version and type bytes every message starts with.
    mutating func skipHeader() {
        _ = readBytes(count: 2)
    }
}
