// libFuzzer target: `InputScript(json:)`, the parser for the input script `segue record --input`
// reads, pointer events and resizes (`{"events":[{"t":0.5,"type":"down","x":389,"y":420,"id":1,"pointer":"touch"}, ...]}`).
//
// Checked for every input:
// - parsing never traps, hangs or grows memory (the sanitizers and libFuzzer's limits catch those),
//   and a rejection is a `RecorderError` with a non-empty sentence;
// - an accepted script keeps its documented limits: at most `maximumEvents` events, times within
//   0…`maximumTime` and never decreasing, coordinates within `coordinateRange`, integer ids that fit
//   an Int32, each event's timestamp equal to its time, resize sizes within `sizeRange`;
// - an accepted script written back as JSON parses to an equal script.

import Foundation
import Recorder
import UIKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInputScript(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Data(bytes: $0, count: size) } ?? Data()
    let script: InputScript
    do {
        script = try InputScript(json: bytes)
    } catch {
        guard !error.description.isEmpty else { fatalError("empty rejection for \(quoted(bytes))") }
        return 0
    }
    checkLimits(script, input: bytes)
    checkRoundTrip(script, input: bytes)
    return 0
}

private func checkLimits(_ script: InputScript, input: Data) {
    guard script.events.count <= InputScript.maximumEvents else { fail("too many events", input) }
    var previous = 0.0
    for (index, event) in script.events.enumerated() {
        guard event.time >= previous, event.time <= InputScript.maximumTime else {
            fail("event \(index): time \(event.time) after \(previous)", input)
        }
        previous = event.time
        guard let pointer = event.pointer else {
            guard case .resize(let size) = event.action, InputScript.sizeRange.contains(size.width),
                  InputScript.sizeRange.contains(size.height) else { fail("event \(index): size", input) }
            continue
        }
        guard pointer.timestamp == event.time else { fail("event \(index): timestamp \(pointer.timestamp)", input) }
        guard InputScript.coordinateRange.contains(pointer.location.x),
              InputScript.coordinateRange.contains(pointer.location.y) else {
            fail("event \(index): location \(pointer.location)", input)
        }
        guard Int32(exactly: pointer.pointerID) != nil else { fail("event \(index): id \(pointer.pointerID)", input) }
    }
}

private func checkRoundTrip(_ script: InputScript, input: Data) {
    let json = written(script)
    let again: InputScript
    do {
        again = try InputScript(json: Data(json.utf8))
    } catch {
        fail("written back as \(json), it is rejected: \(error)", input)
    }
    guard again == script else { fail("written back as \(json), it parses to \(again)", input) }
}

/// The script in the documented format, every field explicit; Swift's shortest round-trip number
/// spelling is valid JSON for every finite value.
private func written(_ script: InputScript) -> String {
    let events = script.events.map { event in
        switch event.action {
        case .pointer(let pointer):
            "{\"t\":\(event.time),\"type\":\"\(pointer.phase.rawValue)\",\"x\":\(pointer.location.x),"
                + "\"y\":\(pointer.location.y),\"id\":\(pointer.pointerID),\"pointer\":\"\(pointer.kind.rawValue)\"}"
        case .resize(let size):
            "{\"t\":\(event.time),\"type\":\"resize\",\"width\":\(size.width),\"height\":\(size.height)}"
        case .scrub(let command):
            "{\"t\":\(event.time),\"type\":\"scrub\"," + scrubFields(command) + "}"
        }
    }
    return "{\"events\":[" + events.joined(separator: ",") + "]}"
}

/// A scrub command's fields as the script spells them.
private func scrubFields(_ command: ScrubCommand) -> String {
    switch command {
    case .pause: "\"command\":\"pause\""
    case .finish: "\"command\":\"finish\""
    case .cancel: "\"command\":\"cancel\""
    case .seek(let progress): "\"command\":\"seek\",\"progress\":\(progress)"
    case .step(let frames): "\"command\":\"step\",\"frames\":\(frames)"
    }
}

private func fail(_ problem: String, _ input: Data) -> Never {
    fatalError("\(problem)\n  input \(quoted(input))")
}

private func quoted(_ data: Data) -> String {
    String(decoding: data.prefix(512), as: UTF8.self).debugDescription
}
