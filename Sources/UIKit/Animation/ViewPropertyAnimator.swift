import Motion

/// `UIViewPropertyAnimator`: animations that can be started, paused, scrubbed, reversed, retimed
/// and stopped, on the window's engine.
///
/// The animator drives one progress value (two when a spring's velocity differs per axis: x and y)
/// from 0 to 1. Each animation block it holds becomes additive animations whose offset is
/// `(1 − local progress) × (from − to)`, so they blend with `UIView.animate` blocks and other
/// animators on the same property. While it runs, progress follows the timing curve over time;
/// while paused, `fractionComplete` sets it directly, linearly (`scrubsLinearly`) or through the
/// curve. Continuing starts a new segment from wherever progress is, so nothing jumps.
///
/// Time comes from the timeline current when it becomes active (the window's, or a transition's).
/// Misuse that UIKit answers with an exception is refused, logged and recorded in `lastMisuse`.
@preconcurrency @MainActor public final class UIViewPropertyAnimator: UIViewImplicitlyAnimating {
    /// Set once, at `init`, except by live tuning (`retime`).
    public private(set) var duration: Double
    public private(set) var delay: Double = 0
    public private(set) var timingParameters: UITimingCurveProvider
    public private(set) var state: UIViewAnimatingState = .inactive
    public private(set) var isRunning = false
    /// While paused, `fractionComplete` maps linearly to progress (true, UIKit's default) or
    /// through the timing curve (false).
    public var scrubsLinearly = true
    /// At the end, stay active and paused instead of completing.
    public var pausesOnCompletion = false
    /// Views it animates stay touchable (UIKit's default for property animators).
    public var isUserInteractionEnabled = true
    /// The refusal the last misuse got, if any.
    public private(set) var lastMisuse: PropertyAnimatorMisuse?

    /// The window's engine, not owned: the engine's animations hold this animator's completions.
    private var engineReference: SelfClearingReference<AnimationEngine>?
    private var engine: AnimationEngine? { engineReference?.object }
    private var timeline: Timeline?
    /// Blocks added before the animator became active: run when it does.
    private var pendingBlocks: [(block: () -> Void, delayFactor: Double)] = []
    private var completions: [(UIViewAnimatingPosition) -> Void] = []
    private var segment: Segment?
    private var reversed = false
    /// Progress toward the end, per axis (may pass 1 or 0 while a spring overshoots).
    private(set) var progress = AxisProgress(x: 0, y: 0)
    /// The time-like fraction toward the end, 0…1: what non-linear scrubbing sets.
    private var fraction = 0.0
    /// Every animation this animator added, to move its properties when it stops or finishes.
    private var records: [Record] = []

    /// The timing the tuning table lists this animator by (its spring's initial velocity left
    /// out: that comes from a gesture), when it is a form the table lists; the duration and
    /// velocity it was made with, which tuning keeps.
    let tuningKey: AnimationTiming?
    private let requestedDuration: Double
    private let requestedVelocity: CGVector

    /// The engine's tuning may replace the duration and parameters (the bench's live tuning) when
    /// they are a cubic or a spring; a spring keeps its initial velocity.
    public init(duration: Double, timingParameters parameters: UITimingCurveProvider) {
        let duration = duration.isFinite ? max(duration, 0) : 0
        engineReference = AnimationEngine.current?.reference
        requestedDuration = duration
        requestedVelocity = parameters.springTimingParameters?.initialVelocity ?? .zero
        let key = Self.tunableTiming(duration: duration, parameters: parameters)
        tuningKey = key
        self.duration = duration
        self.timingParameters = parameters
        if let engine, let key {
            let timing = engine.tuning.resolve(key, arguments: AnimatorArguments(initialVelocity: requestedVelocity,
                                                                                  duration: duration))
            if timing != key { retime(to: timing) }
        }
    }

    /// The tuning table's key for these parameters, or nil for forms it does not list (composed
    /// providers).
    private static func tunableTiming(duration: Double, parameters: UITimingCurveProvider) -> AnimationTiming? {
        if let cubic = parameters.cubicTimingParameters {
            if cubic == UICubicTimingParameters(animationCurve: cubic.animationCurve) {
                return .curve(.curveAnimator, duration: duration, curve: cubic.animationCurve.tuningCurve)
            }
            return AnimationTiming(kind: .curveAnimator, duration: duration, curve: .custom,
                                   controlPoint1: cubic.controlPoint1, controlPoint2: cubic.controlPoint2)
        }
        guard let spring = parameters.springTimingParameters else { return nil }
        switch spring.form {
        case .dampingRatio(let ratio):
            return AnimationTiming(kind: .springAnimator, duration: duration, dampingRatio: ratio)
        case .physical(let mass, let stiffness, let damping):
            return .physicalSpring(mass: mass, stiffness: stiffness, damping: damping)
        }
    }

