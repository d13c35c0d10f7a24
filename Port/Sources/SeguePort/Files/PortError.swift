/// Why `segue-port` could not do its work at all: a wrong path, a file it cannot read or write.
/// Each reads as one line after `segue-port: `.
public struct PortError: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String

    static func noSuchPath(_ path: String) -> PortError {
        PortError(description: "no such file or directory: \(path)")
    }

    static func cannotRead(_ path: String, _ reason: String) -> PortError {
        PortError(description: "cannot read \(path): \(reason)")
    }

    static func notUTF8(_ path: String) -> PortError {
        PortError(description: "\(path) is not UTF-8 text")
    }

    static func sameOutput(_ first: String, _ second: String, _ output: String) -> PortError {
        PortError(description: "\(first) and \(second) would both be written to \(output)")
    }

    static func cannotWrite(_ path: String, _ reason: String) -> PortError {
        PortError(description: "cannot write \(path): \(reason)")
    }
}
