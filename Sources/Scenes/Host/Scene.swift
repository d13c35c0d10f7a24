import SegueKit

/// One of the tutorials' apps, by name.
public struct Scene: Sendable {
    public let name: String
    let makeRootViewController: @Sendable () -> ViewController

    /// Every scene, in the order the picker lists them; docs/scenes.md maps each to its tutorial.
    public static let all: [Scene] = [
        Scene(name: "slides", makeRootViewController: { SlideViewController(.first) }),
        Scene(name: "menu", makeRootViewController: { HomeViewController() }),
        Scene(name: "stack", makeRootViewController: { StackFirstViewController() }),
        Scene(name: "fade", makeRootViewController: { FadeTabBarController() }),
    ]

    public static let defaultName = "slides"

    public static func named(_ name: String) -> Scene? {
        all.first { $0.name == name }
    }
}
