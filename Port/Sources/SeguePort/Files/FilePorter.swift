import Foundation

/// What `segue-port` does with its arguments: reads every file, ports them, writes what changed,
/// and says what it did.
public struct FilePorter: Sendable {
    public struct Options: Hashable, Sendable {
        /// Files, and folders to walk for `*.swift` files.
        public var paths: [String]
        /// Write ported copies here, each at its path relative to the argument it was found under,
        /// and leave the inputs alone; `nil` (the default) ports files in place.
        public var outputDirectory: String?
        /// Write nothing; the status says whether anything would change.
        public var check: Bool

        public init(paths: [String], outputDirectory: String? = nil, check: Bool = false) {
            self.paths = paths
            self.outputDirectory = outputDirectory
            self.check = check
        }
    }

    /// The exit status: what the run found.
    public struct Status: RawRepresentable, Hashable, Sendable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }

        /// Everything is portable (and with `--check`: already ported).
        public static let success = Status(rawValue: 0)
        /// Something cannot be ported (the portable rewrites are still written), or with
        /// `--check`, something would change.
        public static let needsWork = Status(rawValue: 1)
        /// A usage error or a file that could not be read or written (`PortError`).
        public static let failure = Status(rawValue: 2)
    }

    public struct Report: Hashable, Sendable {
        /// One line per finding, `path:line:column: message`, files in the order they were found.
        public var lines: [String]
        public var status: Status
    }

    public var options: Options
    private let porter = SourcePorter()

    public init(options: Options) {
        self.options = options
    }

    /// Ports every file; nothing is written unless every path exists and every file was read.
    public func run() throws(PortError) -> Report {
        let files = try SourceFiles.find(in: options.paths)
        var ported: [(file: SourceFile, source: String, result: PortedSource)] = []
        var hierarchy = InheritedOptionalRequirements()
        for file in files {
            let source = try Self.read(file.path)
            hierarchy.add(Declarations(source: source), file: ported.count)
            ported.append((file, source, porter.port(source)))
        }
        for (file, finding) in hierarchy.findings() {
            ported[file].result.add(finding)
        }

        let destinations = try destinations(of: files)
        var lines: [String] = []
        var changed = false
        var unportable = false
        for (index, entry) in ported.enumerated() {
            lines += entry.result.findings.map { $0.formatted(path: entry.file.path) }
            changed = changed || entry.result.text != entry.source
            unportable = unportable || entry.result.hasUnportable
            if !options.check {
                try Self.write(entry.result.text, to: destinations[index])
            }
        }
        let needsWork = unportable || (options.check && changed)
        return Report(lines: lines, status: needsWork ? .needsWork : .success)
    }

    /// Where each file's ported text goes: the file itself, or its copy below the output folder.
    private func destinations(of files: [SourceFile]) throws(PortError) -> [String] {
        guard let output = options.outputDirectory else { return files.map(\.path) }
        var claimed: [String: String] = [:]
        var destinations: [String] = []
        for file in files {
            let destination = SourceFiles.join(output, file.relativePath)
            if let earlier = claimed.updateValue(file.path, forKey: destination) {
                throw .sameOutput(earlier, file.path, destination)
            }
            destinations.append(destination)
        }
        return destinations
    }

    private static func read(_ path: String) throws(PortError) -> String {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .cannotRead(path, (error as NSError).localizedDescription)
        }
        guard let text = String(data: data, encoding: .utf8) else { throw .notUTF8(path) }
        return text
    }

    /// Writes `text` to `path` unless the file already holds it, so that an unchanged file keeps
    /// its modification time (builds that depend on it stay up to date).
    private static func write(_ text: String, to path: String) throws(PortError) {
        let data = Data(text.utf8)
        let url = URL(fileURLWithPath: path)
        if let existing = try? Data(contentsOf: url), existing == data { return }
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        } catch {
            throw .cannotWrite(path, (error as NSError).localizedDescription)
        }
    }
}
