import ArgumentParser
import Scenes

/// The `segue` command line for a package's own scenes.
///
/// ```swift
/// // Sources/my-transitions/main.swift
/// import SegueCLI
/// SegueCommandLine.main(scenes: [cardsScene] + Scene.all)
/// ```
///
/// It is exactly `segue`'s command line — `serve` (the default), `record`, `bench` and `port`, every flag —
/// over the scenes given; `segue` itself is `SegueCommandLine.main(scenes: Scene.all)`. Workers
/// (`serve --workers N`) re-run the same executable, so they serve the same scenes.
public enum SegueCommandLine {
    /// The scenes the commands offer, by name. A task-local rather than a global, so nothing
    /// outlives the call that set it and tests can run commands side by side.
    @TaskLocal public static var scenes: [Scene] = Scene.all

    /// The scene `serve` and `record` start in unless told otherwise: the first one given.
    static var defaultSceneName: String { scenes.first?.name ?? Scene.defaultName }

    /// Parses the process's arguments and runs the command over `scenes`, then exits.
    /// `scenes` must not be empty; names should be unique (the first of a name wins).
    public static func main(scenes: [Scene], arguments: [String]? = nil) {
        precondition(!scenes.isEmpty, "SegueCommandLine.main needs at least one scene")
        $scenes.withValue(scenes) {
            Command.main(arguments)
        }
    }

    /// The commands a package's executable gets.
    struct Command: ParsableCommand {
        static let configuration = CommandConfiguration(
            // The executable's own name, as the user typed it, in usage lines.
            commandName: CommandLine.arguments.first.flatMap { $0.split(separator: "/").last.map(String.init) },
            abstract: "UIKit's custom, interactive view-controller transitions, live in a browser.",
            subcommands: [Serve.self, Record.self, Bench.self, Port.self],
            defaultSubcommand: Serve.self)
    }
}
