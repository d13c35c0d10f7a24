import Logging
import Motion
import Scenes
import SegueKit
import SegueWire

/// One connection's world and its protocol state: what SegueServer's `SceneSession` does, as a
/// value the connection's task owns outright. `SceneHost` and `Window` are classes and not
/// `Sendable`; they never leave that task.
///
/// Every method returns the messages to send, in order; the caller writes them.
struct SceneState {
    /// The viewport until the page reports its own (as `SceneSession`).
    static let initialViewport = Size(width: 390, height: 844)

    let framesPerSecond: Int
    /// Real time, held still in `clock` while the world runs (as `SceneSession`).
    private let realTime = MonotonicClock()
    private let clock = ManualClock()
    private let logger: Logger
    private var host: SceneHost
    private var viewport = SceneState.initialViewport
    private var frames = FrameStream()
    private var inputSequence: UInt32 = 0

    init(sceneName: String, framesPerSecond: Int, logger: Logger) {
        self.framesPerSecond = framesPerSecond
        self.logger = logger
        host = Self.makeHost(sceneName, size: viewport, clock: clock, logger: logger)
    }

    private static func makeHost(_ name: String, size: Size, clock: Clock, logger: Logger) -> SceneHost {
        SceneHost(scene: Scene.named(name) ?? Scene.all[0], size: size, clock: clock, logger: logger)
    }

    /// What a new connection gets: hello, then the first (key)frame.
    mutating func opened() -> [[UInt8]] {
        var out = [hello()]
        if let frame = buildFrame() { out.append(frame) }
        return out
    }

    /// One binary message from the page: validated, applied at once, answered.
    mutating func receive(_ bytes: [UInt8]) -> [[UInt8]] {
        catchUp()
        let message: ClientMessage
        do {
            message = try ClientMessage(decoding: bytes)
        } catch {
            return [reject(ErrorMessage(error))]
        }
        return apply(message)
    }

    /// A text message: not part of the protocol (as `SceneSession`).
    mutating func receiveText() -> [[UInt8]] {
        [reject(ErrorMessage(code: .unknownMessageType,
                             message: "text messages are not part of the protocol; see docs/protocol.md"))]
    }

    /// The frame timer fired: a frame while anything may still move, unless it looks as last sent.
    mutating func tick() -> [UInt8]? {
        catchUp()
        return host.isSettled ? nil : buildFrame()
    }

    private func catchUp() {
        clock.set(realTime.now)
    }

    private mutating func apply(_ message: ClientMessage) -> [[UInt8]] {
        switch message {
        case .pointer(let event, let sequence):
            inputSequence = sequence
            host.handle(event)
        case .viewport(let new):
            viewport = new.size
            host.resize(to: new.size)
            // A new page size usually means a new page: send the whole state again.
            frames.reset()
        case .chooseScene(let name):
            guard Scene.named(name) != nil else { return [reject(.unknownScene(name))] }
            let slow = host.slowAnimations
            host = Self.makeHost(name, size: viewport, clock: clock, logger: logger)
            host.slowAnimations = slow
            frames.reset()
            return [hello()] + (buildFrame().map { [$0] } ?? [])
        case .ping(let clientTime):
            return [PongMessage(clientTime: clientTime, serverTime: clock.now).encoded()]
        case .setSlowAnimations(let on):
            host.slowAnimations = on
        }
        return buildFrame().map { [$0] } ?? []
    }

    private func reject(_ error: ErrorMessage) -> [UInt8] {
        logger.debug("rejected a message: \(error.message)")
        return error.encoded()
    }

    private func hello() -> [UInt8] {
        HelloMessage(sceneNames: Scene.all.map(\.name), currentScene: host.scene.name,
                     framesPerSecond: framesPerSecond).encoded()
    }

    /// Evaluates the world now and encodes it, unless it looks exactly as last sent.
    private mutating func buildFrame() -> [UInt8]? {
        catchUp()
        let started = clock.now
        return frames.encode(host.frame(), transition: host.transition, inputSequence: inputSequence,
                             slowAnimations: host.slowAnimations, serverTime: started,
                             buildDuration: { realTime.now - started })
    }
}
