import Foundation
import Motion
import PropertyBased
import Recorder
import Scenes
import UIKit
import Testing

/// Touches on the photos scene: often on the photo's middle (where the image rests and flies
/// through), sometimes anywhere; mostly vertical.
let photoStrokeGenerator = zip(Gen.int(in: 0...3), unit, unit, unit, unit, unit).map { t -> FingerStroke in
    let r = [t.1, t.2, t.3, t.4, t.5]
    let start = t.0 <= 1 ? CGPoint(x: 100 + r[0] * 190, y: 300 + r[1] * 240) : CGPoint(x: 10 + r[0] * 370, y: 10 + r[1] * 820)
    let step = CGPoint(x: (r[3] - 0.5) * 8, y: (r[2] - 0.5) * 2 * FingerStroke.fastestStep)
    let steps = t.0 == 3 ? 0 : Int(r[3] * 30)
    return FingerStroke(start: start, step: step, steps: steps, holdFrames: Int(r[4] * 20),
                        release: r[0] < 0.1 ? .cancel : .up, pause: r[1] * 0.9)
}

@Suite("random grabs, drags and releases on photos")
struct PhotosPropertyTests {
    /// A frame may move the image by the finger's own movement, plus what one frame of the
    /// sample's spring can cover: from rest its speed peaks at D·ω·e^(−ζ/√(1−ζ²)·atan(√(1−ζ²)/ζ))
    /// ≈ 8.3·D per second (ω ≈ 17 rad/s, ζ ≈ 0.62), and a finger can leave the image up to about
    /// 900 pt from its target: 7500 pt/s, 125 pt a frame; plus the finger's speed it was handed.
    static let springFrameAllowance = 130.0 + FingerStroke.fastestStep

    @Test func theImageEndsAtRestNeverJumpsAndEveryCompletionRunsOnce() async {
        await propertyCheck(count: 60, input: Gen.int(in: 0..<15), photoStrokeGenerator.array(of: 1...8)) { tile, strokes in
            var script = ScriptBuilder()
            let side = (390.0 - 4) / 3
            script.tap(CGPoint(x: Double(tile % 3) * (side + 2) + side / 2, y: Double(tile / 3) * (side + 2) + side / 2))
            script.wait(0.1)
            let fingers = script.play(strokes)
            guard let run = try? record("photos", script.script, duration: script.time + 2) else {
                Issue.record("recording failed")
                return
            }
            // At rest: on the grid with every tile shown, or on the photo with the image in place.
            #expect(run.last.transition == nil)
            #expect(run.host.isSettled)
            #expect(run.host.settledInvariantViolations() == [])
            if run.last.top == "photo" {
                let image = run.last.node("photo-image")
                #expect(image.map { abs($0.transform.ty - (844 - 292.5) / 2) < 1e-6 && abs($0.size.width - 390) < 1e-6 } == true)
            } else {
                #expect(run.last.top == "grid")
                #expect(run.last.node("photo") == nil)
                #expect((0..<15).allSatisfy { run.last.node("tile-\($0)") != nil })
            }
            // Completions: each animation block's ran once, each transition completed once.
            let engine = run.host.window.engine, transitions = run.host.window.transitions
            #expect(engine.committedBlockCount == engine.endedBlockCount)
            #expect(transitions.startedCount == transitions.completedCount && transitions.duplicateCompletionCount == 0)
            #expect(engine.misuseCount == 0)
            // No jumps: between two frames the image moves at most as far as the finger did, plus
            // one frame of spring.
            for (previous, frame) in zip(run.frames, run.frames.dropFirst()) {
                guard let a = previous.center(of: "photo-image"), let b = frame.center(of: "photo-image") else { continue }
                let finger = fingerTravel(fingers, from: previous.time, to: frame.time)
                let moved = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
                #expect(moved <= finger + Self.springFrameAllowance, "at \(frame.time): \(a) → \(b)")
            }
        }
    }

}

