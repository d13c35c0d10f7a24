import ArgumentParser
import Hummingbird
import HummingbirdWebSocket
import Logging
import Scenes
import SegueWire
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Segue's scene service (protocol v1) on Hummingbird 2, built the way most Swift server
/// developers would: `Application` + `Router`, the WebSocket upgrade from hummingbird-websocket,
/// one structured task per connection. For side-by-side benchmarks against `segue serve`.
@main
struct SegueHummingbird: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "segue-hummingbird",
        abstract: "Segue's scene service (protocol v1) on Hummingbird 2, for benchmarks."
    )

    @Option(help: "Address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "Port to listen on; 0 picks a free one.")
    var port = 8080

    @Option(help: "Frames per second while a scene moves.")
    var fps = 60

    @Option(help: "The scene a new connection starts with.")
    var scene = Scene.defaultName

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0...65535") }
        guard (1...240).contains(fps) else { throw ValidationError("--fps must be 1...240") }
        guard Scene.named(scene) != nil else {
            throw ValidationError("unknown scene \(scene); one of \(Scene.all.map(\.name).joined(separator: ", "))")
        }
    }

    func run() async throws {
        // stdout carries only the "listening" line a script parses; logs go to stderr.
        LoggingSystem.bootstrap(StreamLogHandler.standardError)
        var logger = Logger(label: "segue-hummingbird")
        logger.logLevel = Environment().get("LOG_LEVEL").flatMap(Logger.Level.init(rawValue:)) ?? .info

        let router = Router()
        router.get("/healthz") { _, _ in "ok\n" }

        let sceneName = scene
        let framesPerSecond = fps
        let webSocketRouter = Router(context: BasicWebSocketRequestContext.self)
        webSocketRouter.ws("/") { request, _ in
            // Accept `segue.v7` when offered, and clients that name no subprotocol.
            let offered = request.headers[values: .secWebSocketProtocol]
                .flatMap { $0.split(separator: ",") }
                .map { $0.trimmingPrefix(" ").prefix { $0 != " " } }
            if offered.isEmpty { return .upgrade([:]) }
            guard offered.contains(where: { $0 == WireProtocol.subprotocol }) else { return .dontUpgrade }
            return .upgrade([.secWebSocketProtocol: WireProtocol.subprotocol])
        } onUpgrade: { inbound, outbound, context in
            try await SceneConnection.run(
                inbound: inbound, outbound: outbound,
                sceneName: sceneName, framesPerSecond: framesPerSecond, logger: context.logger
            )
        }

        let host = host
        let app = Application(
            router: router,
            server: .http1WebSocketUpgrade(
                webSocketRouter: webSocketRouter,
                configuration: .init(ws: .init(maxFrameSize: SceneConnection.maximumMessageSize))
            ),
            configuration: .init(address: .hostname(host, port: port), serverName: "segue-hummingbird"),
            onServerRunning: { channel in
                let bound = channel.localAddress?.port ?? 0
                let authority = host.contains(":") ? "[\(host)]:\(bound)" : "\(host):\(bound)"
                print("segue-hummingbird listening on http://\(authority)/")
                fflush(nil)
            },
            logger: logger
        )
        try await app.runService()
    }
}
