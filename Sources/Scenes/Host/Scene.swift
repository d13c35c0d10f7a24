import SegueKit

/// One of the tutorials' apps, by name.
public struct Scene: Sendable {
    public let name: String
    public let title: String
    /// The tutorial it reproduces, and what to try.
    public let summary: String
    let makeRootViewController: @Sendable () -> ViewController

    /// Every scene, in the order the picker lists them.
    public static let all: [Scene] = [
        Scene(name: "slides", title: "Slides",
              summary: "000/003: swipe from the right edge to present, from the left to dismiss.",
              makeRootViewController: { SlideViewController(.first) }),
        Scene(name: "menu", title: "Menu",
              summary: "001: a dimming card, and a menu dragged in from the left edge.",
              makeRootViewController: { HomeViewController() }),
        Scene(name: "stack", title: "Stack",
              summary: "002: a stacked modal with two springs; drag it down to dismiss.",
              makeRootViewController: { StackFirstViewController() }),
        Scene(name: "fade", title: "Fade",
              summary: "004: navigation and tab fades; pan to pop.",
              makeRootViewController: { FadeTabBarController() }),
    ]

    public static let defaultName = "slides"

    public static func named(_ name: String) -> Scene? {
        all.first { $0.name == name }
    }
}
