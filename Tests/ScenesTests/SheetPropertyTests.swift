import Motion
import PropertyBased
import Recorder
import Scenes
import SegueKit
import Testing

/// One touch on the sheet scene: down at `start`, `steps` frames of vertical movement of `step`
/// points each, held still for `holdFrames`, then lifted (or cancelled); then a pause, often
/// shorter than the spring, so the next touch lands on a moving sheet.
struct SheetStroke: Sendable, CustomStringConvertible {
    var start: Point
    var step: Double
    var steps: Int
    var holdFrames: Int
    var release: PointerEvent.Phase
    var pause: Double

    var description: String {
        "(\(Int(start.x)),\(Int(start.y))) \(steps)×\(Int(step)) hold \(holdFrames) \(release) pause \(pause)"
    }

    /// The fastest finger the strokes make, in points per frame (3600 pt/s: a hard flick).
    static let fastestStep = 60.0
}

let sheetStrokeGenerator = zip(Gen.int(in: 0...3), unit, unit, unit, unit, unit).map { t -> SheetStroke in
    let r = [t.1, t.2, t.3, t.4, t.5]
    // Mostly where the sheet is (medium starts at 432, large at 20); sometimes the Compose button.
    let start = t.0 == 0 ? Point(x: 195, y: 771) : Point(x: 40 + r[0] * 310, y: 30 + r[1] * 800)
    let step = (r[2] - 0.5) * 2 * SheetStroke.fastestStep
    let steps = t.0 == 3 ? 0 : Int(r[3] * 30)
    return SheetStroke(start: start, step: step, steps: steps, holdFrames: Int(r[4] * 20),
                       release: r[0] < 0.1 ? .cancel : .up, pause: r[1] * 0.9)
}

@Suite("random grabs, drags and releases on the sheet")
struct SheetPropertyTests {
    /// A frame may move the sheet by the finger's own movement, plus what one frame of a spring
    /// can cover: the fastest is the dismissal from large (824 pt, ζ = 1, ω ≈ 12.6 rad/s:
    /// 824·ω/e ≈ 3800 pt/s, 64 pt a frame), plus the finger's speed it was handed.
    static let springFrameAllowance = 70.0 + SheetStroke.fastestStep

    @Test func theSheetEndsAtRestNeverJumpsAndEveryCompletionRunsOnce() async {
        await propertyCheck(count: 60, input: sheetStrokeGenerator.array(of: 1...8)) { strokes in
            var script = ScriptBuilder()
            script.tap(SheetSceneTests.compose)
            script.wait(0.4)
            var fingers: [Finger] = []
            for (index, stroke) in strokes.enumerated() {
                script.add(.down, stroke.start)
                var y = stroke.start.y
                fingers.append(Finger(stroke: index, time: script.time, y: y))
                for _ in 0..<stroke.steps {
                    script.wait(ScriptBuilder.step)
                    y += stroke.step
                    script.add(.move, Point(x: stroke.start.x, y: y))
                    fingers.append(Finger(stroke: index, time: script.time, y: y))
                }
                script.wait(ScriptBuilder.step * Double(stroke.holdFrames + 1))
                script.add(stroke.release, Point(x: stroke.start.x, y: y))
                script.wait(stroke.pause)
            }
            guard let run = try? record("sheet", script.script, duration: script.time + 2) else {
                Issue.record("recording failed")
                return
            }
            // At rest: at a detent, or dismissed.
            #expect(run.last.transition == nil)
            #expect(run.host.isSettled)
            #expect(run.host.settledInvariantViolations() == [])
            if run.last.top == "compose" {
                let top = SheetSceneTests.top(run.last)
                #expect(top == SheetSceneTests.mediumTop || top == SheetSceneTests.largeTop, "rests at \(String(describing: top))")
            } else {
                #expect(run.last.top == "notes" && run.last.node("compose") == nil)
                #expect(isIdentityPlacement(run.last.node("notes")))
            }
            // Completions: each animation block's ran once, each transition completed once.
            let engine = run.host.window.engine, transitions = run.host.window.transitions
            #expect(engine.committedBlockCount == engine.endedBlockCount)
            #expect(transitions.startedCount == transitions.completedCount && transitions.duplicateCompletionCount == 0)
            // No jumps: between two frames, the sheet moves at most as far as the finger did, plus
            // one frame of spring.
            for (previous, frame) in zip(run.frames, run.frames.dropFirst()) {
                guard let a = SheetSceneTests.top(previous), let b = SheetSceneTests.top(frame) else { continue }
                let finger = Self.fingerTravel(fingers, from: previous.time, to: frame.time)
                #expect(abs(b - a) <= finger + Self.springFrameAllowance, "at \(frame.time): \(a) → \(b)")
            }
        }
    }

    /// Where a finger was when it went down or moved.
    struct Finger {
        var stroke: Int
        var time: Double
        var y: Double
    }

    /// How far fingers moved vertically between two frame times (a new finger landing moves nothing).
    static func fingerTravel(_ fingers: [Finger], from t0: Double, to t1: Double) -> Double {
        var travel = 0.0
        for (a, b) in zip(fingers, fingers.dropFirst()) where a.stroke == b.stroke && b.time > t0 && b.time <= t1 {
            travel += abs(b.y - a.y)
        }
        return travel
    }
}
