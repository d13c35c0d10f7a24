import Motion
import PropertyBased
import Recorder
import Scenes
import UIKit
import Testing

/// Touches on the sheet scene: vertical, mostly where the sheet is (medium starts at 432, large
/// at 20), sometimes on the Compose button.
let sheetStrokeGenerator = zip(Gen.int(in: 0...3), unit, unit, unit, unit, unit).map { t -> FingerStroke in
    let r = [t.1, t.2, t.3, t.4, t.5]
    let start = t.0 == 0 ? CGPoint(x: 195, y: 771) : CGPoint(x: 40 + r[0] * 310, y: 30 + r[1] * 800)
    let step = CGPoint(x: 0, y: (r[2] - 0.5) * 2 * FingerStroke.fastestStep)
    let steps = t.0 == 3 ? 0 : Int(r[3] * 30)
    return FingerStroke(start: start, step: step, steps: steps, holdFrames: Int(r[4] * 20),
                        release: r[0] < 0.1 ? .cancel : .up, pause: r[1] * 0.9)
}

@Suite("random grabs, drags and releases on the sheet")
struct SheetPropertyTests {
    /// A frame may move the sheet by the finger's own movement, plus what one frame of a spring
    /// can cover: the fastest is the dismissal from large (824 pt, ζ = 1, ω ≈ 12.6 rad/s:
    /// 824·ω/e ≈ 3800 pt/s, 64 pt a frame), plus the finger's speed it was handed.
    static let springFrameAllowance = 70.0 + FingerStroke.fastestStep

    @Test func theSheetEndsAtRestNeverJumpsAndEveryCompletionRunsOnce() async {
        await propertyCheck(count: 60, input: sheetStrokeGenerator.array(of: 1...8)) { strokes in
            var script = ScriptBuilder()
            script.tap(SheetSceneTests.compose)
            script.wait(0.4)
            let fingers = script.play(strokes)
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
                let finger = fingerTravel(fingers, from: previous.time, to: frame.time)
                #expect(abs(b - a) <= finger + Self.springFrameAllowance, "at \(frame.time): \(a) → \(b)")
            }
        }
    }
}
