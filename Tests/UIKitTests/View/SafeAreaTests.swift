import Motion
@testable import UIKit
import Testing

@Suite("safe area: insets from the screen size, views and controllers inside them")
struct SafeAreaTests {
    /// Apple's figures per device (SafeArea's sources), portrait and landscape.
    static let devices: [(size: CGSize, insets: UIEdgeInsets)] = [
        (CGSize(width: 390, height: 844), UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0)),
        (CGSize(width: 393, height: 852), UIEdgeInsets(top: 59, left: 0, bottom: 34, right: 0)),
        (CGSize(width: 430, height: 932), UIEdgeInsets(top: 59, left: 0, bottom: 34, right: 0)),
        (CGSize(width: 375, height: 812), UIEdgeInsets(top: 44, left: 0, bottom: 34, right: 0)),
        (CGSize(width: 375, height: 667), UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0)),
        (CGSize(width: 820, height: 1180), UIEdgeInsets(top: 24, left: 0, bottom: 20, right: 0)),
        (CGSize(width: 768, height: 1024), UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0)),
        (CGSize(width: 844, height: 390), UIEdgeInsets(top: 0, left: 47, bottom: 21, right: 47)),
        (CGSize(width: 852, height: 393), UIEdgeInsets(top: 0, left: 59, bottom: 21, right: 59)),
        (CGSize(width: 667, height: 375), UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)),
        (CGSize(width: 1180, height: 820), UIEdgeInsets(top: 24, left: 0, bottom: 20, right: 0)),
        // An unlisted notched size gets the common 47; an unlisted tall phone is notched.
        (CGSize(width: 400, height: 880), UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0)),
    ]

    @Test func insetsFollowTheDevice() {
        for (size, insets) in Self.devices {
            #expect(SafeArea.insets(for: size) == insets, "\(size)")
        }
    }

    @Test func onlyDevicesWithoutAHomeButtonShowTheHomeIndicator() {
        #expect(SafeArea.hasHomeIndicator(CGSize(width: 390, height: 844)))
        #expect(SafeArea.hasHomeIndicator(CGSize(width: 844, height: 390)))
        #expect(SafeArea.hasHomeIndicator(CGSize(width: 820, height: 1180)))
        #expect(!SafeArea.hasHomeIndicator(CGSize(width: 375, height: 667)))
        #expect(!SafeArea.hasHomeIndicator(CGSize(width: 768, height: 1024)))
    }

    @Test func aViewGetsThePartOfTheWindowsSafeAreaItOverlaps() {
        let stage = Stage(width: 390, height: 844)
        #expect(stage.window.safeAreaInsets == UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
        let top = stage.add(CGRect(x: 0, y: 20, width: 390, height: 100))
        #expect(top.safeAreaInsets == UIEdgeInsets(top: 27, left: 0, bottom: 0, right: 0))
        let bottom = stage.add(CGRect(x: 10, y: 800, width: 100, height: 44))
        #expect(bottom.safeAreaInsets == UIEdgeInsets(top: 0, left: 0, bottom: 34, right: 0))
        let middle = stage.add(CGRect(x: 0, y: 300, width: 390, height: 100))
        #expect(middle.safeAreaInsets == .zero)
        // Nested: the child of `top` sits 10 pt lower, so 17 pt of the status bar reach it.
        let child = UIView(frame: CGRect(x: 0, y: 10, width: 50, height: 50))
        top.addSubview(child)
        #expect(child.safeAreaInsets == UIEdgeInsets(top: 17, left: 0, bottom: 0, right: 0))
        // A view entirely under the status bar is all inset, never more than its height.
        let under = stage.add(CGRect(x: 0, y: 0, width: 390, height: 30))
        #expect(under.safeAreaInsets.top == 30)
        #expect(UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10)).safeAreaInsets == .zero, "off screen")
    }

    @Test func aControllersViewGetsTheWindowsInsetsPlusItsAdditionalOnes() {
        let stage = Stage(width: 390, height: 844)
        let root = UIViewController(name: "root")
        root.additionalSafeAreaInsets = UIEdgeInsets(top: 10, left: 0, bottom: 5, right: 0)
        stage.window.rootViewController = root
        #expect(root.safeAreaInsets == UIEdgeInsets(top: 57, left: 0, bottom: 39, right: 0))
        #expect(root.view.safeAreaInsets == root.safeAreaInsets)
        stage.perform { stage.window.resize(to: CGSize(width: 844, height: 390)) }
        #expect(root.safeAreaInsets == UIEdgeInsets(top: 10, left: 47, bottom: 26, right: 47))
    }

    @Test func aNavigationControllersChildStartsUnderTheBarAndALargeTitleAddsItsRow() {
        let stage = Stage(width: 390, height: 844)
        let child = UIViewController(name: "child")
        let navigation = UINavigationController(rootViewController: child)
        stage.window.rootViewController = navigation
        #expect(child.safeAreaInsets == UIEdgeInsets(top: 47 + 44, left: 0, bottom: 34, right: 0))
        navigation.navigationBar.prefersLargeTitles = true
        stage.perform { stage.window.resize(to: CGSize(width: 393, height: 852)) }
        #expect(child.safeAreaInsets == UIEdgeInsets(top: 59 + 44 + 52, left: 0, bottom: 34, right: 0))
        navigation.isNavigationBarHidden = true
        stage.perform { stage.window.resize(to: CGSize(width: 390, height: 844)) }
        #expect(child.safeAreaInsets == UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0))
        #expect(stage.frame(at: 0).node(named: "navigation-bar") == nil)
    }

    @Test func aTabBarStandsOnTheHomeIndicatorsInsetAndItsContentEndsAboveIt() {
        let stage = Stage(width: 390, height: 844)
        let first = UIViewController(name: "first"), second = UIViewController(name: "second")
        let tabs = UITabBarController()
        tabs.viewControllers = [first, second]
        stage.window.rootViewController = tabs
        #expect(tabs.tabBar.frame == CGRect(x: 0, y: 844 - 83, width: 390, height: 83))
        #expect(first.view.frame == CGRect(x: 0, y: 0, width: 390, height: 761))
        #expect(first.safeAreaInsets == UIEdgeInsets(top: 47, left: 0, bottom: 0, right: 0))
        let list = stage.frame(at: 0)
        #expect(list.node(named: "tab-bar-hairline")?.size.height == CGFloat(UITabBarController.hairlineThickness))
    }
}

