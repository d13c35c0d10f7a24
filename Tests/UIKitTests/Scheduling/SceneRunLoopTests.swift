import Synchronization
@testable import UIKit
import Testing

/// Work UIKit code schedules — main-queue blocks, `asyncAfter`, `Timer`, `perform(_:with:afterDelay:)`,
/// `CADisplayLink` — runs on the world's clock, at frames, in UIKit's order. No `import Foundation`
/// here, as in UIKit code: `Timer`, `DispatchQueue` and `DispatchTime` are UIKit's scene-clock ones.
@Suite struct SceneRunLoopTests {
    /// Calls made, in order. Sendable: Swift takes a closure for a global queue as `@Sendable`,
    /// as it does Dispatch's, though here it runs on the world's thread.
    final class Log: Sendable {
        private let storage = Mutex<[String]>([])
        var entries: [String] { storage.withLock { $0 } }
        func note(_ entry: String) { storage.withLock { $0.append(entry) } }
    }

    @Test func mainQueueBlocksRunAtTheNextFrameInOrderAndWhatTheyQueueWaitsForTheOneAfter() {
        let stage = Stage(), log = Log()
        stage.frame(at: 0)
        stage.perform {
            DispatchQueue.main.async {
                log.note("first")
                DispatchQueue.main.async { log.note("queued by first") }
            }
            DispatchQueue.main.async { log.note("second") }
        }
        // GCD's main queue is serial and FIFO; nothing runs inside the call that queued it.
        #expect(log.entries.isEmpty)
        #expect(stage.window.movesWithTime && stage.window.hasScheduledWork)
        stage.frame(at: 1.0 / 60)
        #expect(log.entries == ["first", "second"])
        stage.frame(at: 2.0 / 60)
        #expect(log.entries == ["first", "second", "queued by first"])
        #expect(!stage.window.movesWithTime && !stage.window.hasScheduledWork)
    }

