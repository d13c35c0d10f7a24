import Motion
import SegueKit

/// One of the tutorials' apps, by name.
public struct Scene: Sendable {
    public let name: String
    let makeRootViewController: @Sendable () -> ViewController
    /// What a person does to take this scene through each of its transitions and back to where it
    /// started, so the actions can repeat for ever (`TransitionWorkload`). Points are for the
    /// 390 × 844 viewport.
    public let transitionCycle: [ScriptedAction]

    /// Every scene, in the order the picker lists them; docs/scenes.md maps each to its tutorial.
    public static let all: [Scene] = [
        Scene(name: "slides", makeRootViewController: { SlideViewController(.first) }, transitionCycle: [
            .drag(from: Point(x: 389, y: 420), to: Point(x: 189, y: 420)),  // present, interactive
            .drag(from: Point(x: 1, y: 400), to: Point(x: 381, y: 400)),  // dismiss, interactive
            .drag(from: Point(x: 389, y: 420), to: Point(x: 339, y: 420)),  // too short: cancels
            .tap("first-next"),
            .tap("second-back"),
        ]),
        Scene(name: "menu", makeRootViewController: { HomeViewController() }, transitionCycle: [
            .drag(from: Point(x: 2, y: 400), to: Point(x: 300, y: 400)),  // the menu, interactive
            .tap("menu-close-menu"),
            .tap("home-show-card"),
            .tap("card-close"),
        ]),
        Scene(name: "stack", makeRootViewController: { StackFirstViewController() }, transitionCycle: [
            .tap("stackfirst-present"),
            .drag(from: Point(x: 200, y: 300), to: Point(x: 200, y: 700)),  // dismiss, interactive
        ]),
        Scene(name: "fade", makeRootViewController: { FadeTabBarController() }, transitionCycle: [
            .tap("list-open-detail"),
            .drag(from: Point(x: 40, y: 400), to: Point(x: 280, y: 400)),  // pop, interactive
            .tap("tab-about"),
            .tap("tab-navigation"),
        ]),
        Scene(name: "photos", makeRootViewController: { PhotoScene.makeRoot() }, transitionCycle: [
            .tap("tile-4"),  // zoom in, 0.8 s
            .drag(from: Point(x: 195, y: 380), to: Point(x: 195, y: 760)),  // drag down: pop, interactive
        ]),
        Scene(name: "settings", makeRootViewController: {
            NavigationController(rootViewController: SettingsScreen(.general), name: "settings")
        }, transitionCycle: [
            .tap("general-about"),
            .tap("about-legal"),
            .drag(from: Point(x: 2, y: 400), to: Point(x: 380, y: 400)),  // back swipe: pops legal
            .drag(from: Point(x: 2, y: 400), to: Point(x: 60, y: 400)),  // too short and slow: cancels
            .tap("about-back"),
        ]),
        Scene(name: "sheet", makeRootViewController: { NotesViewController() }, transitionCycle: [
            .tap("notes-compose"),  // present, to the medium detent
            .drag(from: Point(x: 195, y: 500), to: Point(x: 195, y: 150)),  // medium to large: no transition
            .drag(from: Point(x: 195, y: 300), to: Point(x: 195, y: 600)),  // large back to medium
            .drag(from: Point(x: 195, y: 460), to: Point(x: 195, y: 840)),  // dismiss, interactive
            .tap("notes-compose"),
            .drag(from: Point(x: 195, y: 460), to: Point(x: 195, y: 540)),  // too short: cancels
            .tap("compose-done"),  // dismiss from code
        ]),
    ]

    public static let defaultName = "slides"

    public static func named(_ name: String) -> Scene? {
        all.first { $0.name == name }
    }
}

/// One thing a person does to a scene, as `TransitionWorkload` plays it.
public enum ScriptedAction: Sendable {
    /// A finger drags from `from` half way to `to`, stays there while it wobbles by a point each
    /// frame (a finger on glass is never still, and each wobble moves an interactive transition),
    /// then goes on to `to` and lifts.
    case drag(from: Point, to: Point)
    /// A tap on the center of the view with this name.
    case tap(String)
}
