import Motion
import PropertyBased
import Recorder
import Scenes
import UIKit
import Testing

/// One stroke of a random session: where a pointer goes down, where it goes, how fast, how it ends.
struct Stroke: Sendable, CustomStringConvertible {
    var start: CGPoint
    var end: CGPoint
    var steps: Int
    var pause: Double
    var release: PointerEvent.Phase
    /// A second finger lands halfway through.
    var secondFinger: Bool

    var description: String {
        "(\(Int(start.x)),\(Int(start.y)))→(\(Int(end.x)),\(Int(end.y))) in \(steps), \(release), pause \(pause)\(secondFinger ? ", 2 fingers" : "")"
    }
}

/// Starting points biased to where transitions start: both edges, the buttons, and anywhere.
let unit = Gen.double(in: 0...1)
let strokeGenerator = zip(Gen.int(in: 0...5), unit, unit, unit, unit, unit).map { t -> Stroke in
        let kind = t.0
        let r = [t.1, t.2, t.3, t.4, t.5]
        let y = 80 + r[0] * 680
        let start: CGPoint
        switch kind {
        case 0: start = CGPoint(x: 389 - r[1] * 12, y: y)
        case 1: start = CGPoint(x: 1 + r[1] * 12, y: y)
        case 2: start = CGPoint(x: 195 + (r[1] - 0.5) * 200, y: 771 - (r[2] < 0.5 ? 0 : 62))
        case 3: start = CGPoint(x: 60 + r[1] * 300, y: 819)
        default: start = CGPoint(x: r[1] * 390, y: y)
        }
        let end = CGPoint(x: start.x + (r[2] - 0.5) * 600, y: start.y + (r[3] - 0.5) * (kind == 4 ? 800 : 60))
        return Stroke(start: start, end: end, steps: 1 + Int(r[4] * 40), pause: r[3] * 1.2,
                      release: r[0] < 0.1 ? .cancel : .up, secondFinger: r[1] > 0.85)
}

@Suite("random sessions keep the world consistent")
struct ScenePropertyTests {
    nonisolated static let scenes = ["slides", "menu", "stack", "fade", "photos", "settings", "sheet", "drawer"]

    /// Random sessions per scene: fewer under AddressSanitizer, whose run is after memory errors
    /// and where each session costs ten times as much; the release run makes all of them.
    static let sessionCount = BuiltProducts.isAddressSanitized ? 10 : 40

    @Test(arguments: scenes)
    func randomPointerSequencesKeepTheWorldConsistent(scene: String) async {
        await propertyCheck(count: Self.sessionCount, input: strokeGenerator.array(of: 1...6)) { strokes in
            var script = ScriptBuilder()
            for stroke in strokes {
                script.add(.down, stroke.start)
                for i in 1...stroke.steps {
                    script.wait(ScriptBuilder.step)
                    let f = Double(i) / Double(stroke.steps)
                    script.add(.move, CGPoint(x: stroke.start.x + (stroke.end.x - stroke.start.x) * f,
                                            y: stroke.start.y + (stroke.end.y - stroke.start.y) * f))
                    if stroke.secondFinger && i == stroke.steps / 2 {
                        script.add(.down, CGPoint(x: 200, y: 400), id: 2)
                    }
                }
                script.wait(ScriptBuilder.step)
                script.add(stroke.release, stroke.end)
                if stroke.secondFinger { script.add(.up, CGPoint(x: 200, y: 400), id: 2) }
                script.wait(stroke.pause)
            }
            // Long enough for the slowest tail (the 1.5 s present, or physics) to settle.
            guard let run = try? record(scene, script.script, duration: script.time + 4) else {
                Issue.record("recording failed")
                return
            }
            for frame in run.frames {
                #expect(!frame.top.isEmpty)
                #expect(Set(frame.nodes.map(\.id)).count == frame.nodes.count, "a view drawn twice")
                if let transition = frame.transition {
                    #expect(transition.progress >= 0 && transition.progress <= 1)
                }
            }
            #expect(run.last.transition == nil, "every transition ends")
            #expect(run.host.settledInvariantViolations() == [])
        }
    }
}
