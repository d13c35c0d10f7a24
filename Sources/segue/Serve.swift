import ArgumentParser

struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "(being written)")
    func run() throws { throw ExitCode(1) }
}
