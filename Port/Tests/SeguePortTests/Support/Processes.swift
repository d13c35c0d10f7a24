import Foundation

/// What a finished process said and how it ended.
struct ProcessResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs `executable` with `arguments` in `directory` and waits for it.
func run(_ executable: URL, _ arguments: [String], in directory: URL? = nil) throws -> ProcessResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    let stdout = Pipe(), stderr = Pipe()
    process.standardOutput = stdout
    process.standardError = stderr
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // stderr is drained on another thread while stdout is read here, so neither pipe can fill
    // and block the process.
    let errorData = ErrorOutput()
    let errorRead = DispatchSemaphore(value: 0)
    let errorHandle = stderr.fileHandleForReading
    Thread.detachNewThread {
        errorData.data = errorHandle.readDataToEndOfFile()
        errorRead.signal()
    }
    let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
    errorRead.wait()
    process.waitUntilExit()
    return ProcessResult(status: process.terminationStatus,
                         stdout: String(decoding: outputData, as: UTF8.self),
                         stderr: String(decoding: errorData.data, as: UTF8.self))
}

/// Written by the thread that reads stderr, read after it signals.
private final class ErrorOutput: @unchecked Sendable {
    var data = Data()
}

enum Paths {
    /// Port/, the package's folder.
    static let package = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `segue-port` that `swift test` built, beside the test bundle in the build folder.
    static let segueport: URL = {
        let testBundles = [URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()]
            + Bundle.allBundles.map(\.bundleURL)
        for bundle in testBundles {
            let candidate = bundle.deletingLastPathComponent().appending(path: "segue-port")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        fatalError("no segue-port beside the test bundle (\(testBundles.map(\.path)))")
    }()
}
