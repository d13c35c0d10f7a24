import Motion
import Scenes
import UIKit
import Testing

/// `SceneHost.movesWithTime` lets a session skip evaluating a world no input touched. It may say a
/// world is still only when a frame evaluated later, with no input in between, is the frame it has.
/// Every scene's transition cycle is replayed with a pause after each input, as a finger resting
/// between moves, and every frame that follows a still one without input is compared with it.
@Suite("A still world's next frame repeats its last")
struct StillWorldTests {
    /// Frames of the scene's cycle replayed: `ReusedNodeSceneTests`' count, enough for every cycle.
    static let frames = 1200

    @Test(arguments: Scene.all.map(\.name))
    func aFrameAfterAStillOneWithoutInputIsTheSame(_ name: String) throws {
        let scene = try #require(Scene.named(name))
        let reference = TransitionWorkload(scene: scene)
        let inputs: [PointerEvent?] = (0..<Self.frames).map { _ in
            reference.advance()
            _ = reference.host.frame()
            return reference.lastInput
        }
        let clock = ManualClock()
        let host = SceneHost(scene: scene, size: TransitionWorkload.viewport, clock: clock)
        var last = Snapshot(host.frame(), host.transition)
        var wasStill = !host.movesWithTime
        var heldChecks = 0
        var movingFrames = 0
        func step(_ input: PointerEvent?) throws {
            clock.advance(by: TransitionWorkload.frameInterval)
            if let input { host.handle(input) }
            let now = Snapshot(host.frame(), host.transition)
            if input == nil && wasStill {
                try #require(now == last, "\(name): a frame after a still one changed without input")
                if host.transition?.isInteractive == true { heldChecks += 1 }
            }
            if input == nil && now != last { movingFrames += 1 }
            last = now
            wasStill = !host.movesWithTime
        }
        for input in inputs {
            try step(input)
            if input != nil { try step(nil) }
        }
        // Both sides were exercised: frames held by a resting finger, and frames that moved by
        // themselves (each of which the previous frame had to call moving).
        #expect(heldChecks > 10, "\(name): \(heldChecks) frames held mid-transition")
        #expect(movingFrames > 10, "\(name): \(movingFrames) frames moved without input")
    }

    /// What a page is shown of a frame.
    private struct Snapshot: Equatable {
        var nodes: [DisplayNode]
        var hint: String
        var transition: TransitionStatus?

        init(_ list: DisplayList, _ transition: TransitionStatus?) {
            nodes = list.nodes
            hint = list.hint
            self.transition = transition
        }
    }
}
