import Foundation

/// `Timer`, on the world's clock: what `Timer.scheduledTimer` and `RunLoop.main.add(_:forMode:)`
/// schedule runs on the run loop of the world that scheduled it (`SceneRunLoop`), at the first frame
/// at or after its fire date, so a recording stays the same from run to run.
///
/// In a file that imports UIKit, `Timer` is this one; Foundation's, which fires on a thread's own
/// run loop in real time, stays `Foundation.Timer`. A file that also imports Foundation directly
/// sees both (`'Timer' is ambiguous`): UIKit re-exports Foundation, and `segue port` removes the
/// second import.
///
/// As Foundation's: the run loop keeps a scheduled timer (and the timer its target) until it is
/// invalidated or, not repeating, has fired; a repeating timer that missed firings fires once for
/// them; an interval of 0 or less is 0.1 ms.
@preconcurrency @MainActor public final class Timer {
    public let timeInterval: TimeInterval
    /// Accepted and not used: every timer fires at the first frame at or after its fire date.
    public var tolerance: TimeInterval = 0
    public let userInfo: Any?
    public private(set) var isValid = true
    private let repeats: Bool
    private var action: Action?
    /// The run loop holds the work, and the work the timer, while it is scheduled.
    private weak var work: ScheduledWork?
    private weak var runLoop: SceneRunLoop?

    private enum Action {
        case block((Timer) -> Void)
        case targetAction(target: AnyObject, selector: Selector)
    }

    /// Foundation's floor for an interval: "If seconds is less than or equal to 0.0, this method
    /// chooses the nonnegative value of 0.1 milliseconds instead."
    static let minimumInterval: TimeInterval = 0.0001

    private init(interval: TimeInterval, repeats: Bool, userInfo: Any?, action: Action) {
        timeInterval = interval > 0 ? interval : Self.minimumInterval
        self.repeats = repeats
        self.userInfo = userInfo
        self.action = action
    }

    /// A timer that calls `block` when it fires; not scheduled until added to a run loop.
    public convenience init(timeInterval interval: TimeInterval, repeats: Bool, block: @escaping (Timer) -> Void) {
        self.init(interval: interval, repeats: repeats, userInfo: nil, action: .block(block))
    }

    /// A timer that calls `selector` on `target` (kept until the timer is invalidated), with the
    /// timer as sender; not scheduled until added to a run loop.
    public convenience init(timeInterval ti: TimeInterval, target aTarget: Any, selector aSelector: Selector,
                            userInfo: Any?, repeats yesOrNo: Bool) {
        self.init(interval: ti, repeats: yesOrNo, userInfo: userInfo,
                  action: .targetAction(target: aTarget as AnyObject, selector: aSelector))
    }

    /// A timer scheduled on this world's run loop, calling `block`.
    @discardableResult
    public class func scheduledTimer(withTimeInterval interval: TimeInterval, repeats: Bool,
                                     block: @escaping (Timer) -> Void) -> Timer {
        let timer = Timer(timeInterval: interval, repeats: repeats, block: block)
        timer.schedule()
        return timer
    }

    /// A timer scheduled on this world's run loop, calling `selector` on `target`.
    @discardableResult
    public class func scheduledTimer(timeInterval ti: TimeInterval, target aTarget: Any, selector aSelector: Selector,
                                     userInfo: Any?, repeats yesOrNo: Bool) -> Timer {
        let timer = Timer(timeInterval: ti, target: aTarget, selector: aSelector, userInfo: userInfo, repeats: yesOrNo)
        timer.schedule()
        return timer
    }

    /// Fires now, without changing the schedule; a timer that does not repeat is then invalidated.
    public func fire() {
        guard isValid else { return }
        perform()
        if !repeats { invalidate() }
    }

    /// Stops the timer for good and lets go of its target and block.
    public func invalidate() {
        guard isValid else { return }
        isValid = false
        action = nil
        if let work { runLoop?.cancel(work) }
    }

    /// Schedules the first firing, `timeInterval` from now, on this world's run loop. A timer is
    /// scheduled once: adding it again, or after it was invalidated, changes nothing.
    func schedule() {
        guard isValid, work == nil, let runLoop = SceneRunLoop.current(for: "A Timer") else { return }
        let work = ScheduledWork(time: SceneRunLoop.now + timeInterval, repeatInterval: repeats ? timeInterval : nil) {
            self.fireScheduled()
        }
        self.work = work
        self.runLoop = runLoop
        runLoop.schedule(work)
    }

    private func fireScheduled() {
        perform()
        if !repeats { invalidate() }
    }

    private func perform() {
        switch action {
        case .block(let block): block(self)
        case .targetAction(let target, let selector): TargetAction(target: target, action: selector).send(from: self)
        case nil: break
        }
    }
}

extension RunLoop {
    /// Schedules a `Timer` made with `init(timeInterval:…)` on the run loop of the world whose code
    /// runs now: `RunLoop.main` and `RunLoop.current` are both that world's, and every mode is one.
    public func add(_ timer: Timer, forMode mode: RunLoop.Mode) {
        timer.schedule()
    }
}
