import Motion
import SegueValues

/// Sent once a connection opens, and again whenever the scene list or the current scene changes:
/// the page fills its scene picker from it.
public struct HelloMessage: Equatable, Sendable {
    public var sceneNames: [String]
    public var currentScene: String
    /// The server's frame rate, frames per second (the wire clamps it to 0…65535).
    public var framesPerSecond: Int

    public init(sceneNames: [String], currentScene: String, framesPerSecond: Int) {
        self.sceneNames = sceneNames
        self.currentScene = currentScene
        self.framesPerSecond = framesPerSecond
    }

    public func encoded() -> [UInt8] {
        var buffer = messageStart(.hello)
        buffer.appendLittleEndian(UInt16(clamping: framesPerSecond))
        buffer.appendString(currentScene)
        buffer.appendVarint(UInt32(clamping: sceneNames.count))
        for name in sceneNames { buffer.appendString(name) }
        return buffer
    }
}

/// The answer to a ping, so the page can measure the round trip.
public struct PongMessage: Equatable, Sendable {
    /// The ping's client time echoed, in seconds (milliseconds on the wire, as the page sent it).
    public var clientTime: Double
    /// The server clock when answering, in seconds.
    public var serverTime: Double

    public init(clientTime: Double, serverTime: Double) {
        self.clientTime = clientTime
        self.serverTime = serverTime
    }

    public func encoded() -> [UInt8] {
        var buffer = messageStart(.pong)
        buffer.appendFloat64(clientTime * 1000)
        buffer.appendFloat64(serverTime)
        return buffer
    }
}

/// The spring blocks the scene has run (at most `SpringTuning.capacity`), each as the scene asked
/// for it and as it runs now; the answer to list-springs and to every accepted tune-spring.
public struct SpringsMessage: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        public var original: SpringBlockTiming
        public var current: SpringBlockTiming
        /// ω of the spring `current` runs (rad/s), fitted so it settles in its duration: with ζ it
        /// gives the page the curve to plot and the iOS 17 and physical forms, exactly.
        public var angularFrequency: Double

        public init(original: SpringBlockTiming, current: SpringBlockTiming, angularFrequency: Double? = nil) {
            self.original = original
            self.current = current
            self.angularFrequency = angularFrequency ?? SpringTiming(
                duration: current.duration, dampingRatio: current.dampingRatio,
                initialVelocity: current.initialVelocity).angularFrequency
        }
    }

    public var entries: [Entry]

    public init(entries: [Entry]) {
        self.entries = entries
    }

    public func encoded() -> [UInt8] {
        var buffer = messageStart(.springs)
        buffer.append(UInt8(clamping: entries.count))
        for entry in entries.prefix(Int(UInt8.max)) {
            for timing in [entry.original, entry.current] {
                buffer.appendFloat64(timing.duration)
                buffer.appendFloat64(timing.dampingRatio)
                buffer.appendFloat64(timing.initialVelocity)
            }
            buffer.appendFloat64(entry.angularFrequency)
        }
        return buffer
    }
}

/// Tells the page why one of its messages was rejected; the connection stays open.
public struct ErrorMessage: Equatable, Sendable {
    public var code: ErrorCode
    /// One human-readable sentence, shown on the page and in its console.
    public var message: String

    public init(code: ErrorCode, message: String) {
        self.code = code
        self.message = message
    }

    /// The error the page sees for a message the decoder rejected.
    public init(_ error: ClientMessageError) {
        self.init(code: error.code, message: error.description)
    }

    /// For a well-formed scene choice naming no scene the server has.
    public static func unknownScene(_ name: String) -> ErrorMessage {
        ErrorMessage(code: .unknownScene, message: "There is no scene named “\(name)”.")
    }

    public func encoded() -> [UInt8] {
        var buffer = messageStart(.error)
        buffer.appendLittleEndian(code.rawValue)
        buffer.appendString(message)
        return buffer
    }
}

private func messageStart(_ type: MessageType) -> [UInt8] {
    [WireProtocol.version, type.rawValue]
}