    /// Runs with `timing` (a tuning of `tuningKey`, or the key itself to undo one) from the next
    /// segment on: its duration (a physical spring keeps the duration it was made with, which it
    /// ignores) and parameters, with the velocity it was made with.
    func retime(to timing: AnimationTiming) {
        guard tuningKey != nil else { return }
        duration = timing.kind == .physicalSpringAnimator ? requestedDuration : timing.duration
        timingParameters = Self.parameters(for: timing, velocity: requestedVelocity)
    }

    /// The parameters a tuned timing runs with, carrying `velocity` when it is a spring.
    private static func parameters(for timing: AnimationTiming, velocity: CGVector) -> UITimingCurveProvider {
        switch timing.kind {
        case .springAnimator:
            return UISpringTimingParameters(dampingRatio: timing.dampingRatio, initialVelocity: velocity)
        case .physicalSpringAnimator:
            return UISpringTimingParameters(mass: timing.mass, stiffness: timing.stiffness, damping: timing.damping,
                                            initialVelocity: velocity)
        case .curveBlock, .keyframeBlock, .springBlock, .curveAnimator:
            if let curve = UIView.AnimationCurve(tuningCurve: timing.curve) {
                return UICubicTimingParameters(animationCurve: curve)
            }
            return UICubicTimingParameters(controlPoint1: timing.controlPoint1, controlPoint2: timing.controlPoint2)
        }
    }

    /// A continuation's parameters under the tuning: the animator's own timing given again with
    /// another velocity (the stock pop's spring at a swipe's release) runs tuned, with that velocity.
    private func tuned(_ parameters: UITimingCurveProvider) -> UITimingCurveProvider {
        guard let engine, let key = tuningKey, Self.tunableTiming(duration: requestedDuration, parameters: parameters) == key
        else { return parameters }
        let timing = engine.tuning.current(for: key)
        guard timing != key else { return parameters }
        return Self.parameters(for: timing, velocity: parameters.springTimingParameters?.initialVelocity ?? .zero)
    }

