import Motion
import Recorder
import Scenes
import UIKit
import SegueTesting
import Testing

@Suite("fade scene (guide 004)")
struct FadeSceneTests {
    func pushed() throws -> (ScriptBuilder, Recording) {
        let idle = try record("fade", duration: 0)
        var script = ScriptBuilder()
        script.tap(try #require(idle.last.center(of: "list-open-detail")))
        script.wait(1)
        return (script, try record("fade", script.script))
    }

    /// The fade scene with the detail pushed by its button, settled.
    func pushedRun() -> SceneRun {
        let run = SceneRun(Scene.named("fade")!)
        run.tap("list-open-detail")
        run.waitUntilSettled()
        return run
    }

    /// Alpha and progress of a fade that started at `start`, checked on every frame it shows.
    func checkFade(_ run: SceneRun, node: String, operation: TransitionStatus.Operation, start: Double) throws -> Int {
        var checked = 0
        for frame in run.frames where frame.transition?.operation == operation {
            let linear = (frame.time - start) / 0.35
            #expect(abs(frame.transition!.percentComplete - linear) < 1e-9)
            #expect(abs(try #require(frame.node(node)).alpha - TimingFunction.easeInEaseOut.value(at: linear)) < 1e-9)
            checked += 1
        }
        return checked
    }

    @Test func pushingFadesTheDetailInOverThreeHundredFiftyMilliseconds() throws {
        let run = pushedRun()
        #expect(run.top == "detail")
        let tapUp = try #require(run.releases.last).time
        #expect(try checkFade(run, node: "detail", operation: .push, start: tapUp) >= 20)
        #expect(run.current.node("list") == nil)
        #expect(run.host.settledInvariantViolations().isEmpty)
    }

    @Test func aPanPastHalfPopsWithProgressXOverThreeHundred() throws {
        var (script, _) = try pushed()
        script.drag(from: CGPoint(x: 40, y: 400), to: CGPoint(x: 280, y: 400), steps: 24)
        let run = try record("fade", script.script)
        var checked = 0
        let began = try #require(script.events.first { $0.pointer?.phase == .move && $0.pointer!.location.x - 40 >= 10 })
        for frame in run.frames where frame.transition?.phase == .interactive {
            let latest = try #require(script.events.last { $0.time <= frame.time })
            // The guide updates on .changed only: the frame of .began still shows 0.
            if latest.time <= began.time { continue }
            let expected = min(max(latest.pointer!.location.x / 300, 0), 0.99)
            #expect(abs(frame.transition!.percentComplete - expected) < 1e-9)
            checked += 1
        }
        #expect(checked > 10)
        #expect(run.last.top == "list")
        #expect(run.last.node("detail") == nil)
        #expect(run.host.settledInvariantViolations().isEmpty)
    }

    @Test func aPanReleasedBeforeHalfCancelsThePop() throws {
        let run = pushedRun()
        let pushed = run.current
        run.drag(from: CGPoint(x: 40, y: 400), to: CGPoint(x: 120, y: 400), duration: 8 / 60)
        run.waitUntilSettled()
        #expect(run.phases.contains(.cancelling))
        #expect(run.top == "detail")
        #expect(sameLook(run.current.nodes, pushed.nodes))
        #expect(run.host.settledInvariantViolations().isEmpty)
    }

    @Test func theBackButtonEndsWhereThePanEnds() throws {
        let tapped = pushedRun(), panned = pushedRun()
        tapped.tap("detail-back")
        tapped.waitUntilSettled()
        panned.drag(from: CGPoint(x: 40, y: 400), to: CGPoint(x: 280, y: 400), duration: 24 / 60)
        panned.waitUntilSettled()
        #expect(tapped.top == "list")
        #expect(sameLook(tapped.current.nodes, panned.current.nodes))
    }

    @Test func theTabBarDelegateFadesBetweenTabs() throws {
        let run = SceneRun(Scene.named("fade")!)
        run.tap("tab-about")
        run.waitUntilSettled()
        let tapUp = try #require(run.releases.last).time
        #expect(try checkFade(run, node: "about", operation: .tab, start: tapUp) >= 20)
        #expect(run.top == "about")
        #expect(run.current.node("list") == nil)
        #expect(run.host.settledInvariantViolations().isEmpty)
    }
}
