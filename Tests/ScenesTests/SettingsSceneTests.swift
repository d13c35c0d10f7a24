import Foundation
import Motion
import Recorder
import Scenes
import UIKit
import Testing

/// The settings scene on a `ManualClock`, driven event by event so a test can look at any instant.
final class SettingsDriver {
    let clock = ManualClock()
    let host: SceneHost
    private(set) var time = 0.0

    init(scene: String = "settings") throws {
        host = SceneHost(scene: try #require(Scene.named(scene)), size: viewport, clock: clock)
        _ = host.frame()
    }

    var navigation: UINavigationController? {
        host.window.rootViewController as? UINavigationController
    }

    /// The world at `time` (moves the clock there first).
    func nodes(at time: Double) -> [DisplayNode] {
        move(to: time)
        return host.frame().nodes
    }

    func node(_ name: String, at time: Double) -> DisplayNode? {
        nodes(at: time).first { $0.name == name }
    }

    /// The left edge of a named view on screen (its origin's x), at `time`.
    func x(_ name: String, at time: Double) -> CGFloat? {
        node(name, at: time)?.transform.tx
    }

    func touch(_ phase: PointerEvent.Phase, _ point: CGPoint, at time: Double) {
        move(to: time)
        host.handle(PointerEvent(phase: phase, pointerID: 1, kind: .touch, location: point, timestamp: time))
    }

    /// Taps the center of a named view; returns the time of the up, when its action runs.
    @discardableResult
    func tap(_ name: String, at time: Double) throws -> Double {
        let target = try #require(node(name, at: time))
        let center = CGPoint(x: target.size.width / 2, y: target.size.height / 2).applying(target.transform)
        touch(.down, center, at: time)
        touch(.up, center, at: time + 0.08)
        return time + 0.08
    }

    /// Moves the finger from `from` to `to` in `steps` frames (1/60 s each) from `start`, starting with
    /// a down unless `down` is false; returns the time of the last move.
    @discardableResult
    func drag(from: CGPoint, to: CGPoint, steps: Int, start: Double, down: Bool = true) -> Double {
        if down { touch(.down, from, at: start) }
        var t = start
        for i in 1...steps {
            t += 1.0 / 60
            let f = Double(i) / Double(steps)
            touch(.move, CGPoint(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f), at: t)
        }
        return t
    }

    /// Frames at 60 Hz until nothing moves (at most ten seconds); returns the time it settled.
    @discardableResult
    func settle() -> Double {
        for _ in 0..<600 {
            _ = host.frame()
            if host.isSettled { return time }
            move(to: time + 1.0 / 60)
        }
        return time
    }

    private func move(to t: Double) {
        time = max(time, t)
        clock.set(time)
    }
}

/// An independent model of the stock spring: critically damped, ω = √(1000/3), started at rest;
/// progress 1 − (1 + ωt)·e^(−ωt).
func stockProgress(_ t: Double) -> Double {
    let w = (1000.0 / 3).squareRoot()
    return 1 - (1 + w * t) * exp(-w * t)
}

/// When that spring is within 0.001 of the distance: (1 + ωt)·e^(−ωt) = 0.001, by bisection.
let stockSettlingTime: Double = {
    var low = 0.0, high = 2.0
    for _ in 0..<100 {
        let mid = (low + high) / 2
        if 1 - stockProgress(mid) > 0.001 { low = mid } else { high = mid }
    }
    return high
}()

@Suite("settings scene (the stock navigation transition and back swipe)")
struct SettingsSceneTests {
    static let width = viewport.width
    static let below = -0.3 * 390.0

    /// Pushes About with its button and waits until it is at rest; returns the settled time.
    func pushedAbout(_ driver: SettingsDriver) throws -> Double {
        try driver.tap("general-about", at: 0.25)
        let settled = driver.settle()
        #expect(driver.host.topName == "about")
        return settled
    }

