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

/// The animation calls the scene has run (at most `AnimationTuning.capacity`), each as the scene
/// asked for it and as it runs now, named by what its last run animated, with the UIKit call of
/// each; the answer to list-animations and to every accepted tune- or reset-animation.
public struct AnimationsMessage: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        public var original: AnimationTiming
        public var current: AnimationTiming
        /// ω of each spring (rad/s), fitted so it settles in its duration; 0 for the curve kinds.
        /// With ζ it gives the page the curve to plot and the iOS 17 and physical forms, exactly.
        public var originalAngularFrequency: Double
        public var currentAngularFrequency: Double
        /// The views and properties its last run animated ("about: transform · …").
        public var label: String
        /// The UIKit call as the scene wrote it, and as it runs now: what "Copy as Swift" gives.
        public var originalCall: String
        public var currentCall: String

        public init(original: AnimationTiming, current: AnimationTiming, label: String = "",
                    originalCall: String? = nil, currentCall: String? = nil,
                    originalAngularFrequency: Double? = nil, currentAngularFrequency: Double? = nil) {
            self.original = original
            self.current = current
            self.label = label
            self.originalCall = originalCall ?? original.swiftCall()
            self.currentCall = currentCall ?? current.swiftCall()
            self.originalAngularFrequency = originalAngularFrequency ?? original.angularFrequency
            self.currentAngularFrequency = currentAngularFrequency ?? current.angularFrequency
        }
    }

    public var entries: [Entry]

    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// The curve code, then duration, the two control points, damping ratio, velocity, ω, and a
    /// physical spring's mass, stiffness and damping (11 × f64).
    public static let timingRecordSize = 1 + 11 * 8
    /// The longest label and call sent, in bytes of UTF-8 (a longer one is cut at a character).
    public static let maximumTextLength = 400

    public func encoded() -> [UInt8] {
        var buffer = messageStart(.animations)
        buffer.append(UInt8(clamping: entries.count))
        for entry in entries.prefix(Int(UInt8.max)) {
            buffer.append(entry.original.kind.rawValue)
            for (timing, omega) in [(entry.original, entry.originalAngularFrequency),
                                    (entry.current, entry.currentAngularFrequency)] {
                buffer.append(timing.curve.rawValue)
                for value in [timing.duration, timing.controlPoint1.x, timing.controlPoint1.y, timing.controlPoint2.x,
                              timing.controlPoint2.y, timing.dampingRatio, timing.initialVelocity, omega,
                              timing.mass, timing.stiffness, timing.damping] {
                    buffer.appendFloat64(value)
                }
            }
            for text in [entry.label, entry.originalCall, entry.currentCall] {
                buffer.appendString(Self.bounded(text))
            }
        }
        return buffer
    }

    /// `text` cut to `maximumTextLength` bytes at a character boundary.
    static func bounded(_ text: String) -> String {
        guard text.utf8.count > maximumTextLength else { return text }
        var cut = ""
        for character in text {
            guard cut.utf8.count + character.utf8.count <= maximumTextLength else { break }
            cut.append(character)
        }
        return cut
    }
}

/// What a finger's lift decided for an interactive transition (`TransitionRelease`), sent to
/// everyone in the world once per lift, for the telemetry overlay.
public struct ReleaseMessage: Equatable, Sendable {
    public var release: TransitionRelease

    public init(_ release: TransitionRelease) {
        self.release = release
    }

    /// Which of the optional readings carry a value (the others are sent as 0).
    static let hasVelocity: UInt8 = 1
    static let hasThreshold: UInt8 = 2
    /// Version, type, operation, decision, flags and four f64.
    public static let size = 5 + 4 * 8

    public func encoded() -> [UInt8] {
        var buffer = messageStart(.release)
        buffer.append(release.operation.wireCode)
        buffer.append(release.decision.wireCode)
        let hasVelocity = release.velocity != nil && release.projectedProgress != nil
        buffer.append((hasVelocity ? Self.hasVelocity : 0) | (release.threshold != nil ? Self.hasThreshold : 0))
        for value in [release.progress, hasVelocity ? release.velocity! : 0, hasVelocity ? release.projectedProgress! : 0,
                      release.threshold ?? 0] {
            buffer.appendFloat64(value.isFinite ? value : 0)
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
