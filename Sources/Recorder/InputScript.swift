import Foundation
import Motion
import Scenes
import UIKit

/// A recorded input script: `{"events":[{"t":0.5,"type":"down","x":389,"y":420,"id":1,"pointer":"touch"}, ...]}`.
/// `t` is seconds from the start and never decreases; `id` defaults to 1, `pointer` to "touch".
/// `{"t":1.2,"type":"resize","width":844,"height":390}` resizes the window (a rotation), so what a
/// resize does at any moment of a transition can be recorded headlessly.
/// `{"t":1,"type":"scrub","command":"seek","progress":0.4}` is the scrub bar (commands pause, seek
/// with `progress`, step with `frames`, finish, cancel).
public struct InputScript: Equatable, Sendable {
    public struct Event: Equatable, Sendable {
        /// What happens at the event's time.
        public enum Action: Equatable, Sendable {
            /// A finger, mouse or pen does something.
            case pointer(PointerEvent)
            /// The window takes a new size, as the page's viewport message does.
            case resize(CGSize)
            /// The scrub bar acts on the running transition, as the page's scrub message does.
            case scrub(ScrubCommand)
        }

        public var time: Double
        public var action: Action

        public init(time: Double, pointer: PointerEvent) {
            self.time = time
            action = .pointer(pointer)
        }

        public init(time: Double, resize size: CGSize) {
            self.time = time
            action = .resize(size)
        }

        public init(time: Double, scrub command: ScrubCommand) {
            self.time = time
            action = .scrub(command)
        }

        /// The pointer event, when the action is one.
        public var pointer: PointerEvent? {
            if case .pointer(let event) = action { event } else { nil }
        }
    }

    /// Limits that keep a script from exhausting memory or time.
    public static let maximumEvents = 1_000_000
    public static let maximumTime = 3600.0
    public static let coordinateRange = -100_000.0...100_000.0
    /// A resize's width and height, pt: the recorder's own `--width`/`--height` range.
    public static let sizeRange = Recorder.Options.sizeRange

    public var events: [Event]

    public init(events: [Event] = []) {
        self.events = events
    }

    public var lastEventTime: Double { events.last?.time ?? 0 }

