import Motion
import Recorder
import Scenes
import UIKit
import Testing

/// The `photos` scene: Apple's WWDC 2016 photo sample on property animators.
@Suite("photos scene (WWDC 2016 sample)")
struct PhotosSceneTests {
    /// 390 pt wide, three columns 2 pt apart: 128.67 pt tiles; tile 4 is the middle of row 2.
    static let side = (390.0 - 4) / 3
    /// The grid starts under the navigation bar: the 47-pt status bar inset plus the 44-pt bar.
    static let gridTop = 47.0 + 44
    static let tile4 = CGRect(x: side + 2, y: gridTop + side + 2, width: side, height: side)
    /// The photo at rest: full width, 4:3, centred in 844 pt.
    static let resting = CGRect(x: 0, y: (844 - 292.5) / 2, width: 390, height: 292.5)

    func frame(of name: String, in frame: RecordedFrame) -> CGRect? {
        guard let node = frame.node(name) else { return nil }
        let m = node.transform
        return CGRect(x: m.tx, y: m.ty, width: node.size.width * m.a, height: node.size.height * m.d)
    }

    func isClose(_ a: CGRect?, _ b: CGRect, _ tolerance: Double = 1e-6) -> Bool {
        guard let a else { return false }
        return abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance
            && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
    }

    /// A tap on tile 4, and the detail fully shown 1.5 s later.
    func opened() -> ScriptBuilder {
        var script = ScriptBuilder()
        script.tap(Self.tile4.center)
        script.wait(1.5)
        return script
    }

