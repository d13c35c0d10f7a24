import Motion
import Recorder
import Scenes
import UIKit

/// A scene on a virtual clock, driven by gestures and remembering every frame, for tests.
///
/// Time moves only when a gesture or ``wait(_:)`` moves it, one frame of `1 / fps` seconds at a
/// time, and each frame is evaluated and kept: "where was `second` at 0.4 s" is a lookup, and the
/// same calls give the same frames on every run.
///
/// ```swift
/// let run = SceneRun(Scene.named("slides")!)
/// run.edgeSwipe(from: .right, distance: 200)
/// run.waitUntilSettled()
/// #expect(run.top == "second")
/// #expect(run.frame(of: "second", at: 0.4)!.isClose(to: CGRect(x: 0, y: 0, width: 390, height: 844), within: 0.5))
/// ```
///
/// Pointer events land half way between frames, as a page's input arrives between the frames it
/// draws: a gesture's event for frame `n` is handled half a frame before frame `n` is evaluated.
/// (An event at a frame's very time would show an animation it starts at progress 0, where a fade
/// has nothing to draw yet.)
@MainActor public final class SceneRun {
    /// The iPhone viewport every built-in scene's numbers are for.
    public static let defaultSize = CGSize(width: 390, height: 844)

    public let scene: Scene
    public let host: SceneHost
    /// Frames per second of the virtual clock.
    public let fps: Int
    /// Every frame evaluated so far, the first at time 0.
    public private(set) var frames: [CapturedFrame] = []
    /// What each lift of a finger released, in order: the transition as it was just before the lift.
    public private(set) var releases: [Release] = []

    private let clock = ManualClock()

    public init(_ scene: Scene, size: CGSize = SceneRun.defaultSize, fps: Int = 60) {
        precondition(fps > 0, "fps must be positive")
        self.scene = scene
        self.fps = fps
        host = SceneHost(scene: scene, size: size, clock: clock)
        capture()
    }

    /// The time of the latest frame, in seconds.
    public var time: Double { clock.now }

    /// Seconds between frames.
    public var frameInterval: Double { 1 / Double(fps) }

    /// The latest frame.
    public var current: CapturedFrame { frames[frames.count - 1] }

    /// Lets `seconds` of frames go by with nothing touched (rounded to whole frames).
    public func wait(_ seconds: Double) {
        for _ in 0..<frameCount(seconds) { step() }
    }

    /// Lets frames go by until nothing moves any more (no animation, no transition), or `timeout`
    /// seconds pass. Returns whether the scene settled.
    @discardableResult
    public func waitUntilSettled(timeout: Double = 10) -> Bool {
        let limit = frameCount(timeout)
        var waited = 0
        while !host.isSettled && waited < limit {
            step()
            waited += 1
        }
        return host.isSettled
    }

    /// Handles `event` (if any) half a frame on, then moves the clock to the next frame and
    /// evaluates and keeps it.
    func step(_ event: (phase: PointerEvent.Phase, location: CGPoint, pointerID: Int)? = nil) {
        let frameTime = Double(frames.count) / Double(fps)
        if let event {
            clock.set(frameTime - frameInterval / 2)
            if event.phase == .up || event.phase == .cancel {
                releases.append(Release(time: clock.now, location: event.location, transition: host.transition))
            }
            host.handle(PointerEvent(phase: event.phase, pointerID: event.pointerID, kind: .touch,
                                     location: event.location, timestamp: clock.now))
        }
        clock.set(frameTime)
        capture()
    }

    func frameCount(_ seconds: Double) -> Int {
        max(0, Int((seconds * Double(fps)).rounded()))
    }

    private func capture() {
        let list = host.frame()
        frames.append(CapturedFrame(index: frames.count, time: clock.now, top: host.topName,
                                    transition: host.transition, nodes: list.nodes))
    }
}

/// What a lift of a finger let go of.
public nonisolated struct Release: Equatable, Sendable {
    /// When the finger lifted, in seconds.
    public var time: Double
    public var location: CGPoint
    /// The transition just before the lift (its phase is `.interactive` when the finger drove it),
    /// or nil when none was running.
    public var transition: TransitionStatus?

    /// The transition's `percentComplete` at the moment of release, if one was running: what an
    /// interaction controller's finish threshold is compared with (its last `update(_:)`).
    public var progress: Double? { transition?.percentComplete }
}
