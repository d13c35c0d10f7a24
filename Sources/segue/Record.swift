import ArgumentParser
import Foundation
import Recorder
import Scenes

struct Record: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a scene headless on a virtual clock and print one JSON object per frame.",
        discussion: """
            Pointer input comes from a script: {"events":[{"t":0.5,"type":"down","x":389,"y":420,"id":1,"pointer":"touch"}]}
            with types down, move, up and cancel, and scrub-bar commands: {"t":1,"type":"scrub","command":"seek","progress":0.4}
            (pause, seek, step with "frames", finish, cancel); t in seconds. Scenes: \(Scene.all.map(\.name).joined(separator: ", ")).
            Same input, byte-identical output. Bad input exits with status 2.
            """)

    @Option(help: "The scene to run.")
    var scene: String = Scene.defaultName

    @Option(help: "Viewport width in points.")
    var width: Double = 390

    @Option(help: "Viewport height in points.")
    var height: Double = 844

    @Option(help: "Frames per second of the virtual clock (1–240).")
    var fps: Int = 60

    @Option(help: "A pointer script (JSON), or - for standard input. Without one the scene just sits.")
    var input: String?

    @Option(help: "Seconds to record. Default: two seconds past the last event.")
    var duration: Double?

    func run() throws {
        do {
            let script = try readScript()
            let recorder = try Recorder(options: .init(scene: scene, width: width, height: height, fps: fps,
                                                       duration: duration), script: script)
            var output = FileOutput()
            recorder.run { line in output.writeLine(line) }
            output.flush()
        } catch {
            FileHandle.standardError.write(Data("segue record: \(error)\n".utf8))
            throw ExitCode(2)
        }
    }

    private func readScript() throws(RecorderError) -> InputScript {
        guard let input else { return InputScript() }
        let data: Data
        if input == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: input))
            } catch {
                throw .unreadableInput(path: input, reason: (error as NSError).localizedDescription)
            }
        }
        return try InputScript(json: data)
    }
}

/// Buffers standard output in large writes: a recording is many short lines.
private struct FileOutput {
    private var buffer: [UInt8] = []

    mutating func writeLine(_ line: String) {
        buffer.append(contentsOf: line.utf8)
        buffer.append(0x0A)
        if buffer.count >= 1 << 16 { flush() }
    }

    mutating func flush() {
        guard !buffer.isEmpty else { return }
        FileHandle.standardOutput.write(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
    }
}