    @Test(arguments: [0.05, 0.1, 0.2, 0.3])
    func aTapPushesWithTheStockSpring(after: Double) throws {
        let driver = try SettingsDriver()
        let up = try driver.tap("general-about", at: 0.25)
        let p = stockProgress(after)
        let nodes = driver.nodes(at: up + after)
        func x(_ name: String) -> CGFloat? { nodes.first { $0.name == name }?.transform.tx }
        #expect(abs(try #require(x("about")) - Self.width * (1 - p)) < 1e-6)
        #expect(abs(try #require(x("general")) - Self.below * p) < 1e-6)
        // The shadow caster sits right under About, moving with it, its shadow fading in as About
        // covers General.
        let shadow = try #require(nodes.first { $0.name == "settings-shadow" })
        #expect(abs(shadow.transform.tx - Self.width * (1 - p)) < 1e-6)
        #expect(abs(shadow.alpha - p) < 1e-6)
        #expect(shadow.size == CGSize(width: 390, height: 844))
        #expect(shadow.shadow == Shadow(color: .black, opacity: 0.25, radius: 4, offset: .zero))
        let dimming = try #require(nodes.first { $0.name == "settings-dimming" })
        #expect(abs(dimming.alpha - 0.1 * p) < 1e-6)
        // Its percent complete is its time over the spring's settling time (UIKit's); its progress,
        // what the telemetry shows, is the spring's, as far as About has come.
        let status = try #require(driver.host.transition)
        #expect(abs(status.percentComplete - after / stockSettlingTime) < 1e-9)
        #expect(abs(status.progress - p) < 1e-9)
    }

    @Test func thePushPositionsAreTheMeasuredOnes() throws {
        // docs/scenes.md quotes these: About's left edge at 0.05 … 0.5 s on 390 pt.
        let measured = [(0.05, 299.43), (0.1, 177.54), (0.15, 94.28), (0.2, 47.08), (0.3, 10.56), (0.5, 0.43)]
        #expect(abs(stockSettlingTime - 0.5057) < 1e-4)
        let driver = try SettingsDriver()
        let up = try driver.tap("general-about", at: 0.25)
        for (after, x) in measured {
            #expect(abs(try #require(driver.x("about", at: up + after)) - x) < 0.05, "at \(after) s")
        }
        let settled = driver.settle()
        #expect(settled - up < stockSettlingTime + 1.0 / 60)
        #expect(driver.host.topName == "about")
    }

    @Test func theBackButtonPopsAndEverythingComesToRest() throws {
        let driver = try SettingsDriver()
        let pushed = try pushedAbout(driver)
        let up = try driver.tap("about-back", at: pushed + 0.2)
        let p = stockProgress(0.1)
        #expect(abs(try #require(driver.x("about", at: up + 0.1)) - Self.width * p) < 1e-6)
        #expect(abs(try #require(driver.x("general", at: up + 0.1)) - Self.below * (1 - p)) < 1e-6)
        driver.settle()
        let nodes = driver.nodes(at: driver.time)
        #expect(driver.host.topName == "general")
        #expect(!nodes.contains { $0.name == "about" || $0.name.hasPrefix("settings-") })
        #expect(isIdentityPlacement(nodes.first { $0.name == "general" }))
        #expect(driver.navigation?.viewControllers.map(\.name) == ["general"])
        #expect(driver.host.settledInvariantViolations().isEmpty)
    }

    @Test func theBackSwipeMovesAboutOneToOneWithTheFinger() throws {
        let driver = try SettingsDriver()
        let pushed = try pushedAbout(driver)
        // Down at the edge; the pan begins after 15 pt, and the translation counts from there.
        driver.touch(.down, CGPoint(x: 5, y: 400), at: pushed + 0.2)
        driver.touch(.move, CGPoint(x: 25, y: 400), at: pushed + 0.22)
        #expect(driver.host.transition?.phase == .interactive)
        var t = pushed + 0.22
        for d in [30.0, 100, 200, 350, 120] {
            t += 1.0 / 60
            driver.touch(.move, CGPoint(x: 25 + d, y: 400), at: t)
            let nodes = driver.nodes(at: t)
            func x(_ name: String) -> CGFloat? { nodes.first { $0.name == name }?.transform.tx }
            #expect(abs(try #require(x("about")) - d) < 1e-9)
            #expect(abs(try #require(x("general")) - Self.below * (1 - d / Self.width)) < 1e-9)
            #expect(abs(try #require(x("settings-shadow")) - d) < 1e-9)
            let dimming = try #require(nodes.first { $0.name == "settings-dimming" })
            #expect(abs(dimming.alpha - 0.1 * (1 - d / Self.width)) < 1e-9)
            #expect(abs(try #require(driver.host.transition).progress - d / Self.width) < 1e-9)
        }
    }

