import Logging
import Motion
import Scenes
import UIKit
import SegueValues
import SegueWire

/// One browser tab's end of a world, with no I/O: whole client messages in, server messages out,
/// time from an injected clock. Every transport (the lws server, the Hummingbird peer) is a thin
/// adapter that feeds it messages and ticks and writes what `nextOutgoing()` hands back.
///
/// Input is applied at once; a frame is built only when the transport asks for one, so a
/// transport that asks only when its socket can take it always sends the latest state and nothing
/// queues ("latest frame wins"). A frame that would look as last sent is not sent at all.
///
/// A session starts in control of a world of its own. With a `ShareDirectory` it can share that
/// world (a share request makes its link), watch another's (a watch with the link's token), and
/// hand control to its longest watcher; see "Sharing a session" in docs/protocol.md. A watcher
/// keeps only its own encoder and replies: it encodes the controller's latest built frame when its
/// transport asks, so a watcher that reads slowly skips frames and never holds the controller up.
///
/// Not `Sendable`: the world's views and controllers are classes that never leave the thread or
/// task that drives the session.
@MainActor public final class SceneSession {
    /// The viewport until the page reports its own.
    public static let initialViewport = CGSize(width: 390, height: 844)
    /// Replies (hello, pong, errors) waiting to be taken; past this, new ones are dropped, so a
    /// client that pings faster than it reads cannot grow the session.
    public static let maximumQueuedReplies = 32
    public let framesPerSecond: Int
    /// The scenes this session offers, by name (the built-in ones, or a package's own).
    public let scenes: [Scene]
    /// The transport's time, read once per message, tick and frame.
    private let clock: Clock
    private let observer: SessionObserver
    private let logger: Logger
    private let shares: ShareDirectory?
    /// The world this connection drives or watches: its own until it watches another's.
    private var world: SharedWorld!
    private var frames = FrameStream()
    /// Messages to send before the next frame. Emptied, it lets its storage go: every frame asks
    /// whether it is empty, and the shared empty array answers from a line every session reads,
    /// where a kept buffer of the session's own would be one more cold line per frame.
    private var replies: [[UInt8]] = []
    /// The size this connection's page reported: the world's size while it is in control.
    private var pageViewport = SceneSession.initialViewport
    /// The world's `generation` this watcher was last sent (or found unchanged).
    private var watchedGeneration: UInt64 = 0
    /// How its world refers to this session while it is in control: cleared as the session goes.
    let reference = SelfClearingReference<SceneSession>()

    /// A session on `sceneName` among `scenes` (not empty; the first scene when none has that
    /// name). Its first outgoing messages are a hello and a keyframe. Without `shares`, share and
    /// watch requests are refused (`ErrorCode.sharingOff`).
    public init(
        sceneName: String, scenes: [Scene] = Scene.all, framesPerSecond: Int, clock: Clock, observer: SessionObserver,
        logger: Logger, shares: ShareDirectory? = nil
    ) {
        precondition(!scenes.isEmpty, "a session needs at least one scene")
        self.scenes = scenes
        self.framesPerSecond = framesPerSecond
        self.clock = clock
        self.observer = observer
        self.logger = logger
        self.shares = shares
        let worldClock = ManualClock(now: clock.now)
        let host = Self.makeHost(scenes.first { $0.name == sceneName } ?? scenes[0], size: pageViewport,
                                 clock: worldClock, logger: logger)
        world = SharedWorld(host: host, viewport: pageViewport, clock: worldClock, controller: self)
        reference.attach(self)
        enqueueHello()
    }

    isolated deinit {
        reference.clear()
    }

    private static func makeHost(_ scene: Scene, size: CGSize, clock: Clock, logger: Logger) -> SceneHost {
        SceneHost(scene: scene, size: size, clock: clock, logger: logger)
    }

    /// The scene this session runs or watches now.
    public var sceneName: String { world.host.scene.name }

    /// Whether this connection's input moves its world (false while it watches): whether it is its
    /// world's `controller`, kept in step by `SharedWorld.giveControl(to:)`. Reading the world's weak
    /// reference instead, several times a frame, took the runtime's side-table paths each time.
    public internal(set) var isControlling = false

    /// Connections watching this session's world now.
    public var watcherCount: Int { world.watchers.count }

