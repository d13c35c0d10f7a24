import Motion
import Scenes
import UIKit

/// `segue record`: runs a scene on a virtual clock at exactly `fps` frames per second, feeding it an
/// input script (pointer events, resizes and scrub-bar commands), and emits one JSON object per frame. Same input, byte-identical output.
public struct Recorder {
    public struct Options: Equatable, Sendable {
        public var scene: String
        public var width: Double
        public var height: Double
        public var fps: Int
        /// Seconds to record; by default until two seconds after the last event.
        public var duration: Double?

        public static let fpsRange = 1...240
        public static let sizeRange = 1.0...8192.0
        public static let maximumDuration = 3600.0
        /// Recording continues this long after the last event when no duration is given.
        public static let settleTime = 2.0

        public init(scene: String = Scene.defaultName, width: Double = 390, height: Double = 844, fps: Int = 60,
                    duration: Double? = nil) {
            self.scene = scene
            self.width = width
            self.height = height
            self.fps = fps
            self.duration = duration
        }
    }

    public let options: Options
    public let script: InputScript
    private let scene: Scene

    /// Records the built-in scene that `options.scene` names.
    public init(options: Options, script: InputScript) throws(RecorderError) {
        guard let scene = Scene.named(options.scene) else { throw .unknownScene(options.scene) }
        try self.init(scene: scene, options: options, script: script)
    }

    /// Records any scene, a package's own included; `options.scene` becomes its name.
    public init(scene: Scene, options: Options, script: InputScript) throws(RecorderError) {
        var options = options
        options.scene = scene.name
        guard Options.fpsRange.contains(options.fps) else {
            throw .invalidOption("--fps must be between \(Options.fpsRange.lowerBound) and \(Options.fpsRange.upperBound)")
        }
        guard Options.sizeRange.contains(options.width), Options.sizeRange.contains(options.height) else {
            throw .invalidOption("--width and --height must be between 1 and 8192")
        }
        if let duration = options.duration, !(duration >= 0 && duration <= Options.maximumDuration) {
            throw .invalidOption("--duration must be between 0 and \(Int(Options.maximumDuration)) seconds")
        }
        self.options = options
        self.script = script
        self.scene = scene
    }

    public var duration: Double { options.duration ?? script.lastEventTime + Options.settleTime }

    public var frameCount: Int { Int((duration * Double(options.fps)).rounded(.down)) + 1 }

    /// Runs the whole recording, handing each frame's JSON line to `emit` (valid only during the call).
    @MainActor public func run(_ emit: (String) -> Void) {
        run { frame in emit(frame.json) }
    }

    /// A recorded frame, for callers that want the structure as well as the line.
    public struct Frame {
        public let index: Int
        public let time: Double
        public let top: String
        public let transition: TransitionStatus?
        /// What a finger's lift decided since the previous frame, if one did.
        public let release: TransitionRelease?
        public let list: DisplayList
        public let json: String
        public let host: SceneHost
    }

    /// Runs the recording frame by frame. Events apply in order at their own time, before the first
    /// frame whose time is at or after theirs.
    @MainActor public func run(frames body: (Frame) -> Void) {
        let clock = ManualClock()
        let host = SceneHost(scene: scene, size: CGSize(width: options.width, height: options.height), clock: clock)
        var writer = FrameWriter()
        var next = 0
        var releases = 0
        let events = script.events
        let frameDuration = 1 / Double(options.fps)
        for index in 0..<frameCount {
            let time = Double(index) / Double(options.fps)
            while next < events.count && events[next].time <= time {
                clock.set(events[next].time)
                switch events[next].action {
                case .pointer(let pointer): host.handle(pointer)
                case .resize(let size): host.resize(to: size)
                // As on the wire, a scrub that cannot apply (no transition) changes nothing.
                case .scrub(let command): try? host.scrub(command, frameDuration: frameDuration)
                }
                next += 1
            }
            clock.set(time)
            let list = host.frame()
            let top = host.topName
            let transition = host.transition
            let runner = host.window.transitions
            let release = runner.releaseCount != releases ? runner.lastRelease : nil
            releases = runner.releaseCount
            let json = writer.write(frame: index, time: time, top: top, transition: transition, release: release, list: list)
            body(Frame(index: index, time: time, top: top, transition: transition, release: release, list: list,
                       json: json, host: host))
        }
    }
}
