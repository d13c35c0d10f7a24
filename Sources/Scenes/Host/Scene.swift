import Motion
import UIKit

/// A small app that Segue can serve, record and benchmark: a name, a way to make its root
/// controller, a line telling a person what to try, and the gestures that take it through each of
/// its transitions.
///
/// The built-in scenes are ``all``; a package defines its own the same way and hands them to the
/// host, the recorder or the testing kit:
///
/// ```swift
/// let cards = Scene(name: "cards", hint: "Swipe from the right edge",
///                   transitionCycle: [.drag(from: CGPoint(x: 389, y: 420), to: CGPoint(x: 189, y: 420))]) {
///     CardsViewController()
/// }
/// ```
public nonisolated struct Scene: Sendable {
    /// How the scene is picked: `?scene=NAME` on the page, `--scene NAME` on the command line.
    /// Lower case, no spaces, so it reads the same in a URL and a shell.
    public let name: String
    /// One line telling a person what to do first ("Swipe from the right edge").
    public let hint: String
    /// What a person does to take this scene through each of its transitions and back to where it
    /// started, so the actions can repeat for ever (`TransitionWorkload`, `segue bench`, filmstrips).
    /// Points are for the 390 × 844 viewport. Empty for a scene that has nothing to benchmark.
    public let transitionCycle: [ScriptedAction]
    private let makeRoot: @MainActor @Sendable () -> UIViewController

    /// - Parameters:
    ///   - name: ``name``: how the scene is picked.
    ///   - hint: ``hint``: what to try first.
    ///   - transitionCycle: ``transitionCycle``: the gestures that run every transition and come back.
    ///   - makeRootViewController: called once per window (each page, each recording), so every run
    ///     starts from a fresh controller tree.
    public init(name: String, hint: String = "", transitionCycle: [ScriptedAction] = [],
                makeRootViewController: @escaping @MainActor @Sendable () -> UIViewController) {
        self.name = name
        self.hint = hint
        self.transitionCycle = transitionCycle
        self.makeRoot = makeRootViewController
    }

    /// A fresh root controller for a new window.
    @MainActor public func makeRootViewController() -> UIViewController {
        makeRoot()
    }

    /// Every scene, in the order the picker lists them; docs/scenes.md maps each to its tutorial.
    public static let all: [Scene] = [
        Scene(name: "slides", hint: "Swipe from the right edge to present, from the left to go back", transitionCycle: [
            .drag(from: CGPoint(x: 389, y: 420), to: CGPoint(x: 189, y: 420)),  // present, interactive
            .drag(from: CGPoint(x: 1, y: 400), to: CGPoint(x: 381, y: 400)),  // dismiss, interactive
            .drag(from: CGPoint(x: 389, y: 420), to: CGPoint(x: 339, y: 420)),  // too short: cancels
            .tap("first-next"),
            .tap("second-back"),
        ]) { SlideViewController(.first) },
        Scene(name: "menu", hint: "Swipe from the left edge for the menu; \"Show card\" for a card", transitionCycle: [
            .drag(from: CGPoint(x: 2, y: 400), to: CGPoint(x: 300, y: 400)),  // the menu, interactive
            .tap("menu-close-menu"),
            .tap("home-show-card"),
            .tap("card-close"),
        ]) { HomeViewController() },
        Scene(name: "stack", hint: "\"Present\" a stacked modal; drag it down to dismiss", transitionCycle: [
            .tap("stackfirst-present"),
            .drag(from: CGPoint(x: 200, y: 300), to: CGPoint(x: 200, y: 700)),  // dismiss, interactive
        ]) { StackFirstViewController() },
        Scene(name: "fade", hint: "Open the detail, then pan right to go back; tabs fade too", transitionCycle: [
            .tap("list-open-detail"),
            .drag(from: CGPoint(x: 40, y: 400), to: CGPoint(x: 280, y: 400)),  // pop, interactive
            .tap("tab-about"),
            .tap("tab-navigation"),
        ]) { FadeTabBarController() },
        Scene(name: "photos", hint: "Tap a photo; drag it down to go back", transitionCycle: [
            .tap("tile-4"),  // zoom in, 0.8 s
            .drag(from: CGPoint(x: 195, y: 380), to: CGPoint(x: 195, y: 760)),  // drag down: pop, interactive
        ]) { PhotoScene.makeRoot() },
        Scene(name: "settings", hint: "Push, then swipe from the left edge to go back", transitionCycle: [
            .tap("general-about"),
            .tap("about-legal"),
            .drag(from: CGPoint(x: 2, y: 400), to: CGPoint(x: 380, y: 400)),  // back swipe: pops legal
            .drag(from: CGPoint(x: 2, y: 400), to: CGPoint(x: 60, y: 400)),  // too short and slow: cancels
            .tap("about-back"),
        ]) {
            let navigation = UINavigationController(rootViewController: SettingsScreen(.general))
            navigation.restorationIdentifier = "settings"
            return navigation
        },
        Scene(name: "sheet", hint: "\"Compose\" opens a sheet; drag between the detents, flick down to close", transitionCycle: [
            .tap("notes-compose"),  // present, to the medium detent
            .drag(from: CGPoint(x: 195, y: 500), to: CGPoint(x: 195, y: 150)),  // medium to large: no transition
            .drag(from: CGPoint(x: 195, y: 300), to: CGPoint(x: 195, y: 600)),  // large back to medium
            .drag(from: CGPoint(x: 195, y: 460), to: CGPoint(x: 195, y: 840)),  // dismiss, interactive
            .tap("notes-compose"),
            .drag(from: CGPoint(x: 195, y: 460), to: CGPoint(x: 195, y: 540)),  // too short: cancels
            .tap("compose-done"),  // dismiss from code
        ]) { NotesViewController() },
        Scene(name: "drawer", hint: "\"Open drawer\"; tap above it or drag it down to close", transitionCycle: [
            .tap("drawerhome-open-drawer"),  // present: slides up, the screen above dims
            .drag(from: CGPoint(x: 195, y: 500), to: CGPoint(x: 195, y: 840)),  // dismiss, interactive
            .tap("drawerhome-open-drawer"),
            .drag(from: CGPoint(x: 195, y: 500), to: CGPoint(x: 195, y: 580)),  // too short and slow: cancels
            // The heading's center is in the dimmed part above the drawer: the tap lands on the
            // dimming view, which dismisses.
            .tap("drawerhome-heading"),
        ]) { DrawerHomeViewController() },
    ]

    /// The scene a page or a recording gets when it names none.
    public static let defaultName = "slides"

    /// The built-in scene with this name, if there is one.
    public static func named(_ name: String) -> Scene? {
        all.first { $0.name == name }
    }
}

/// One thing a person does to a scene, as `TransitionWorkload` plays it.
public nonisolated enum ScriptedAction: Sendable {
    /// A finger drags from `from` half way to `to`, stays there while it wobbles by a point each
    /// frame (a finger on glass is never still, and each wobble moves an interactive transition),
    /// then goes on to `to` and lifts.
    case drag(from: CGPoint, to: CGPoint)
    /// A tap on the center of the view with this name.
    case tap(String)
}
