import Foundation

/// A Swift file to port, found under one of the paths `segue-port` was given.
public struct SourceFile: Hashable, Sendable {
    /// The path to print and open: the argument as given, joined with `relativePath` for a folder.
    public var path: String
    /// The path below the argument it was found under (a file given by itself: its name). Ported
    /// copies keep it below the output folder.
    public var relativePath: String
}

public enum SourceFiles {
    /// The files to port under `arguments`, in their order: a file as given, a folder's `*.swift`
    /// files at any depth, sorted by path, skipping hidden files and folders (`.build`, `.git`) and
    /// folders reached through a symbolic link. A file reached twice is listed once.
    ///
    /// SeguePortPlugin lists a folder's files the same way, to declare the copies it expects.
    public static func find(in arguments: [String]) throws(PortError) -> [SourceFile] {
        var files: [SourceFile] = []
        var seen: Set<String> = []
        for argument in arguments {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) else {
                throw .noSuchPath(argument)
            }
            let found = isDirectory.boolValue
                ? try swiftFiles(under: argument).map { SourceFile(path: join(argument, $0), relativePath: $0) }
                : [SourceFile(path: argument, relativePath: (argument as NSString).lastPathComponent)]
            for file in found where seen.insert(URL(fileURLWithPath: file.path).standardizedFileURL.path).inserted {
                files.append(file)
            }
        }
        return files
    }

    /// The `*.swift` files under `folder`, as paths relative to it, sorted byte by byte.
    static func swiftFiles(under folder: String) throws(PortError) -> [String] {
        var found: [String] = []
        var pending = [""]
        while let relative = pending.popLast() {
            let directory = relative.isEmpty ? folder : join(folder, relative)
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: directory)
            } catch {
                throw .cannotRead(directory, "cannot list the folder")
            }
            for name in names where !name.hasPrefix(".") {
                let child = relative.isEmpty ? name : "\(relative)/\(name)"
                let path = join(folder, child)
                let attributes = try? FileManager.default.attributesOfItem(atPath: path)
                let type = attributes?[.type] as? FileAttributeType
                var isDirectory: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
                if isDirectory.boolValue {
                    if type != .typeSymbolicLink { pending.append(child) }
                } else if name.hasSuffix(".swift") {
                    found.append(child)
                }
            }
        }
        return found.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// `folder/child`, without doubling a `/` that `folder` ends with.
    static func join(_ folder: String, _ child: String) -> String {
        folder.hasSuffix("/") ? folder + child : "\(folder)/\(child)"
    }
}
