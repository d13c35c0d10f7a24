import Foundation
import Motion
import Recorder
import Scenes
import UIKit
import Testing

/// The sheet scene on the 390 × 844 viewport, whose safe area starts 47 pt down (the status bar):
/// the large detent is 844 − 47 − 10 = 787 pt tall (top at 57, the scaled-back presenter's top at
/// 47 showing 10 pt above it), the medium 393.5 (top at 450.5); the sheet reaches its corner radius
/// (10) below the bottom edge; the dimming reaches 0.4 at large and is 0 at medium.
@Suite("sheet scene")
struct SheetSceneTests {
    static let mediumTop: CGFloat = 450.5
    static let largeTop: CGFloat = 57.0
    /// How far a large sheet may stretch up: to the status bar's bottom, 47 pt.
    static let stretchRoom = 57.0 - 47
    /// Where the Compose button is: the notes screen's only button.
    static let compose = CGPoint(x: 195, y: 844 - 48 - 25)

    /// Compose tapped at 0.25 s; the sheet rests at medium from about 1.1 s. Returns the script so far.
    static func presented() -> ScriptBuilder {
        var script = ScriptBuilder()
        script.tap(compose)
        script.wait(1.5)
        return script
    }

    /// A finger down at `start`, moved `by` points vertically in `steps` frames, not lifted.
    static func press(_ script: inout ScriptBuilder, at start: CGPoint, by dy: Double, steps: Int) {
        script.add(.down, start)
        for i in 1...steps {
            script.wait(ScriptBuilder.step)
            script.add(.move, CGPoint(x: start.x, y: start.y + dy * Double(i) / Double(steps)))
        }
    }

    static func top(_ frame: RecordedFrame) -> CGFloat? { frame.node("compose")?.transform.ty }
    static func height(_ frame: RecordedFrame) -> CGFloat? { frame.node("compose")?.size.height }
    /// The dimming's alpha; a fully transparent view is not drawn at all.
    static func dimming(_ frame: RecordedFrame) -> Double { frame.node("compose-dimming")?.alpha ?? 0 }

    /// The rubber band as WWDC 2018 gives it, written out again here: (1 − 1/(x·c/d + 1))·d.
    static func band(_ x: Double, _ d: Double = 844) -> Double { (1 - 1 / (x * 0.55 / d + 1)) * d }

    @Test func presentingRestsAtMediumWithAGrabberAndNothingDimmed() throws {
        let run = try record("sheet", Self.presented().script)
        #expect(run.last.top == "compose")
        #expect(Self.top(run.last) == Self.mediumTop)
        #expect(Self.height(run.last) == 403.5, "393.5 and 10 pt below the edge")
        #expect(run.last.node("compose")?.cornerRadius == 10)
        let grabber = try #require(run.last.node("compose-grabber"))
        #expect(grabber.size == CGSize(width: 36, height: 5))
        #expect(grabber.transform.tx == 177 && grabber.transform.ty == Self.mediumTop + 5)
        #expect(grabber.cornerRadius == 2.5)
        #expect(Self.dimming(run.last) == 0)
        #expect(isIdentityPlacement(run.last.node("notes")))
        // It rises from below the screen through the present transition.
        let rising = run.frames.filter { $0.transition?.operation == .present }
        #expect(rising.count > 30)
        let tops = rising.compactMap(Self.top)
        #expect(tops.first! > 700 && zip(tops, tops.dropFirst()).allSatisfy { $0.0 >= $0.1 })
        #expect(run.host.settledInvariantViolations() == [])
    }

