import Motion
import Recorder
import Scenes
import SegueKit

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

    mutating func add(_ phase: PointerEvent.Phase, _ point: Point, id: Int = 1, kind: PointerEvent.Kind = .touch) {
        events.append(.init(time: time, pointer: PointerEvent(phase: phase, pointerID: id, kind: kind,
                                                            location: point, timestamp: time)))
    }

    /// A straight drag in `steps` moves of one frame each, then up (or cancel).
    mutating func drag(from start: Point, to end: Point, steps: Int, id: Int = 1, release: PointerEvent.Phase = .up) {
        add(.down, start, id: id)
        for i in 1...steps {
            time += Self.step
            let f = Double(i) / Double(steps)
            add(.move, Point(x: start.x + (end.x - start.x) * f, y: start.y + (end.y - start.y) * f), id: id)
        }
        time += Self.step
        add(release, end, id: id)
    }

    mutating func tap(_ point: Point, id: Int = 1) {
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
    let nodes: [DisplayNode]
    let json: String

    func node(_ name: String) -> DisplayNode? { nodes.first { $0.name == name } }

    /// The center of a named node in viewport points.
    func center(of name: String) -> Point? {
        guard let n = node(name) else { return nil }
        return Point(x: n.size.width / 2, y: n.size.height / 2).applying(n.transform)
    }
}

struct Recording {
    let frames: [RecordedFrame]
    let host: SceneHost

    var last: RecordedFrame { frames[frames.count - 1] }
    var first: RecordedFrame { frames[0] }
}

let viewport = Size(width: 390, height: 844)

func record(_ scene: String, _ script: InputScript = InputScript(), duration: Double? = nil) throws -> Recording {
    let recorder = try Recorder(options: .init(scene: scene, width: viewport.width, height: viewport.height,
                                               fps: 60, duration: duration), script: script)
    var frames: [RecordedFrame] = []
    var host: SceneHost?
    recorder.run { frame in
        frames.append(RecordedFrame(index: frame.index, time: frame.time, top: frame.top, transition: frame.transition,
                                    nodes: frame.list.nodes, json: frame.json))
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

func isIdentityPlacement(_ node: DisplayNode?, origin: Point = .zero) -> Bool {
    guard let m = node?.transform else { return false }
    return abs(m.a - 1) < 1e-9 && abs(m.d - 1) < 1e-9 && abs(m.b) < 1e-9 && abs(m.c) < 1e-9
        && abs(m.tx - origin.x) < 1e-9 && abs(m.ty - origin.y) < 1e-9
}

/// The structural invariants every settled world must satisfy.
func checkSettledInvariants(_ host: SceneHost) -> [String] {
    var problems: [String] = []
    let window = host.window
    if window.transitions.isBusy { problems.append("a transition is still running") }
    if window.engine.runningAnimationCount != 0 { problems.append("animations still running") }
    let coordinator = window.transitions
    if coordinator.startedCount != coordinator.completedCount {
        problems.append("started \(coordinator.startedCount) transitions, completed \(coordinator.completedCount)")
    }
    if coordinator.duplicateCompletionCount != 0 { problems.append("completeTransition called more than once") }
    if coordinator.rescuedCount != 0 { problems.append("the watchdog had to complete a transition") }
    if window.engine.committedBlockCount != window.engine.endedBlockCount {
        problems.append("blocks committed \(window.engine.committedBlockCount), completions \(window.engine.endedBlockCount)")
    }
    guard let root = window.rootViewController else { return problems + ["no root controller"] }
    // The presentation chain and the window's subviews agree: the root's view, then one container
    // per presented controller, each holding that controller's view.
    var chain: [ViewController] = []
    var current: ViewController? = root.presentedViewController
    var presenter = root
    while let presented = current {
        if presented.presentingViewController !== presenter { problems.append("\(presented.name) has the wrong presenter") }
        chain.append(presented)
        presenter = presented
        current = presented.presentedViewController
    }
    // Every window subview is the root's view or a container of the chain; each container is there.
    for subview in window.subviews where subview !== root.view {
        if !chain.contains(where: { $0.view.superview === subview || $0.name + "-presentation" == subview.name }) {
            problems.append("stray view \(subview.name) on the window")
        }
    }
    let containerCount = window.subviews.filter { $0 !== root.view }.count
    if containerCount != chain.count {
        problems.append("\(containerCount) containers on the window for \(chain.count) presentations")
    }
    // The root's view is on screen unless a full-screen presentation covers it.
    let rootCovered = chain.first?.modalPresentationStyle == .fullScreen
    if rootCovered != (root.view.superview == nil) {
        problems.append(rootCovered ? "the covered root view is still on screen" : "the root view left the screen")
    }
    for presented in chain {
        // A controller covered by a full-screen presentation has its view off the screen.
        let covered = presented.presentedViewController?.modalPresentationStyle == .fullScreen
        if covered && presented.view.superview != nil { problems.append("\(presented.name)'s view should be off screen") }
        if !covered && presented.view.superview?.superview !== window {
            problems.append("\(presented.name)'s view is not in its container on the window")
        }
    }
    if host.topName != (chain.last ?? root).visibleViewController.name {
        problems.append("top \(host.topName) is not the end of the chain")
    }
    return problems
}