@Suite("window chrome: status bar and home indicator")
struct WindowChromeTests {
    @Test func theTimeStartsAtNineFortyOneAndFollowsTheWorldsClock() {
        #expect(StatusBar.timeText(elapsed: 0) == "9:41")
        #expect(StatusBar.timeText(elapsed: 59.9) == "9:41")
        #expect(StatusBar.timeText(elapsed: 60) == "9:42")
        #expect(StatusBar.timeText(elapsed: 19 * 60) == "10:00")
        #expect(StatusBar.timeText(elapsed: (3 * 60 + 19) * 60) == "1:00")
        let stage = Stage(width: 390, height: 844)
        #expect(stage.frame(at: 0).node(named: "status-bar-time")?.text == "9:41")
        #expect(stage.frame(at: 125).node(named: "status-bar-time")?.text == "9:43")
    }

    @Test func theChromeFollowsTheDevice() throws {
        let stage = Stage(width: 390, height: 844)
        var list = stage.frame(at: 0)
        #expect(list.node(named: "status-bar")?.size == CGSize(width: 390, height: 47))
        #expect(list.node(named: "home-indicator")?.transform.ty == 831.0, "8 pt above the bottom, 5 pt thick")
        // The icons are three glyphs, each on a square as wide as its ink, centred on the row 2 pt
        // below the bar's middle (25.5), 6 pt apart: signal, Wi-Fi, battery, as iOS orders them,
        // the group centred on the right ear (0.84 of the width).
        let signal = try #require(list.node(named: "status-bar-signal"))
        let wifi = try #require(list.node(named: "status-bar-wifi"))
        let battery = try #require(list.node(named: "status-bar-battery"))
        #expect(signal.glyph == .cellularbars && wifi.glyph == .wifi && battery.glyph == .battery100)
        #expect(signal.textColor == .black && wifi.textColor == .black && battery.textColor == .black)
        #expect(signal.size == CGSize(width: 17.1, height: 17.1) && wifi.size == CGSize(width: 15.3, height: 15.3)
            && battery.size == CGSize(width: 27.3, height: 27.3))
        #expect(abs(signal.transform.ty + 17.1 / 2 - 25.5) < 1e-9 && abs(wifi.transform.ty + 15.3 / 2 - 25.5) < 1e-9
            && abs(battery.transform.ty + 27.3 / 2 - 25.5) < 1e-9)
        #expect(abs(wifi.transform.tx - (signal.transform.tx + 17.1 + 6)) < 1e-9)
        #expect(abs(battery.transform.tx - (wifi.transform.tx + 15.3 + 6)) < 1e-9)
        #expect(abs(battery.transform.tx + 27.3 - (390 * 0.84 + (17.1 + 6 + 15.3 + 6 + 27.3) / 2)) < 1e-9)
        #expect(list.nodes.filter { $0.name.hasPrefix("status-bar") }.count == 5, "the bar, the time and three glyphs")
        // Landscape: no status bar (iOS hides it on phones), the home indicator stays.
        stage.perform { stage.window.resize(to: CGSize(width: 844, height: 390)) }
        list = stage.frame(at: 0)
        #expect(list.node(named: "status-bar") == nil)
        #expect(list.node(named: "home-indicator") != nil)
        // iPhone SE: a 20-pt bar, no home indicator.
        stage.perform { stage.window.resize(to: CGSize(width: 375, height: 667)) }
        list = stage.frame(at: 0)
        #expect(list.node(named: "status-bar")?.size.height == 20)
        #expect(list.node(named: "status-bar-time")?.fontSize == StatusBar.compactFontSize)
        let compactBattery = try #require(list.node(named: "status-bar-battery"))
        #expect(abs(compactBattery.transform.tx + compactBattery.size.width - (375 - 6)) < 1e-9)
        #expect(list.node(named: "home-indicator") == nil)
        // The SE's row: signal and Wi-Fi from the left edge, the time centred, the battery at the right.
        let compactSignal = try #require(list.node(named: "status-bar-signal"))
        let compactWifi = try #require(list.node(named: "status-bar-wifi"))
        #expect(compactSignal.transform.tx == 6 && abs(compactWifi.transform.tx - (6 + 17.1 + 6)) < 1e-9)
        // An iPad (a Wi-Fi one): the time and the date on the left, Wi-Fi and battery on the right.
        stage.perform { stage.window.resize(to: CGSize(width: 820, height: 1180)) }
        list = stage.frame(at: 0)
        let padTime = try #require(list.node(named: "status-bar-time"))
        #expect(padTime.text == "9:41 Tue Jan 9" && padTime.textAlignment == .left && padTime.transform.tx == 20)
        #expect(list.node(named: "status-bar-signal") == nil)
        let padBattery = try #require(list.node(named: "status-bar-battery"))
        let padWifi = try #require(list.node(named: "status-bar-wifi"))
        #expect(abs(padBattery.transform.tx + 27.3 - (820 - 20)) < 1e-9)
        #expect(abs(padWifi.transform.tx + 15.3 + 6 - padBattery.transform.tx) < 1e-9)
        // Back on a phone, the date goes.
        stage.perform { stage.window.resize(to: CGSize(width: 390, height: 844)) }
        #expect(stage.frame(at: 0).node(named: "status-bar-time")?.text == "9:41")
    }

    @Test func theChromeStaysInFrontOfViewsAddedLaterAndNeverTakesTouches() {
        let stage = Stage(width: 390, height: 844)
        let late = stage.add(CGRect(x: 0, y: 0, width: 390, height: 844), name: "late")
        stage.window.bringSubviewToFront(late)
        stage.window.insertSubview(late, at: 99)
        #expect(stage.window.subviews.map(\.name) == ["late", "status-bar", "home-indicator"])
        #expect(stage.window.hitTest(CGPoint(x: 20, y: 20)) === late)
        #expect(stage.window.hitTest(CGPoint(x: 195, y: 833)) === late)
        stage.window.statusBar.removeFromSuperview()
        stage.window.addSubview(UIView(name: "after"))
        #expect(stage.window.subviews.map(\.name) == ["late", "after", "home-indicator"])
    }

    @Test func theStatusBarTakesTheDecidingControllersStyle() {
        final class Dark: UIViewController {
            override var preferredStatusBarStyle: UIStatusBarStyle { .lightContent }
        }
        let stage = Stage(width: 390, height: 844)
        stage.window.rootViewController = Dark(name: "dark")
        let list = stage.frame(at: 0)
        #expect(list.node(named: "status-bar-time")?.textColor == .white)
        #expect(list.node(named: "status-bar-signal")?.textColor == .white)
        #expect(list.node(named: "status-bar-battery")?.textColor == .white)
        #expect(list.node(named: "home-indicator")?.backgroundColor == .white)
        // The home indicator follows what is under it: white over the black window, black over white.
        let light = Stage(width: 390, height: 844)
        let white = UIViewController(name: "white")
        light.window.rootViewController = white
        white.view.backgroundColor = .white
        #expect(light.frame(at: 0).node(named: "home-indicator")?.backgroundColor == .black)
        white.view.backgroundColor = UIColor(hex: 0x34495E)
        #expect(light.frame(at: 0).node(named: "home-indicator")?.backgroundColor == .white)
        // In a navigation controller the bar decides: dark content on its light background.
        let navigated = Stage(width: 390, height: 844)
        navigated.window.rootViewController = UINavigationController(rootViewController: Dark(name: "dark"))
        #expect(navigated.frame(at: 0).node(named: "status-bar-time")?.textColor == .black)
    }

    /// `modalPresentationCapturesStatusBarAppearance`: a controller presented over its presenter
    /// decides the status bar only when it captures it; one that covers its presenter always does.
    @Test func aPresentedControllerDecidesTheStatusBarWhenItCapturesItOrCovers() {
        final class Dark: UIViewController {
            override var preferredStatusBarStyle: UIStatusBarStyle { .lightContent }
        }
        let stage = Stage(width: 390, height: 844)
        stage.window.rootViewController = UIViewController(name: "root")
        let overlay = Dark(name: "overlay")
        overlay.modalPresentationStyle = .overFullScreen
        stage.perform { stage.window.rootViewController!.present(overlay, animated: false) }
        #expect(stage.frame(at: 1).node(named: "status-bar-time")?.textColor == .black)
        overlay.modalPresentationCapturesStatusBarAppearance = true
        #expect(stage.frame(at: 2).node(named: "status-bar-time")?.textColor == .white)
        let covering = Stage(width: 390, height: 844)
        covering.window.rootViewController = UIViewController(name: "root")
        let full = Dark(name: "full")
        covering.perform { covering.window.rootViewController!.present(full, animated: false) }
        #expect(covering.frame(at: 1).node(named: "status-bar-time")?.textColor == .white)
    }
}
