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
/// Today it carries `record` (every flag of `segue record`, `--svg` included); `serve` and `bench`
/// still live in the `segue` executable, whose server looks scenes up in `Scene.all`.
public enum SegueCommandLine {
    /// The scenes the commands offer, by name. A task-local rather than a global, so nothing
    /// outlives the call that set it and tests can run commands side by side.
    @TaskLocal public static var scenes: [Scene] = Scene.all

    /// Parses the process's arguments and runs the command over `scenes`, then exits.
    public static func main(scenes: [Scene], arguments: [String]? = nil) {
        $scenes.withValue(scenes) {
            Command.main(arguments)
        }
    }

    /// The commands a package's executable gets.
    struct Command: ParsableCommand {
        static let configuration = CommandConfiguration(
            // The executable's own name, as the user typed it, in usage lines.
            commandName: CommandLine.arguments.first.flatMap { $0.split(separator: "/").last.map(String.init) },
            abstract: "Record this package's scenes headless, as `segue record` does.",
            subcommands: [Record.self],
            defaultSubcommand: Record.self)
    }
}
