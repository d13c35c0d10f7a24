import Motion
import Scenes
import SegueKit
import Testing

/// A server drops a session's host whenever a client leaves, often mid-transition: everything the
/// host made must go with it, or every vanished client leaks a world.
@Suite struct SceneHostLifetimeTests {
    enum Moment: String, CaseIterable {
        case idle, midDrag, midAnimation, afterTransition
    }

    /// Weak references to the host, its window and every view it showed.
    struct Survivors {
        weak var host: SceneHost?
        weak var window: Window?
        var views: [Weak] = []
        var alive: [String] {
            (host == nil ? [] : ["host"]) + (window == nil ? [] : ["window"]) + views.compactMap { $0.view?.name }
        }
    }

    struct Weak {
        weak var view: View?
    }

    static func drive(_ sceneName: String, to moment: Moment) -> Survivors {
        let clock = ManualClock()
        let host = SceneHost(scene: Scene.named(sceneName)!, size: Size(width: 390, height: 844), clock: clock)
        func send(_ phase: PointerEvent.Phase, _ x: Double, _ y: Double) {
            host.handle(PointerEvent(phase: phase, pointerID: 1, kind: .touch, location: Point(x: x, y: y),
                                     timestamp: clock.now))
        }
        func step(_ frames: Int) {
            for _ in 0..<frames {
                clock.advance(by: 1 / 60)
                _ = host.frame()
            }
        }
        var survivors = Survivors(host: host, window: host.window)
        _ = host.frame()
        if moment != .idle {
            // A drag in from the right edge (slides, fade) or a swipe across (menu, stack), then a
            // tap on the first button, so every scene has something moving.
            send(.down, 389, 420)
            for index in 1...12 {
                step(1)
                send(.move, 389 - Double(index) * 15, 420)
            }
            if moment != .midDrag {
                send(.up, 209, 420)
                step(2)
                send(.down, 195, 771)
                send(.up, 195, 771)
                step(moment == .afterTransition ? 600 : 6)
            }
        }
        survivors.views = descendants(of: host.window).map { Weak(view: $0) }
        return survivors
    }

    static func descendants(of view: View) -> [View] {
        [view] + view.subviews.flatMap(descendants)
    }

    @Test(arguments: Scene.all.map(\.name), Moment.allCases)
    func droppingAHostFreesEverything(scene: String, moment: Moment) {
        let survivors = Self.drive(scene, to: moment)
        #expect(survivors.views.count > 2)
        #expect(survivors.alive == [], "\(scene) \(moment.rawValue)")
    }
}