    public convenience init(duration: Double, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: curve))
        if let animations { addAnimations(animations) }
    }

    public convenience init(duration: Double, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint,
                            animations: (() -> Void)? = nil) {
        self.init(duration: duration,
                  timingParameters: UICubicTimingParameters(controlPoint1: point1, controlPoint2: point2))
        if let animations { addAnimations(animations) }
    }

    public convenience init(duration: Double, dampingRatio ratio: Double, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UISpringTimingParameters(dampingRatio: ratio))
        if let animations { addAnimations(animations) }
    }

    /// Created and started at once (`UIViewPropertyAnimator.runningPropertyAnimator`).
    @discardableResult
    public static func runningPropertyAnimator(withDuration duration: Double, delay: Double,
                                               options: UIView.AnimationOptions, animations: @escaping () -> Void,
                                               completion: ((UIViewAnimatingPosition) -> Void)? = nil) -> UIViewPropertyAnimator {
        let animator = UIViewPropertyAnimator(duration: duration,
                                            timingParameters: UICubicTimingParameters(animationCurve: options.animationCurve))
        animator.isUserInteractionEnabled = options.contains(.allowUserInteraction)
        animator.addAnimations(animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }

    // MARK: Reading and scrubbing

    public var isReversed: Bool {
        get { reversed }
        set {
            guard newValue != reversed else { return }
            reversed = newValue
            guard isRunning, let timeline else { return }
            // Reverse in place: a new segment toward the other end, from where progress is.
            refresh(at: timeline.time)
            beginSegment(parameters: segment?.parameters ?? timingParameters, durationFactor: 0)
        }
    }

    /// 0…1 along the current direction (reads 1 − the old value after reversing, as since iOS 11).
    public var fractionComplete: CGFloat {
        get {
            let forward = scrubsLinearly ? min(max(progress.x, 0), 1) : fraction
            return CGFloat(reversed ? 1 - forward : forward)
        }
        set {
            let newValue = Double(newValue)
            guard newValue.isFinite else { return refuse(.invalidValue("fractionComplete \(newValue)")) }
            if state == .stopped { return refuse(.useAfterStop("setting fractionComplete")) }
            if isRunning { return refuse(.scrubWhileRunning) }
            if state == .inactive { activate() }
            let value = min(max(newValue, 0), 1)
            let forward = reversed ? 1 - value : value
            fraction = forward
            let p = scrubsLinearly ? forward : curveProgress(atFraction: forward)
            progress = AxisProgress(x: p, y: p)
        }
    }

    /// Whether its time is `timeline`'s (it became active while that one was current).
    func runs(on timeline: Timeline) -> Bool { self.timeline === timeline }

    /// Its progress (the x axis's) at `time` of its timeline while a segment runs: where the
    /// running curve puts it then; its progress now otherwise (paused or scrubbed, it holds).
    func motion(at time: Double) -> Double {
        segment?.sample(at: time).progress.x ?? progress.x
    }

    /// Forward progress for a transition's status, clamped to 0…1.
    var forwardFraction: Double { min(max(scrubsLinearly ? progress.x : fraction, 0), 1) }

    // MARK: Adding animations and completions

    public func addAnimations(_ animation: @escaping () -> Void) {
        addAnimations(animation, delayFactor: 0)
    }

    /// While active, the block's animations run over the remaining time, starting `delayFactor` of
    /// it from now; before the animator starts, over the whole duration from `delayFactor`.
    public func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
        let delayFactor = Double(delayFactor)
        guard delayFactor.isFinite else { return refuse(.invalidValue("delayFactor \(delayFactor)")) }
        if state == .stopped { return refuse(.useAfterStop("addAnimations")) }
        let factor = min(max(delayFactor, 0), 1)
        if state == .inactive {
            pendingBlocks.append((animation, factor))
            return
        }
        let now = min(max(progress.x, 0), 1)
        record(animation, start: now + factor * (1 - now))
    }

    public func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {
        completions.append(completion)
    }

    // MARK: Running

    public func startAnimation() {
        startAnimation(afterDelay: 0)
    }

    public func startAnimation(afterDelay delay: Double) {
        guard delay.isFinite else { return refuse(.invalidValue("delay \(delay)")) }
        if state == .stopped { return refuse(.useAfterStop("startAnimation")) }
        if isRunning { return }
        if state == .inactive {
            self.delay = max(delay, 0)
            if let key = tuningKey { engine?.tuning.noteStart(of: key, afterDelay: self.delay) }
            activate()
            beginSegment(parameters: timingParameters, durationFactor: 0, delay: self.delay, wholeDuration: true)
        } else {
            beginSegment(parameters: timingParameters, durationFactor: 0, delay: max(delay, 0))
        }
    }

    public func pauseAnimation() {
        if state == .stopped { return refuse(.useAfterStop("pauseAnimation")) }
        if state == .inactive {
            activate()
            return
        }
        guard isRunning, let timeline else { return }
        refresh(at: timeline.time)
        isRunning = false
        segment = nil
        // Scrubbing linearly from here must start where the views are.
        if scrubsLinearly { fraction = min(max(progress.x, 0), 1) }
    }

    /// Resumes a paused animator toward its current direction's end, with new timing if given.
    /// What remains lasts `durationFactor` × `duration` (Apple: a factor of the original duration);
    /// 0 keeps the remaining share of `duration`. Physical springs set their own time.
    public func continueAnimation(withTimingParameters parameters: UITimingCurveProvider?, durationFactor: CGFloat) {
        let durationFactor = Double(durationFactor)
        guard durationFactor.isFinite, durationFactor >= 0 else { return refuse(.invalidDurationFactor(durationFactor)) }
        if state == .stopped { return refuse(.useAfterStop("continueAnimation")) }
        if state == .inactive { activate() }
        if let timeline { refresh(at: timeline.time) }
        beginSegment(parameters: parameters.map(tuned) ?? timingParameters, durationFactor: durationFactor)
    }

    /// `true`: the animator becomes inactive where it is, no completion runs. `false`: it waits,
    /// stopped, for `finishAnimation(at:)`. Either way the views stay where they are now.
    public func stopAnimation(_ withoutFinishing: Bool) {
        guard state == .active else { return }
        if let timeline { refresh(at: timeline.time) }
        isRunning = false
        segment = nil
        engine?.removeDrivenAnimations(of: self, keepingCurrentValues: true)
        if withoutFinishing {
            records.removeAll()
            completions.removeAll()
            deactivate()
        } else {
            state = .stopped
        }
    }

    /// Moves a stopped animator's properties to the start, the end or where they are, and runs the
    /// completions with that position.
    public func finishAnimation(at finalPosition: UIViewAnimatingPosition) {
        guard state == .stopped else { return refuse(.finishWhileNotStopped(state)) }
        for record in records {
            let view = record.view
            switch finalPosition {
            case .end: view.replaceModel(record.property, with: view.model[record.property] - record.folded)
            case .start:
                view.replaceModel(record.property, with: view.model[record.property] - record.folded + record.delta)
            case .current: break
            }
        }
        complete(at: finalPosition, flush: true)
    }

    // MARK: Engine hooks

    /// Whether a later frame would find this animator's progress elsewhere without a call to it:
    /// running, on a timeline whose time moves.
    var movesWithTime: Bool {
        guard isRunning, let timeline else { return false }
        return !timeline.isStill
    }

    /// Brings progress to the timeline's time; returns whether the running segment just ended.
    func step() -> Bool {
        guard isRunning, let timeline, let segment else { return false }
        refresh(at: timeline.time)
        return timeline.time >= segment.endTime
    }

    /// The running segment reached its end: complete (or pause there when asked to).
    func reachEnd() {
        let target = segment?.target ?? (reversed ? 0 : 1)
        progress = AxisProgress(x: target, y: target)
        fraction = target
        isRunning = false
        segment = nil
        if pausesOnCompletion { return }
        let position: UIViewAnimatingPosition = target == 0 ? .start : .end
        engine?.removeDrivenAnimations(of: self, keepingCurrentValues: false)
        if position == .start {
            for record in records {
                let view = record.view
                view.replaceModel(record.property, with: view.model[record.property] + record.delta)
            }
        }
        complete(at: position, flush: false)
    }

    /// The engine is gone with its window: nothing here can run any more.
    func engineWentAway() {
        completions.removeAll()
        pendingBlocks.removeAll()
        records.removeAll()
        segment = nil
        isRunning = false
        state = .inactive
    }

    /// The engine took this view's animation away (a `beginFromCurrentState` block): forget it.
    func forget(_ view: UIView, _ property: AnimatableProperty) {
        records.removeAll { $0.view === view && $0.property == property }
    }

    /// The stop folded this record's current offset into the model.
    func folded(_ view: UIView, _ property: AnimatableProperty, offset: AnimationVector) {
        for i in records.indices where records[i].view === view && records[i].property == property {
            records[i].folded = records[i].folded + offset
        }
    }

    // MARK: Internals

    private func refuse(_ misuse: PropertyAnimatorMisuse) {
        lastMisuse = misuse
        engine?.reportMisuse(misuse)
    }

    private func activate() {
        guard let engine = AnimationEngine.current ?? engine else {
            // No window to animate in: apply the blocks at once, as UIKit does outside a window.
            for pending in pendingBlocks { pending.block() }
            pendingBlocks.removeAll()
            state = .active
            return
        }
        engineReference = engine.reference
        timeline = engine.currentTimeline
        state = .active
        let start: Double = reversed ? 1 : 0
        progress = AxisProgress(x: start, y: start)
        fraction = start
        engine.activate(self)
        let blocks = pendingBlocks
        pendingBlocks.removeAll()
        for pending in blocks { record(pending.block, start: pending.delayFactor) }
    }

    private func deactivate() {
        state = .inactive
        isRunning = false
        segment = nil
        progress = AxisProgress(x: 0, y: 0)
        fraction = 0
        records.removeAll()
        engine?.deactivate(self)
    }

    /// Completions run once each; from `finishAnimation` at once, at a segment's end with the frame's
    /// other completions.
    private func complete(at position: UIViewAnimatingPosition, flush: Bool) {
        let handlers = completions
        completions.removeAll()
        let engine = self.engine
        deactivate()
        engine?.enqueue(handlers.map { handler in { handler(position) } }, flush: flush)
    }

    private func record(_ block: () -> Void, start: Double) {
        guard let engine = AnimationEngine.current ?? self.engine else { return block() }
        // Bound, so the block's property changes are recorded wherever the animator is used from.
        let recording = engine.perform { engine.record(.basic, block) }
        for change in recording.changes {
            let delta = change.from - change.view.model[change.property]
            if delta == .zero { continue }
            engine.addDriven(view: change.view, property: change.property, delta: delta, animator: self,
                             start: start, blocksInteraction: !isUserInteractionEnabled)
            if let tuningKey { engine.tuning.noteAnimated(change.view, change.property, by: tuningKey) }
            records.append(Record(view: change.view, property: change.property, delta: delta, folded: .zero))
        }
    }

    private func refresh(at time: Double) {
        guard let segment else { return }
        let sample = segment.sample(at: time)
        progress = sample.progress
        fraction = sample.fraction
    }

    /// Progress through the animator's own curve at `fraction` of its time (non-linear scrubbing).
    private func curveProgress(atFraction f: Double) -> Double {
        if let cubic = timingParameters.cubicTimingParameters { return cubic.timingFunction.value(at: f) }
        if let spring = timingParameters.springTimingParameters {
            let x = spring.springs(duration: duration).x
            return x.value(at: f * x.duration)
        }
        return f
    }

    /// Runs from the current progress toward the current direction's end.
    private func beginSegment(parameters: UITimingCurveProvider, durationFactor: Double, delay: Double = 0,
                              wholeDuration: Bool = false) {
        guard let timeline else {
            isRunning = false
            return
        }
        let target: Double = reversed ? 0 : 1
        if wholeDuration {
            let start: Double = reversed ? 1 : 0
            progress = AxisProgress(x: start, y: start)
            fraction = start
        }
        let length = durationFactor > 0 ? duration * durationFactor : duration * abs(target - fraction)
        let curve: Segment.Curve
        if let spring = parameters.springTimingParameters {
            let springs = spring.springs(duration: max(length, SpringTiming.durationRange.lowerBound))
            curve = .spring(x: springs.x, y: springs.y)
        } else {
            curve = .cubic(parameters.cubicTimingParameters?.timingFunction ?? .easeInEaseOut, length)
        }
        segment = Segment(startTime: timeline.time + delay, from: progress, fromFraction: fraction, target: target,
                          curve: curve, parameters: parameters)
        isRunning = true
    }
}

