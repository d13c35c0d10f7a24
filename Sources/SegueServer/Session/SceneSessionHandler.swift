import Scenes
import SegueSession

/// Makes one `SceneSession` per WebSocket connection, each with its own scene, window and clock.
public final class SceneSessionFactory: ConnectionHandlerFactory {
    public let scenes: [Scene]
    public let defaultScene: String
    public let framesPerSecond: Int

    /// Sessions offer `scenes` (not empty) and start in `defaultScene`; an unknown name falls back
    /// to the first scene.
    public init(scenes: [Scene] = Scene.all, defaultScene: String, fps: Int) {
        precondition(!scenes.isEmpty, "a server needs at least one scene")
        self.scenes = scenes
        self.defaultScene = scenes.contains { $0.name == defaultScene } ? defaultScene : scenes[0].name
        self.framesPerSecond = fps
    }

    public func makeHandler(connection: ConnectionInfo) -> ConnectionHandler {
        SceneSessionHandler(SceneSession(sceneName: defaultScene, scenes: scenes, framesPerSecond: framesPerSecond,
                                         clock: MonotonicClock(), observer: connection.metrics,
                                         logger: connection.logger))
    }
}

/// The lws transport's view of a `SceneSession`: the session already speaks in whole messages
/// and pulled frames, so this only wraps its bytes as binary messages.
final class SceneSessionHandler: ConnectionHandler {
    private let session: SceneSession

    init(_ session: SceneSession) {
        self.session = session
    }

    func receive(_ message: UnsafeRawBufferPointer, isBinary: Bool) {
        session.receive(message, isBinary: isBinary)
    }

    func tick() {
        session.tick()
    }

    var hasOutgoing: Bool { session.hasOutgoing }

    func takeOutgoing() -> OutgoingMessage? {
        session.nextOutgoing().map { OutgoingMessage(bytes: $0, isBinary: true) }
    }

    func closed() {
        session.close()
    }
}