    func expectSettled(_ run: Recording, top: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.last.top == top, sourceLocation: sourceLocation)
        #expect(run.host.isSettled, sourceLocation: sourceLocation)
        #expect(run.host.settledInvariantViolations().isEmpty, sourceLocation: sourceLocation)
        let transitions = run.host.window.transitions
        #expect(transitions.completedCount == transitions.startedCount, sourceLocation: sourceLocation)
        #expect(transitions.duplicateCompletionCount == 0 && transitions.rescuedCount == 0, sourceLocation: sourceLocation)
    }

    @Test func aTapZoomsTheTileIntoThePhotoOnTheSamplesSpring() throws {
        let script = opened()
        let run = try record("photos", script.script)
        expectSettled(run, top: "photo")
        #expect(isClose(frame(of: "photo-image", in: run.last), Self.resting))
        #expect(run.last.node("photo-backdrop")?.alpha == 1)
        #expect(run.last.node("tile-4") == nil || run.last.top == "photo")

        // The push starts when the tap lifts; its first frame shows the image on the tile and the
        // tile itself hidden.
        let tapUp = try #require(script.events.first { $0.pointer?.phase == .up }).time
        let first = try #require(run.frames.first { $0.transition?.operation == .push })
        #expect(first.node("tile-4") == nil)
        // The image's center follows the physical spring; the backdrop fades on easeOut over 0.8 s.
        let spring = SpringTiming(mass: 4.5, stiffness: 1300, damping: 95, initialVelocity: 0)
        for f in run.frames where f.transition?.operation == .push {
            let t = f.time - tapUp
            let k = spring.value(at: t)
            let center = try #require(f.center(of: "photo-image"))
            #expect(abs(center.x - (Self.tile4.midX + (Self.resting.midX - Self.tile4.midX) * k)) < 1e-6, "at \(t)")
            #expect(abs(center.y - (Self.tile4.midY + (Self.resting.midY - Self.tile4.midY) * k)) < 1e-6, "at \(t)")
            let alpha = try #require(f.node("photo-backdrop")?.alpha)
            #expect(abs(alpha - TimingFunction.easeOut.value(at: t / 0.8)) < 1e-6, "at \(t)")
        }
        let start = first
        let done = try #require(run.frames.last { $0.transition != nil })
        #expect(abs(done.time - start.time - 0.8) < 0.02)
    }

    /// A slow drag down from the middle of the photo, 300 pt over 1 s, then released.
    func dragDown(_ script: inout ScriptBuilder, by distance: Double, steps: Int) {
        script.drag(from: CGPoint(x: 195, y: 420), to: CGPoint(x: 195, y: 420 + distance), steps: steps)
    }

    @Test func draggingThePhotoDownPopsAndTheImageFollowsTheFinger() throws {
        var script = opened()
        let downTime = script.time
        dragDown(&script, by: 300, steps: 60)
        script.wait(1.5)
        let run = try record("photos", script.script)
        expectSettled(run, top: "grid")
        #expect(run.last.node("tile-4") != nil)
        #expect(run.last.node("photo") == nil)

        // Mid-drag, the image moves with the finger 1:1 from where the pan began (10 pt in).
        let moves = script.events.filter { $0.pointer?.phase == .move && $0.time > downTime }
        let began = try #require(moves.first { $0.pointer!.location.y - 420 >= 10 })
        var checked = 0
        for f in run.frames where f.transition?.phase == .interactive && f.time > began.time {
            let latest = try #require(script.events.last { $0.time <= f.time })
            let drag = latest.pointer!.location.y - began.pointer!.location.y
            let center = try #require(f.center(of: "photo-image"))
            #expect(abs(center.y - (Self.resting.midY + drag)) < 1e-6)
            #expect(abs(f.transition!.progress - min(drag / 422, 1)) < 1e-9)
            // It shrinks toward the tile as progress grows.
            let size = try #require(frame(of: "photo-image", in: f)).width
            let k = min(drag / 422, 1)
            #expect(abs(size - (390 + (Self.side - 390) * k)) < 1e-6)
            checked += 1
        }
        #expect(checked > 30)
    }

    @Test func aShortSlowDragCancelsAndThePhotoReturns() throws {
        var script = opened()
        dragDown(&script, by: 100, steps: 40)
        script.wait(1.5)
        let run = try record("photos", script.script)
        #expect(run.frames.contains { $0.transition?.operation == .pop && $0.transition?.phase == .cancelling })
        expectSettled(run, top: "photo")
        #expect(isClose(frame(of: "photo-image", in: run.last), Self.resting, 1e-6))
        #expect(run.last.node("photo-backdrop")?.alpha == 1)
    }

    @Test func aShortFlickDownFinishesThePop() throws {
        var script = opened()
        // 90 pt in 4 frames: about 1350 pt/s, under the 0.33 threshold in distance.
        dragDown(&script, by: 90, steps: 4)
        script.wait(1.5)
        let run = try record("photos", script.script)
        #expect(run.frames.contains { $0.transition?.operation == .pop && $0.transition?.phase == .finishing })
        expectSettled(run, top: "grid")
    }

    @Test func aTouchOnTheFlyingImageGrabsItWhereItIs() throws {
        // Tap the tile; 0.15 s into the zoom, touch the image where it is on screen and hold.
        var script = ScriptBuilder()
        script.tap(Self.tile4.center)
        script.wait(0.15)
        let grabTime = script.time
        let flying = try record("photos", script.script, duration: grabTime)
        let at = try #require(flying.last.center(of: "photo-image"))
        script.add(.down, at)
        script.wait(0.3)
        script.add(.move, at + CGPoint(x: 0, y: -40))
        script.wait(0.3)
        script.add(.up, at + CGPoint(x: 0, y: -40))
        script.wait(1.5)
        let run = try record("photos", script.script)

        let grabbed = run.frames.filter { $0.time >= grabTime && $0.time < grabTime + 0.3 }
        #expect(grabbed.count > 10)
        // Frozen under the finger: every frame of the hold shows the image where the grab found it.
        let first = try #require(grabbed.first?.center(of: "photo-image"))
        for f in grabbed {
            #expect(try #require(f.center(of: "photo-image")) == first)
            #expect(f.transition?.phase == .interactive)
        }
        // Exactly where the spring had it at the touch.
        let tapUp = try #require(script.events.first { $0.pointer?.phase == .up }).time
        let k = SpringTiming(mass: 4.5, stiffness: 1300, damping: 95, initialVelocity: 0).value(at: grabTime - tapUp)
        #expect(abs(first.y - (Self.tile4.midY + (Self.resting.midY - Self.tile4.midY) * k)) < 1e-6)
        #expect(abs(first.y - at.y) < 15)
        // Dragging up 40 pt moves it up 40 pt.
        let held = try #require(run.frames.first { $0.time >= grabTime + 0.35 })
        #expect(abs(try #require(held.center(of: "photo-image")).y - (first.y - 40)) < 1e-6)
        expectSettled(run, top: "photo")
        #expect(isClose(frame(of: "photo-image", in: run.last), Self.resting))
    }

    @Test func aTouchOffTheFlyingImageDoesNotGrab() throws {
        var script = ScriptBuilder()
        script.tap(Self.tile4.center)
        script.wait(0.1)
        script.tap(CGPoint(x: 20, y: 820))
        script.wait(1.5)
        let run = try record("photos", script.script)
        #expect(!run.frames.contains { $0.transition?.phase == .interactive })
        expectSettled(run, top: "photo")
    }

    @Test func releaseCarriesTheFingersSpeedWithoutAJump() throws {
        var script = opened()
        // A steady 600 pt/s drag down, released past a third of the way: the spring finishes the pop.
        script.drag(from: CGPoint(x: 195, y: 420), to: CGPoint(x: 195, y: 620), steps: 20)
        script.wait(1.5)
        let run = try record("photos", script.script)
        expectSettled(run, top: "grid")
        let release = try #require(script.events.last { $0.pointer?.phase == .up }).time
        let held = try #require(run.frames.last { $0.time < release })
        let start = try #require(held.center(of: "photo-image"))
        // From the release on, the image follows the sample's spring toward the tile, starting at
        // the finger's 600 pt/s made relative to the distance left.
        let distance = Self.tile4.midY - start.y
        let spring = SpringTiming(mass: 4.5, stiffness: 1300, damping: 95, initialVelocity: 600 / distance)
        let after = run.frames.filter { $0.time >= release && $0.time < release + 0.3 }
        #expect(after.count > 10)
        for f in after {
            let y = try #require(f.center(of: "photo-image")).y
            #expect(abs(y - (start.y + distance * spring.value(at: f.time - release))) < 1e-6, "at \(f.time)")
        }
        // No jump: the first frame after the release is within the finger's move (10 pt a frame)
        // plus the spring's first step of where the finger left it.
        let firstAfter = try #require(after.first)
        let dt = firstAfter.time - release
        let springStep = abs(distance * spring.value(at: dt))
        let step = abs(try #require(firstAfter.center(of: "photo-image")).y - start.y)
        #expect(step <= 10 + springStep + 1e-9)
    }
}

extension CGRect {
    var center: CGPoint { CGPoint(x: midX, y: midY) }
}
