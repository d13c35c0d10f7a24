import Motion
import Recorder
import Scenes
import UIKit
import Testing

@Suite("menu scene (tutorial 001)")
struct MenuSceneTests {
    /// The card's end frame: the tutorial's (80, 280, 160, 100) scaled by 390 / 320.
    static let scale = 390.0 / 320.0

    @Test func theCardEndsAtTheScaledFrameOverADimmedHome() throws {
        let idle = try record("menu", duration: 0)
        var script = ScriptBuilder()
        script.tap(try #require(idle.last.center(of: "home-show-card")))
        let run = try record("menu", script.script)
        #expect(run.last.top == "card")
        let card = try #require(run.last.node("card"))
        #expect(abs(card.transform.tx - 80 * Self.scale) < 1e-9)
        #expect(abs(card.transform.ty - 280 * Self.scale) < 1e-9)
        #expect(abs(card.size.width - 160 * Self.scale) < 1e-9)
        #expect(abs(card.size.height - 100 * Self.scale) < 1e-9)
        // The presenter stays visible, dimmed: its tint colors (the buttons' system-blue titles)
        // turn gray; its background, its white button fills and its white heading stay.
        #expect(idle.last.node("home-open-menu")?.textColor.hexString == "#007affff")
        for frame in [idle.last, run.last] {
            #expect(frame.node("home")?.backgroundColor.hexString == "#34495eff")
            #expect(frame.node("home-heading")?.textColor.hexString == "#ffffffff")
            for button in ["home-show-card", "home-open-menu", "home-physics:-off"] {
                #expect(frame.node(button)?.backgroundColor.hexString == "#ffffffff", "\(button)")
            }
        }
        #expect(run.last.node("home-open-menu")?.textColor.hexString == "#656565bf")
        // The card slides in from x + 320 (scaled) over 0.5 s on the default easeInEaseOut curve.
        let tapUp = try #require(script.events.last).time
        var checked = 0
        for frame in run.frames where frame.transition?.operation == .present {
            let eased = TimingFunction.easeInEaseOut.value(at: (frame.time - tapUp) / 0.5)
            let expected = (80 + 320 * (1 - eased)) * Self.scale
            #expect(abs(try #require(frame.node("card")).transform.tx - expected) < 1e-9)
            checked += 1
        }
        #expect(checked >= 29)
        #expect(run.host.settledInvariantViolations().isEmpty)
    }

    @Test func closingTheCardUndimsHomeAndRemovesTheCard() throws {
        let idle = try record("menu", duration: 0)
        var script = ScriptBuilder()
        script.tap(try #require(idle.last.center(of: "home-show-card")))
        script.wait(1)
        let opened = try record("menu", script.script)
        script.tap(try #require(opened.last.center(of: "card-close")))
        let run = try record("menu", script.script)
        #expect(run.last.top == "home")
        #expect(run.last.node("card") == nil)
        #expect(sameLook(run.last.nodes, idle.last.nodes))
        #expect(run.host.settledInvariantViolations().isEmpty)
    }

    @Test func aLeftEdgePanDragsTheMenuInWithProgressLocationOverWidth() throws {
        var script = ScriptBuilder()
        script.drag(from: CGPoint(x: 2, y: 400), to: CGPoint(x: 300, y: 400), steps: 30)
        let run = try record("menu", script.script)
        #expect(run.last.top == "menu")
        #expect(isIdentityPlacement(run.last.node("menu")))
        var checked = 0
        for frame in run.frames where frame.transition?.phase == .interactive && frame.transition?.progress ?? 0 > 0 {
            let latest = try #require(script.events.last { $0.time <= frame.time })
            #expect(abs(frame.transition!.progress - latest.pointer!.location.x / 390) < 1e-9)
            // The menu's left edge sits at −width·(1 − progress).
            let menu = try #require(frame.node("menu"))
            #expect(abs(menu.transform.tx + 390 * (1 - latest.pointer!.location.x / 390)) < 1e-9)
            checked += 1
        }
        #expect(checked > 10)
        #expect(run.host.settledInvariantViolations().isEmpty)
    }

    @Test func releasingWhileMovingBackCancelsThePresentation() throws {
        let idle = try record("menu", duration: 0)
        var script = ScriptBuilder()
        script.add(.down, CGPoint(x: 2, y: 400))
        for x in stride(from: 20.0, through: 200, by: 20) {
            script.wait(ScriptBuilder.step)
            script.add(.move, CGPoint(x: x, y: 400))
        }
        for x in stride(from: 190.0, through: 150, by: -10) {
            script.wait(ScriptBuilder.step)
            script.add(.move, CGPoint(x: x, y: 400))
        }
        script.wait(ScriptBuilder.step)
        script.add(.up, CGPoint(x: 150, y: 400))
        let run = try record("menu", script.script)
        #expect(run.frames.contains { $0.transition?.phase == .cancelling })
        #expect(run.last.top == "home")
        #expect(sameLook(run.last.nodes, idle.last.nodes))
        #expect(run.host.settledInvariantViolations().isEmpty)
    }

    @Test func theMenuButtonEndsWhereTheSwipeEnds() throws {
        let idle = try record("menu", duration: 0)
        var tap = ScriptBuilder()
        tap.tap(try #require(idle.last.center(of: "home-open-menu")))
        let tapped = try record("menu", tap.script)
        var swipe = ScriptBuilder()
        swipe.drag(from: CGPoint(x: 2, y: 400), to: CGPoint(x: 300, y: 400), steps: 30)
        let swiped = try record("menu", swipe.script)
        #expect(tapped.last.top == "menu")
        #expect(sameLook(tapped.last.nodes, swiped.last.nodes))
    }

    @Test func aRightEdgeSwipeOnTheMenuDismissesIt() throws {
        var script = ScriptBuilder()
        script.drag(from: CGPoint(x: 2, y: 400), to: CGPoint(x: 300, y: 400), steps: 30)
        script.wait(1)
        script.drag(from: CGPoint(x: 388, y: 400), to: CGPoint(x: 100, y: 400), steps: 30)
        let run = try record("menu", script.script)
        #expect(run.frames.contains { $0.transition?.operation == .dismiss && $0.transition?.isInteractive == true })
        #expect(run.last.top == "home")
        #expect(run.host.settledInvariantViolations().isEmpty)
    }

    @Test func thePhysicsVariantSettlesTheMenuAndCompletes() throws {
        let idle = try record("menu", duration: 0)
        var script = ScriptBuilder()
        script.tap(try #require(idle.last.center(of: "home-physics:-off")))
        script.wait(0.5)
        script.drag(from: CGPoint(x: 2, y: 400), to: CGPoint(x: 250, y: 400), steps: 20)
        let run = try record("menu", script.script, duration: script.time + 4)
        #expect(run.last.node("home-physics:-off")?.text == "Physics: on")
        #expect(run.last.top == "menu")
        #expect(isIdentityPlacement(run.last.node("menu")))
        // Gravity and a bounce: the menu overshoots its resting place at least once (moves left again).
        let xs = run.frames.compactMap { $0.node("menu")?.transform.tx }
        #expect(zip(xs, xs.dropFirst()).contains { $1 < $0 - 1e-9 })
        #expect(run.host.settledInvariantViolations().isEmpty)
    }
}