    @Test func aFlickPopsAndTheWorldComesToRest() throws {
        let driver = try SettingsDriver()
        let pushed = try pushedAbout(driver)
        // 12.5 pt a frame (750 pt/s); the pan begins at x = 30, past the 15 pt hysteresis, so the
        // offset at x = 80 is 50: 50 + 0.3 · 750 > 195.
        let last = driver.drag(from: CGPoint(x: 5, y: 400), to: CGPoint(x: 80, y: 400), steps: 6, start: pushed + 0.2)
        #expect(abs(try #require(driver.x("about", at: last)) - 50) < 1e-9)
        driver.touch(.up, CGPoint(x: 80, y: 400), at: last + 1.0 / 60)
        #expect(driver.host.transition?.phase == .finishing)
        driver.settle()
        #expect(driver.host.topName == "general")
        #expect(driver.navigation?.viewControllers.map(\.name) == ["general"])
        #expect(isIdentityPlacement(driver.node("general", at: driver.time)))
        #expect(driver.node("about", at: driver.time) == nil)
        #expect(driver.host.window.transitions.completedCount == 2)
        #expect(driver.host.settledInvariantViolations().isEmpty)
    }

    @Test func aSlowShortDragCancelsAndAboutComesBack() throws {
        let driver = try SettingsDriver()
        let pushed = try pushedAbout(driver)
        let before = driver.nodes(at: pushed + 0.1)
        // 95 pt in 60 frames: about 95 pt/s; offset 80: 80 + 28.5 < 195.
        let last = driver.drag(from: CGPoint(x: 5, y: 400), to: CGPoint(x: 100, y: 400), steps: 60, start: pushed + 0.2)
        driver.touch(.up, CGPoint(x: 100, y: 400), at: last + 1.0 / 60)
        #expect(driver.host.transition?.phase == .cancelling)
        driver.settle()
        #expect(driver.host.topName == "about")
        #expect(driver.navigation?.viewControllers.map(\.name) == ["general", "about"])
        #expect(sameLook(driver.nodes(at: driver.time), before))
        #expect(driver.host.window.transitions.completedCount == 2)
        #expect(driver.host.settledInvariantViolations().isEmpty)
    }

    /// The finger moves at a constant speed when it lifts (every velocity sample the same, so the
    /// recognizer's blend of them is that speed); About must leave the finger at that speed, not
    /// jump to the spring's own. `back` frames at −4 pt a frame (−240 pt/s) end a drag that went
    /// right first: that release cancels.
    @Test(arguments: [(10, 0), (17, 0), (17, 30)])
    func aboutLeavesTheFingerAtTheFingersSpeed(forward: Int, back: Int) throws {
        let driver = try SettingsDriver()
        let pushed = try pushedAbout(driver)
        var t = pushed + 0.2
        var finger = 5.0
        driver.touch(.down, CGPoint(x: finger, y: 400), at: t)
        // The pan begins on the second move (20 pt > 15), so the offset counts from x = 25.
        for step in Array(repeating: 10.0, count: forward) + Array(repeating: -4.0, count: back) {
            finger += step
            t += 1.0 / 60
            driver.touch(.move, CGPoint(x: finger, y: 400), at: t)
        }
        let speed = back > 0 ? -240.0 : 600
        let offset = finger - 25
        t += 1.0 / 60
        driver.touch(.up, CGPoint(x: finger, y: 400), at: t)
        let atRelease = try #require(driver.x("about", at: t))
        #expect(abs(atRelease - offset) < 1e-9)
        #expect(driver.host.transition?.phase == (offset + 0.3 * speed > 195 ? .finishing : .cancelling))
        let dt = 1e-4
        let next = try #require(driver.x("about", at: t + dt))
        let measured = (next - atRelease) / dt
        #expect(abs(measured - speed) < 0.02 * abs(speed), "left at \(measured) pt/s")
        // After release, the progress is still About's offset over the width.
        #expect(abs(try #require(driver.host.transition).progress - next / Self.width) < 1e-9)
        driver.settle()
        #expect(driver.host.topName == (offset + 0.3 * speed > 195 ? "general" : "about"))
        #expect(driver.host.settledInvariantViolations().isEmpty)
    }

