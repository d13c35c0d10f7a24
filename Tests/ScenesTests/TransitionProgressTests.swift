import Foundation
import Recorder
import Scenes
import SegueValues
import Testing

/// What the telemetry, `segue record` and the scrub bar call a transition's progress: how far its
/// motion has gone, as its views show it (TransitionContext.progress); `percentComplete` stays
/// UIKit's (its time over its duration, what a percent-driven interaction's `update(_:)` sets).
@Suite("transition progress follows the motion")
struct TransitionProgressTests {
    /// settings' push by button rides the stock push's damped spring: at every frame the progress
    /// is the share of the width About has crossed, far ahead of the share of the time.
    @Test func aPushByButtonReadsHowFarItsScreenHasCrossed() throws {
        var script = ScriptBuilder()
        script.tap(try #require(try record("settings", duration: 0).last.center(of: "general-about")))
        let run = try record("settings", script.script, duration: 2)
        let pushing = run.frames.filter { $0.transition?.operation == .push && $0.node("about") != nil }
        #expect(pushing.count > 20)
        var ahead = 0
        for frame in pushing {
            let about = try #require(frame.node("about"))
            let crossed = (about.size.width - about.transform.tx) / about.size.width
            let status = try #require(frame.transition)
            #expect(abs(status.progress - min(max(crossed, 0), 1)) < 1e-6, "frame \(frame.index)")
            if status.progress - status.percentComplete > 0.2 { ahead += 1 }
        }
        #expect(ahead > 5, "the spring runs ahead of the clock, and the progress with it")
    }

    /// The scrub bar's slider sets that progress: a seek to 0.5 puts About halfway across.
    @Test func aSeekToHalfPutsThePushedScreenHalfwayAcross() throws {
        var script = ScriptBuilder()
        script.tap(try #require(try record("settings", duration: 0).last.center(of: "general-about")))
        var input = script.script
        input.events.append(InputScript.Event(time: script.time + 0.1, scrub: .seek(progress: 0.5)))
        let run = try record("settings", input, duration: script.time + 0.5)
        let held = try #require(run.frames.last)
        #expect(held.transition?.phase == .interactive)
        #expect(abs(try #require(held.transition).progress - 0.5) < 1e-9)
        let about = try #require(held.node("about"))
        #expect(abs(about.transform.tx - about.size.width * 0.5) < 1e-6)
    }

    /// A sheet measures its own progress by its height: a flick down from large reads the share of
    /// its height gone, rising every frame to the end (not 0 until it passes medium); presenting,
    /// its height over the medium detent's.
    @Test func aSheetsProgressIsItsHeight() throws {
        var script = SheetSceneTests.presented()
        script.drag(from: CGPoint(x: 195, y: 600), to: CGPoint(x: 195, y: 300), steps: 10)
        script.wait(1.5)
        let flickStart = script.time
        script.drag(from: CGPoint(x: 195, y: 200), to: CGPoint(x: 195, y: 420), steps: 4)
        script.wait(1.5)
        let run = try record("sheet", script.script)
        let presenting = run.frames.filter { $0.transition?.operation == .present }
        #expect(presenting.count > 10)
        for frame in presenting {
            let height = 844 - (try #require(SheetSceneTests.top(frame)))
            #expect(abs(try #require(frame.transition).progress - min(height / 393.5, 1)) < 1e-6)
        }
        let finishing = run.frames.filter { $0.time > flickStart && $0.transition?.operation == .dismiss
            && $0.transition?.phase == .finishing }
        #expect(finishing.count > 10)
        let readings = finishing.map { $0.transition!.progress }
        // From the release on it rises every frame, with the sheet: a tenth gone within five frames.
        #expect(zip(readings, readings.dropFirst()).allSatisfy { $0.0 < $0.1 || $0.1 == 1 })
        #expect(readings[5] > 0.1, "five frames after the release: \(readings[5])")
        // The share of the height it had when the dismissal began, gone: one height for every frame.
        let heights = try finishing.map { 844 - (try #require(SheetSceneTests.top($0))) }
        let startHeight = heights[0] / (1 - readings[0])
        #expect(startHeight > 393.5, "the dismissal began where the finger let go, above medium: \(startHeight)")
        for (height, reading) in zip(heights, readings) where reading < 1 {
            #expect(abs(reading - (1 - height / startHeight)) < 1e-6)
        }
    }
}