    @Test func asyncAfterRunsAtTheFirstFrameAtOrAfterItsDeadlineOnTheWorldsClock() {
        let stage = Stage(), log = Log()
        stage.frame(at: 2)
        stage.perform {
            // `.now()` is the world's time, 2 s: due at 2.5 and 2.3.
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { log.note("half a second") }
            DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(300)) { log.note("300 ms") }
            DispatchQueue.global(qos: .userInitiated).asyncAfter(deadline: .now() + 0.5) {
                log.note("half a second, global")
            }
        }
        stage.frame(at: 2.29)
        #expect(log.entries.isEmpty)
        // Waiting for a deadline keeps the world unsettled but asks for no frame before it.
        #expect(stage.window.hasScheduledWork && !stage.window.movesWithTime)
        stage.clock.set(2.3)
        #expect(stage.window.movesWithTime)
        stage.frame(at: 2.3)
        #expect(log.entries == ["300 ms"])
        stage.frame(at: 2.6)
        // Equal deadlines run in the order they were scheduled.
        #expect(log.entries == ["300 ms", "half a second", "half a second, global"])
        #expect(!stage.window.hasScheduledWork)
    }

    @Test func aCancelledWorkItemDoesNotRun() {
        let stage = Stage(), log = Log()
        stage.frame(at: 0)
        let debounced = DispatchWorkItem { log.note("debounced") }
        let kept = DispatchWorkItem { log.note("kept") }
        stage.perform {
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.2, execute: debounced)
            DispatchQueue.main.async(execute: kept)
        }
        debounced.cancel()
        stage.frame(at: 0.5)
        #expect(log.entries == ["kept"])
    }

    @Test func aRepeatingTimerFiresEveryIntervalAndOnceForTheFiringsAFrameMissed() {
        let stage = Stage()
        stage.frame(at: 0)
        var fireTimes: [Double] = []
        var timer: Timer!
        stage.perform {
            timer = Timer.scheduledTimer(withTimeInterval: 0.25, repeats: true) { _ in
                fireTimes.append(stage.window.engine.rootTimeline.time)
            }
        }
        for frame in [0.1, 0.25, 0.3, 0.5, 0.74, 1.3, 1.5, 1.6] { stage.frame(at: frame) }
        // Due at 0.25, 0.5, 0.75 (run at 1.3, with 1.0 and 1.25 missed: one firing), then 1.5;
        // the next is due at 1.75.
        #expect(fireTimes == [0.25, 0.5, 1.3, 1.5])
        // A repeating timer, like a display link, keeps no world from settling.
        #expect(timer.isValid && !stage.window.hasScheduledWork)
        timer.invalidate()
        stage.frame(at: 3)
        #expect(fireTimes.count == 4 && !timer.isValid)
    }

    /// Foundation: a timer that does not repeat is invalidated after it fires; `fire()` fires it at
    /// once and, for a timer that does not repeat, invalidates it.
    @Test func aTimerThatDoesNotRepeatFiresOnceAndIsInvalidated() {
        let stage = Stage()
        stage.frame(at: 0)
        var fired = 0
        var once: Timer!, early: Timer!
        stage.perform {
            once = Timer.scheduledTimer(withTimeInterval: 0.1, repeats: false) { _ in fired += 1 }
            early = Timer.scheduledTimer(withTimeInterval: 5, repeats: false) { _ in fired += 10 }
        }
        stage.frame(at: 0.2)
        stage.frame(at: 0.4)
        #expect(fired == 1 && !once.isValid)
        early.fire()
        #expect(fired == 11 && !early.isValid)
        stage.frame(at: 6)
        #expect(fired == 11 && !stage.window.hasScheduledWork)
    }

    final class Badge {
        var ticks: [String] = []
        func pulse(_ sender: Timer) { ticks.append(sender.userInfo as? String ?? "?") }
    }

    @Test func aTargetActionTimerCallsItsTargetWithTheTimerAndItsUserInfo() {
        let stage = Stage()
        stage.frame(at: 0)
        let badge = Badge()
        stage.perform {
            Timer.scheduledTimer(timeInterval: 0.1, target: badge, selector: Selector(Badge.pulse(_:)),
                                 userInfo: "badge", repeats: false)
        }
        stage.frame(at: 0.1)
        #expect(badge.ticks == ["badge"])
    }

    @Test func aTimerMadeWithInitRunsOnceAddedToTheMainRunLoop() {
        let stage = Stage()
        stage.frame(at: 0)
        var fired = 0
        let timer = Timer(timeInterval: 0.1, repeats: false) { _ in fired += 1 }
        stage.frame(at: 0.5)
        #expect(fired == 0)
        stage.perform { RunLoop.main.add(timer, forMode: .common) }
        stage.frame(at: 0.55)
        #expect(fired == 0)
        stage.frame(at: 0.6)
        #expect(fired == 1)
    }

    final class Spinner: UIView {
        var steps: [Int] = []
        func step(_ count: NSNumber) { steps.append(count.intValue) }
        func stop() { steps.append(-1) }
    }

    @Test func performAfterDelayCallsTheMethodWithItsArgumentAndCancelStopsIt() {
        let stage = Stage()
        stage.frame(at: 0)
        let spinner = Spinner(frame: .zero)
        stage.perform {
            spinner.perform(Selector(Spinner.step(_:)), with: NSNumber(value: 3), afterDelay: 0.2)
            spinner.perform(Selector(Spinner.stop), with: nil, afterDelay: 0)
        }
        stage.frame(at: 0.1)
        #expect(spinner.steps == [-1])
        stage.frame(at: 0.2)
        #expect(spinner.steps == [-1, 3])
        stage.perform {
            spinner.perform(Selector(Spinner.step(_:)), with: NSNumber(value: 4), afterDelay: 0.5)
            UIView.cancelPreviousPerformRequests(withTarget: spinner)
        }
        stage.frame(at: 1)
        #expect(spinner.steps == [-1, 3] && !stage.window.hasScheduledWork)
    }

    final class Meter {
        var timestamps: [Double] = []
        func frame(_ link: CADisplayLink) { timestamps.append(link.timestamp) }
    }

    @Test func aDisplayLinkCallsItsTargetEachFrameUntilPausedOrInvalidated() {
        let stage = Stage()
        stage.frame(at: 0)
        let meter = Meter()
        let link = CADisplayLink(target: meter, selector: Selector(Meter.frame(_:)))
        stage.frame(at: 1.0 / 60)
        #expect(meter.timestamps.isEmpty && !stage.window.movesWithTime)
        stage.perform { link.add(to: .main, forMode: .common) }
        #expect(stage.window.movesWithTime)
        stage.frame(at: 2.0 / 60)
        stage.frame(at: 3.0 / 60)
        let twoFrames: [Double] = [2.0 / 60, 3.0 / 60]
        #expect(meter.timestamps == twoFrames)
        #expect(link.targetTimestamp == 3.0 / 60 + 1.0 / 60 && link.duration == 1.0 / 60)
        link.isPaused = true
        stage.frame(at: 4.0 / 60)
        #expect(meter.timestamps.count == 2 && !stage.window.movesWithTime)
        link.isPaused = false
        link.preferredFramesPerSecond = 30
        for frame in 5...8 { stage.frame(at: Double(frame) / 60) }
        // Every other frame at 30 per second.
        let everyOtherFrame: [Double] = [2.0 / 60, 3.0 / 60, 5.0 / 60, 7.0 / 60]
        #expect(meter.timestamps == everyOtherFrame)
        link.invalidate()
        stage.frame(at: 9.0 / 60)
        #expect(meter.timestamps.count == 4 && !stage.window.movesWithTime)
    }

    /// iOS runs the main queue between events: what a gesture's action queues has run by the next.
    @Test func aBlockQueuedByAGestureActionRunsBeforeTheNextEvent() {
        let stage = Stage()
        let view = stage.add(CGRect(x: 0, y: 0, width: 400, height: 800))
        let log = Log()
        let tap = UITapGestureRecognizer { _ in
            log.note("tap")
            DispatchQueue.main.async { log.note("after the tap") }
        }
        view.addGestureRecognizer(tap)
        stage.frame(at: 0)
        let point = CGPoint(x: 10, y: 10)
        stage.window.handle(PointerEvent(phase: .down, pointerID: 1, kind: .touch, location: point, timestamp: 0))
        stage.window.handle(PointerEvent(phase: .up, pointerID: 1, kind: .touch, location: point, timestamp: 0.05))
        #expect(log.entries == ["tap", "after the tap"])
    }

    @Test func workScheduledOutsideAnyWorldIsDropped() {
        let stage = Stage(), log = Log()
        DispatchQueue.main.async { log.note("block") }
        let timer = Timer.scheduledTimer(withTimeInterval: 0.1, repeats: false) { _ in log.note("timer") }
        stage.frame(at: 1)
        #expect(log.entries.isEmpty && !stage.window.hasScheduledWork)
        #expect(timer.isValid)
    }

    /// `DispatchQueue` is nonisolated, as Dispatch's is: code on another thread may hand it work.
    /// No world runs on that thread, so there is no clock to run it on: it is dropped (with an
    /// error logged), even while a world is in `perform` on the main actor.
    @Test func workHandedInFromAnotherThreadIsDropped() {
        let stage = Stage(), log = Log()
        let handedIn = Dispatch.DispatchSemaphore(value: 0)
        stage.perform {
            Dispatch.DispatchQueue.global().async {
                DispatchQueue.main.async { log.note("block") }
                DispatchQueue.main.asyncAfter(deadline: .now() + 0.1) { log.note("later") }
                handedIn.signal()
            }
            handedIn.wait()
        }
        stage.frame(at: 1)
        #expect(log.entries.isEmpty && !stage.window.hasScheduledWork)
    }

    /// A world that goes away runs nothing more and lets go of what its work held.
    @Test func aWindowThatGoesAwayLetsGoOfItsTimersAndTheirTargets() {
        weak var badge: Badge?
        weak var timer: Timer?
        do {
            let stage = Stage()
            let target = Badge()
            badge = target
            stage.perform {
                timer = Timer.scheduledTimer(timeInterval: 1, target: target, selector: Selector(Badge.pulse(_:)),
                                             userInfo: nil, repeats: true)
            }
            #expect(badge != nil && timer != nil)
        }
        #expect(badge == nil && timer == nil)
    }
}
