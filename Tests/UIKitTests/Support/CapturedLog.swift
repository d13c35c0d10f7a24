import Foundation
import Logging

/// A logger whose messages a test reads back.
nonisolated final class CapturedLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [(level: Logger.Level, message: String)] = []

    var logger: Logger {
        Logger(label: "test") { _ in Handler(log: self) }
    }

    /// The error-level messages, in order.
    var errors: [String] {
        lock.withLock { entries.filter { $0.level == .error }.map(\.message) }
    }

    fileprivate func append(_ level: Logger.Level, _ message: String) {
        lock.withLock { entries.append((level, message)) }
    }

    private struct Handler: LogHandler {
        let log: CapturedLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(level: Logger.Level, message: Logger.Message, metadata: Logger.Metadata?, source: String,
                 file: String, function: String, line: UInt) {
            self.log.append(level, message.description)
        }
    }
}
