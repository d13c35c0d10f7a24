import Motion
@testable import SegueKit
import Testing

/// The window finds what its chrome shows again only when what that reads changed: the background
/// under the home indicator with what the window draws (`View.descendantsRevision`), the hint and
/// the status bar's style with the controllers (`Window.controllerRevision`). These frames prove
/// each kind of change still reaches the screen.
@Suite("chrome caches: found again when what they read changes")
struct ChromeCacheTests {
    static let dark = Color(red: 0.1, green: 0.1, blue: 0.12, alpha: 1)
    /// A 60 Hz frame.
    static let frameInterval = 1.0 / 60

    @Test func theIndicatorFlipsWhenTheBackgroundUnderItChanges() {
        let stage = Stage(width: 390, height: 844)
        let indicator = stage.window.homeIndicator
        var time = 0.0
        func colorNextFrame() -> Color? {
            time += Self.frameInterval
            stage.frame(at: time)
            return indicator.backgroundColor
        }
        let page = stage.add(Rect(x: 0, y: 0, width: 390, height: 844), name: "page")
        page.backgroundColor = .white
        #expect(colorNextFrame() == .black)
        #expect(colorNextFrame() == .black)

        page.backgroundColor = Self.dark
        #expect(colorNextFrame() == .white)

        // A light strip added off screen changes nothing; moved under the indicator, it does.
        let strip = View(frame: Rect(x: 0, y: 900, width: 390, height: 60), name: "strip")
        strip.backgroundColor = .white
        page.addSubview(strip)
        #expect(colorNextFrame() == .white)
        strip.center = Point(x: 195, y: 844 - 30)
        #expect(colorNextFrame() == .black)

        strip.isHidden = true
        #expect(colorNextFrame() == .white)
        strip.isHidden = false
        #expect(colorNextFrame() == .black)

        strip.alpha = 0
        #expect(colorNextFrame() == .white)
        strip.alpha = 1
        #expect(colorNextFrame() == .black)

        strip.removeFromSuperview()
        #expect(colorNextFrame() == .white)
        page.addSubview(strip)
        #expect(colorNextFrame() == .black)

        // A clipping parent that no longer reaches the indicator hides the strip from it.
        page.clipsToBounds = true
        page.bounds = Rect(x: 0, y: 0, width: 390, height: 400)
        page.center = Point(x: 195, y: 200)
        #expect(colorNextFrame() == .white)
    }

    @Test func theHintAndTheStatusBarFollowTheControllers() {
        final class Styled: ViewController {
            var style = StatusBarStyle.default
            override var preferredStatusBarStyle: StatusBarStyle { style }
        }
        let stage = Stage(width: 390, height: 844)
        var time = 0.0
        func nextFrame() -> (hint: String, time: Color?) {
            time += Self.frameInterval
            let list = stage.frame(at: time)
            return (list.hint, list.node(named: "status-bar-time")?.textColor)
        }
        let first = Styled(name: "first")
        first.hint = "Tap"
        stage.window.rootViewController = first
        #expect(nextFrame() == ("Tap", .black))
        first.hint = "Swipe"
        #expect(nextFrame() == ("Swipe", .black))

        // As in UIKit, a style that changes on its own is read after setNeedsStatusBarAppearanceUpdate().
        first.style = .lightContent
        first.setNeedsStatusBarAppearanceUpdate()
        #expect(nextFrame() == ("Swipe", .white))

        let second = ViewController(name: "second")
        second.hint = "Second"
        stage.perform { first.present(second, animated: false) }
        #expect(nextFrame() == ("Second", .black))
        stage.perform { second.dismiss(animated: false) }
        #expect(nextFrame() == ("Swipe", .white))

        // A navigation stack: the top's hint, the bar's style; hiding the bar hands the style to the top.
        let root = Styled(name: "root")
        root.hint = "Root"
        root.style = .lightContent
        let navigation = NavigationController(rootViewController: root)
        stage.window.rootViewController = navigation
        #expect(nextFrame() == ("Root", .black))
        let pushed = ViewController(name: "pushed")
        pushed.hint = "Pushed"
        stage.perform { navigation.pushViewController(pushed, animated: false) }
        #expect(nextFrame() == ("Pushed", .black))
        stage.perform { _ = navigation.popViewController(animated: false) }
        #expect(nextFrame() == ("Root", .black))
        navigation.isNavigationBarHidden = true
        #expect(nextFrame() == ("Root", .white))

        // Tabs: the selected tab's hint and style.
        let light = Styled(name: "light")
        light.hint = "Light"
        let dark = Styled(name: "dark")
        dark.hint = "Dark"
        dark.style = .lightContent
        let tabs = TabBarController(viewControllers: [light, dark])
        stage.window.rootViewController = tabs
        #expect(nextFrame() == ("Light", .black))
        stage.perform { tabs.select(1, animated: false) }
        #expect(nextFrame() == ("Dark", .white))
    }
}
