extension ClientMessage {
    /// The bytes the page sends for this message: what tests and load tools feed the decoder.
    /// Values are written as the page writes them (Float32 coordinates, milliseconds), unchecked,
    /// so a test can also build messages the decoder must reject.
    public func encoded() -> [UInt8] {
        var buffer: [UInt8] = [WireProtocol.version]
        switch self {
        case .pointer(let event, let sequence):
            buffer.append(MessageType.pointer.rawValue)
            buffer.append(event.phase.wireCode)
            buffer.append(event.kind.wireCode)
            buffer.appendLittleEndian(sequence)
            buffer.appendLittleEndian(UInt32(truncatingIfNeeded: event.pointerID))
            buffer.appendFloat32(event.location.x)
            buffer.appendFloat32(event.location.y)
            buffer.appendFloat64(event.timestamp * 1000)
        case .viewport(let viewport):
            buffer.append(MessageType.viewport.rawValue)
            buffer.appendFloat32(viewport.size.width)
            buffer.appendFloat32(viewport.size.height)
            buffer.appendFloat32(viewport.devicePixelRatio)
        case .chooseScene(let name):
            buffer.append(MessageType.scene.rawValue)
            buffer.append(UInt8(clamping: name.utf8.count))
            buffer.append(contentsOf: name.utf8)
        case .ping(let clientTime):
            buffer.append(MessageType.ping.rawValue)
            buffer.appendFloat64(clientTime * 1000)
        case .setSlowAnimations(let on):
            buffer.append(MessageType.slowAnimations.rawValue)
            buffer.append(on ? 1 : 0)
        case .scrub(let command):
            buffer.append(MessageType.scrub.rawValue)
            buffer.append(command.wireKind.rawValue)
            buffer.appendFloat64(command.wireValue)
        case .tuneAnimation(let index, let edit):
            buffer.append(MessageType.tuneAnimation.rawValue)
            buffer.append(index)
            buffer.append(edit.curve.rawValue)
            buffer.appendFloat64(edit.duration)
            buffer.appendFloat64(edit.dampingRatio)
            buffer.appendFloat64(edit.initialVelocity)
        case .listAnimations:
            buffer.append(MessageType.listAnimations.rawValue)
        case .resetAnimation(let index):
            buffer.append(MessageType.resetAnimation.rawValue)
            buffer.append(index ?? ClientMessage.everyAnimation)
        case .requestShare:
            buffer.append(MessageType.requestShare.rawValue)
        case .watch(let token):
            buffer.append(MessageType.watch.rawValue)
            buffer.append(contentsOf: token.digits)
        case .handOver:
            buffer.append(MessageType.handOver.rawValue)
        }
        return buffer
    }
}

extension ClientMessage {
    /// Reset animation's index that names every listed animation at once.
    public static let everyAnimation: UInt8 = 255
}
