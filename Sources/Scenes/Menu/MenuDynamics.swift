import Motion
import UIKit

/// The dynamics variant's tail (the tutorial's UIKit Dynamics interactor, reduced to one axis):
/// gravity pulls the menu toward where it settles, it bounces off that boundary with some
/// elasticity, and the transition completes once it rests. Stepped at a fixed rate from the
/// window's frame clock, so the same input gives the same motion.
final class MenuDynamics {
    /// UIKit's gravity magnitude 1 is 1000 pt/s²; this pull is 3.
    static let gravity = 3000.0
    static let elasticity = 0.35
    /// Below this speed at the boundary the menu is at rest, in pt/s.
    static let restSpeed = 40.0
    static let step = 1.0 / 240.0
    /// The simulation never runs longer than this; then the menu snaps to its target. It must end
    /// well inside `TransitionRunner.completionGrace` (2 s), or a hard flick's bounces outlast
    /// the watchdog, which completes the transition under the running simulation.
    static let maximumDuration = 1.5

    private let view: UIView
    private let targetX: Double
    private let direction: Double
    private var x: Double
    private var velocity: Double
    private var time: Double?
    private var elapsed = 0.0
    private var link: CADisplayLink?
    private let completion: () -> Void

    init(view: UIView, targetX: Double, width: Double, velocity: Double, window: UIWindow, completion: @escaping () -> Void) {
        self.view = view
        self.targetX = targetX
        self.x = view.frame.minX
        self.velocity = velocity
        self.direction = targetX >= view.frame.minX ? 1 : -1
        self.completion = completion
        link = CADisplayLink(window: window) { [unowned self] now in self.advance(to: now) }
    }

    /// The window keeps the link; a simulation dropped before it rests (its transition ended
    /// another way) must take the link along, or the next frame calls into freed memory.
    isolated deinit {
        link?.invalidate()
    }

    private func advance(to now: Double) {
        guard let last = time else {
            time = now
            return
        }
        var remaining = now - last
        time = now
        var resting = false
        while remaining > 0 && !resting {
            let dt = min(Self.step, remaining)
            remaining -= dt
            elapsed += dt
            resting = integrate(dt) || elapsed >= Self.maximumDuration
        }
        var frame = view.frame
        frame.origin.x = resting ? targetX : x
        UIView.performWithoutAnimation { view.frame = frame }
        if resting {
            link?.invalidate()
            link = nil
            completion()
        }
    }

    /// Semi-implicit Euler: velocity first, then position; returns whether the menu came to rest.
    private func integrate(_ dt: Double) -> Bool {
        velocity += direction * Self.gravity * dt
        x += velocity * dt
        let past = direction > 0 ? x >= targetX : x <= targetX
        guard past else { return false }
        x = targetX
        velocity = -velocity * Self.elasticity
        return abs(velocity) < Self.restSpeed
    }
}
