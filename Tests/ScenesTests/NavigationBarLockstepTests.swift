import Motion
import Recorder
import Scenes
import UIKit
import SegueTesting
import Testing

/// The navigation bar keeps pace with the screens on every frame of the stock push and pop, for
/// every way one runs: UIKit animates the bar alongside the transition, on its curve (here the
/// stock slide's spring), not on the transition's time fraction. Measured as shares of the way:
/// About's (it slides in from the right edge, or out to it) and the incoming title's (its alpha).
@Suite("navigation bar in lockstep with the stock slide")
@MainActor struct NavigationBarLockstepTests {
    /// How far the bar's share may stray from the screens' on a frame: none but rounding.
    static let lockstepTolerance = 1e-6

    /// Frames through a transition, checking each: About's share of its way against the share of the
    /// bar's item arriving (the incoming title's alpha). Returns the frames checked mid-way.
    @discardableResult
    func expectLockstep(_ driver: SettingsDriver, from start: Double, to end: Double, pushing: Bool) throws -> Int {
        var checked = 0
        var time = start
        while time < end {
            time += 1.0 / 60
            let nodes = driver.nodes(at: time)
            guard driver.host.transition != nil, let about = nodes.first(where: { $0.name == "about" }),
                  let arriving = nodes.first(where: { $0.name == "navigation-title-other" }) else { continue }
            let aboutIn = 1 - about.transform.tx / 390
            let barShare = pushing ? aboutIn : 1 - aboutIn
            #expect(abs(arriving.alpha - barShare) < Self.lockstepTolerance, "at t = \(time)")
            if barShare > 0.05 && barShare < 0.95 { checked += 1 }
        }
        return checked
    }

    /// The case: pushed by its button, the title used to reach 27% of its way while About
    /// was 76% across, then jump at the end.
    @Test func aPushByTheButton() throws {
        let driver = try SettingsDriver()
        let tapped = try driver.tap("general-about", at: 0.5)
        let checked = try expectLockstep(driver, from: tapped, to: tapped + 1.5, pushing: true)
        #expect(checked >= 5)
        // At rest no view moves on: the title that arrived sits where the last frame left it.
        let title = try #require(driver.node("navigation-title", at: tapped + 1.6))
        let later = try #require(driver.node("navigation-title", at: tapped + 2))
        #expect(title.text == "About" && title.transform == later.transform)
    }

    @Test func aBackSwipeHeldThenThrown() throws {
        let driver = try SettingsDriver()
        let tapped = try driver.tap("general-about", at: 0.5)
        _ = driver.nodes(at: tapped + 1.5)
        let start = tapped + 1.6
        var last = driver.drag(from: CGPoint(x: 2, y: 400), to: CGPoint(x: 150, y: 400), steps: 12, start: start)
        #expect(driver.host.transition?.phase == .interactive)
        try expectLockstep(driver, from: start, to: last, pushing: false)
        last = driver.drag(from: CGPoint(x: 150, y: 400), to: CGPoint(x: 260, y: 400), steps: 3, start: last, down: false)
        driver.touch(.up, CGPoint(x: 260, y: 400), at: last + 1.0 / 60)
        let checked = try expectLockstep(driver, from: last, to: last + 1.5, pushing: false)
        #expect(checked >= 3 && driver.host.topName == "general")
    }

    @Test func aBackSwipeThatCancels() throws {
        let driver = try SettingsDriver()
        let tapped = try driver.tap("general-about", at: 0.5)
        _ = driver.nodes(at: tapped + 1.5)
        let start = tapped + 1.6
        let last = driver.drag(from: CGPoint(x: 2, y: 400), to: CGPoint(x: 80, y: 400), steps: 30, start: start)
        driver.touch(.up, CGPoint(x: 80, y: 400), at: last + 1.0 / 60)
        try expectLockstep(driver, from: start, to: last + 1.5, pushing: false)
        #expect(driver.host.topName == "about")
        #expect(driver.node("navigation-title", at: last + 1.6)?.alpha == 1)
    }

    @Test func aPushScrubbedThenFinished() throws {
        let driver = try SettingsDriver()
        let tapped = try driver.tap("general-about", at: 0.5)
        _ = driver.nodes(at: tapped + 0.1)
        for progress in [0.2, 0.5, 0.8] {
            try driver.host.scrub(.seek(progress: progress), frameDuration: 1.0 / 60)
            try expectLockstep(driver, from: tapped + 0.1, to: tapped + 0.1 + 1.0 / 60, pushing: true)
        }
        try driver.host.scrub(.finish, frameDuration: 1.0 / 60)
        try expectLockstep(driver, from: tapped + 0.12, to: tapped + 2, pushing: true)
        #expect(driver.host.topName == "about")
    }
}

/// The tab bar marks the new tab when a switch begins, as UIKit's does (its selection is the new
/// tab's from `tabBarController(_:didSelect:)` on, while the cross-fade still runs), and marks the
/// old one again if the switch is cancelled.
@Suite("tab bar selection during a switch")
@MainActor struct TabBarSelectionTests {
    @Test func theNewTabIsMarkedOnTheSwitchsFirstFrame() throws {
        let run = SceneRun(Scene.named("fade")!)
        run.wait(0.1)
        run.tap("tab-about")
        let first = try #require(run.frames.first { $0.transition?.operation == .tab })
        #expect(first.node("tab-about-icon")?.textColor == .systemBlue)
        #expect(first.node("tab-navigation-icon")?.textColor == .systemGray)
        #expect(first.transition!.progress < 0.5, "marked while the cross-fade has most of its way to go")
    }
}
