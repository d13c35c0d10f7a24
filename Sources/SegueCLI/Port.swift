import ArgumentParser
import Foundation

/// `segue port PATH…`: ports iOS source files so that Swift on Linux compiles them against Segue's
/// UIKit (`@objc` dropped, `#selector` made a `Selector`), reporting what cannot be ported.
///
/// The rewriter is swift-syntax, too heavy for every build of `segue`: it lives in its own package,
/// Port/ beside this one, which this command builds once and runs (`swift run --package-path
/// Port segue-port`). Port/README.md says what it rewrites and reports; its exit status is this
/// command's.
struct Port: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Port iOS UIKit source files to Segue's UIKit, in place.",
        discussion: "Runs Port/'s segue-port (built on first use): see Port/README.md.")

    @Flag(help: "Change nothing; print what would change, and exit 1 if anything would.")
    var check = false

    @Option(help: "Write ported copies under this folder instead of rewriting in place.")
    var output: String?

    @Argument(help: "Swift files, or folders searched for them.")
    var paths: [String]

    /// Port/ in the checkout this command was built from (a clone, or a package's dependency).
    static var portPackage: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()   // SegueCLI
            .deletingLastPathComponent().deletingLastPathComponent()    // Sources, the checkout
            .appendingPathComponent("Port")
    }

    func run() throws {
        let package = Self.portPackage
        guard FileManager.default.fileExists(atPath: package.appendingPathComponent("Package.swift").path) else {
            throw ValidationError("segue port needs the Port package of Segue's checkout, not found at \(package.path)")
        }
        var arguments = ["swift", "run", "--quiet", "--package-path", package.path, "segue-port"]
        if check { arguments.append("--check") }
        if let output { arguments += ["--output", output] }
        arguments += paths
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 { throw ExitCode(process.terminationStatus) }
    }
}
