import ArgumentParser
import Foundation
import Motion
import Recorder
import Scenes

/// `segue record`, over the scenes in ``SegueCommandLine/scenes`` (the built-in ones unless a
/// package's executable passes its own to ``SegueCommandLine/main(scenes:)``).
public struct Record: ParsableCommand {
    public static let configuration = CommandConfiguration(
        abstract: "Run a scene headless on a virtual clock and print one JSON object per frame.",
        discussion: """
            Pointer input comes from a script: {"events":[{"t":0.5,"type":"down","x":389,"y":420,"id":1,"pointer":"touch"}]}
            with types down, move, up and cancel; resizes {"t":1,"type":"resize","width":844,"height":390}; and scrub-bar
            commands {"t":1,"type":"scrub","command":"seek","progress":0.4} (pause, seek, step with "frames", finish,
            cancel); t in seconds. Scenes: \(SegueCommandLine.scenes.map(\.name).joined(separator: ", ")).
            Same input, byte-identical output. Bad input exits with status 2.
            """)

    @Option(help: "The scene to run (default: the first).")
    var scene: String = SegueCommandLine.defaultSceneName

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

    @Option(help: "Also draw the recording as an SVG to this file: frames side by side, a plot over time below.")
    var svg: String?

    @Option(help: "The SVG's frames, in seconds, comma-separated (0.2,0.4,0.6). Default: six, evenly spaced over the transitions.")
    var svgTimes: String?

    @Option(help: "The view whose x, y, scale and alpha the SVG's plot follows (a name from docs/scenes.md).")
    var svgView: String?

    public init() {}

    public func run() throws {
        do {
            let script = try readScript()
            guard let chosen = SegueCommandLine.scenes.first(where: { $0.name == scene }) else {
                throw RecorderError.unknownScene(scene)
            }
            let recorder = try Recorder(scene: chosen, options: .init(scene: scene, width: width, height: height, fps: fps,
                                                                      duration: duration), script: script)
            let filmstrip = try svg.map { _ throws(RecorderError) in
                Filmstrip(times: try svgTimes.map(Filmstrip.times(parsing:)), plots: true, plottedView: svgView,
                          title: "segue record --scene \(scene)")
            }
            var output = FileOutput()
            var frames: [CapturedFrame] = []
            // A recording runs its world on the main actor: `segue record` runs on the main thread.
            MainActor.assumeIsolated {
                recorder.run { (frame: Recorder.Frame) in
                    output.writeLine(frame.json)
                    if filmstrip != nil { frames.append(CapturedFrame(frame)) }
                }
            }
            output.flush()
            if let svg, let filmstrip {
                let document = filmstrip.svg(frames, viewport: CGSize(width: width, height: height))
                do {
                    try Data(document.utf8).write(to: URL(fileURLWithPath: svg))
                } catch {
                    throw RecorderError.invalidOption("cannot write \(svg): \((error as NSError).localizedDescription)")
                }
            }
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