    private var host: SceneHost { world.host }

    // MARK: Driving the session

    /// One complete client message (reassembled, within the transport's size limit): validated,
    /// applied at once, answered through `nextOutgoing()`. A bad message is answered with an error
    /// and changes nothing else.
    public func receive(_ message: UnsafeRawBufferPointer, isBinary: Bool) {
        if isControlling { advanceWorldClockToNow() }
        observer.countInputMessage()
        guard isBinary else {
            return reject(ErrorMessage(code: .unknownMessageType,
                                       message: "text messages are not part of the protocol; see docs/protocol.md"))
        }
        do {
            apply(try ClientMessage(decoding: message))
        } catch {
            reject(ErrorMessage(error))
        }
    }

    /// `receive(_:isBinary:)` for bytes the caller holds in an array.
    public func receive(_ message: [UInt8], isBinary: Bool) {
        message.withUnsafeBytes { receive($0, isBinary: isBinary) }
    }

    /// The frame timer fired (once per 1/fps seconds): a world still moving needs a frame; a world
    /// that just settled is checked against the settled-world rules and reported. Only the
    /// controller's tick moves the world; a watcher's only lets its transport ask for the latest
    /// frame.
    ///
    /// A world that does not move with time (settled, or an interactive transition held still, its
    /// last frame already sent or due for input) gets no frame from the tick: evaluating it would
    /// only find the frame already built. Its next input asks for one. A settled world moves with
    /// time while a display link runs or its run loop has work due (`UIWindow.movesWithTime`).
    public func tick() {
        guard isControlling else { return }
        advanceWorldClockToNow()
        let settled = host.isSettled
        if host.movesWithTime { world.needsFrame = true }
        if settled && !world.wasSettled { reportSettledWorld() }
        world.wasSettled = settled
    }

    /// Whether `nextOutgoing()` may return a message now. A pending frame can still come back
    /// `nil` when it would look as last sent.
    public var hasOutgoing: Bool {
        if !replies.isEmpty { return true }
        return isControlling ? world.needsFrame : world.generation != watchedGeneration
    }

    /// The next message to send: replies first, in order, then a frame of the world as it is now
    /// (for a watcher: as its controller last built it).
    public func nextOutgoing() -> [UInt8]? {
        if !replies.isEmpty {
            let reply = replies.removeFirst()
            if replies.isEmpty { replies = [] }
            return reply
        }
        guard isControlling else { return watchedFrame() }
        guard world.needsFrame else { return nil }
        world.needsFrame = false
        return buildFrame()
    }

    /// The connection is gone: it leaves its world (control passes to the longest watcher; a world
    /// nobody is in is reported and freed).
    public func close() {
        leaveWorld()
    }

    // MARK: Messages

    private func apply(_ message: ClientMessage) {
        switch message {
        case .ping(let clientTime):
            return enqueue(PongMessage(clientTime: clientTime, serverTime: isControlling ? world.clock.now : clock.now)
                .encoded())
        case .viewport(let new):
            pageViewport = new.size
            // A watcher's size is kept for when it takes control; the controller's sets the world's.
            guard isControlling else { return }
            resizeWorld(to: new.size)
        case .listAnimations:
            return enqueueAnimations()
        case .requestShare:
            return shareRequested()
        case .watch(let token):
            return watch(token)
        case .pointer, .chooseScene, .setSlowAnimations, .scrub, .tuneAnimation, .resetAnimation, .handOver:
            guard isControlling else {
                return reject(ErrorMessage(code: .readOnly, message:
                    "You are watching a shared session: only the person in control can change it."))
            }
            applyControl(message)
        }
        world.needsFrame = true
    }