@Suite("photos scene, recorded by segue record")
struct PhotosRecordingTests {
    /// A script as `segue record --input` reads it: a tap on tile 4; a flick down that pops; a tap
    /// on tile 0; a slow short drag that cancels; a slow long drag that finishes, grabbed mid-flight
    /// on its way back to the tile and thrown up, which cancels. The grid starts under the
    /// navigation bar (y = 91): tile 4's centre is at (195, 286), tile 0's at (64, 155), and the
    /// grab lands on the image flying back to it.
    static let script = """
    {"events":[
     {"t":0.25,"type":"down","x":195,"y":286,"id":1,"pointer":"touch"},{"t":0.33,"type":"up","x":195,"y":286,"id":1},
     {"t":1.5,"type":"down","x":195,"y":420,"id":1},{"t":1.52,"type":"move","x":195,"y":460,"id":1},
     {"t":1.54,"type":"move","x":195,"y":520,"id":1},{"t":1.56,"type":"up","x":195,"y":580,"id":1},
     {"t":3,"type":"down","x":64,"y":155,"id":1},{"t":3.08,"type":"up","x":64,"y":155,"id":1},
     {"t":4.5,"type":"down","x":195,"y":420,"id":1},{"t":5,"type":"move","x":195,"y":450,"id":1},
     {"t":5.5,"type":"move","x":195,"y":480,"id":1},{"t":6,"type":"up","x":195,"y":480,"id":1},
     {"t":7.5,"type":"down","x":195,"y":420,"id":1},{"t":7.6,"type":"move","x":195,"y":440,"id":1},
     {"t":8,"type":"move","x":195,"y":600,"id":1},{"t":8.1,"type":"move","x":195,"y":610,"id":1},
     {"t":8.2,"type":"up","x":195,"y":610,"id":1},
     {"t":8.35,"type":"down","x":80,"y":221,"id":1},{"t":8.4,"type":"move","x":80,"y":151,"id":1},
     {"t":8.43,"type":"move","x":80,"y":101,"id":1},{"t":8.45,"type":"up","x":80,"y":101,"id":1}
    ]}
    """

    func frames() throws -> [[String: Any]] {
        try recordedJSON("photos", script: Self.script, duration: 11)
    }

    func node(_ frames: [[String: Any]], _ index: Int, _ name: String) -> [Double]? {
        let nodes = frames[index]["nodes"] as? [[String: Any]] ?? []
        return nodes.first { $0["name"] as? String == name }?["m"] as? [Double]
    }

    func top(_ frames: [[String: Any]], _ index: Int) -> String? { frames[index]["top"] as? String }

    func phase(_ frames: [[String: Any]], _ index: Int) -> String? {
        (frames[index]["transition"] as? [String: Any])?["phase"] as? String
    }

    @Test func aFlickASlowDragAndAGrabMidFlight() throws {
        let frames = try frames()
        #expect(frames.count == 11 * 60 + 1)
        let resting = (844 - 292.5) / 2
        // Zoomed in by 1.13 s (the tap at 0.33 s plus 0.8 s): the image at rest, full width, centred.
        #expect((20..<68).allSatisfy { phase(frames, $0) == "animating" })
        #expect(top(frames, 68) == "photo" && phase(frames, 68) == nil)
        #expect(node(frames, 80, "photo-image")?[5] == resting)
        // The flick down (over 2000 pt/s, a quarter of the way) pops.
        #expect(phase(frames, 92) == "interactive" && phase(frames, 94) == "finishing")
        #expect(top(frames, 142) == "grid")
        // Tile 0 zoomed in; a slow 60 pt drag (a seventh of the way) cancels and the photo returns.
        #expect(top(frames, 233) == "photo")
        #expect(phase(frames, 300) == "interactive" && phase(frames, 360) == "cancelling")
        #expect(top(frames, 408) == "photo" && phase(frames, 408) == nil)
        #expect(node(frames, 440, "photo-image")?[5] == resting)
        // A slow 170 pt drag, released at 8.2 s past a third: the pop finishes; a touch at 8.35 s
        // on the flying image grabs it (interactive again), and a throw up cancels it.
        #expect(phase(frames, 491) == "interactive" && phase(frames, 492) == "finishing")
        #expect((501..<507).allSatisfy { phase(frames, $0) == "interactive" })
        #expect(phase(frames, 507) == "cancelling")
        #expect(top(frames, 555) == "photo" && phase(frames, 555) == nil)
        #expect(node(frames, 650, "photo-image")?[5] == resting)
    }
}
