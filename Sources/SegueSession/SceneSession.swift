import Logging
import Motion
import Scenes
import SegueKit
import SegueWire

/// One browser tab's world and its protocol state, with no I/O: whole client messages in, server
/// messages out, time from an injected clock. Every transport (the lws server, the Hummingbird
/// peer) is a thin adapter that feeds it messages and ticks and writes what `nextOutgoing()` hands
/// back.
///
/// Input is applied at once; a frame is built only when the transport asks for one, so a
/// transport that asks only when its socket can take it always sends the latest state and nothing
/// queues ("latest frame wins"). A frame that would look as last sent is not sent at all.
///
/// Not `Sendable`: the world's views and controllers are classes that never leave the thread or
/// task that drives the session.
public final class SceneSession {
    /// The viewport until the page reports its own.
    public static let initialViewport = Size(width: 390, height: 844)
    /// Replies (hello, pong, errors) waiting to be taken; past this, new ones are dropped, so a
    /// client that pings faster than it reads cannot grow the session.
    public static let maximumQueuedReplies = 32

    public let framesPerSecond: Int
    /// The scenes this session offers, by name (the built-in ones, or a package's own).
    public let scenes: [Scene]
    /// The transport's time, read once per message, tick and frame and held still in `worldClock`
    /// while the world runs: every animation in a frame sees the same instant.
    private let clock: Clock
    private let worldClock: ManualClock
    private let observer: SessionObserver
    private let logger: Logger
    private var host: SceneHost
    private var viewport = SceneSession.initialViewport
    private var frames = FrameStream()
    private var replies: [[UInt8]] = []
    private var inputSequence: UInt32 = 0
    /// Something may have changed since the last frame was built.
    private var needsFrame = true
    /// Whether the world was settled at the last tick, to notice it settling.
    private var wasSettled = true
    /// This world's transition counts as last reported to the observer.
    private var reportedTransitions = TransitionCounts()

    /// A session on `sceneName` among `scenes` (not empty; the first scene when none has that
    /// name). Its first outgoing messages are a hello and a keyframe.
    public init(
        sceneName: String, scenes: [Scene] = Scene.all, framesPerSecond: Int, clock: Clock, observer: SessionObserver,
        logger: Logger
    ) {
        precondition(!scenes.isEmpty, "a session needs at least one scene")
        self.scenes = scenes
        self.framesPerSecond = framesPerSecond
        self.clock = clock
        self.worldClock = ManualClock(now: clock.now)
        self.observer = observer
        self.logger = logger
        host = Self.makeHost(scenes.first { $0.name == sceneName } ?? scenes[0], size: viewport, clock: worldClock,
                             logger: logger)
        enqueueHello()
    }

    private static func makeHost(_ scene: Scene, size: Size, clock: Clock, logger: Logger) -> SceneHost {
        SceneHost(scene: scene, size: size, clock: clock, logger: logger)
    }

    /// The scene this session runs now.
    public var sceneName: String { host.scene.name }

    // MARK: Driving the session