    /// A message only the controller may send.
    private func applyControl(_ message: ClientMessage) {
        switch message {
        case .pointer(let event, let sequence):
            world.inputSequence = sequence
            world.notePointer(event)
            host.handle(event)
            announceRelease()
        case .chooseScene(let name):
            guard let scene = scenes.first(where: { $0.name == name }) else { return reject(.unknownScene(name)) }
            let slow = host.slowAnimations
            reportTransitionCounts()
            world.reportedTransitions = TransitionCounts()
            world.announcedReleases = 0
            world.host = Self.makeHost(scene, size: world.viewport, clock: world.clock, logger: logger)
            world.host.slowAnimations = slow
            frames.reset()
            for participant in world.participants { participant.enqueueHello() }
        case .setSlowAnimations(let on):
            host.slowAnimations = on
        case .scrub(let command):
            do {
                try host.scrub(command, frameDuration: 1 / Double(max(framesPerSecond, 1)))
            } catch {
                reject(ErrorMessage(code: .cannotScrub, message: error.description))
            }
        case .tuneAnimation(let index, let edit):
            do {
                try host.window.engine.tune(at: Int(index), with: edit)
            } catch {
                return reject(ErrorMessage(code: .cannotTune, message: error.description))
            }
            enqueueAnimations()
        case .resetAnimation(let index):
            do {
                try host.window.engine.resetTuning(at: index.map(Int.init))
            } catch {
                return reject(ErrorMessage(code: .cannotTune, message: error.description))
            }
            enqueueAnimations()
        case .handOver:
            handOver()
        case .ping, .viewport, .listAnimations, .requestShare, .watch:
            break
        }
    }

    private func resizeWorld(to size: CGSize) {
        world.viewport = size
        host.resize(to: size)
        // A new page size usually means a new page: send the whole state again.
        frames.reset()
    }

    /// Counts a bad message and tells the client why; the session goes on unchanged.
    private func reject(_ error: ErrorMessage) {
        observer.countBadMessage()
        logger.debug("rejected a message: \(error.message)")
        enqueue(error.encoded())
    }

    /// The animation calls this scene ran and how each runs now.
    private func enqueueAnimations() {
        let tuning = host.window.engine.tuning
        let entries = tuning.seen.map { original in
            let current = tuning.current(for: original)
            return AnimationsMessage.Entry(original: original, current: current, label: tuning.label(for: original),
                                           originalCall: tuning.swiftCall(original, of: original),
                                           currentCall: tuning.swiftCall(current, of: original))
        }
        enqueue(AnimationsMessage(entries: entries).encoded())
    }

