import Motion
import Scenes
import UIKit
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
        weak var window: UIWindow?
        var views: [Weak] = []
        var alive: [String] {
            (host == nil ? [] : ["host"]) + (window == nil ? [] : ["window"]) + views.compactMap { $0.view?.name }
        }
    }

    struct Weak {
        weak var view: UIView?
    }
    struct WeakRecognizer {
        weak var recognizer: UIGestureRecognizer?
    }

    static func drive(_ sceneName: String, to moment: Moment) -> Survivors {
        let clock = ManualClock()
        let host = SceneHost(scene: Scene.named(sceneName)!, size: CGSize(width: 390, height: 844), clock: clock)
        func send(_ phase: PointerEvent.Phase, _ x: Double, _ y: Double) {
            host.handle(PointerEvent(phase: phase, pointerID: 1, kind: .touch, location: CGPoint(x: x, y: y),
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

    static func descendants(of view: UIView) -> [UIView] {
        [view] + view.subviews.flatMap(descendants)
    }

    @Test(arguments: Scene.all.map(\.name), Moment.allCases)
    func droppingAHostFreesEverything(scene: String, moment: Moment) {
        let survivors = Self.drive(scene, to: moment)
        #expect(survivors.views.count > 2)
        #expect(survivors.alive == [], "\(scene) \(moment.rawValue)")
    }
}

/// The modern transitions hold their animators, contexts and completions in more places (property
/// animators vended for a whole transition, completions that capture the context): dropped with a
/// finger down on each, the world must still go.
@Suite struct InterruptibleTransitionLifetimeTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let scene: String
        /// A tap that opens the screen the drag starts on, if any.
        let tap: CGPoint?
        let from: CGPoint
        let to: CGPoint
        var testDescription: String { scene }
    }

    nonisolated static let cases = [
        Case(scene: "stack", tap: CGPoint(x: 195, y: 771), from: CGPoint(x: 200, y: 300), to: CGPoint(x: 200, y: 500)),
        Case(scene: "photos", tap: CGPoint(x: 195, y: 195), from: CGPoint(x: 195, y: 420), to: CGPoint(x: 195, y: 600)),
        Case(scene: "settings", tap: CGPoint(x: 195, y: 771), from: CGPoint(x: 2, y: 400), to: CGPoint(x: 200, y: 400)),
        Case(scene: "sheet", tap: CGPoint(x: 195, y: 771), from: CGPoint(x: 195, y: 500), to: CGPoint(x: 195, y: 800)),
    ]

    @Test(arguments: cases, [false, true])
    func droppingAHostMidDragOrMidThrowFreesEverything(_ c: Case, released: Bool) {
        weak var weakHost: SceneHost?
        weak var weakWindow: UIWindow?
        var views: [SceneHostLifetimeTests.Weak] = []
        var recognizers: [SceneHostLifetimeTests.WeakRecognizer] = []
        do {
            let clock = ManualClock()
            let host = SceneHost(scene: Scene.named(c.scene)!, size: CGSize(width: 390, height: 844), clock: clock)
            func send(_ phase: PointerEvent.Phase, _ p: CGPoint) {
                host.handle(PointerEvent(phase: phase, pointerID: 1, kind: .touch, location: p, timestamp: clock.now))
            }
            func step(_ frames: Int) {
                for _ in 0..<frames {
                    clock.advance(by: 1 / 60)
                    _ = host.frame()
                }
            }
            if let tap = c.tap {
                send(.down, tap)
                step(4)
                send(.up, tap)
                step(90)
            }
            send(.down, c.from)
            for i in 1...12 {
                step(1)
                send(.move, CGPoint(x: c.from.x + (c.to.x - c.from.x) * Double(i) / 12,
                                  y: c.from.y + (c.to.y - c.from.y) * Double(i) / 12))
            }
            #expect(host.transition != nil, "\(c.scene): a transition should be running")
            if released {
                send(.up, c.to)
                step(3)
            }
            weakHost = host
            weakWindow = host.window
            let all = SceneHostLifetimeTests.descendants(of: host.window)
            views = all.map { SceneHostLifetimeTests.Weak(view: $0) }
            recognizers = all.flatMap(\.gestureRecognizers).map { SceneHostLifetimeTests.WeakRecognizer(recognizer: $0) }
        }
        #expect(weakHost == nil && weakWindow == nil, "\(c.scene) released: \(released)")
        #expect(views.compactMap { $0.view?.name } == [], "\(c.scene) released: \(released)")
        #expect(recognizers.count >= 1, "\(c.scene): the drag's recognizer is on a view")
        #expect(recognizers.compactMap(\.recognizer).isEmpty,
                "\(c.scene) released: \(released): the recognizers following the finger, and their peers, went too")
    }
}
