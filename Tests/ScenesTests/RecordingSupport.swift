import Foundation
import Motion
import Recorder
import Scenes
import UIKit

/// Builds pointer scripts the way a finger moves: down, evenly timed moves, up.
struct ScriptBuilder {
    private(set) var events: [InputScript.Event] = []
    private(set) var time: Double
    static let step = 1.0 / 60.0

    init(start: Double = 0.25) {
        time = start
    }

    var script: InputScript { InputScript(events: events) }

    mutating func wait(_ seconds: Double) {
        time += seconds
    }

    mutating func add(_ phase: PointerEvent.Phase, _ point: CGPoint, id: Int = 1, kind: PointerEvent.Kind = .touch) {
        events.append(.init(time: time, pointer: PointerEvent(phase: phase, pointerID: id, kind: kind,
                                                            location: point, timestamp: time)))
    }

    /// A straight drag in `steps` moves of one frame each, then up (or cancel).
    mutating func drag(from start: CGPoint, to end: CGPoint, steps: Int, id: Int = 1, release: PointerEvent.Phase = .up) {
        add(.down, start, id: id)
        for i in 1...steps {
            time += Self.step
            let f = Double(i) / Double(steps)
            add(.move, CGPoint(x: start.x + (end.x - start.x) * f, y: start.y + (end.y - start.y) * f), id: id)
        }
        time += Self.step
        add(release, end, id: id)
    }

    mutating func tap(_ point: CGPoint, id: Int = 1) {
        add(.down, point, id: id)
        time += 0.08
        add(.up, point, id: id)
    }
}

/// One recorded frame, kept (the recorder reuses its list's storage between frames).
struct RecordedFrame {
    let index: Int
    let time: Double
    let top: String
    let transition: TransitionStatus?
    /// What a finger's lift decided since the previous frame, if one did.
    let release: TransitionRelease?
    let nodes: [DisplayNode]
    let json: String

    func node(_ name: String) -> DisplayNode? { nodes.first { $0.name == name } }

    /// The center of a named node in viewport points.
    func center(of name: String) -> CGPoint? {
        guard let n = node(name) else { return nil }
        return CGPoint(x: n.size.width / 2, y: n.size.height / 2).applying(n.transform)
    }
}

struct Recording {
    let frames: [RecordedFrame]
    let host: SceneHost

    var last: RecordedFrame { frames[frames.count - 1] }
    var first: RecordedFrame { frames[0] }
}

let viewport = CGSize(width: 390, height: 844)

func record(_ scene: String, _ script: InputScript = InputScript(), duration: Double? = nil) throws -> Recording {
    let recorder = try Recorder(options: .init(scene: scene, width: viewport.width, height: viewport.height,
                                               fps: 60, duration: duration), script: script)
    var frames: [RecordedFrame] = []
    var host: SceneHost?
    recorder.run { frame in
        frames.append(RecordedFrame(index: frame.index, time: frame.time, top: frame.top, transition: frame.transition,
                                    release: frame.release, nodes: frame.list.nodes, json: frame.json))
        host = frame.host
    }
    return Recording(frames: frames, host: host!)
}

/// Nodes compared by what is drawn (id aside), with geometry to 1e-6.
func sameLook(_ a: [DisplayNode], _ b: [DisplayNode]) -> Bool {
    guard a.count == b.count else { return false }
    for (x, y) in zip(a, b) {
        guard x.name == y.name, x.text == y.text, x.backgroundColor.hexString == y.backgroundColor.hexString,
              abs(x.alpha - y.alpha) < 1e-6, abs(x.size.width - y.size.width) < 1e-6,
              abs(x.size.height - y.size.height) < 1e-6 else { return false }
        let m = x.transform, n = y.transform
        let diffs = [m.a - n.a, m.b - n.b, m.c - n.c, m.d - n.d, m.tx - n.tx, m.ty - n.ty]
        if diffs.contains(where: { abs($0) > 1e-6 }) { return false }
    }
    return true
}

func isIdentityPlacement(_ node: DisplayNode?, origin: CGPoint = .zero) -> Bool {
    guard let m = node?.transform else { return false }
    return abs(m.a - 1) < 1e-9 && abs(m.d - 1) < 1e-9 && abs(m.b) < 1e-9 && abs(m.c) < 1e-9
        && abs(m.tx - origin.x) < 1e-9 && abs(m.ty - origin.y) < 1e-9
}

/// What `segue record --input` prints for a JSON script: one object per frame.
func recordedJSON(_ scene: String, script json: String, duration: Double) throws -> [[String: Any]] {
    let recorder = try Recorder(options: .init(scene: scene, fps: 60, duration: duration),
                                script: try InputScript(json: Data(json.utf8)))
    var out: [[String: Any]] = []
    recorder.run { line in
        if let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] { out.append(object) }
    }
    return out
}
