import Foundation
import Motion
import Recorder
import Scenes
import SegueValues
import Testing

/// The release reading (`TransitionRelease`): what a finger's lift decided for an interactive
/// transition, with the finger's speed, where it would carry the transition and the line it is
/// judged against, as the telemetry shows it and `segue record` prints it.
@Suite("release readings")
struct TransitionReleaseTests {
    /// settings after a push by button: About on top, ready for the back swipe.
    static func pushed() throws -> ScriptBuilder {
        var script = ScriptBuilder()
        script.tap(try #require(try record("settings", duration: 0).last.center(of: "general-about")))
        script.wait(1)
        return script
    }

    static func releases(_ run: Recording) -> [TransitionRelease] {
        run.frames.compactMap(\.release)
    }

    /// slides: a 200 pt right-edge swipe in 20 frames, which presents the next slide.
    static func slidesSwipe() throws -> Recording {
        var script = ScriptBuilder()
        script.drag(from: CGPoint(x: 388, y: 420), to: CGPoint(x: 188, y: 420), steps: 20)
        script.wait(1)
        return try record("slides", script.script)
    }

    /// The stock back swipe judges the offset plus 0.3 s of the finger's speed against half the
    /// width (BackSwipeInteraction): the reading is that rule, in the pop's progress.
    @Test(arguments: [(steps: 8, stillFrames: 0), (steps: 30, stillFrames: 20)])
    func theBackSwipeReportsItsOwnRule(steps: Int, stillFrames: Int) throws {
        var script = try Self.pushed()
        script.add(.down, CGPoint(x: 5, y: 400))
        for i in 1...steps {
            script.wait(ScriptBuilder.step)
            script.add(.move, CGPoint(x: 5 + 145 * Double(i) / Double(steps), y: 400))
        }
        for _ in 0..<stillFrames {
            script.wait(ScriptBuilder.step)
            script.add(.move, CGPoint(x: 150, y: 400))
        }
        script.wait(ScriptBuilder.step)
        script.add(.up, CGPoint(x: 150, y: 400))
        script.wait(1)
        let run = try record("settings", script.script)
        let readings = Self.releases(run)
        #expect(readings.count == 1)
        let release = try #require(readings.first)
        #expect(release.operation == .pop)
        let held = try #require(run.frames.last { $0.transition?.phase == .interactive }?.transition)
        #expect(abs(release.progress - held.progress) < 1e-9, "where the finger last held the pop")
        #expect(release.progress > 0.3 && release.progress < 0.4)
        let velocity = try #require(release.velocity)
        #expect(abs(try #require(release.projectedProgress) - (release.progress + 0.3 * velocity / 390)) < 1e-9)
        #expect(release.threshold == 0.5)
        #expect(release.decision == (release.projectedProgress! > 0.5 ? .finish : .cancel))
        if stillFrames > 0 {
            #expect(abs(velocity) < 50, "held still before the lift: \(velocity)")
            #expect(release.decision == .cancel)
            #expect(run.last.top == "about")
        } else {
            #expect(velocity > 500, "a quick flick: \(velocity)")
            #expect(release.decision == .finish)
            #expect(run.last.top == "general")
        }
    }

    /// A scene's own interaction (slides: finish past 0.35) has no threshold UIKit knows; the
    /// reading carries the finger's speed toward finishing and UIKit's deceleration projection at
    /// the points per unit of progress the drag measured (400 pt per presentation here).
    @Test func aScenesOwnInteractionIsMeasuredFromItsDrag() throws {
        let run = try Self.slidesSwipe()
        let release = try #require(Self.releases(run).first)
        #expect(release.operation == .present)
        #expect(release.decision == .finish)
        #expect(release.threshold == nil)
        let velocity = try #require(release.velocity)
        #expect(velocity > 500, "swiping left presents: toward finishing is positive, \(velocity)")
        // The drag measured its own scale, pt per unit of progress, between its first update and the
        // lift; the projection is UIKit's deceleration at that scale.
        let projected = try #require(release.projectedProgress)
        let carried = (projected - release.progress) / FluidMath.projectedDistance(velocity: velocity)
        #expect(carried > 0)
        #expect(abs(1 / carried - 400) < 40, "about 400 pt per presentation: \(1 / carried)")
    }

    /// A sheet's flick: UIKit's deceleration on the height, judged against half the medium
    /// detent, both as shares of the height the dismissal began from.
    @Test func aSheetFlickReportsItsDetentRule() throws {
        var script = SheetSceneTests.presented()
        script.drag(from: CGPoint(x: 195, y: 500), to: CGPoint(x: 195, y: 700), steps: 4)
        script.wait(1.5)
        let run = try record("sheet", script.script)
        let release = try #require(Self.releases(run).first)
        #expect(release.operation == .dismiss)
        #expect(release.decision == .finish)
        let velocity = try #require(release.velocity)
        #expect(velocity > 1000, "flung down: \(velocity)")
        let threshold = try #require(release.threshold)
        let projected = try #require(release.projectedProgress)
        #expect(projected > threshold)
        #expect(threshold > 0 && threshold < 1)
        #expect(run.last.transition == nil)
    }

    /// No finger, no reading: the scrub bar's finish, and a transition run by a tap.
    @Test func anEndWithoutALiftReadsNothing() throws {
        var script = ScriptBuilder()
        script.tap(try #require(try record("settings", duration: 0).last.center(of: "general-about")))
        var input = script.script
        input.events.append(InputScript.Event(time: script.time + 0.1, scrub: .seek(progress: 0.5)))
        input.events.append(InputScript.Event(time: script.time + 0.2, scrub: .finish))
        let run = try record("settings", input, duration: script.time + 1.5)
        #expect(run.frames.contains { $0.transition?.phase == .interactive })
        #expect(Self.releases(run).isEmpty)
        #expect(run.last.top == "about")
    }

    /// `segue record` prints the reading on the frame after the lift.
    @Test func recordPrintsIt() throws {
        let run = try Self.slidesSwipe()
        let printed = run.frames.filter { $0.json.contains("\"release\":") }
        #expect(printed.count == 1)
        let line = try #require(printed.first).json
        #expect(line.contains("\"release\":{\"operation\":\"present\",\"decision\":\"finish\",\"progress\":"))
        #expect(line.contains("\"threshold\":null}"))
    }
}
