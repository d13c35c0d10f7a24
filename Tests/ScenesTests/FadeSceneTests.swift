import Motion
import Recorder
import Scenes
import SegueKit
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

    /// Alpha and progress of a fade that started at `start`, checked on every frame it shows.
    func checkFade(_ run: Recording, node: String, operation: TransitionStatus.Operation, start: Double) throws -> Int {
        var checked = 0
        for frame in run.frames where frame.transition?.operation == operation {
            let linear = (frame.time - start) / 0.35
            #expect(abs(frame.transition!.progress - linear) < 1e-9)
            #expect(abs(try #require(frame.node(node)).alpha - TimingFunction.easeInEaseOut.value(at: linear)) < 1e-9)
            checked += 1
        }
        return checked
    }

    @Test func pushingFadesTheDetailInOverThreeHundredFiftyMilliseconds() throws {
        let (script, run) = try pushed()
        #expect(run.last.top == "detail")
        let tapUp = try #require(script.events.last).time
        #expect(try checkFade(run, node: "detail", operation: .push, start: tapUp) >= 20)
        #expect(run.last.node("list") == nil)
        #expect(run.host.settledInvariantViolations().isEmpty)
    }

    @Test func aPanPastHalfPopsWithProgressXOverThreeHundred() throws {
        var (script, _) = try pushed()
        script.drag(from: Point(x: 40, y: 400), to: Point(x: 280, y: 400), steps: 24)
        let run = try record("fade", script.script)
        var checked = 0
        let began = try #require(script.events.first { $0.pointer?.phase == .move && $0.pointer!.location.x - 40 >= 10 })
        for frame in run.frames where frame.transition?.phase == .interactive {
            let latest = try #require(script.events.last { $0.time <= frame.time })
            // The guide updates on .changed only: the frame of .began still shows 0.
            if latest.time <= began.time { continue }
            let expected = min(max(latest.pointer!.location.x / 300, 0), 0.99)
            #expect(abs(frame.transition!.progress - expected) < 1e-9)
            checked += 1
        }
        #expect(checked > 10)
        #expect(run.last.top == "list")
        #expect(run.last.node("detail") == nil)
        #expect(run.host.settledInvariantViolations().isEmpty)
    }

    @Test func aPanReleasedBeforeHalfCancelsThePop() throws {
        var (script, pushed) = try pushed()
        script.drag(from: Point(x: 40, y: 400), to: Point(x: 120, y: 400), steps: 8)
        let run = try record("fade", script.script)
        #expect(run.frames.contains { $0.transition?.phase == .cancelling })
        #expect(run.last.top == "detail")
        #expect(sameLook(run.last.nodes, pushed.last.nodes))
        #expect(run.host.settledInvariantViolations().isEmpty)
    }

    @Test func theBackButtonEndsWhereThePanEnds() throws {
        var (script, pushed) = try pushed()
        var pan = script
        script.tap(try #require(pushed.last.center(of: "detail-back")))
        pan.drag(from: Point(x: 40, y: 400), to: Point(x: 280, y: 400), steps: 24)
        let tapped = try record("fade", script.script)
        let panned = try record("fade", pan.script)
        #expect(tapped.last.top == "list")
        #expect(sameLook(tapped.last.nodes, panned.last.nodes))
    }

    @Test func theTabBarDelegateFadesBetweenTabs() throws {
        let idle = try record("fade", duration: 0)
        var script = ScriptBuilder()
        script.tap(try #require(idle.last.center(of: "tab-about")))
        let run = try record("fade", script.script)
        let tapUp = try #require(script.events.last).time
        #expect(try checkFade(run, node: "about", operation: .tab, start: tapUp) >= 20)
        #expect(run.last.top == "about")
        #expect(run.last.node("list") == nil)
        #expect(run.host.settledInvariantViolations().isEmpty)
    }
}
