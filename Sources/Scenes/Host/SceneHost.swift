import Logging
import Motion
import UIKit

/// A scene running in its own window against an injected clock: what the server's sessions and the
/// recorder both drive. Input is applied at once; `frame()` evaluates at the clock's time.
@MainActor public final class SceneHost {
    /// The iOS Simulator's "slow animations": ten times slower.
    public static let slowAnimationFactor = 10.0

    public let scene: Scene
    public let window: UIWindow

    public init(scene: Scene, size: CGSize, clock: Clock, logger: Logger? = nil) {
        self.scene = scene
        window = logger.map { UIWindow(size: size, clock: clock, logger: $0) } ?? UIWindow(size: size, clock: clock)
        // Made in the window's world, so a controller that reads `UIScreen.main` as it is made gets
        // this window's screen.
        window.rootViewController = window.perform { scene.makeRootViewController() }
    }

    public func handle(_ event: PointerEvent) {
        window.handle(event)
    }

    public func resize(to size: CGSize) {
        window.resize(to: size)
    }

    /// The scrub bar's command, at the clock's time; `frameDuration` is one frame at the caller's rate.
    public func scrub(_ command: ScrubCommand, frameDuration: Double) throws(ScrubError) {
        try window.scrub(command, frameDuration: frameDuration)
    }

    public var slowAnimations = false {
        didSet {
            guard slowAnimations != oldValue else { return }
            window.engine.rootTimeline.setSpeed(slowAnimations ? 1 / Self.slowAnimationFactor : 1)
        }
    }

    /// The name of the controller whose view is on top (its root view's name).
    public var topName: String {
        window.visibleViewController?.name ?? ""
    }

    public var transition: TransitionStatus? { window.transitions.status }

    /// Whether anything may still move without input (an animation or a transition).
    public var isSettled: Bool { !window.engine.isAnimating && !window.transitions.isBusy && !window.hasScheduledWork }

    /// Whether a frame evaluated later, with no input in between, could differ from the last one
    /// (`UIWindow.movesWithTime`): false when settled, and while an interactive transition waits for
    /// its finger to move.
    public var movesWithTime: Bool { window.movesWithTime }

    /// Evaluates the world at the clock's time. The list's storage is reused by the next call.
    public func frame() -> DisplayList {
        window.displayList()
    }
}
