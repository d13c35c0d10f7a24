import Logging
import Motion
import Scenes
import SegueKit
import SegueWire

/// Makes one `SceneSession` per WebSocket connection, each with its own scene, window and clock.
public final class SceneSessionFactory: ConnectionHandlerFactory {
    public let defaultScene: String
    public let framesPerSecond: Int

    /// `defaultScene` must name a scene (`Scene.all`); an unknown name falls back to the first.
    public init(defaultScene: String, fps: Int) {
        self.defaultScene = Scene.named(defaultScene) != nil ? defaultScene : Scene.defaultName
        self.framesPerSecond = fps
    }

    public func makeHandler(connection: ConnectionInfo) -> ConnectionHandler {
        SceneSession(sceneName: defaultScene, framesPerSecond: framesPerSecond, connection: connection)
    }
}

/// One browser tab's world: decodes its messages, applies input at once, and hands the transport
/// the newest frame only when something changed. A frame is built when the transport can write it,
/// so a slow client always gets the latest state and nothing queues.
final class SceneSession: ConnectionHandler {
    /// The viewport until the page reports its own.
    static let initialViewport = Size(width: 390, height: 844)
    /// Replies (hello, pong, errors) waiting to be written; past this, new ones are dropped.
    static let maximumQueuedReplies = 32

    /// Real time, read once per message, tick or frame and held still in `clock` while the world
    /// runs: every animation in a frame sees the same instant, and the engine never reads the
    /// system clock itself (it reads the time once per animation per pass).
    private let realTime = MonotonicClock()
    private let clock = ManualClock()
    private let connection: ConnectionInfo
    private let framesPerSecond: Int
    private var host: SceneHost
    private var viewport = SceneSession.initialViewport
    private var frames = FrameStream()
    private var replies: [OutgoingMessage] = []
    private var inputSequence: UInt32 = 0
    /// Something may have changed since the last frame was sent.
    private var needsFrame = true
    /// Whether the world was settled at the last tick, to notice it settling.
    private var wasSettled = true
    /// This host's transition counts as last added to the server's metrics.
    private var reportedTransitions = ServerMetrics.TransitionCounts()

    init(sceneName: String, framesPerSecond: Int, connection: ConnectionInfo) {
        self.connection = connection
        self.framesPerSecond = framesPerSecond
        host = Self.makeHost(sceneName, size: viewport, clock: clock, logger: connection.logger)
        enqueueHello()
    }

    private static func makeHost(_ name: String, size: Size, clock: Clock, logger: Logger) -> SceneHost {
        SceneHost(scene: Scene.named(name) ?? Scene.all[0], size: size, clock: clock, logger: logger)
    }

    // MARK: ConnectionHandler

    func receive(_ message: UnsafeRawBufferPointer, isBinary: Bool) {
        catchUp()
        connection.metrics.countInputMessage()
        guard isBinary else {
            return reject(ErrorMessage(code: .unknownMessageType,
                                       message: "text messages are not part of the protocol; see docs/protocol.md"))
        }
        do {
            apply(try ClientMessage(decoding: Array(message)))
        } catch {
            reject(ErrorMessage(error))
        }
    }

    func tick() {
        catchUp()
        let settled = host.isSettled
        if !settled { needsFrame = true }
        if settled && !wasSettled { reportSettledWorld() }
        wasSettled = settled
    }

    var hasOutgoing: Bool { !replies.isEmpty || needsFrame }

    func takeOutgoing() -> OutgoingMessage? {
        if !replies.isEmpty { return replies.removeFirst() }
        guard needsFrame else { return nil }
        needsFrame = false
        return buildFrame()
    }

    func closed() {
        reportTransitionCounts()
        connection.logger.debug("session closed")
    }

    // MARK: Messages

    private func apply(_ message: ClientMessage) {
        switch message {
        case .pointer(let event, let sequence):
            inputSequence = sequence
            host.handle(event)
            needsFrame = true
        case .viewport(let new):
            viewport = new.size
            host.resize(to: new.size)
            // A new page size usually means a new page: send the whole state again.
            frames.reset()
            needsFrame = true
        case .chooseScene(let name):
            guard Scene.named(name) != nil else { return reject(.unknownScene(name)) }
            let slow = host.slowAnimations
            reportTransitionCounts()
            reportedTransitions = ServerMetrics.TransitionCounts()
            host = Self.makeHost(name, size: viewport, clock: clock, logger: connection.logger)
            host.slowAnimations = slow
            frames.reset()
            enqueueHello()
            needsFrame = true
        case .ping(let clientTime):
            enqueue(PongMessage(clientTime: clientTime, serverTime: clock.now).encoded())
        case .setSlowAnimations(let on):
            host.slowAnimations = on
            needsFrame = true
        }
    }

    // MARK: Health

    /// Checks the rules every settled world must keep and adds this session's transition counts to
    /// the server's, so a long run (`scripts/soak`) shows any broken rule in `/metrics`.
    private func reportSettledWorld() {
        let violations = host.settledInvariantViolations()
        for violation in violations {
            connection.logger.error("settled world breaks a rule: \(violation)", metadata: [
                "scene": "\(host.scene.name)",
            ])
        }
        reportTransitionCounts(invariantViolations: violations.count)
    }

    private func reportTransitionCounts(invariantViolations: Int = 0) {
        let coordinator = host.window.transitions
        let current = ServerMetrics.TransitionCounts(
            started: coordinator.startedCount, completed: coordinator.completedCount,
            rescued: coordinator.rescuedCount, duplicateCompletions: coordinator.duplicateCompletionCount)
        connection.metrics.recordSettled(transitions: current - reportedTransitions,
                                         invariantViolations: invariantViolations)
        reportedTransitions = current
    }

    private func catchUp() {
        clock.set(realTime.now)
    }

    /// Counts a bad message and tells the client why; the session goes on unchanged.
    private func reject(_ error: ErrorMessage) {
        connection.metrics.countBadMessage()
        connection.logger.debug("rejected a message: \(error.message)")
        enqueue(error.encoded())
    }

    private func enqueueHello() {
        let hello = HelloMessage(sceneNames: Scene.all.map(\.name), currentScene: host.scene.name,
                                 framesPerSecond: framesPerSecond)
        enqueue(hello.encoded())
    }

    private func enqueue(_ bytes: [UInt8]) {
        guard replies.count < Self.maximumQueuedReplies else {
            connection.logger.debug("reply dropped: \(Self.maximumQueuedReplies) already waiting")
            return
        }
        replies.append(OutgoingMessage(bytes: bytes, isBinary: true))
    }

    /// Evaluates the world now and encodes it, unless it looks exactly as last sent.
    private func buildFrame() -> OutgoingMessage? {
        catchUp()
        let started = clock.now
        guard let bytes = frames.encode(host.frame(), transition: host.transition, inputSequence: inputSequence,
                                        slowAnimations: host.slowAnimations, serverTime: started,
                                        buildDuration: { realTime.now - started }) else { return nil }
        connection.metrics.recordFrameBuild(seconds: realTime.now - started)
        return OutgoingMessage(bytes: bytes, isBinary: true)
    }
}