    /// One complete client message (reassembled, within the transport's size limit): validated,
    /// applied at once, answered through `nextOutgoing()`. A bad message is answered with an error
    /// and changes nothing else.
    public func receive(_ message: UnsafeRawBufferPointer, isBinary: Bool) {
        catchUp()
        observer.countInputMessage()
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

    /// `receive(_:isBinary:)` for bytes the caller holds in an array.
    public func receive(_ message: [UInt8], isBinary: Bool) {
        message.withUnsafeBytes { receive($0, isBinary: isBinary) }
    }

    /// The frame timer fired (once per 1/fps seconds): a world still moving needs a frame; a world
    /// that just settled is checked against the settled-world rules and reported.
    public func tick() {
        catchUp()
        let settled = host.isSettled
        if !settled { needsFrame = true }
        if settled && !wasSettled { reportSettledWorld() }
        wasSettled = settled
    }

    /// Whether `nextOutgoing()` may return a message now. A pending frame can still come back
    /// `nil` when it would look as last sent.
    public var hasOutgoing: Bool { !replies.isEmpty || needsFrame }

    /// The next message to send: replies first, in order, then a frame of the world as it is now.
    public func nextOutgoing() -> [UInt8]? {
        if !replies.isEmpty { return replies.removeFirst() }
        guard needsFrame else { return nil }
        needsFrame = false
        return buildFrame()
    }

    /// The connection is gone: reports the transition counts not yet reported.
    public func close() {
        reportTransitionCounts()
    }

    // MARK: Messages

    private func apply(_ message: ClientMessage) {
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
            guard let scene = scenes.first(where: { $0.name == name }) else { return reject(.unknownScene(name)) }
            let slow = host.slowAnimations
            reportTransitionCounts()
            reportedTransitions = TransitionCounts()
            host = Self.makeHost(scene, size: viewport, clock: worldClock, logger: logger)
            host.slowAnimations = slow
            frames.reset()
            enqueueHello()
        case .ping(let clientTime):
            return enqueue(PongMessage(clientTime: clientTime, serverTime: worldClock.now).encoded())
        case .setSlowAnimations(let on):
            host.slowAnimations = on
        case .scrub(let command):
            do {
                try host.scrub(command, frameDuration: 1 / Double(max(framesPerSecond, 1)))
            } catch {
                return reject(ErrorMessage(code: .cannotScrub, message: error.description))
            }
        case .tuneSpring(let index, let timing):
            do {
                try host.window.engine.tuneSpring(at: Int(index), with: timing)
            } catch {
                return reject(ErrorMessage(code: .noSuchSpring, message: error.description))
            }
            return enqueueSprings()
        case .listSprings:
            return enqueueSprings()
        }
        needsFrame = true
    }

    /// Counts a bad message and tells the client why; the session goes on unchanged.
    private func reject(_ error: ErrorMessage) {
        observer.countBadMessage()
        logger.debug("rejected a message: \(error.message)")
        enqueue(error.encoded())
    }

    /// The spring blocks this scene ran and how each runs now.
    private func enqueueSprings() {
        let tuning = host.window.engine.springTuning
        let entries = tuning.seen.map { SpringsMessage.Entry(original: $0, current: tuning.current(for: $0)) }
        enqueue(SpringsMessage(entries: entries).encoded())
    }

    private func enqueueHello() {
        let hello = HelloMessage(sceneNames: scenes.map(\.name), currentScene: host.scene.name,
                                 framesPerSecond: framesPerSecond)
        enqueue(hello.encoded())
    }

    private func enqueue(_ bytes: [UInt8]) {
        guard replies.count < Self.maximumQueuedReplies else {
            logger.debug("reply dropped: \(Self.maximumQueuedReplies) already waiting")
            return
        }
        replies.append(bytes)
    }

    // MARK: Frames and health

    private func catchUp() {
        worldClock.set(clock.now)
    }

    /// Evaluates the world now and encodes it, unless it looks exactly as last sent.
    private func buildFrame() -> [UInt8]? {
        catchUp()
        let started = worldClock.now
        guard let bytes = frames.encode(host.frame(), transition: host.transition, inputSequence: inputSequence,
                                        slowAnimations: host.slowAnimations, serverTime: started,
                                        buildDuration: { clock.now - started }) else { return nil }
        observer.recordFrameBuild(seconds: clock.now - started)
        return bytes
    }

    /// Checks the rules every settled world must keep and reports this world's transition counts,
    /// so a long run (`scripts/soak`) shows any broken rule.
    private func reportSettledWorld() {
        let violations = host.settledInvariantViolations()
        for violation in violations {
            logger.error("settled world breaks a rule: \(violation)", metadata: [
                "scene": "\(host.scene.name)",
            ])
        }
        reportTransitionCounts(invariantViolations: violations.count)
    }

    private func reportTransitionCounts(invariantViolations: Int = 0) {
        let coordinator = host.window.transitions
        let current = TransitionCounts(
            started: coordinator.startedCount, completed: coordinator.completedCount,
            rescued: coordinator.rescuedCount, duplicateCompletions: coordinator.duplicateCompletionCount)
        observer.recordSettled(transitions: current - reportedTransitions, invariantViolations: invariantViolations)
        reportedTransitions = current
    }
}