    /// Throws far faster than the spring's ω toward the end: clipped, so neither screen passes its
    /// end and the window never shows beside them.
    @Test(arguments: [(30, 0), (20, 12)])
    func aHardThrowNeverCarriesAScreenPastItsEnd(forward: Int, back: Int) throws {
        let driver = try SettingsDriver()
        let pushed = try pushedAbout(driver)
        var t = pushed + 0.2
        var finger = 5.0
        driver.touch(.down, CGPoint(x: finger, y: 400), at: t)
        // 1500 pt/s right, at 120 Hz, to 27.5 pt from the end: a pop thrown at 55 widths-left a
        // second. Or 237.5 pt in, then 2000 pt/s back to 37.5 pt: a cancel thrown at the start
        // (about 47/s). Unclipped, either would pass its end by about 11 pt.
        for step in Array(repeating: 12.5, count: forward) + Array(repeating: -50.0 / 3, count: back) {
            finger += step
            t += 1.0 / 120
            driver.touch(.move, CGPoint(x: finger, y: 400), at: t)
        }
        t += 1.0 / 120
        driver.touch(.up, CGPoint(x: finger, y: 400), at: t)
        var frames = 0
        while driver.host.transition != nil && frames < 120 {
            t += 1.0 / 240
            let nodes = driver.nodes(at: t)
            if let about = nodes.first(where: { $0.name == "about" }) {
                #expect(about.transform.tx >= -1e-9 && about.transform.tx <= Self.width + 1e-9)
            }
            if let general = nodes.first(where: { $0.name == "general" }) {
                #expect(general.transform.tx <= 1e-9 && general.transform.tx >= Self.below - 1e-9)
            }
            frames += 1
        }
        driver.settle()
        #expect(driver.host.topName == (back == 0 ? "general" : "about"))
        #expect(driver.host.settledInvariantViolations().isEmpty)
    }

    @Test func aCancelledGestureCancelsThePop() throws {
        let driver = try SettingsDriver()
        let pushed = try pushedAbout(driver)
        let last = driver.drag(from: CGPoint(x: 5, y: 400), to: CGPoint(x: 300, y: 400), steps: 10, start: pushed + 0.2)
        driver.touch(.cancel, CGPoint(x: 300, y: 400), at: last + 1.0 / 60)
        #expect(driver.host.transition?.phase == .cancelling)
        driver.settle()
        #expect(driver.host.topName == "about")
        #expect(driver.host.settledInvariantViolations().isEmpty)
    }

    @Test func aTouchGrabsAFinishingPopAndDragsItBack() throws {
        let driver = try SettingsDriver()
        let pushed = try pushedAbout(driver)
        let last = driver.drag(from: CGPoint(x: 5, y: 400), to: CGPoint(x: 80, y: 400), steps: 6, start: pushed + 0.2)
        driver.touch(.up, CGPoint(x: 80, y: 400), at: last + 1.0 / 60)
        let grab = last + 1.0 / 60 + 0.08
        let flying = try #require(driver.x("about", at: grab))
        #expect(flying > 60 && flying < Self.width)
        #expect(driver.host.transition?.phase == .finishing)
        // A touch anywhere freezes it where it is.
        driver.touch(.down, CGPoint(x: 250, y: 300), at: grab)
        #expect(driver.host.transition?.phase == .interactive)
        #expect(abs(try #require(driver.x("about", at: grab + 0.2)) - flying) < 1e-9)
        // Dragged back 1:1 (no hysteresis: the grab began on touch-down).
        let back = driver.drag(from: CGPoint(x: 250, y: 300), to: CGPoint(x: 250 - flying + 10, y: 300), steps: 30,
                               start: grab + 0.2, down: false)
        #expect(abs(try #require(driver.x("about", at: back)) - 10) < 1e-9)
        driver.touch(.up, CGPoint(x: 250 - flying + 10, y: 300), at: back + 1.0 / 60)
        #expect(driver.host.transition?.phase == .cancelling)
        driver.settle()
        #expect(driver.host.topName == "about")
        #expect(isIdentityPlacement(driver.node("about", at: driver.time)))
        #expect(driver.node("general", at: driver.time) == nil)
        #expect(driver.host.window.transitions.completedCount == 2)
        #expect(driver.host.settledInvariantViolations().isEmpty)
    }

