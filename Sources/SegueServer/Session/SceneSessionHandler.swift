import Scenes
import SegueSession
import SegueValues
import SegueWire

/// Makes one `SceneSession` per WebSocket connection, each with its own scene, window and clock,
/// and one `ShareDirectory` for them all, so a page can watch any session of this server.
///
/// The directory lives on the server's one service thread with the sessions; `--workers` runs
/// processes, each with a directory of its own (a watcher must reach the owner's worker; see
/// docs/protocol.md, "Sharing a session").
@MainActor public final class SceneSessionFactory: ConnectionHandlerFactory {
    public let scenes: [Scene]
    public let defaultScene: String
    public let framesPerSecond: Int
    public let shares: ShareDirectory

    /// Sessions offer `scenes` (not empty) and start in `defaultScene`; an unknown name falls back
    /// to the first scene. A shared session takes at most `maxWatchers` watchers.
    public init(scenes: [Scene] = Scene.all, defaultScene: String, fps: Int,
                maxWatchers: Int = ShareDirectory.defaultMaximumWatchers) {
        precondition(!scenes.isEmpty, "a server needs at least one scene")
        self.scenes = scenes
        self.defaultScene = scenes.contains { $0.name == defaultScene } ? defaultScene : scenes[0].name
        self.framesPerSecond = fps
        // Share links are secrets: 128 bits from the system's CSPRNG (getrandom on Linux), made here
        // at the edge so the session core stays deterministic.
        self.shares = ShareDirectory(maximumWatchers: maxWatchers) {
            var random = SystemRandomNumberGenerator()
            return ShareToken(using: &random)
        }
    }

    public nonisolated func makeHandler(connection: ConnectionInfo) -> ConnectionHandler {
        let (scenes, defaultScene, framesPerSecond, shares) = (scenes, defaultScene, framesPerSecond, shares)
        let session = MainActorSessions.checked {
            SceneSession(sceneName: defaultScene, scenes: scenes, framesPerSecond: framesPerSecond,
                         clock: MonotonicClock(), observer: connection.metrics,
                         logger: connection.logger, shares: shares)
        }
        return SceneSessionHandler(session)
    }
}

/// The lws transport's view of a `SceneSession`: the session already speaks in whole messages
/// and pulled frames, so this only wraps its bytes as binary messages. Its calls come from the
/// service thread, the main actor's (`MainActorSessions`).
final class SceneSessionHandler: ConnectionHandler {
    let session: SceneSession

    init(_ session: SceneSession) {
        self.session = session
    }

    func receive(_ message: UnsafeRawBufferPointer, isBinary: Bool) {
        // The bytes are valid during this call, and the session reads them within it, on this thread.
        nonisolated(unsafe) let message = message
        let session = session
        MainActorSessions.trusted { session.receive(message, isBinary: isBinary) }
    }

    func tick() {
        let session = session
        MainActorSessions.trusted { session.tick() }
    }

    var hasOutgoing: Bool {
        let session = session
        return MainActorSessions.trusted { session.hasOutgoing }
    }

    func takeOutgoing() -> OutgoingMessage? {
        let session = session
        return MainActorSessions.trusted { session.nextOutgoing() }.map { OutgoingMessage(bytes: $0, isBinary: true) }
    }

    func closed() {
        let session = session
        MainActorSessions.trusted { session.close() }
    }
}

extension SceneSessionHandler: FrameMemoryWalking {
    func visitFrameMemory(_ list: PrefetchList) {
        // The list is the transport's, used on this thread only.
        nonisolated(unsafe) var visitor = list
        let session = session
        MainActorSessions.trusted { session.visitFrameMemory(&visitor) }
    }
}