    @Test func theSheetFollowsTheFingerOneToOneAndTheDimmingFollowsTheSheet() throws {
        var script = Self.presented()
        let start = script.time
        // Up 30 steps of 196.75 / 19 ≈ 10.36 pt a frame, so step 19 is half way between the detents
        // (196.75 pt above medium): the pan begins on the first move (past its 10 pt hysteresis).
        Self.press(&script, at: CGPoint(x: 195, y: 600), by: -196.75 / 19 * 30, steps: 30)
        let run = try record("sheet", script.script, duration: script.time)
        let moves = script.events.filter { $0.pointer?.phase == .move && $0.time > start }
        let began = moves[0].pointer!.location.y
        var checked = 0
        for frame in run.frames where frame.time > moves[0].time {
            let finger = try #require(script.events.last { $0.time <= frame.time }).pointer!.location.y
            let top = try #require(Self.top(frame))
            #expect(abs(top - (Self.mediumTop + finger - began)) < 1e-9, "at \(frame.time)")
            let height = 844 - top
            #expect(abs(Self.dimming(frame) - 0.4 * (height - 393.5) / 393.5) < 1e-9)
            let notes = try #require(frame.node("notes"))
            #expect(abs(notes.transform.a - (1 - 20.0 / 390 * (height - 393.5) / 393.5)) < 1e-9)
            checked += 1
        }
        #expect(checked >= 29)
        // Half way between the detents: half dimmed, the presenter half scaled back.
        let halfway = try #require(run.frames.first { abs((Self.top($0) ?? 0) - 253.75) < 1e-6 })
        #expect(abs(Self.dimming(halfway) - 0.2) < 1e-9)
        #expect(abs(try #require(halfway.node("notes")).transform.a - (1 - 10.0 / 390)) < 1e-9)
    }

