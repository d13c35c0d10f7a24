import ArgumentParser
import Logging
import SegueServer
#if canImport(Glibc)
import Glibc
#endif

/// `segue-echo`: the lws transport of `segue serve` with an echo handler instead of scenes, for
/// the transport's tests (Tests/server) and the Autobahn|Testsuite (scripts/autobahn). Not part of
/// the product: it is built with the package but shipped in no product.
@main
struct EchoServer: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "segue-echo",
        abstract: "Echo every WebSocket message through Segue's transport; for tests only.")

    @Option(help: "Address to listen on.")
    var host = ServerConfiguration().host

    @Option(help: "Port to listen on (0 picks a free port; the banner names it).")
    var port = ServerConfiguration().port

    @Option(name: .customLong("public"), help: "Directory of static files to serve.")
    var publicDirectory = ServerConfiguration().publicDirectory

    @Option(help: "Ticks per second, 1 to 240 (only with --ticks).")
    var fps = ServerConfiguration().framesPerSecond

    @Flag(help: "Send `tick N` on every tick; `pad:N` pads them to N bytes. Off, only echoes go out.")
    var ticks = false

    @Option(name: .customLong("allow-origin"), help: "Also accept WebSockets from this origin.")
    var allowedOrigins: [String] = []

    @Option(help: "How much to log: trace, debug, info, notice, warning, error or critical.")
    var logLevel = "info"

    func run() throws {
        LoggingSystem.bootstrap(StreamLogHandler.standardError)
        var logger = Logger(label: "segue.echo")
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .info
        let configuration = ServerConfiguration().with {
            $0.host = host
            $0.port = port
            $0.publicDirectory = publicDirectory
            $0.framesPerSecond = fps
            $0.allowedOrigins = allowedOrigins
        }
        do {
            let server = try Server(configuration: configuration, handlerFactory: EchoFactory(sendsTicks: ticks),
                                    logger: logger)
            print("Segue echo is running: open \(server.url)")
            fflush(nil)
            server.run()
        } catch {
            logger.critical("\(error.description)")
            throw ExitCode.failure
        }
    }
}