    /// A finger's lift just decided an interactive transition: everyone in the world is told how.
    private func announceRelease() {
        let runner = host.window.transitions
        guard runner.releaseCount != world.announcedReleases, let release = runner.lastRelease else { return }
        world.announcedReleases = runner.releaseCount
        let bytes = ReleaseMessage(release).encoded()
        for participant in world.participants { participant.enqueue(bytes) }
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

    // MARK: Sharing

    private func shareRequested() {
        guard let shares else { return rejectSharingOff() }
        _ = shares.token(for: world)
        enqueueShareStatus()
    }

    /// Leaves this connection's world and joins the one shared under `token`, as a watcher.
    private func watch(_ token: ShareToken) {
        guard let shares else { return rejectSharingOff() }
        guard let target = shares.world(for: token), target !== world else {
            return reject(ErrorMessage(code: .unknownShareToken, message:
                "No session is shared under this link: it has ended, or this page is already in it."))
        }
        guard target.watchers.count < shares.maximumWatchers else {
            return reject(ErrorMessage(code: .tooManyWatchers, message:
                "This session already has \(shares.maximumWatchers) watchers, the most it takes; try again when one leaves."))
        }
        leaveWorld()
        world = target
        isControlling = false
        target.watchers.append(self)
        observer.watchersChanged(by: 1)
        // The controller builds a frame at its next chance, and every frame after it is kept for
        // the watchers; this one starts with a keyframe of it.
        target.needsFrame = true
        target.publishesNextFrame = true
        watchedGeneration = target.generation
        frames.reset()
        enqueueHello()
        broadcastShareStatus()
    }

    /// Control goes to the longest watcher; this connection watches from now on, last in line.
    private func handOver() {
        guard !world.watchers.isEmpty else {
            return reject(ErrorMessage(code: .noWatcher, message: "Nobody is watching: there is no one to hand control to."))
        }
        let next = world.watchers.removeFirst()
        world.watchers.append(self)
        watchedGeneration = world.generation
        next.takeControl()
        broadcastShareStatus()
    }

    /// This watcher is now the controller: the old controller's pointers are cancelled, and its
    /// page size becomes the world's.
    private func takeControl() {
        world.clock.set(clock.now)
        world.cancelPointers()
        world.giveControl(to: self)
        if pageViewport != world.viewport { resizeWorld(to: pageViewport) }
        frames.reset()
        world.needsFrame = true
        world.publishesNextFrame = true
    }

    /// Out of the world: a watcher just leaves; a controller hands control to the longest watcher,
    /// or, alone, ends the world (its link stops working).
    private func leaveWorld() {
        let world = self.world!
        if isControlling {
            reportTransitionCounts()
            if world.watchers.isEmpty {
                shares?.remove(world)
                return
            }
            let next = world.watchers.removeFirst()
            observer.watchersChanged(by: -1)
            next.takeControl()
        } else {
            world.watchers.removeAll { $0 === self }
            observer.watchersChanged(by: -1)
        }
        if world.watchers.isEmpty { world.forgetPublished() }
        world.controller?.broadcastShareStatus()
    }

    /// Tells everyone in the world where they stand, once it has a link.
    private func broadcastShareStatus() {
        guard world.token != nil else { return }
        for participant in world.participants { participant.enqueueShareStatus() }
    }

    private func enqueueShareStatus() {
        guard let token = world.token, let shares else { return }
        enqueue(ShareMessage(role: isControlling ? .controlling : .watching, watcherCount: world.watchers.count,
                             watcherLimit: shares.maximumWatchers, token: token).encoded())
    }

    private func rejectSharingOff() {
        reject(ErrorMessage(code: .sharingOff, message: "This server does not share sessions."))
    }

    // MARK: Frames and health

    /// Brings the world's clock to now, so input, a tick or a frame sees the world as it is at this
    /// moment.
    private func advanceWorldClockToNow() {
        world.clock.set(clock.now)
    }

    /// Evaluates the world now and encodes it, unless it looks exactly as last sent. With watchers,
    /// a frame that goes out is kept for them, so they are shown exactly the controller's frames
    /// (or the latest of them); a newcomer's first frame is kept even when the controller's own
    /// encoder skips it as unchanged.
    private func buildFrame() -> [UInt8]? {
        advanceWorldClockToNow()
        let started = world.clock.now
        let list = host.frame()
        let transition = host.transition
        // One reading of the clock serves the frame's header and the metric: they report one figure.
        var buildSeconds = 0.0
        let bytes = frames.encode(list, transition: transition, inputSequence: world.inputSequence,
                                  slowAnimations: host.slowAnimations, serverTime: started,
                                  buildDuration: {
                                      buildSeconds = clock.now - started
                                      return buildSeconds
                                  })
        if !world.watchers.isEmpty && (bytes != nil || world.publishesNextFrame) {
            world.publish(list, transition: transition, inputSequence: world.inputSequence,
                          slowAnimations: host.slowAnimations, serverTime: started)
        }
        guard let bytes else { return nil }
        observer.recordFrameBuild(seconds: buildSeconds)
        return bytes
    }

    /// Walks what this session's next turn reads (`FrameMemoryVisitor`): the session, its world and
    /// host, the window's engine, nodes and views, and the encoder's tables.
    package func visitFrameMemory<Visitor: FrameMemoryVisitor>(_ visitor: inout Visitor) {
        visitor.visit(self)
        visitor.visit(world)
        visitor.visit(world.pointersDown)
        visitor.visit(world.clock)
        visitor.visit(clock)
        visitor.visit(host)
        host.window.visitFrameMemory(&visitor)
        frames.visitFrameMemory(&visitor)
    }

    /// The controller's latest frame through this watcher's encoder, once per published frame.
    private func watchedFrame() -> [UInt8]? {
        guard world.generation != watchedGeneration, world.generation > 0 else { return nil }
        watchedGeneration = world.generation
        let started = clock.now
        let published = world.published
        return frames.encode(published.list, transition: published.transition, inputSequence: published.inputSequence,
                             slowAnimations: published.slowAnimations, touches: published.touches,
                             serverTime: published.serverTime, buildDuration: { clock.now - started })
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
        let runner = host.window.transitions
        let current = TransitionCounts(
            started: runner.startedCount, completed: runner.completedCount,
            rescued: runner.rescuedCount, duplicateCompletions: runner.duplicateCompletionCount)
        observer.recordSettled(transitions: current - world.reportedTransitions, invariantViolations: invariantViolations)
        world.reportedTransitions = current
    }
}
