import SegueTesting
import SnapshotTesting
import Testing

/// One transition of a built-in scene: how to get there, and what a person does to run it.
nonisolated struct TransitionCase: Sendable, CustomTestStringConvertible {
    var name: String
    var scene: String
    /// Brings the scene to where the transition starts; nothing by default.
    var setUp: @MainActor @Sendable (SceneRun) -> Void = { _ in }
    var act: @MainActor @Sendable (SceneRun) -> Void

    var testDescription: String { name }

    /// The built-in scenes' main transitions: each scene's interactive paths, finished and
    /// cancelled, and its buttons' animated ones.
    static let all: [TransitionCase] = [
        TransitionCase(name: "slides-swipe-present", scene: "slides") {
            $0.edgeSwipe(from: .right, distance: 200, duration: 0.4, at: 420)
        },
        TransitionCase(name: "slides-short-swipe-cancels", scene: "slides") {
            $0.edgeSwipe(from: .right, distance: 60, duration: 0.15, at: 420)
        },
        TransitionCase(name: "slides-swipe-dismiss", scene: "slides", setUp: { $0.tap("first-next") }) {
            $0.edgeSwipe(from: .left, distance: 380, duration: 0.6, at: 400)
        },
        TransitionCase(name: "menu-swipe-opens-menu", scene: "menu") {
            $0.edgeSwipe(from: .left, distance: 300, duration: 0.5, inset: 2)
        },
        TransitionCase(name: "menu-card", scene: "menu") { $0.tap("home-show-card") },
        TransitionCase(name: "menu-card-close", scene: "menu", setUp: { $0.tap("home-show-card") }) {
            $0.tap("card-close")
        },
        TransitionCase(name: "stack-present", scene: "stack") { $0.tap("stackfirst-present") },
        TransitionCase(name: "stack-drag-dismiss", scene: "stack", setUp: { $0.tap("stackfirst-present") }) {
            $0.drag(from: CGPoint(x: 200, y: 300), to: CGPoint(x: 200, y: 700), duration: 0.4)
        },
        TransitionCase(name: "fade-push", scene: "fade") { $0.tap("list-open-detail") },
        TransitionCase(name: "fade-pan-pop", scene: "fade", setUp: { $0.tap("list-open-detail") }) {
            $0.drag(from: CGPoint(x: 40, y: 400), to: CGPoint(x: 280, y: 400), duration: 0.4)
        },
        TransitionCase(name: "fade-tab", scene: "fade") { $0.tap("tab-about") },
        TransitionCase(name: "photos-zoom-in", scene: "photos") { $0.tap("tile-4") },
        TransitionCase(name: "photos-drag-pop", scene: "photos", setUp: { $0.tap("tile-4") }) {
            $0.drag(from: CGPoint(x: 195, y: 380), to: CGPoint(x: 195, y: 680), duration: 1)
        },
        TransitionCase(name: "settings-push", scene: "settings") { $0.tap("general-about") },
        TransitionCase(name: "settings-back-swipe", scene: "settings", setUp: { $0.tap("general-about") }) {
            $0.edgeSwipe(from: .left, distance: 250, duration: 0.4)
        },
        TransitionCase(name: "settings-short-swipe-cancels", scene: "settings", setUp: { $0.tap("general-about") }) {
            $0.edgeSwipe(from: .left, distance: 60, duration: 0.4)
        },
        TransitionCase(name: "sheet-present", scene: "sheet") { $0.tap("notes-compose") },
        TransitionCase(name: "sheet-flick-dismiss", scene: "sheet", setUp: { $0.tap("notes-compose") }) {
            $0.flick(from: CGPoint(x: 195, y: 500), by: CGPoint(x: 0, y: 200), velocity: 1500)
        },
        TransitionCase(name: "sheet-short-drag-cancels", scene: "sheet", setUp: { $0.tap("notes-compose") }) {
            $0.drag(from: CGPoint(x: 195, y: 460), to: CGPoint(x: 195, y: 540), duration: 0.3)
        },
    ]
}

@Suite("Transition snapshots: every built-in scene's main transitions")
struct TransitionSnapshotTests {
    @Test(arguments: TransitionCase.all)
    func transition(_ transition: TransitionCase) throws {
        let run = SceneRun(try #require(Scene.named(transition.scene)))
        transition.setUp(run)
        #expect(run.waitUntilSettled())
        let start = run.time
        transition.act(run)
        #expect(run.waitUntilSettled())
        #expect(run.frames(from: start).contains { $0.transition != nil }, "\(transition.name) ran no transition")
        #expect(run.host.settledInvariantViolations().isEmpty)
        assertSnapshot(of: run.filmstripSVG(from: start, Filmstrip(title: "\(transition.scene): \(transition.name)")),
                       as: .svg, named: transition.name, testName: "filmstrip")
        assertSnapshot(of: run.geometryJSON(from: start), as: .json, named: transition.name, testName: "geometry")
    }
}

extension Snapshotting where Value == String, Format == String {
    /// Text compared line by line, saved with an `.svg` extension so a browser opens the reference.
    static var svg: Snapshotting { lines(withExtension: "svg") }

    /// Text compared line by line, saved as `.json`.
    static var json: Snapshotting { lines(withExtension: "json") }

    private static func lines(withExtension pathExtension: String) -> Snapshotting {
        var strategy = Snapshotting.lines
        strategy.pathExtension = pathExtension
        return strategy
    }
}