    @Test func aFlickUpSettlesAtLargeWithThePresenterScaledBack() throws {
        var script = Self.presented()
        script.drag(from: CGPoint(x: 195, y: 600), to: CGPoint(x: 195, y: 300), steps: 10)
        script.wait(1.5)
        let run = try record("sheet", script.script)
        #expect(Self.top(run.last) == Self.largeTop)
        #expect(Self.height(run.last) == 797, "787 and 10 pt below the edge")
        #expect(abs(Self.dimming(run.last) - 0.4) < 1e-12)
        let notes = try #require(run.last.node("notes"))
        let scale = 1 - 20.0 / 390
        #expect(abs(notes.transform.a - scale) < 1e-12 && abs(notes.transform.d - scale) < 1e-12)
        #expect(abs(notes.transform.tx - 10) < 1e-9, "10 pt in from each side")
        #expect(abs(notes.transform.ty - 47) < 1e-9, "its top at the safe area's top, under the status bar")
        #expect(notes.cornerRadius == 10)
        #expect(run.host.window.rootViewController?.presentedViewController?.sheetPresentationController?
            .selectedDetentIdentifier == .large)
        #expect(run.host.settledInvariantViolations() == [])
    }

    /// Past large the sheet stretches toward the status bar's bottom (47 pt) and never covers the
    /// bar's text: the band's reach is the 10 pt of presenter iOS shows above a large sheet.
    @Test func pastTheLargeDetentTheSheetRubberBandsShortOfTheStatusBar() throws {
        var script = Self.presented()
        script.drag(from: CGPoint(x: 195, y: 600), to: CGPoint(x: 195, y: 300), steps: 10)
        script.wait(1.5)
        // From large, 10 pt to begin the pan, then 100 and 300 pt further up.
        Self.press(&script, at: CGPoint(x: 195, y: 400), by: -410, steps: 41)
        let run = try record("sheet", script.script, duration: script.time)
        let moves = script.events.filter { $0.pointer?.phase == .move && $0.time > 2.5 }
        let room = Self.stretchRoom
        for (index, overshoot) in [(10, 100.0), (30, 300.0)] {
            let frame = try #require(run.frames.first { $0.time >= moves[index].time })
            #expect(abs(try #require(Self.top(frame)) - (Self.largeTop - Self.band(overshoot, room))) < 1e-9)
            #expect(abs(try #require(Self.height(frame)) - (787 + Self.band(overshoot, room) + 10)) < 1e-9)
        }
        // 100 pt past shows 8.46 pt; 300 pt past, 9.43: the top stays below the status bar.
        #expect(abs(Self.band(100, room) - 8.46) < 0.01 && abs(Self.band(300, room) - 9.43) < 0.01)
        #expect(run.frames.compactMap(Self.top).allSatisfy { $0 > 47 })
    }

    @Test func letGoPastLargeTheSheetSpringsBackWithoutAJump() throws {
        var script = Self.presented()
        script.drag(from: CGPoint(x: 195, y: 600), to: CGPoint(x: 195, y: 300), steps: 10)
        script.wait(1.5)
        Self.press(&script, at: CGPoint(x: 195, y: 400), by: -110, steps: 11)
        script.wait(0.2)
        script.add(.up, CGPoint(x: 195, y: 290))
        let released = script.time
        script.wait(1.5)
        let run = try record("sheet", script.script)
        let before = try #require(run.frames.last { $0.time < released })
        let after = try #require(run.frames.first { $0.time >= released })
        let stretch = Self.band(100, Self.stretchRoom)
        #expect(abs(try #require(Self.top(before)) - (Self.largeTop - stretch)) < 1e-9)
        let step = abs(try #require(Self.top(after)) - Self.largeTop + stretch)
        #expect(step < 5, "the first frame after the release moves \(step) pt")
        #expect(Self.top(run.last) == Self.largeTop)
    }

    @Test func aSlowDragDownFromMediumReturnsToMedium() throws {
        var script = Self.presented()
        script.drag(from: CGPoint(x: 195, y: 500), to: CGPoint(x: 195, y: 600), steps: 40)
        script.wait(1.5)
        let run = try record("sheet", script.script)
        // Below medium the dismissal began, interactive, and was cancelled on release.
        #expect(run.frames.contains { $0.transition?.operation == .dismiss && $0.transition?.phase == .interactive })
        #expect(run.frames.contains { $0.transition?.operation == .dismiss && $0.transition?.phase == .cancelling })
        #expect(run.last.top == "compose")
        #expect(Self.top(run.last) == Self.mediumTop)
        #expect(run.last.transition == nil)
        let compose = try #require(run.host.window.rootViewController?.presentedViewController)
        #expect(compose.name == "compose")
        #expect(run.host.settledInvariantViolations() == [])
    }

    @Test func aFlickDownDismissesAndTheBookkeepingIsDismissAnimateds() throws {
        var script = Self.presented()
        script.drag(from: CGPoint(x: 195, y: 500), to: CGPoint(x: 195, y: 700), steps: 8)
        script.wait(1.5)
        let run = try record("sheet", script.script)
        #expect(run.frames.contains { $0.transition?.operation == .dismiss && $0.transition?.phase == .finishing })
        #expect(run.last.top == "notes")
        #expect(run.last.node("compose") == nil && run.last.node("compose-dimming") == nil)
        #expect(isIdentityPlacement(run.last.node("notes")))
        let root = try #require(run.host.window.rootViewController)
        #expect(root.presentedViewController == nil)
        #expect(run.host.window.subviews.map(\.name) == ["notes", "status-bar", "home-indicator"])
        let transitions = run.host.window.transitions
        #expect(transitions.startedCount == 2 && transitions.completedCount == 2)
        #expect(run.host.settledInvariantViolations() == [])
        // It leaves at the finger's speed: the first frame after the release moves on at least as
        // far as the last frame of the drag did (25 pt), never back.
        let up = try #require(script.events.last { $0.pointer?.phase == .up }).time
        let frames = run.frames.filter { $0.time >= up - 2 * ScriptBuilder.step && $0.time < up + 0.1 }
        let tops = frames.compactMap(Self.top)
        #expect(zip(tops, tops.dropFirst()).allSatisfy { $0.1 >= $0.0 })
    }

    @Test func aTouchOnAMovingSheetHoldsItWhereItIs() throws {
        var script = Self.presented()
        script.drag(from: CGPoint(x: 195, y: 600), to: CGPoint(x: 195, y: 300), steps: 10)
        // 0.1 s into the settle toward large, a finger lands on the sheet and stays still.
        script.wait(0.1)
        let grabbed = script.time
        script.add(.down, CGPoint(x: 195, y: 500))
        script.wait(0.5)
        script.add(.up, CGPoint(x: 195, y: 500))
        script.wait(1.5)
        let run = try record("sheet", script.script)
        let before = try #require(run.frames.last { $0.time < grabbed })
        let held = run.frames.filter { $0.time >= grabbed && $0.time < grabbed + 0.5 }
        let heldTop = try #require(Self.top(held[0]))
        let topBefore = try #require(Self.top(before))
        #expect(heldTop > Self.largeTop && heldTop <= topBefore)
        #expect(held.allSatisfy { Self.top($0) == heldTop }, "it stays under the finger")
        // Let go with no speed: it settles on the nearest detent.
        let nearest = 844 - heldTop > 590.25 ? Self.largeTop : Self.mediumTop
        #expect(Self.top(run.last) == nearest)
        #expect(run.host.settledInvariantViolations() == [])
    }

    @Test func theReleaseHandsTheFingersSpeedToTheSpring() throws {
        var script = Self.presented()
        // Up at 10 pt a frame (600 pt/s) for 14 frames after the pan begins (top 310.5, 533.5 pt of
        // sheet showing), then let go: the projection (+299 pt) picks large, 253.5 pt away.
        script.drag(from: CGPoint(x: 195, y: 600), to: CGPoint(x: 195, y: 450), steps: 15)
        let up = script.time
        script.wait(1.5)
        let run = try record("sheet", script.script)
        // UIKit's spring with the finger's velocity over the distance to go, written out here.
        let spring = SpringTiming(duration: 0.73, dampingRatio: 1, initialVelocity: 600.0 / 253.5)
        var checked = 0
        for frame in run.frames where frame.time >= up && frame.time < up + 0.3 {
            let expected = 844 - (533.5 + 253.5 * spring.value(at: frame.time - up))
            #expect(abs(try #require(Self.top(frame)) - expected) < 1e-6, "at \(frame.time - up) s")
            checked += 1
        }
        #expect(checked == 18)
        // So the sheet leaves at the finger's 600 pt/s, where a spring from rest would start at 0.
        #expect(abs(spring.velocity(at: 0) * 253.5 - 600) < 1e-9)
        #expect(Self.top(run.last) == Self.largeTop)
    }

    @Test func aFingerOnTheRisingSheetPausesThePresentationAndLettingGoFinishesIt() throws {
        var script = ScriptBuilder()
        script.tap(Self.compose)
        script.wait(0.2)
        let grabbed = script.time
        script.add(.down, CGPoint(x: 195, y: 800))
        script.wait(0.3)
        script.add(.up, CGPoint(x: 195, y: 800))
        script.wait(1.5)
        let run = try record("sheet", script.script)
        let held = run.frames.filter { $0.time > grabbed && $0.time < grabbed + 0.3 }
        #expect(held.allSatisfy { $0.transition?.operation == .present && $0.transition?.phase == .interactive })
        #expect(Set(held.compactMap(Self.top)).count == 1, "held still")
        #expect(run.frames.contains { $0.transition?.operation == .present && $0.transition?.phase == .finishing })
        #expect(Self.top(run.last) == Self.mediumTop)
        #expect(run.last.top == "compose")
        #expect(run.host.settledInvariantViolations() == [])
    }

    @Test func aRisingSheetGrabbedAndFlungDownCancelsThePresentation() throws {
        var script = ScriptBuilder()
        script.tap(Self.compose)
        script.wait(0.1)
        script.drag(from: CGPoint(x: 195, y: 800), to: CGPoint(x: 195, y: 840), steps: 2)
        script.wait(1.5)
        let run = try record("sheet", script.script)
        #expect(run.frames.contains { $0.transition?.operation == .present && $0.transition?.phase == .cancelling })
        #expect(run.last.top == "notes")
        #expect(run.host.window.rootViewController?.presentedViewController == nil)
        #expect(run.host.window.subviews.map(\.name) == ["notes", "status-bar", "home-indicator"])
        #expect(run.host.settledInvariantViolations() == [])
    }

    @Test func theDoneButtonDismissesLikeAFlick() throws {
        var tapped = Self.presented()
        tapped.tap(CGPoint(x: 390 - 96 + 40, y: Self.mediumTop + 20 + 22))
        tapped.wait(1.5)
        let run = try record("sheet", tapped.script)
        #expect(run.frames.contains { $0.transition?.operation == .dismiss && $0.transition?.phase == .animating })
        #expect(run.last.top == "notes")
        #expect(run.host.settledInvariantViolations() == [])
    }
}

