import Motion
@testable import UIKit
import Testing

/// The window finds what its chrome shows again only when what that reads changed: the background
/// under the home indicator with what the window draws (`UIView.descendantsRevision`), the hint and
/// the status bar's style with the controllers (`UIWindow.controllerRevision`). These frames prove
/// each kind of change still reaches the screen.
@Suite("chrome caches: found again when what they read changes")
struct ChromeCacheTests {
    static let dark = UIColor(red: 0.1, green: 0.1, blue: 0.12, alpha: 1)
    /// A 60 Hz frame.
    static let frameInterval = 1.0 / 60

    @Test func theIndicatorFlipsWhenTheBackgroundUnderItChanges() {
        let stage = Stage(width: 390, height: 844)
        let indicator = stage.window.homeIndicator
        var time = 0.0
        func colorNextFrame() -> UIColor? {
            time += Self.frameInterval
            stage.frame(at: time)
            return indicator.backgroundColor
        }
        let page = stage.add(CGRect(x: 0, y: 0, width: 390, height: 844), name: "page")
        page.backgroundColor = .white
        #expect(colorNextFrame() == .black)
        #expect(colorNextFrame() == .black)

        page.backgroundColor = Self.dark
        #expect(colorNextFrame() == .white)

        // A light strip added off screen changes nothing; moved under the indicator, it does.
        let strip = UIView(frame: CGRect(x: 0, y: 900, width: 390, height: 60), name: "strip")
        strip.backgroundColor = .white
        page.addSubview(strip)
        #expect(colorNextFrame() == .white)
        strip.center = CGPoint(x: 195, y: 844 - 30)
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
        page.bounds = CGRect(x: 0, y: 0, width: 390, height: 400)
        page.center = CGPoint(x: 195, y: 200)
        #expect(colorNextFrame() == .white)
    }

    /// A dark page and, below the screen, a light sheet that an animation raises to cover the
    /// indicator (its top edge from 1,244 to 444; the indicator's centre is at 833.5).
    final class SlidingSheet {
        let stage = Stage(width: 390, height: 844)
        let sheet = UIView(frame: CGRect(x: 0, y: 1244, width: 390, height: 400), name: "sheet")
        private var time = 0.0

        init() {
            let page = stage.add(CGRect(x: 0, y: 0, width: 390, height: 844), name: "page")
            page.backgroundColor = ChromeCacheTests.dark
            sheet.backgroundColor = .white
            page.addSubview(sheet)
        }

        func raise(over duration: Double) {
            stage.window.perform {
                UIView.animate(withDuration: duration, delay: 0, options: [.curveLinear]) {
                    self.sheet.center = CGPoint(x: 195, y: 644)
                }
            }
        }

        /// The indicator's colour in each of the next `count` frames.
        func colors(frames count: Int) -> [UIColor?] {
            (0..<count).map { _ in
                time += ChromeCacheTests.frameInterval
                stage.frame(at: time)
                return stage.window.homeIndicator.backgroundColor
            }
        }
    }

    /// The indicator adapts to what is on screen: a light view whose model already sits under it,
    /// still sliding in from below, leaves it light over the dark page until it arrives.
    @Test func theIndicatorFollowsWhatIsOnScreenNotTheModel() {
        let scene = SlidingSheet()
        #expect(scene.colors(frames: 1) == [.white])
        // Linear over 1 s: the sheet covers the indicator's centre from 0.51 s on, the 31st frame.
        scene.raise(over: 1)
        let colors = scene.colors(frames: 66)
        let firstDark = colors.firstIndex { $0 == .black }
        // Found again every `indicatorSearchFramesWhileAnimating` frames while only the animation
        // moves: dark within that many frames of the sheet's arrival, and from then on.
        let late = UIWindow.indicatorSearchFramesWhileAnimating
        #expect(colors.prefix(29).allSatisfy { $0 == .white }, "the model is under the indicator from the start")
        #expect(firstDark.map { (30...(30 + late)).contains($0) } == true, "first dark frame \(String(describing: firstDark))")
        #expect(colors.suffix(from: firstDark ?? colors.count).allSatisfy { $0 == .black })
    }

    /// A search made part-way through an animation is made once more as it ends, so the indicator
    /// at rest shows what is under it at rest.
    @Test func theIndicatorIsFoundAgainWhenAnAnimationEnds() {
        let scene = SlidingSheet()
        #expect(scene.colors(frames: 1) == [.white])
        // Over 4 frames, fewer than a search's interval: no search falls while it runs.
        scene.raise(over: 4 * Self.frameInterval)
        let colors = scene.colors(frames: 8)
        #expect(colors.last == .black, "\(colors)")
    }

    @Test func theHintAndTheStatusBarFollowTheControllers() {
        final class Styled: UIViewController {
            var style = UIStatusBarStyle.default
            override var preferredStatusBarStyle: UIStatusBarStyle { style }
        }
        let stage = Stage(width: 390, height: 844)
        var time = 0.0
        func nextFrame() -> (hint: String, time: UIColor?) {
            time += Self.frameInterval
            let list = stage.frame(at: time)
            return (list.hint, list.node(named: "status-bar-time")?.textColor)
        }
        let first = Styled(name: "first")
        first.accessibilityHint = "Tap"
        stage.window.rootViewController = first
        #expect(nextFrame() == ("Tap", .black))
        first.accessibilityHint = "Swipe"
        #expect(nextFrame() == ("Swipe", .black))

        // As in UIKit, a style that changes on its own is read after setNeedsStatusBarAppearanceUpdate().
        first.style = .lightContent
        first.setNeedsStatusBarAppearanceUpdate()
        #expect(nextFrame() == ("Swipe", .white))

        let second = UIViewController(name: "second")
        second.accessibilityHint = "Second"
        stage.perform { first.present(second, animated: false) }
        #expect(nextFrame() == ("Second", .black))
        stage.perform { second.dismiss(animated: false) }
        #expect(nextFrame() == ("Swipe", .white))

        // A navigation stack: the top's hint, the bar's style; hiding the bar hands the style to the top.
        let root = Styled(name: "root")
        root.accessibilityHint = "Root"
        root.style = .lightContent
        let navigation = UINavigationController(rootViewController: root)
        stage.window.rootViewController = navigation
        #expect(nextFrame() == ("Root", .black))
        let pushed = UIViewController(name: "pushed")
        pushed.accessibilityHint = "Pushed"
        stage.perform { navigation.pushViewController(pushed, animated: false) }
        #expect(nextFrame() == ("Pushed", .black))
        stage.perform { _ = navigation.popViewController(animated: false) }
        #expect(nextFrame() == ("Root", .black))
        navigation.isNavigationBarHidden = true
        #expect(nextFrame() == ("Root", .white))

        // Tabs: the selected tab's hint and style.
        let light = Styled(name: "light")
        light.accessibilityHint = "Light"
        let dark = Styled(name: "dark")
        dark.accessibilityHint = "Dark"
        dark.style = .lightContent
        let tabs = UITabBarController()
        tabs.viewControllers = [light, dark]
        stage.window.rootViewController = tabs
        #expect(nextFrame() == ("Light", .black))
        stage.perform { tabs.selectedIndex = 1 }
        #expect(nextFrame() == ("Dark", .white))
    }
}
