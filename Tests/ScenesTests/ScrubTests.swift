import Foundation
import Motion
import Recorder
import Scenes
import UIKit
import Testing

/// The scrub bar moves a transition through the same timeline (or interruptible animator) time
/// moves it through, so a scrubbed frame is exactly a frame the recorder produces.
@Suite("scrubbing a running transition")
struct ScrubTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var scene: String
        var button: String
        /// Whether the transition runs on a timeline (a step is then exactly one frame of time);
        /// otherwise on a property animator, whose progress a step moves linearly.
        var onTimeline: Bool
        var testDescription: String { "\(scene) \(button)" }
    }

    nonisolated static let cases: [Case] = [
        Case(scene: "slides", button: "first-next", onTimeline: true),
        Case(scene: "menu", button: "home-show-card", onTimeline: true),
        Case(scene: "stack", button: "stackfirst-present", onTimeline: true),
        Case(scene: "fade", button: "list-open-detail", onTimeline: true),
        Case(scene: "settings", button: "general-about", onTimeline: true),
        // The zoom runs on its interruptible animator alone (no transition timeline).
        Case(scene: "photos", button: "tile-4", onTimeline: false),
    ]
    /// Transitions with a timeline, which scrubbing moves in time. (The photo zoom's progress is
    /// its image animator's; its backdrop fades on an animator of its own, which a seek does not
    /// move: docs/protocol.md says so.)
    nonisolated static let timelineCases = cases.filter(\.onTimeline)

    /// The tap that starts `c`'s transition, and the recording of it playing untouched.
    private func played(_ c: Case) throws -> (ScriptBuilder, Recording) {
        var script = ScriptBuilder()
        script.tap(try #require(try record(c.scene, duration: 0).last.center(of: c.button)))
        return (script, try record(c.scene, script.script, duration: 3))
    }

    /// Mid-transition frames, well inside 0…1, running on their own.
    private func running(_ run: Recording) -> [RecordedFrame] {
        run.frames.filter { frame in
            guard let t = frame.transition, t.phase == .animating else { return false }
            return t.progress > 0.05 && t.progress < 0.95
        }
    }

    @Test(arguments: timelineCases)
    func seekingShowsTheFrameTimeGivesAtThatProgress(_ c: Case) throws {
        let (tap, played) = try played(c)
        let mid = running(played)
        #expect(mid.count >= 6, "the transition runs for several frames")
        // Two targets, one behind where the transition is when paused and one ahead of it.
        for target in [mid[mid.count / 4], mid[mid.count * 3 / 4]] {
            var script = tap
            let pauseAt = mid[mid.count / 2].time
            let progress = try #require(target.transition?.progress)
            let scrubbed = try record(c.scene, with(script: &script, scrubs: [
                (pauseAt, .pause), (pauseAt, .seek(progress: progress)),
            ]), duration: pauseAt + 1)
            let held = scrubbed.frames.filter { $0.time >= pauseAt }
            #expect(held.count > 30)
            for frame in held {
                #expect(frame.transition?.phase == .interactive)
                #expect(abs((frame.transition?.progress ?? -1) - progress) < 1e-9)
                #expect(sameLook(frame.nodes, target.nodes), "frame \(frame.index) looks like frame \(target.index)")
            }
        }
    }

    @Test(arguments: cases)
    func aStepMovesOneFrameOfTime(_ c: Case) throws {
        let (tap, played) = try played(c)
        let mid = running(played)
        let start = mid[mid.count / 3]
        let startProgress = try #require(start.transition?.progress)
        var script = tap
        // Each step a microsecond before the frame it is read in, so rounding in the sum of the
        // times never leaves it for the frame after.
        let scrubbed = try record(c.scene, with(script: &script, scrubs: [
            (start.time, .seek(progress: startProgress)), (start.time + 0.5 - 1e-6, .step(frames: 1)),
            (start.time + 1 - 1e-6, .step(frames: -2)),
        ]), duration: start.time + 1.5)
        func frame(at time: Double) throws -> RecordedFrame {
            try #require(scrubbed.frames.first { abs($0.time - time) < 1e-9 })
        }
        let forward = try frame(at: start.time + 0.5), back = try frame(at: start.time + 1)
        if c.onTimeline {
            let next = try #require(played.frames.first { $0.index == start.index + 1 })
            let previous = try #require(played.frames.first { $0.index == start.index - 1 })
            #expect(sameLook(forward.nodes, next.nodes))
            #expect(sameLook(back.nodes, previous.nodes))
        } else {
            // The animator's progress moves by a frame's share of the duration each way.
            let ahead = try #require(forward.transition?.progress) - startProgress
            let behind = try #require(back.transition?.progress) - startProgress
            #expect(ahead > 0.01 && ahead < 0.1)
            #expect(abs(behind + ahead) < 1e-9)
        }
    }

    @Test(arguments: cases)
    func finishAndCancelPlayOnFromWhereItStands(_ c: Case) throws {
        let (tap, played) = try played(c)
        let mid = running(played)[running(played).count / 2]
        for (command, expectedTop) in [(ScrubCommand.finish, played.last.top), (.cancel, played.first.top)] {
            var script = tap
            let run = try record(c.scene, with(script: &script, scrubs: [
                (mid.time, .pause), (mid.time + 2, command),
            ]), duration: mid.time + 5)
            // Held for two seconds, far past the watchdog's grace for a non-interactive phase.
            let held = run.frames.filter { $0.time >= mid.time && $0.time < mid.time + 2 }
            #expect(held.allSatisfy { $0.transition?.phase == .interactive })
            let after = run.frames.first { $0.time > mid.time + 2 }
            #expect(after?.transition?.phase == (command == .finish ? .finishing : .cancelling))
            #expect(run.last.transition == nil && run.last.top == expectedTop)
            #expect(run.host.window.transitions.rescuedCount == 0)
            if command == .finish {
                #expect(sameLook(run.last.nodes, played.last.nodes))
            } else {
                #expect(sameLook(run.last.nodes, played.first.nodes))
            }
        }
    }

    @Test func scrubbingWithNoTransitionIsRefusedAndChangesNothing() throws {
        let host = SceneHost(scene: try #require(Scene.named("slides")), size: viewport, clock: ManualClock())
        let before = host.frame().nodes
        #expect(throws: ScrubError.noTransition) { try host.scrub(.seek(progress: 0.5), frameDuration: 1.0 / 60) }
        #expect(throws: ScrubError.noTransition) { try host.scrub(.finish, frameDuration: 1.0 / 60) }
        #expect(sameLook(host.frame().nodes, before))
    }

    @Test(arguments: [ScrubCommand.seek(progress: .nan), .seek(progress: -0.1), .seek(progress: 1.5),
                      .seek(progress: .infinity), .step(frames: 0), .step(frames: 61), .step(frames: -1000)])
    func hostileValuesAreRefusedAndChangeNothing(_ command: ScrubCommand) throws {
        let c = Self.cases[0]
        let (tap, played) = try played(c)
        let mid = running(played)[running(played).count / 2]
        let clock = ManualClock()
        let host = SceneHost(scene: try #require(Scene.named(c.scene)), size: viewport, clock: clock)
        for event in tap.events {
            clock.set(event.time)
            if let pointer = event.pointer { host.handle(pointer) }
        }
        clock.set(mid.time)
        #expect(throws: ScrubError.self) { try host.scrub(command, frameDuration: 1.0 / 60) }
        #expect(host.transition?.phase == .animating, "still running on its own")
        #expect(sameLook(host.frame().nodes, mid.nodes))
    }

    @Test func theRecorderReadsScrubEventsFromItsScript() throws {
        let json = """
        {"events":[{"t":0.5,"type":"down","x":1,"y":2},{"t":0.6,"type":"scrub","command":"pause"},
        {"t":0.6,"type":"up","x":1,"y":2},{"t":0.7,"type":"scrub","command":"seek","progress":0.25},
        {"t":0.8,"type":"scrub","command":"step","frames":-1},{"t":0.9,"type":"scrub","command":"finish"}]}
        """
        let script = try InputScript(json: Data(json.utf8))
        // In script order: a scrub keeps its place among the pointer events.
        #expect(script.events.map(\.action) == [
            .pointer(PointerEvent(phase: .down, pointerID: 1, kind: .touch, location: CGPoint(x: 1, y: 2), timestamp: 0.5)),
            .scrub(.pause),
            .pointer(PointerEvent(phase: .up, pointerID: 1, kind: .touch, location: CGPoint(x: 1, y: 2), timestamp: 0.6)),
            .scrub(.seek(progress: 0.25)),
            .scrub(.step(frames: -1)),
            .scrub(.finish),
        ])
        #expect(script.lastEventTime == 0.9)
        for bad in [#"{"t":1,"type":"scrub","command":"seek","progress":2}"#,
                    #"{"t":1,"type":"scrub","command":"step","frames":0.5}"#,
                    #"{"t":1,"type":"scrub","command":"step","frames":0}"#,
                    #"{"t":1,"type":"scrub","command":"rewind"}"#,
                    #"{"t":1,"type":"scrub","command":"seek"}"#] {
            #expect(throws: RecorderError.self) { try InputScript(json: Data("{\"events\":[\(bad)]}".utf8)) }
        }
    }

    /// The tap's script with scrub commands added at their times, after its pointer events.
    private func with(script: inout ScriptBuilder, scrubs: [(Double, ScrubCommand)]) -> InputScript {
        var result = script.script
        result.events += scrubs.map { InputScript.Event(time: $0.0, scrub: $0.1) }
        return result
    }
}
