import Motion
import UIKit

/// Gestures, each played frame by frame on the run's clock. Every gesture ends with the finger up
/// (or, for ``SceneRun/grab(at:)``, hands back the finger), and leaves the clock at the frame of
/// its last event: call ``SceneRun/waitUntilSettled(timeout:)`` to see where things come to rest.
extension SceneRun {
    /// A screen edge a swipe starts from.
    public nonisolated enum Edge: Sendable {
        case left, right, top, bottom
    }

    /// A swipe that starts `inset` points inside `edge`, travels `distance` points straight away
    /// from it over `duration` seconds, and lifts. Along the edge it starts at the middle of the
    /// screen unless `at` says where.
    public func edgeSwipe(from edge: Edge, distance: Double, duration: Double = 0.3, at position: Double? = nil,
                          inset: Double = 1) {
        let size = host.window.bounds.size
        let start: CGPoint, direction: CGPoint
        switch edge {
        case .left: start = CGPoint(x: inset, y: position ?? size.height / 2); direction = CGPoint(x: 1, y: 0)
        case .right: start = CGPoint(x: size.width - inset, y: position ?? size.height / 2); direction = CGPoint(x: -1, y: 0)
        case .top: start = CGPoint(x: position ?? size.width / 2, y: inset); direction = CGPoint(x: 0, y: 1)
        case .bottom: start = CGPoint(x: position ?? size.width / 2, y: size.height - inset); direction = CGPoint(x: 0, y: -1)
        }
        drag(from: start, to: CGPoint(x: start.x + direction.x * distance, y: start.y + direction.y * distance),
             duration: duration)
    }

    /// A finger goes down at `from`, moves evenly to `to` over `duration` seconds (one move a
    /// frame), and lifts there.
    public func drag(from: CGPoint, to: CGPoint, duration: Double = 0.3) {
        let finger = grab(at: from)
        finger.move(to: to, duration: duration)
        finger.lift()
    }

    /// A finger goes down at `from` and moves by `translation` at a steady `velocity` (points per
    /// second along the translation), lifting while still moving: what the gesture recognizers
    /// read as a flick of that speed.
    public func flick(from: CGPoint, by translation: CGPoint, velocity: Double) {
        precondition(velocity > 0, "a flick's velocity must be positive")
        let length = (translation.x * translation.x + translation.y * translation.y).squareRoot()
        let frames = max(1, Int((length / velocity * Double(fps)).rounded()))
        let perFrame = velocity / Double(fps) / max(length, .ulpOfOne)
        let delta = CGPoint(x: translation.x * perFrame, y: translation.y * perFrame)
        let finger = grab(at: from)
        for _ in 1..<frames {
            finger.location = CGPoint(x: finger.location.x + delta.x, y: finger.location.y + delta.y)
            step((.move, finger.location, finger.id))
        }
        finger.location = CGPoint(x: finger.location.x + delta.x, y: finger.location.y + delta.y)
        finger.lift()
    }

    /// A tap on the center of the view with this identifier or text (a button, by its
    /// `accessibilityIdentifier` or its title; `CapturedFrame.node(_:)`), down and up a few frames
    /// apart. Fails the precondition if no such view is on screen: a test naming a missing view
    /// is wrong.
    public func tap(_ name: String) {
        guard let center = current.center(of: name) else {
            preconditionFailure("no view named \(name) on screen; on screen: \(current.nodes.map(\.name))")
        }
        tap(at: center)
    }

    /// A tap at a point.
    public func tap(at point: CGPoint) {
        let finger = grab(at: point)
        finger.hold(Self.tapHold)
        finger.lift()
    }

    /// Seconds between a tap's down and up: well within a tap recognizer's limit.
    public static let tapHold = 0.08

    /// Puts a finger down at `point` (on the next frame) and hands it back, to move, hold and
    /// lift at will: a grab of something mid-flight, a drag that pauses, two fingers at once.
    public func grab(at point: CGPoint, pointerID: Int = 1) -> Finger {
        let finger = Finger(run: self, id: pointerID, location: point)
        step((.down, point, pointerID))
        return finger
    }

    /// A finger on the glass, from ``SceneRun/grab(at:pointerID:)``.
    public final class Finger {
        private unowned let run: SceneRun
        let id: Int
        /// Where the finger is now.
        public internal(set) var location: CGPoint
        public private(set) var isDown = true

        init(run: SceneRun, id: Int, location: CGPoint) {
            self.run = run
            self.id = id
            self.location = location
        }

        /// Moves evenly to `point` over `duration` seconds, one move a frame (at least one).
        public func move(to point: CGPoint, duration: Double = 0.3) {
            precondition(isDown, "the finger has lifted")
            let start = location
            let frames = max(1, run.frameCount(duration))
            for i in 1...frames {
                let f = Double(i) / Double(frames)
                location = CGPoint(x: start.x + (point.x - start.x) * f, y: start.y + (point.y - start.y) * f)
                run.step((.move, location, id))
            }
        }

        /// Stays still for `seconds` while frames go by.
        public func hold(_ seconds: Double) {
            precondition(isDown, "the finger has lifted")
            run.wait(seconds)
        }

        /// Lifts the finger where it is, on the next frame.
        public func lift() {
            precondition(isDown, "the finger has lifted")
            isDown = false
            run.step((.up, location, id))
        }

        /// The system takes the touch away (an incoming call): the gesture is cancelled.
        public func cancel() {
            precondition(isDown, "the finger has lifted")
            isDown = false
            run.step((.cancel, location, id))
        }
    }
}
