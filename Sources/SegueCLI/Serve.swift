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

    @Option(help: ArgumentHelp("The most groups the sessions are ticked in over each frame interval, 1 to 32; "
                               + "the server uses as many as keep a group to --tick-group-size sessions. Fewer wake "
                               + "the server less often; more keep input's latency lower."))
    var tickGroups = ServerConfiguration().tickGroups

    @Option(help: "Sessions per tick group the server aims for, 1 to 10000.")
    var tickGroupSize = ServerConfiguration().tickGroupSize

    @Option(help: ArgumentHelp("How the server waits for its sockets: epoll (through libev) or poll "
                               + "(libwebsockets' own loop, which polls every socket on every wakeup).",
                               valueName: "epoll|poll"))
    var eventLoop = ServerConfiguration().eventLoop

    @Option(help: ArgumentHelp("Scene a new browser tab starts in (default: the first).", valueName: "name"))
    var scene = SegueCommandLine.defaultSceneName

    @Option(name: .customLong("allow-origin"),
            help: ArgumentHelp("Also accept WebSocket connections from pages at this origin, e.g. "
                               + "http://192.168.1.20:8080 (repeat for more). Pages served by this "
                               + "server and from localhost are always accepted.",
                               valueName: "origin"))
    var allowedOrigins: [String] = []

    @Option(help: ArgumentHelp("Server processes sharing the port (SO_REUSEPORT), each with its own "
                               + "service thread; use one per core. Limits below apply to each worker."))
    var workers = 1

    @Option(help: "Open sessions (browser tabs) a worker serves at once; more are answered 503.")
    var maxSessions = ServerConfiguration().maxSessions

    @Option(name: .customLong("max-sessions-per-ip"),
            help: "Open sessions from one IP address; more are answered 429.")
    var maxSessionsPerAddress = ServerConfiguration().maxSessionsPerAddress

    @Option(help: ArgumentHelp("Connections (HTTP and WebSocket) a worker is sized for; must be at "
                               + "least --max-sessions."))
    var maxConnections = ServerConfiguration().maxConnections

    @Option(help: "Browsers that may watch one shared session (0…1000); more are refused with a message.")
    var maxWatchers = ServerConfiguration().maxWatchers

    @Option(help: "Messages a session may send per second; the rest are dropped and counted.")
    var maxMessagesPerSecond = ServerConfiguration().maxMessagesPerSecond

    @Option(help: "Seconds a client may take to send its request headers.")
    var handshakeTimeout = ServerConfiguration().handshakeTimeout

    @Option(help: "Seconds a WebSocket may stay silent before the server pings it.")
    var pingInterval = ServerConfiguration().pingInterval

    @Option(help: "Seconds without a pong before a WebSocket is hung up (> --ping-interval).")
    var idleTimeout = ServerConfiguration().idleTimeout

    @Option(help: ArgumentHelp("Seconds to wait, after SIGTERM or SIGINT, for sessions to answer the "
                               + "going-away Close before cutting them (0…60). The server stops "
                               + "listening at once."))
    var drainTimeout = ServerConfiguration().drainTimeout

    @Option(help: "How much to log: trace, debug, info, notice, warning, error or critical.")
    var logLevel = Logger.Level.info

    /// Set by the supervisor of `--workers` on each worker it starts.
    @Option(help: .hidden)
    var workerIndex: Int?

    /// Set with `--worker-index` when the supervisor waits for this worker on descriptor 3.
    @Flag(help: .hidden)
    var reportReadiness = false

    func validate() throws {
        guard (1...256).contains(workers) else { throw ValidationError("--workers must be within 1…256") }
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
        if let workerIndex { logger[metadataKey: "worker"] = "\(workerIndex)" }
        let clean: Bool
        do {
            if workers > 1 {
                clean = try supervise(logger: logger)
            } else {
                try serveInThisProcess(logger: logger)
                clean = true
            }
        } catch {
            logger.critical("\(error.description)")
            throw ExitCode.failure
        }
        if !clean { throw ExitCode.failure }
    }

    private func serveInThisProcess(logger: Logger) throws(ServerError) {
        let server = try Self.makeServer(configuration: makeConfiguration(), defaultScene: scene,
                                         logger: logger)
        if workerIndex != nil {
            WorkerSupervisor.workerIsReady(reportsReadiness: reportReadiness)
        } else {
            announce(server.url)
        }
        server.run()
    }

    private func announce(_ url: String) {
        print("Segue is running: open \(url)")
        fflush(nil)  // the line must reach a pipe before serving blocks
    }

    /// `--workers N`: this process only starts, watches and stops N copies of itself.
    /// Returns whether every worker stopped cleanly.
    private func supervise(logger: Logger) throws(ServerError) -> Bool {
        let configuration = makeConfiguration()
        let supervisor = WorkerSupervisor(count: workers, configuration: configuration, logger: logger) { index, port, ready in
            workerArguments(index: index, port: port, reportsReadiness: ready)
        }
        return try supervisor.run { port in
            announce(configuration.url(port: port))
            logger.info("serving with \(workers) workers")
        }
    }

    /// This command's options for one worker: the same server, on the shared port.
    private func workerArguments(index: Int, port: Int, reportsReadiness: Bool) -> [String] {
        var arguments = ["serve", "--host", host, "--port", "\(port)", "--public", publicDirectory,
                         "--fps", "\(fps)", "--tick-groups", "\(tickGroups)", "--tick-group-size", "\(tickGroupSize)",
                         "--event-loop", eventLoop.rawValue,
                         "--scene", scene, "--max-sessions", "\(maxSessions)",
                         "--max-sessions-per-ip", "\(maxSessionsPerAddress)",
                         "--max-connections", "\(maxConnections)",
                         "--max-messages-per-second", "\(maxMessagesPerSecond)",
                         "--max-watchers", "\(maxWatchers)",
                         "--handshake-timeout", "\(handshakeTimeout)", "--ping-interval", "\(pingInterval)",
                         "--idle-timeout", "\(idleTimeout)", "--drain-timeout", "\(drainTimeout)",
                         "--log-level", logLevel.rawValue,
                         "--worker-index", "\(index)"]
        arguments += allowedOrigins.flatMap { ["--allow-origin", $0] }
        if reportsReadiness { arguments.append("--report-readiness") }
        return arguments
    }

    func makeConfiguration() -> ServerConfiguration {
        ServerConfiguration().with {
            $0.host = host
            $0.port = port
            $0.publicDirectory = publicDirectory
            $0.framesPerSecond = fps
            $0.tickGroups = tickGroups
            $0.tickGroupSize = tickGroupSize
            $0.eventLoop = eventLoop
            $0.allowedOrigins = allowedOrigins
            $0.maxSessions = maxSessions
            $0.maxSessionsPerAddress = maxSessionsPerAddress
            $0.maxConnections = maxConnections
            $0.maxMessagesPerSecond = maxMessagesPerSecond
            $0.maxWatchers = maxWatchers
            $0.handshakeTimeout = handshakeTimeout
            $0.pingInterval = pingInterval
            $0.idleTimeout = idleTimeout
            $0.drainTimeout = drainTimeout
            $0.reusePort = workerIndex != nil
        }
    }

    /// Builds the server without running it, so wiring can be checked without a signal.
    static func makeServer(
        configuration: ServerConfiguration, defaultScene: String, logger: Logger
    ) throws(ServerError) -> Server {
        // Sessions run on the main actor: this is the thread that will serve them.
        let factory = MainActor.assumeIsolated {
            SceneSessionFactory(scenes: SegueCommandLine.scenes, defaultScene: defaultScene,
                                fps: configuration.framesPerSecond, maxWatchers: configuration.maxWatchers)
        }
        return try Server(configuration: configuration, handlerFactory: factory, logger: logger)
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
extension EventLoopKind: ExpressibleByArgument {}
