import Motion
import UIKit

/// One touch for the property tests: down at `start`, `steps` frames of movement of `step` points
/// each, held still for `holdFrames`, then lifted (or cancelled); then a pause, often shorter than
/// a spring, so the next touch lands on something moving.
nonisolated struct FingerStroke: Sendable, CustomStringConvertible {
    var start: CGPoint
    var step: CGPoint
    var steps: Int
    var holdFrames: Int
    var release: PointerEvent.Phase
    var pause: Double

    var description: String {
        "(\(Int(start.x)),\(Int(start.y))) \(steps)×(\(Int(step.x)),\(Int(step.y))) hold \(holdFrames) \(release) pause \(pause)"
    }

    /// The fastest finger the strokes make, in points per frame (3600 pt/s: a hard flick).
    static let fastestStep = 60.0
}

/// Where a finger was when it went down or moved.
struct FingerSample {
    var stroke: Int
    var time: Double
    var at: CGPoint
}

extension ScriptBuilder {
    /// Plays `strokes` one after another; a finger stays on the glass of `screen`.
    mutating func play(_ strokes: [FingerStroke], on screen: CGSize = viewport) -> [FingerSample] {
        var samples: [FingerSample] = []
        for (index, stroke) in strokes.enumerated() {
            add(.down, stroke.start)
            var at = stroke.start
            samples.append(FingerSample(stroke: index, time: time, at: at))
            for _ in 0..<stroke.steps {
                wait(Self.step)
                at = CGPoint(x: min(max(at.x + stroke.step.x, 0), screen.width),
                           y: min(max(at.y + stroke.step.y, 0), screen.height))
                add(.move, at)
                samples.append(FingerSample(stroke: index, time: time, at: at))
            }
            wait(Self.step * Double(stroke.holdFrames + 1))
            add(stroke.release, at)
            wait(stroke.pause)
        }
        return samples
    }
}

/// How far fingers moved between two frame times (a new finger landing moves nothing).
func fingerTravel(_ samples: [FingerSample], from t0: Double, to t1: Double) -> Double {
    var travel = 0.0
    for (a, b) in zip(samples, samples.dropFirst()) where a.stroke == b.stroke && b.time > t0 && b.time <= t1 {
        travel += ((b.at.x - a.at.x) * (b.at.x - a.at.x) + (b.at.y - a.at.y) * (b.at.y - a.at.y)).squareRoot()
    }
    return travel
}
