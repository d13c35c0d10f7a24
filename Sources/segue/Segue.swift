import ArgumentParser
import SegueCLI

@main
struct Segue: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "segue",
        abstract: "UIKit's custom, interactive view-controller transitions, live in a browser.",
        subcommands: [Serve.self, Record.self, Bench.self],
        defaultSubcommand: Serve.self)
}