@Suite("sheet scene, recorded by segue record")
struct SheetRecordingTests {
    /// A script as `segue record --input` reads it: a flick up that finishes at large, a slow drag
    /// down that comes back, then a throw toward medium grabbed mid-flight and let go.
    static let script = """
    {"events":[
     {"t":0.25,"type":"down","x":195,"y":771,"id":1,"pointer":"touch"},{"t":0.33,"type":"up","x":195,"y":771,"id":1},
     {"t":1.5,"type":"down","x":195,"y":600,"id":1},{"t":1.55,"type":"move","x":195,"y":540,"id":1},
     {"t":1.6,"type":"move","x":195,"y":450,"id":1},{"t":1.65,"type":"up","x":195,"y":360,"id":1},
     {"t":3,"type":"down","x":195,"y":300,"id":1},{"t":3.5,"type":"move","x":195,"y":340,"id":1},
     {"t":4,"type":"move","x":195,"y":380,"id":1},{"t":4.5,"type":"up","x":195,"y":380,"id":1},
     {"t":6,"type":"down","x":195,"y":200,"id":1},{"t":6.05,"type":"move","x":195,"y":260,"id":1},
     {"t":6.1,"type":"move","x":195,"y":340,"id":1},{"t":6.12,"type":"up","x":195,"y":400,"id":1},
     {"t":6.2,"type":"down","x":195,"y":700,"id":1},{"t":6.6,"type":"up","x":195,"y":700,"id":1}
    ]}
    """