/// Progress toward the end along x and y (equal unless a spring's velocity differs per axis).
nonisolated struct AxisProgress: Equatable {
    var x: Double
    var y: Double
}

extension UIViewPropertyAnimator {
    /// One run toward an end: progress moves from `from` to `target` along the curve.
    nonisolated struct Segment {
        nonisolated enum Curve {
            case cubic(TimingFunction, Double)
            case spring(x: SpringTiming, y: SpringTiming)
        }

        let startTime: Double
        let from: AxisProgress
        let fromFraction: Double
        let target: Double
        let curve: Curve
        let parameters: UITimingCurveProvider

        var length: Double {
            switch curve {
            case .cubic(_, let length): length
            case .spring(let x, let y): max(x.duration, y.duration)
            }
        }

        var endTime: Double { startTime + length }

        func sample(at time: Double) -> (progress: AxisProgress, fraction: Double) {
            let elapsed = max(time - startTime, 0)
            let share = length > 0 ? min(elapsed / length, 1) : 1
            let fraction = fromFraction + (target - fromFraction) * share
            switch curve {
            case .cubic(let function, _):
                let k = function.value(at: share)
                return (AxisProgress(x: from.x + (target - from.x) * k, y: from.y + (target - from.y) * k), fraction)
            case .spring(let x, let y):
                return (AxisProgress(x: from.x + (target - from.x) * x.value(at: elapsed),
                                     y: from.y + (target - from.y) * y.value(at: elapsed)), fraction)
            }
        }
    }

