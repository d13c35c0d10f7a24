import Foundation
import Motion
import Scenes
import SegueKit

/// A recorded pointer script: `{"events":[{"t":0.5,"type":"down","x":389,"y":420,"id":1,"pointer":"touch"}, ...]}`.
/// `t` is seconds from the start and never decreases; `id` defaults to 1, `pointer` to "touch".
/// The scrub bar scripts as `{"t":1,"type":"scrub","command":"seek","progress":0.4}` (commands
/// pause, seek with `progress`, step with `frames`, finish, cancel); scrubs are kept apart from
/// the pointer events, each with its place among them.
public struct InputScript: Equatable, Sendable {
    /// A scrub-bar command at `time`, applied after the first `afterPointerEvents` pointer events.
    public struct Scrub: Equatable, Sendable {
        public var time: Double
        public var command: ScrubCommand
        public var afterPointerEvents: Int

        public init(time: Double, command: ScrubCommand, afterPointerEvents: Int) {
            self.time = time
            self.command = command
            self.afterPointerEvents = afterPointerEvents
        }
    }

    public struct Event: Equatable, Sendable {
        public var time: Double
        public var pointer: PointerEvent

        public init(time: Double, pointer: PointerEvent) {
            self.time = time
            self.pointer = pointer
        }
    }

    /// Limits that keep a script from exhausting memory or time.
    public static let maximumEvents = 1_000_000
    public static let maximumTime = 3600.0
    public static let coordinateRange = -100_000.0...100_000.0

    public var events: [Event]
    public var scrubs: [Scrub]

    public init(events: [Event] = [], scrubs: [Scrub] = []) {
        self.events = events
        self.scrubs = scrubs
    }

    public var lastEventTime: Double { max(events.last?.time ?? 0, scrubs.last?.time ?? 0) }

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
        var scrubs: [Scrub] = []
        events.reserveCapacity(list.count)
        var previousTime = 0.0
        for (index, item) in list.enumerated() {
            let parsed = try Self.parseEvent(item, index: index, pointerEventsBefore: events.count)
            let time = parsed.event?.time ?? parsed.scrub?.time ?? 0
            if time < previousTime {
                throw .invalidInput("event \(index): t \(time) is earlier than the event before it (\(previousTime))")
            }
            previousTime = time
            if let event = parsed.event { events.append(event) }
            if let scrub = parsed.scrub { scrubs.append(scrub) }
        }
        self.events = events
        self.scrubs = scrubs
    }

    private static func parseEvent(_ item: Any, index: Int,
                                   pointerEventsBefore: Int) throws(RecorderError) -> (event: Event?, scrub: Scrub?) {
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
        if fields["type"] as? String == "scrub" {
            let command = try scrubCommand(fields, index: index, number: number)
            return (nil, Scrub(time: time, command: command, afterPointerEvents: pointerEventsBefore))
        }
        guard let typeName = fields["type"] as? String, let phase = PointerEvent.Phase(rawValue: typeName) else {
            throw .invalidInput("event \(index): \"type\" must be one of down, move, up, cancel, scrub")
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
        let pointer = PointerEvent(phase: phase, pointerID: Int(id), kind: kind, location: Point(x: x, y: y), timestamp: time)
        return (Event(time: time, pointer: pointer), nil)
    }
}

extension InputScript {
    /// A scrub event's command, validated as the wire validates it.
    fileprivate static func scrubCommand(
        _ fields: [String: Any], index: Int,
        number: (String, Bool, Double) throws(RecorderError) -> Double
    ) throws(RecorderError) -> ScrubCommand {
        switch fields["command"] as? String {
        case "pause": return .pause
        case "finish": return .finish
        case "cancel": return .cancel
        case "seek":
            let progress = try number("progress", true, 0)
            guard (0...1).contains(progress) else {
                throw .invalidInput("event \(index): \"progress\" must be between 0 and 1")
            }
            return .seek(progress: progress)
        case "step":
            let frames = try number("frames", true, 0)
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
