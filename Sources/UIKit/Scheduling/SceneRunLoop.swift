import Logging

/// The main run loop of one world: the work UIKit code schedules — `DispatchQueue.main` blocks,
/// `Timer`s, `perform(_:with:afterDelay:)` — run on the world's clock, so the same input gives the
/// same frames and a world with nothing due costs nothing.
///
/// Each frame, before display links fire and animations are evaluated (`UIWindow.advance`), one
/// pass (`run(until:)`) runs the queued blocks in the order they were queued, then the timed work
/// due by then, by due time and, at one time, in the order it was scheduled. Work a pass schedules
/// waits for the next pass (the next frame, or the next pointer event): a block that queues itself
/// again runs once per frame and never holds the world up.
///
/// Work scheduled where no world runs (no window's `perform` on this thread) has no clock to run
/// on: it is dropped, with an error logged (`SceneRunLoop.current`).
final class SceneRunLoop {
    private var queued: [() -> Void] = []
    /// Sorted by due time, then by `sequence`.
    private var timed: [ScheduledWork] = []
    private var nextSequence: UInt64 = 0

    /// Queued blocks and timed work a world may hold: a scene that schedules without end is cut off
    /// here, with an error logged, rather than growing the server's memory.
    static let maximumPendingWork = 10_000

    private let logger: Logger

    init(logger: Logger) {
        self.logger = logger
    }

    /// The run loop of the world whose `perform` runs on this thread; nil, with an error logged
    /// naming `what`, where no world runs.
    static func current(for what: @autoclosure () -> String) -> SceneRunLoop? {
        if let runLoop = AnimationEngine.current?.window?.runLoop { return runLoop }
        logDropped(what())
        return nil
    }

    /// `current(for:)` for callers of any isolation (`DispatchQueue`): a world's `perform` runs
    /// on the main actor, so where one is bound on this thread, this is the main actor.
    nonisolated static func withCurrent(for what: String, _ body: @MainActor (SceneRunLoop) -> Void) {
        guard AnimationEngine.isBoundOnThisThread else { return logDropped(what) }
        MainActor.assumeIsolated {
            if let runLoop = current(for: what) { body(runLoop) }
        }
    }

    private nonisolated static func logDropped(_ what: String) {
        unattachedLogger.error("\(what) was scheduled outside any window's world, where no clock runs: dropped. Schedule it from a view controller's or view's code, or inside UIWindow.perform.")
    }

    private nonisolated static let unattachedLogger = Logger(label: "segue.uikit.runloop")

    /// The world's clock as work scheduled now counts from; 0 where no world runs on this thread.
    nonisolated static var now: Double {
        guard AnimationEngine.isBoundOnThisThread else { return 0 }
        return MainActor.assumeIsolated { AnimationEngine.current?.rootTimeline.time ?? 0 }
    }

    // MARK: Scheduling

    /// Queues `block` for the next pass, after the blocks queued before it.
    func enqueue(_ block: @escaping () -> Void) {
        guard hasRoom(for: "a queued block") else { return }
        queued.append(block)
    }

    /// Schedules `work` to run at its due time.
    func schedule(_ work: ScheduledWork) {
        guard hasRoom(for: "timed work") else { return }
        work.sequence = nextSequence
        nextSequence += 1
        let index = timed.firstIndex { ($0.time, $0.sequence) > (work.time, work.sequence) } ?? timed.endIndex
        timed.insert(work, at: index)
    }

    /// Takes `work` out of the schedule, also from a pass that holds it due; nothing if it is not
    /// scheduled.
    func cancel(_ work: ScheduledWork) {
        work.isCancelled = true
        timed.removeAll { $0 === work }
    }

    /// Cancels the timed work for which `matches` is true.
    func cancelAll(where matches: (ScheduledWork) -> Bool) {
        for work in timed where matches(work) { work.isCancelled = true }
        timed.removeAll { $0.isCancelled }
    }

    private func hasRoom(for what: String) -> Bool {
        guard queued.count + timed.count < Self.maximumPendingWork else {
            logger.error("\(what) dropped: this world already holds \(Self.maximumPendingWork) scheduled blocks and timers")
            return false
        }
        return true
    }

    // MARK: Running

    /// Whether a pass at `time` would run anything.
    func hasWorkDue(at time: Double) -> Bool {
        !queued.isEmpty || (timed.first.map { $0.time <= time } ?? false)
    }

    /// Whether work is waiting that will run and end: a queued block, or timed work that does not
    /// repeat. A repeating timer, like a display link, runs for as long as it is valid and keeps no
    /// world from settling.
    var hasWorkThatEnds: Bool {
        !queued.isEmpty || timed.contains { !$0.repeats }
    }

    /// One pass at `time`: the blocks queued before it began, then the timed work due by `time`.
    /// Repeating work is put back at its next due time after `time`: a timer that missed firings
    /// (a frame later than its interval) fires once for them, as Foundation's timers do.
    func run(until time: Double) {
        if !queued.isEmpty {
            let blocks = queued
            queued = []
            for block in blocks { block() }
        }
        guard let first = timed.first, first.time <= time else { return }
        let dueCount = timed.firstIndex { $0.time > time } ?? timed.endIndex
        let due = Array(timed[..<dueCount])
        timed.removeFirst(dueCount)
        for work in due where !work.isCancelled {
            work.body()
            guard let interval = work.repeatInterval, !work.isCancelled else { continue }
            let missed = ((time - work.time) / interval).rounded(.down)
            work.time += (missed + 1) * interval
            schedule(work)
        }
    }

    /// Nothing runs after the world goes away: the targets of what was left are let go.
    func removeAll() {
        queued = []
        timed = []
    }
}

/// Timed work on a world's run loop: a timer's next firing, or a delayed call.
final class ScheduledWork {
    /// When it is due, on the world's clock.
    var time: Double
    /// Its place among work due at the same time: the order it was scheduled in.
    var sequence: UInt64 = 0
    /// Seconds between firings, for a repeating timer.
    let repeatInterval: Double?
    /// The object a `perform(_:with:afterDelay:)` call is for (`cancelPreviousPerformRequests`).
    weak var target: AnyObject?
    let body: () -> Void
    var isCancelled = false

    var repeats: Bool { repeatInterval != nil }

    init(time: Double, repeatInterval: Double? = nil, target: AnyObject? = nil, body: @escaping () -> Void) {
        self.time = time
        self.repeatInterval = repeatInterval
        self.target = target
        self.body = body
    }
}