    /// One property this animator animates: `delta` is from − to; `folded` what a stop put into the model.
    nonisolated struct Record {
        /// Strong, as UIKit's animation blocks keep what they captured until the animator ends
        /// (every way out clears `records`). A weak reference would move the view's reference counts
        /// to a side table, and every frame's retains of it would take the runtime's slow path.
        let view: UIView
        let property: AnimatableProperty
        let delta: AnimationVector
        var folded: AnimationVector
    }
}

extension UIView.AnimationOptions {
    var animationCurve: UIView.AnimationCurve {
        switch (rawValue >> 16) & 0xF {
        case 1: .easeIn
        case 2: .easeOut
        case 3: .linear
        default: .easeInOut
        }
    }
}

extension UIView.AnimationCurve {
    /// The tuning table's name for this curve.
    var tuningCurve: AnimationTiming.Curve {
        switch self {
        case .easeInOut: .easeInOut
        case .easeIn: .easeIn
        case .easeOut: .easeOut
        case .linear: .linear
        }
    }

    /// The named curve, or nil for a custom cubic.
    init?(tuningCurve: AnimationTiming.Curve) {
        switch tuningCurve {
        case .easeInOut: self = .easeInOut
        case .easeIn: self = .easeIn
        case .easeOut: self = .easeOut
        case .linear: self = .linear
        case .custom: return nil
        }
    }
}