    /// Parses and validates a script; every problem names the event and the field.
    public init(json data: Data) throws(RecorderError) {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw .invalidInput("not valid JSON (\(error.localizedDescription))")
        }
        guard let root = object as? [String: Any], let list = root["events"] as? [Any] else {
            throw .invalidInput("expected an object with an \"events\" array")
        }
        guard list.count <= Self.maximumEvents else {
            throw .invalidInput("more than \(Self.maximumEvents) events")
        }
        var events: [Event] = []
        events.reserveCapacity(list.count)
        for (index, item) in list.enumerated() {
            let event = try Self.parseEvent(item, index: index)
            if let previous = events.last, event.time < previous.time {
                throw .invalidInput("event \(index): t \(event.time) is earlier than the event before it (\(previous.time))")
            }
            events.append(event)
        }
        self.events = events
    }

    private static func parseEvent(_ item: Any, index: Int) throws(RecorderError) -> Event {
        guard let fields = item as? [String: Any] else { throw .invalidInput("event \(index): expected an object") }
        func number(_ key: String, required: Bool, default value: Double = 0) throws(RecorderError) -> Double {
            guard let raw = fields[key] else {
                if required { throw .invalidInput("event \(index): missing \"\(key)\"") }
                return value
            }
            // JSONSerialization returns numbers with many digits as NSDecimalNumber, whose doubleValue
            // is a few ulps off (0.30000000000000004 reads as 0.3000000000000001); its exact decimal
            // text converts to the nearest double.
            let decimal = (raw as? NSDecimalNumber).flatMap { Double($0.description) }
            guard let n = decimal ?? (raw as? NSNumber)?.doubleValue, n.isFinite else {
                throw .invalidInput("event \(index): \"\(key)\" must be a finite number")
            }
            return n
        }
        let time = try number("t", required: true)
        guard time >= 0, time <= maximumTime else {
            throw .invalidInput("event \(index): \"t\" must be between 0 and \(Int(maximumTime)) seconds")
        }
        let typeName = fields["type"] as? String
        if typeName == "resize" {
            let width = try number("width", required: true), height = try number("height", required: true)
            guard sizeRange.contains(width), sizeRange.contains(height) else {
                throw .invalidInput("event \(index): \"width\" and \"height\" must be between 1 and \(Int(sizeRange.upperBound))")
            }
            return Event(time: time, resize: CGSize(width: width, height: height))
        }
        if typeName == "scrub" {
            return Event(time: time, scrub: try scrubCommand(fields, index: index) { key throws(RecorderError) in
                try number(key, required: true)
            })
        }
        guard let typeName, let phase = PointerEvent.Phase(rawValue: typeName) else {
            throw .invalidInput("event \(index): \"type\" must be one of down, move, up, cancel, resize, scrub")
        }
        let x = try number("x", required: true), y = try number("y", required: true)
        guard coordinateRange.contains(x), coordinateRange.contains(y) else {
            throw .invalidInput("event \(index): x and y must be within ±\(Int(coordinateRange.upperBound))")
        }
        let id = try number("id", required: false, default: 1)
        // The same range as the wire protocol's pointer ids.
        guard id == id.rounded(), (0...Double(Int32.max)).contains(id) else {
            throw .invalidInput("event \(index): \"id\" must be an integer within 0…\(Int32.max)")
        }
        let kindName = fields["pointer"] as? String ?? "touch"
        guard fields["pointer"] == nil || fields["pointer"] is String, let kind = PointerEvent.Kind(rawValue: kindName) else {
            throw .invalidInput("event \(index): \"pointer\" must be one of mouse, touch, pen")
        }
        let pointer = PointerEvent(phase: phase, pointerID: Int(id), kind: kind, location: CGPoint(x: x, y: y), timestamp: time)
        return Event(time: time, pointer: pointer)
    }
}

extension InputScript {
    /// A scrub event's command, validated as the wire validates it.
    fileprivate static func scrubCommand(
        _ fields: [String: Any], index: Int, number: (String) throws(RecorderError) -> Double
    ) throws(RecorderError) -> ScrubCommand {
        switch fields["command"] as? String {
        case "pause": return .pause
        case "finish": return .finish
        case "cancel": return .cancel
        case "seek":
            let progress = try number("progress")
            guard (0...1).contains(progress) else {
                throw .invalidInput("event \(index): \"progress\" must be between 0 and 1")
            }
            return .seek(progress: progress)
        case "step":
            let frames = try number("frames")
            let limit = Double(ScrubCommand.maximumStepFrames)
            guard frames != 0, frames == frames.rounded(), abs(frames) <= limit else {
                throw .invalidInput("event \(index): \"frames\" must be a whole number within ±\(Int(limit)), not 0")
            }
            return .step(frames: Int(frames))
        default:
            throw .invalidInput("event \(index): \"command\" must be one of pause, seek, step, finish, cancel")
        }
    }
}

/// What the recorder rejects; every case reads as a sentence for the command line.
public enum RecorderError: Error, Equatable, CustomStringConvertible {
    case unknownScene(String)
    case unreadableInput(path: String, reason: String)
    case invalidInput(String)
    case invalidOption(String)

    public var description: String {
        switch self {
        case .unknownScene(let name):
            "unknown scene \"\(name)\"; scenes: \(Scene.all.map(\.name).joined(separator: ", "))"
        case .unreadableInput(let path, let reason):
            "cannot read input \(path): \(reason)"
        case .invalidInput(let reason):
            "invalid input: \(reason)"
        case .invalidOption(let reason):
            reason
        }
    }
}
