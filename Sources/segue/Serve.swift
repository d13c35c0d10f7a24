import ArgumentParser
import Logging
import Scenes
import SegueServer
#if canImport(Glibc)
import Glibc
#endif

/// `segue serve`: the live viewer. Parses flags into a `ServerConfiguration`, builds the server
/// with `makeServer`, and runs it until Ctrl-C.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the live viewer: open the printed URL in a browser.",
        discussion: """
            Serves the viewer page and a WebSocket on one port. Each browser tab gets its own \
            session of the chosen scene; the server computes every frame and streams it to the tab.
            """)

    @Option(help: ArgumentHelp(
        "Address to listen on. The default accepts connections from this machine only; use "
            + "0.0.0.0 to let other machines connect.", valueName: "address"))
    var host = ServerConfiguration().host

    @Option(help: "Port for the web page and the WebSocket (0 picks a free port).")
    var port = ServerConfiguration().port

    @Option(name: .customLong("public"),
            help: ArgumentHelp("Directory holding the viewer page (index.html and its scripts), "
                               + "relative to the current directory.", valueName: "dir"))
    var publicDirectory = ServerConfiguration().publicDirectory

    @Option(help: "Frames per second sent to each browser tab, 1 to 240.")
    var fps = ServerConfiguration().framesPerSecond

    @Option(help: ArgumentHelp("Scene a new browser tab starts in.", valueName: "name"))
    var scene = Scene.defaultName

    @Option(name: .customLong("allow-origin"),
            help: ArgumentHelp("Also accept WebSocket connections from pages at this origin, e.g. "
                               + "http://192.168.1.20:8080 (repeat for more). Pages served by this "
                               + "server and from localhost are always accepted.",
                               valueName: "origin"))
    var allowedOrigins: [String] = []

    @Option(help: "How much to log: trace, debug, info, notice, warning, error or critical.")
    var logLevel = Logger.Level.info

    @Flag(help: ArgumentHelp("Answer WebSockets with an echo handler instead of scenes; for the "
                                 + "transport's tests.", visibility: .hidden))
    var developmentEcho = false

    func validate() throws {
        do {
            try makeConfiguration().validate()
        } catch {
            throw ValidationError(error.description)
        }
    }

    func run() throws {
        LoggingSystem.bootstrap(StreamLogHandler.standardError)
        var logger = Logger(label: "segue.serve")
        logger.logLevel = logLevel
        do {
            let server = try Self.makeServer(configuration: makeConfiguration(),
                                             defaultScene: scene,
                                             developmentEcho: developmentEcho, logger: logger)
            print("Segue is running: open \(server.url)")
            fflush(nil)  // the line must reach a pipe before serving blocks
            server.run()
        } catch {
            logger.critical("\(error.description)")
            throw ExitCode.failure
        }
    }

    func makeConfiguration() -> ServerConfiguration {
        ServerConfiguration().with {
            $0.host = host
            $0.port = port
            $0.publicDirectory = publicDirectory
            $0.framesPerSecond = fps
            $0.allowedOrigins = allowedOrigins
        }
    }

    /// Builds the server without running it, so wiring can be checked without a signal.
    static func makeServer(
        configuration: ServerConfiguration, defaultScene: String, developmentEcho: Bool,
        logger: Logger
    ) throws(ServerError) -> Server {
        let handlerFactory: ConnectionHandlerFactory = developmentEcho
            ? DevelopmentEchoFactory()
            : SceneSessionFactory(defaultScene: defaultScene, fps: configuration.framesPerSecond)
        return try Server(configuration: configuration, handlerFactory: handlerFactory,
                          logger: logger)
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
