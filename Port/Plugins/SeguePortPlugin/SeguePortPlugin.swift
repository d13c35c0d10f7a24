import Foundation
import PackagePlugin

/// Ports a target's iOS sources before each build, so a team keeps one copy of them.
///
/// The target's folder holds `segue-port.json`, naming the folders to port relative to it:
///
///     {"sources": ["../../App/Transitions"]}
///
/// The plugin lists those folders' `*.swift` files when the build is planned and declares one
/// command, `segue-port --output <work directory> <folders>`, with the files (and the
/// configuration) as inputs and their ported copies as outputs, which SwiftPM compiles as the
/// target's sources. The copies keep each file's path below the folder it was found in.
@main
struct SeguePortPlugin: BuildToolPlugin {
    static let configurationName = "segue-port.json"

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let configuration = target.directoryURL.appending(path: Self.configurationName)
        let folders = try Self.sourceFolders(in: configuration, relativeTo: target.directoryURL)
        let output = context.pluginWorkDirectoryURL.appending(path: "Ported")

        var inputs: [URL] = [configuration]
        var outputs: [URL] = []
        var sourceOf: [String: String] = [:]
        for folder in folders {
            for relative in try Self.swiftFiles(under: folder) {
                let copy = output.appending(path: relative)
                if let earlier = sourceOf.updateValue(folder.path, forKey: relative) {
                    throw PluginError("\(earlier) and \(folder.path) both hold \(relative); its ported copy can be only one of them")
                }
                inputs.append(folder.appending(path: relative))
                outputs.append(copy)
            }
        }
        return [
            .buildCommand(
                displayName: "Porting \(outputs.count) iOS source files for \(target.name)",
                executable: try context.tool(named: "segue-port").url,
                arguments: ["--output", output.path] + folders.map(\.path),
                inputFiles: inputs,
                outputFiles: outputs
            ),
        ]
    }

    private struct Configuration: Decodable {
        /// Folders of iOS sources, relative to the target's folder.
        var sources: [String]
    }

    private static func sourceFolders(in configuration: URL, relativeTo directory: URL) throws -> [URL] {
        let data: Data
        do {
            data = try Data(contentsOf: configuration)
        } catch {
            throw PluginError("\(configuration.path) is missing: it names the folders to port, as {\"sources\": [\"../../App\"]}")
        }
        let sources: [String]
        do {
            sources = try JSONDecoder().decode(Configuration.self, from: data).sources
        } catch {
            throw PluginError("\(configuration.path) is not {\"sources\": [\"folder\", …]}: \(error)")
        }
        return try sources.map { source in
            let folder = directory.appending(path: source).standardizedFileURL
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw PluginError("\(configuration.path) names \(source), which is no folder (\(folder.path))")
            }
            return folder
        }
    }

    /// The `*.swift` files under `folder`, relative to it: the files `segue-port` finds there
    /// (SourceFiles.swiftFiles(under:)), so skipping hidden files and folders and folders reached
    /// through a symbolic link.
    private static func swiftFiles(under folder: URL) throws -> [String] {
        var found: [String] = []
        var pending = [""]
        while let relative = pending.popLast() {
            let directory = relative.isEmpty ? folder : folder.appending(path: relative)
            for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) where !name.hasPrefix(".") {
                let child = relative.isEmpty ? name : "\(relative)/\(name)"
                let path = folder.appending(path: child).path
                let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
                var isDirectory: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
                if isDirectory.boolValue {
                    if type != .typeSymbolicLink { pending.append(child) }
                } else if name.hasSuffix(".swift") {
                    found.append(child)
                }
            }
        }
        return found
    }
}

struct PluginError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