    @Test func aGrabbedPopCanBeThrownAgainAndGrabbedAgain() throws {
        let driver = try SettingsDriver()
        let pushed = try pushedAbout(driver)
        var t = driver.drag(from: CGPoint(x: 5, y: 400), to: CGPoint(x: 60, y: 400), steps: 20, start: pushed + 0.2)
        t += 1.0 / 60
        driver.touch(.up, CGPoint(x: 60, y: 400), at: t)
        #expect(driver.host.transition?.phase == .cancelling)
        for _ in 0..<3 {
            t += 0.05
            driver.touch(.down, CGPoint(x: 200, y: 400), at: t)
            #expect(driver.host.transition?.phase == .interactive)
            t = driver.drag(from: CGPoint(x: 200, y: 400), to: CGPoint(x: 300, y: 400), steps: 5, start: t, down: false)
            t += 1.0 / 60
            driver.touch(.up, CGPoint(x: 300, y: 400), at: t)
            #expect(driver.host.transition?.phase == .finishing)
        }
        driver.settle()
        #expect(driver.host.topName == "general")
        #expect(driver.host.window.transitions.startedCount == 2)
        #expect(driver.host.settledInvariantViolations().isEmpty)
    }

    @Test func aDisabledBackSwipeDoesNothing() throws {
        let driver = try SettingsDriver()
        let pushed = try pushedAbout(driver)
        driver.navigation?.interactivePopGestureRecognizer.isEnabled = false
        let last = driver.drag(from: CGPoint(x: 5, y: 400), to: CGPoint(x: 200, y: 400), steps: 10, start: pushed + 0.2)
        #expect(driver.host.transition == nil)
        driver.touch(.up, CGPoint(x: 200, y: 400), at: last + 1.0 / 60)
        driver.settle()
        #expect(driver.host.topName == "about")
        #expect(driver.host.window.transitions.startedCount == 1)
    }

    @Test func theRootCannotBeSwipedAway() throws {
        let driver = try SettingsDriver()
        driver.drag(from: CGPoint(x: 5, y: 400), to: CGPoint(x: 200, y: 400), steps: 10, start: 0.25)
        #expect(driver.host.transition == nil)
        #expect(driver.host.window.transitions.startedCount == 0)
    }

    /// The fade scene's delegate vends its own pop: an edge swipe there is the fade's pan, as before.
    @Test func aDelegatesPopKeepsItsOwnGesture() throws {
        let driver = try SettingsDriver(scene: "fade")
        try driver.tap("list-open-detail", at: 0.25)
        driver.settle()
        let last = driver.drag(from: CGPoint(x: 2, y: 400), to: CGPoint(x: 200, y: 400), steps: 12, start: driver.time + 0.2)
        let nodes = driver.nodes(at: last)
        #expect(driver.host.transition?.phase == .interactive)
        #expect(abs(try #require(driver.host.transition).percentComplete - 200.0 / 300) < 1e-9)
        // The fade leaves the detail where it is; the stock slide's views never appear.
        #expect(isIdentityPlacement(nodes.first { $0.name == "detail" }))
        #expect(!nodes.contains { $0.name.hasSuffix("-dimming") || $0.name.hasSuffix("-shadow") })
        let stock = try #require((driver.host.window.rootViewController as? UITabBarController)?.viewControllers?.first as? UINavigationController)
        #expect(![.began, .changed].contains(stock.interactivePopGestureRecognizer.state))
        driver.touch(.up, CGPoint(x: 200, y: 400), at: last + 1.0 / 60)
        driver.settle()
        #expect(driver.host.topName == "list")
        #expect(driver.host.settledInvariantViolations().isEmpty)
    }
}
