import Logging
import Motion
import UIKit
import SegueSession
import SegueWire

/// Counts what a session reports, to assert on.
final class RecordingObserver: SessionObserver {
    var inputMessages = 0
    var badMessages = 0
    var frameBuilds: [Double] = []
    var transitions = TransitionCounts()
    var invariantViolations = 0
    var settledReports = 0
    var watchers = 0

    func countInputMessage() { inputMessages += 1 }
    func countBadMessage() { badMessages += 1 }
    func recordFrameBuild(seconds: Double) { frameBuilds.append(seconds) }
    func recordSettled(transitions delta: TransitionCounts, invariantViolations: Int) {
        transitions = transitions + delta
        self.invariantViolations += invariantViolations
        settledReports += 1
    }
    func watchersChanged(by delta: Int) { watchers += delta }
}

/// A page and a transport in one: drives a `SceneSession` on a `ManualClock` at 60 Hz, takes every
/// message the session has after each input and tick (as a transport whose socket is always
/// writable), and decodes them as the page would.
final class PageStandIn {
    static let frameInterval = 1.0 / 60
    static let viewport = CGSize(width: 390, height: 844)

    let clock: ManualClock
    let observer = RecordingObserver()
    let session: SceneSession
    private var decoder = FrameDecoder()
    private(set) var frames: [DecodedFrame] = []
    private(set) var hellos: [HelloMessage] = []
    private(set) var pongs: [PongMessage] = []
    private(set) var errors: [ErrorMessage] = []
    private(set) var animations: [AnimationsMessage] = []
    private(set) var shares: [ShareMessage] = []
    private(set) var releases: [TransitionRelease] = []
    /// Whether the transport may write: while false, nothing is taken from the session (a page
    /// that reads slowly), as lws withholds writeable callbacks.
    var isWritable = true
    /// Every decoded message, in arrival order.
    private(set) var received: [ServerMessage] = []
    private(set) var inputSequence: UInt32 = 0
    /// Whether the page closed its connection (`close`).
    private(set) var isClosed = false
    /// The page's own time for pointer timestamps, in seconds.
    private var pageTime = 1.0

    init(scene: String = "slides", clock: ManualClock = ManualClock(now: 100), shares: ShareDirectory? = nil,
         viewport: CGSize = PageStandIn.viewport) throws {
        self.clock = clock
        session = SceneSession(sceneName: scene, framesPerSecond: 60, clock: clock, observer: observer,
                               logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }),
                               shares: shares)
        try send(.viewport(Viewport(size: viewport, devicePixelRatio: 2)))
    }

    /// A page that goes away closes its connection, as the transport closes a session whose
    /// socket went: a shared world holds its participants until they leave it.
    isolated deinit {
        close()
    }

    /// The page closes its connection: the session leaves its world (once).
    func close() {
        guard !isClosed else { return }
        isClosed = true
        session.close()
    }

    var lastFrame: DecodedFrame? { frames.last }
    var names: [String] { lastFrame?.displayList.nodes.map(\.name) ?? [] }

    func send(_ message: ClientMessage) throws {
        try send(bytes: message.encoded())
    }

    func send(bytes: [UInt8], isBinary: Bool = true) throws {
        session.receive(bytes, isBinary: isBinary)
        try drain()
    }

    func pointer(_ phase: PointerEvent.Phase, x: Double, y: Double) throws {
        inputSequence += 1
        let event = PointerEvent(phase: phase, pointerID: 1, kind: .touch, location: CGPoint(x: x, y: y),
                                 timestamp: pageTime)
        try send(.pointer(event, sequence: inputSequence))
    }

    /// One frame interval passes: the clock moves and the session ticks. Returns whether the tick
    /// left anything to send, before the page takes it.
    @discardableResult
    func tick(by seconds: Double = PageStandIn.frameInterval) throws -> Bool {
        clock.advance(by: seconds)
        pageTime += seconds
        session.tick()
        let askedToSend = session.hasOutgoing
        try drain()
        return askedToSend
    }

    /// Ticks until the world has been settled for a frame, at most `limit` seconds of clock time.
    func settle(limit: Double = 10) throws {
        var elapsed = 0.0
        while elapsed < limit {
            try tick()
            elapsed += Self.frameInterval
            if let frame = lastFrame, frame.header.transition == nil, !session.hasOutgoing,
               try countAfterTicks(1) == 0 { return }
        }
    }

    /// Ticks `count` times and returns how many messages arrived meanwhile.
    func countAfterTicks(_ count: Int) throws -> Int {
        let before = received.count
        for _ in 0..<count { try tick() }
        return received.count - before
    }

    /// A swipe at 60 Hz: down at `startX`, `steps` moves to `endX` a frame apart, up.
    func swipe(from startX: Double, to endX: Double, y: Double = 420, steps: Int = 25) throws {
        try pointer(.down, x: startX, y: y)
        for step in 1...steps {
            try tick()
            try pointer(.move, x: startX + (endX - startX) * Double(step) / Double(steps), y: y)
        }
        try tick()
        try pointer(.up, x: endX, y: y)
    }

    /// A tap: down and up 80 ms apart.
    func tap(x: Double, y: Double) throws {
        try pointer(.down, x: x, y: y)
        try tick(by: 0.08)
        try pointer(.up, x: x, y: y)
    }

    /// The session ticks without the clock moving: for pages that share one clock.
    func tickWithoutAdvancing() throws {
        session.tick()
        try drain()
    }

    /// Takes what the session has, as a transport does at each writeable callback, unless the page
    /// is not writable.
    func drain() throws {
        guard isWritable else { return }
        while let bytes = session.nextOutgoing() {
            let message = try decoder.decode(bytes)
            received.append(message)
            switch message {
            case .frame(let frame): frames.append(frame)
            case .hello(let hello): hellos.append(hello)
            case .pong(let pong): pongs.append(pong)
            case .error(let error): errors.append(error)
            case .animations(let animations): self.animations.append(animations)
            case .share(let share): shares.append(share)
            case .release(let release): releases.append(release.release)
            }
        }
    }
}
