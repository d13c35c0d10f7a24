import ArgumentParser
import Foundation
import SeguePort

@main
struct SeguePortCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "segue-port",
        abstract: "Ports iOS UIKit sources to Segue: drops @objc and its kin, turns #selector into Selector(Type.method).",
        discussion: """
            Prints each rewrite, and each construct it cannot port, as path:line:column.
            Exit status: 0 when everything is portable, 1 when something cannot be ported (the \
            portable rewrites are still made) or, with --check, when something would change, \
            2 for a usage error or a file that cannot be read or written.
            """
    )

    @Option(name: .customLong("output"),
            help: ArgumentHelp("Write ported copies under this folder, each at its path below the argument it was found under; leave the inputs as they are.", valueName: "dir"))
    var outputDirectory: String?

    @Flag(help: "Change nothing: print what would change, and exit 1 if anything would.")
    var check = false

    @Argument(help: ArgumentHelp("Swift files, and folders to walk for *.swift files (hidden folders skipped).", valueName: "path"))
    var paths: [String]

    /// Parses the arguments and runs, mapping every usage error to status 2 (ArgumentParser's own
    /// is 64) with a one-line message.
    static func main() {
        let command: SeguePortCommand
        do {
            command = try parse()
        } catch {
            if exitCode(for: error) == .success {
                print(fullMessage(for: error))
                terminate(0)
            }
            fail(message(for: error))
        }
        let options = FilePorter.Options(paths: command.paths, outputDirectory: command.outputDirectory, check: command.check)
        do {
            let report = try FilePorter(options: options).run()
            for line in report.lines { print(line) }
            terminate(report.status.rawValue)
        } catch {
            fail(error.description)
        }
    }

    private static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("segue-port: \(message)\n".utf8))
        terminate(FilePorter.Status.failure.rawValue)
    }
}

/// The C library's `exit` (ParsableCommand's own `exit(withError:)` hides it inside the command).
private func terminate(_ status: Int32) -> Never {
    exit(status)
}