    func frames() throws -> [[String: Any]] {
        try recordedJSON("sheet", script: Self.script, duration: 8)
    }

    /// The compose sheet's top edge in frame `index` (nil when it is not drawn).
    func top(_ frames: [[String: Any]], _ index: Int) -> Double? {
        let nodes = frames[index]["nodes"] as? [[String: Any]] ?? []
        return (nodes.first { $0["name"] as? String == "compose" }?["m"] as? [Double])?[5]
    }

    @Test func aFlickASlowDragAndAGrabMidFlight() throws {
        let frames = try frames()
        #expect(frames.count == 8 * 60 + 1)
        #expect(top(frames, 90) == 450.5, "presented at medium")
        #expect(top(frames, 170) == 57, "the flick up finished at large")
        // The slow drag begins at its first move, 40 pt down, and counts from there: at 4 s the
        // finger is 40 pt further and so is the sheet.
        #expect(top(frames, 240) == 97)
        #expect(top(frames, 350) == 57, "and came back")
        // The throw toward medium, grabbed at 6.2 s: still from then until the finger lifts.
        let grabbed = try #require(top(frames, 372))
        #expect(grabbed > 57 && grabbed < 450.5)
        #expect((372..<396).allSatisfy { top(frames, $0) == grabbed })
        let rest = try #require(top(frames, 480))
        #expect(rest == 57 || rest == 450.5)
        #expect(frames.last?["top"] as? String == "compose")
    }
}
