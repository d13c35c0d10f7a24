#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Logging
import Motion
import Synchronization

/// Owns every running animation of one window: records what animation blocks change, turns the
/// changes into additive animations on timelines, evaluates presentation values for a frame, and
/// calls completion handlers.
///
/// The engine reads time only through its timelines, whose root follows the injected clock.
/// Animation blocks find the engine through `AnimationEngine.current`, bound by `perform(_:)` on
/// the calling thread (the main actor's, as the engine is), so nothing that runs on another
/// thread, such as a Dispatch queue's work, takes itself for a world's code.
@preconcurrency @MainActor public final class AnimationEngine {
    /// Where `perform` binds its engine: the thread's own slot (POSIX thread-specific data). A
    /// task-local allocated at every binding, once per pointer event. A body is synchronous, so it
    /// ends on the thread it began on, even inside a task. The address is not retained, nor held
    /// `unowned` (the engine has a side table, whose counts take the runtime's slow paths): it is
    /// bound only while `perform` runs on its engine, which is alive for the whole call.
    private nonisolated static let bindingKey: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key, nil)
        precondition(status == 0, "pthread_key_create failed (\(status)): no thread-specific slot is left")
        return key
    }()

    /// Whether an engine's `perform` is running on this thread: then this is the main actor.
    nonisolated static var isBoundOnThisThread: Bool { pthread_getspecific(bindingKey) != nil }

    /// The engine whose `perform` is running on this thread, if any.
    public static var current: AnimationEngine? {
        pthread_getspecific(bindingKey).map { Unmanaged<AnimationEngine>.fromOpaque($0).takeUnretainedValue() }
    }

    public let clock: Clock
    let logger: Logger
    /// The window whose world this engine runs, while it lives: what `UIScreen.main` and
    /// `UIApplication.shared` answer from inside its `perform`. Set and cleared by the window
    /// (`UIWindow.init`, `deinit`); not retained, and not `weak`, which would give the window a
    /// side table (`UnownedReference`).
    var window: UIWindow? {
        get { windowReference.object }
        set { windowReference.object = newValue }
    }
    private var windowReference = UnownedReference<UIWindow>("AnimationEngine.window")
    /// How transition contexts and property animators refer to this engine without owning it: its
    /// animations hold their completions, which hold them. Not `weak`, which would give the engine
    /// a side table, read on every frame (`SelfClearingReference`).
    let reference = SelfClearingReference<AnimationEngine>()
    /// Every animation's time base: follows the clock; its speed is the window's slow-motion knob.
    public let rootTimeline: Timeline
    /// Live timing tuning: overrides animation blocks and property animators consult each time they run.
    public let tuning = AnimationTuning()

    private var timelineStack: [Timeline] = []
    private var recordings: [Recording] = []
    private var animations: [PropertyAnimation] = []
    private var groups: [CompletionGroup] = []
    /// The tunable call each running group's block made (group id → the timing it asked for), so
    /// a tuning can find the animations it changes; kept out of the groups the frame loop reads.
    private var groupCalls: [Int: AnimationTiming] = [:]
    private var nextGroupID = 0
    private var readyCompletions: [(handler: (Bool) -> Void, finished: Bool)] = []
    /// Property animators that are active (running or paused): they own driven animations.
    private var propertyAnimators: [UIViewPropertyAnimator] = []
    /// Reused each frame for the animators whose run ended, so stepping allocates nothing.
    private var endedAnimators: [UIViewPropertyAnimator] = []
    /// Property animator calls refused as misuse (logged each time).
    public private(set) var misuseCount = 0

    /// Animation blocks committed, and completion groups ended: equal once everything settled,
    /// since each block's completion runs exactly once.
    public private(set) var committedBlockCount = 0
    public private(set) var endedBlockCount = 0

    /// A window dropped mid-animation (a client gone mid-drag) takes its engine with it. Its active
    /// property animators can never complete now, but they may live on: a transition's animator
    /// keeps the one it vended, and that one's completions often keep the transition's context,
    /// which keeps the animator — a cycle. Dropping what they can no longer run breaks it.
    deinit {
        uncheckedMainActor {
            reference.clear()
            for animator in propertyAnimators { animator.engineWentAway() }
        }
    }

    public init(clock: Clock, logger: Logger = Logger(label: "segue.engine", factory: { _ in SwiftLogNoOpLogHandler() })) {
        self.clock = clock
        self.logger = logger
        self.rootTimeline = Timeline(clock: clock)
        reference.attach(self)
    }

    /// Runs `body` with this engine as `AnimationEngine.current`.
    public func perform<R>(_ body: () throws -> R) rethrows -> R {
        let address = Unmanaged.passUnretained(self).toOpaque()
        let outer = pthread_getspecific(Self.bindingKey)
        if outer == address { return try body() }
        pthread_setspecific(Self.bindingKey, address)
        defer { pthread_setspecific(Self.bindingKey, outer) }
        return try body()
    }

    /// The timeline new animations are scheduled on.
    public var currentTimeline: Timeline { timelineStack.last ?? rootTimeline }

    /// Schedules every animation created inside `body` on `timeline` (a transition's timeline).
    public func withTimeline<R>(_ timeline: Timeline, _ body: () throws -> R) rethrows -> R {
        timelineStack.append(timeline)
        defer { timelineStack.removeLast() }
        return try body()
    }

    /// Whether anything is animating or waiting to complete.
    public var isAnimating: Bool { !groups.isEmpty || !propertyAnimators.isEmpty }

    /// Whether, at the last `evaluate()`, anything would look different at a later time without a
    /// call to the engine: an animation or a completion on a timeline whose time moves, or a running
    /// property animator. False while everything waits on paused timelines (an interactive
    /// transition held by a finger): then a frame evaluated later is the same frame.
    public private(set) var movesWithTime = false

    public var runningAnimationCount: Int { animations.count }

    // MARK: Recording blocks

    func willChange(_ view: UIView, _ property: AnimatableProperty, from old: AnimationVector) {
        guard let recording = recordings.last else { return }
        recording.note(view, property, from: old)
    }

    func record(_ kind: Recording.Kind, _ body: () -> Void) -> Recording {
        let recording = Recording(kind: kind)
        recordings.append(recording)
        Self.openRecordings.add(1, ordering: .relaxed)
        defer { Self.openRecordings.subtract(1, ordering: .relaxed) }
        body()
        if let alongside = alongsideAnimations, recordings.count == 1, kind != .disabled {
            alongsideAnimations = nil
            alongside()
        }
        recordings.removeLast()
        return recording
    }

    /// A transition coordinator's queued alongside animations, waiting for the first animation
    /// `runAlongside`'s body records: they run inside it, as UIKit runs them "in the same animation
    /// context" as the transition's.
    private var alongsideAnimations: (() -> Void)?

    /// Runs `body` (an animator starting a transition) with `animations` waiting to run inside the
    /// first top-level animation it records, after its own changes: a curve, spring or keyframe
    /// block, or a property animator's blocks as it becomes active or takes a new one. There they
    /// take that animation's duration, curve, timeline or animator. Returns whether one took them.
    func runAlongside(_ animations: @escaping () -> Void, during body: () -> Void) -> Bool {
        let outer = alongsideAnimations
        alongsideAnimations = animations
        defer { alongsideAnimations = outer }
        body()
        return alongsideAnimations == nil
    }

    /// Recordings open now on any thread. While there are none, no engine has a recording a model
    /// write must be noted in (`willChange`), and `UIView.setModel` skips finding its engine: a
    /// task-local lookup per write, a few percent of a frame in scenes whose chrome moves each
    /// frame. A thread sees its own recordings counted in program order; another thread's only
    /// make it look up its engine, which then has none open.
    private static let openRecordings = Atomic<Int>(0)

    static var anyRecordingOpen: Bool { openRecordings.load(ordering: .relaxed) > 0 }

    /// The innermost open recording, if it is a keyframe animation's.
    var openKeyframeRecording: Recording? {
        guard let top = recordings.last, case .keyframes = top.kind else { return nil }
        return top
    }

    // MARK: Creating animations

    struct BlockTiming {
        var duration: Double
        var delay: Double
        var beginFromCurrentState: Bool
        var allowUserInteraction: Bool
    }

    /// Turns a finished block's changes into animations, all in one completion group.
    /// `makeCurve` gets each change with its start and end values; nil skips the change. `call`
    /// is the timing the block asked for: the tuning notes what it animated, and a tuned call's
    /// group is retimed in place (`retime`).
    func commit(_ changes: [Change], timing: BlockTiming, call: AnimationTiming,
                curve makeCurve: (_ change: Change, _ from: AnimationVector, _ to: AnimationVector) -> AnimationPacing?,
                completion: ((Bool) -> Void)?) {
        let timeline = currentTimeline
        let begin = timeline.time + max(timing.delay, 0)
        let id = nextGroupID
        nextGroupID += 1
        var group = CompletionGroup(id: id, timeline: timeline, beginTime: begin,
                                    duration: max(timing.duration, 0), completion: completion)
        if timing.duration > 0 || timing.delay > 0 {
            for change in changes {
                let to = change.view.model[change.property]
                var from = change.from
                if timing.beginFromCurrentState {
                    from = from + currentOffset(change.view, change.property)
                    interruptAnimations(of: change.view, change.property)
                }
                guard let curve = makeCurve(change, from, to) else { continue }
                let delta = from - to
                if case .keyframes = curve {} else if delta == .zero { continue }
                add(PropertyAnimation(view: change.view, property: change.property, timeline: timeline,
                                      beginTime: begin, duration: group.duration, curve: curve, delta: delta,
                                      groupID: id, blocksInteraction: !timing.allowUserInteraction))
                group.liveAnimations += 1
                group.hadAnimations = true
                tuning.noteAnimated(change.view, change.property, by: call)
            }
        }
        if group.hadAnimations && call.isTunable { groupCalls[id] = call }
        groups.append(group)
        committedBlockCount += 1
        flushCompletions()
    }

    /// Whether a block on `timeline` has yet to reach its end while the timeline moves (the
    /// transition watchdog's question; asked only once a transition has overrun its duration).
    func hasBlocksStillRunning(on timeline: Timeline) -> Bool {
        !timeline.isStill && groups.contains { $0.timeline === timeline && timeline.time < $0.endTime }
    }

    /// Live tuning: the animation listed at `index` runs with `edit` applied, from its next run
    /// on and where it runs now (`retime`), so replaying a held transition shows the new motion.
    public func tune(at index: Int, with edit: TimingEdit) throws(AnimationTuningError) {
        let original = index < tuning.seen.count && index >= 0 ? tuning.seen[index] : nil
        let before = original.map(tuning.current(for:))
        let after = try tuning.override(at: index, with: edit)
        if let original, let before, before != after { retime(original, to: after) }
    }

    /// Removes the tuning of the animation listed at `index`, or of every one when nil: each runs
    /// as the scene wrote it again, from its next run on and where it runs now.
    public func resetTuning(at index: Int?) throws(AnimationTuningError) {
        for original in try tuning.reset(at: index) { retime(original, to: original) }
    }

    /// Gives the running animations of the call asking for `original` the timing `timing`: its
    /// blocks' animations take the new duration and curve from the start they had (a keyframe
    /// track is relative to its duration, so only that changes), its active property animators
    /// the new duration and parameters for their next segment. Runs on a tuning, never per frame.
    private func retime(_ original: AnimationTiming, to timing: AnimationTiming) {
        for (id, call) in groupCalls where call == original {
            guard let g = groups.firstIndex(where: { $0.id == id }) else { continue }
            let pacing: AnimationPacing?
            var duration = timing.duration
            switch timing.kind {
            case .curveBlock:
                pacing = .bezier(timing.curve.timingFunction ?? .easeInEaseOut)
            case .springBlock:
                let spring = SpringTiming(block: timing.springBlock)
                duration = spring.duration
                pacing = .spring(spring)
            case .keyframeBlock, .curveAnimator, .springAnimator, .physicalSpringAnimator:
                pacing = nil
            }
            groups[g].duration = duration
            for i in animations.indices where animations[i].groupID == id {
                animations[i].duration = duration
                if let pacing { animations[i].curve = pacing }
            }
        }
        for animator in propertyAnimators where animator.tuningKey == original { animator.retime(to: timing) }
    }

    private func add(_ animation: PropertyAnimation) {
        animation.view.prepareForAnimations()
        animation.view.animationDidStart()
        if animation.blocksInteraction { animation.view.interactionBlockingAnimations += 1 }
        animations.append(animation)
    }

    /// How far the motion on `timeline` has gone at its time `time`, 0…1: the progress of a
    /// property animator running on it (a transition's interruptible animator: its fraction is what
    /// UIKit reports), else the pacing of the animation on it that ends last (the first made, of
    /// those that end together), which the transition's others keep pace with or finish before.
    /// Nil when nothing runs on it.
    func motionProgress(on timeline: Timeline, at time: Double) -> Double? {
        if let animator = propertyAnimators.first(where: { $0.runs(on: timeline) }) {
            return min(max(animator.motion(at: time), 0), 1)
        }
        var pacing: PropertyAnimation?
        for animation in animations where animation.timeline === timeline {
            if let chosen = pacing, animation.endTime <= chosen.endTime { continue }
            pacing = animation
        }
        guard let pacing else { return nil }
        return min(max(pacing.motion(at: time), 0), 1)
    }

    /// The sum of the running animations' offsets for one property, at each timeline's time now.
    func currentOffset(_ view: UIView, _ property: AnimatableProperty) -> AnimationVector {
        var sum = AnimationVector.zero
        for animation in animations where animation.view === view && animation.property == property {
            sum += animation.offset(at: animation.timeline.time)
        }
        return sum
    }

    // MARK: Removing animations

    /// `layer.removeAllAnimations()`: the view jumps to its model values; completions get false.
    public func removeAllAnimations(of view: UIView) {
        for property in AnimatableProperty.allCases { interruptAnimations(of: view, property) }
        flushCompletions()
    }

    private func interruptAnimations(of view: UIView, _ property: AnimatableProperty) {
        var index = 0
        while index < animations.count {
            let animation = animations[index]
            if animation.view === view && animation.property == property {
                remove(at: index)
                animation.animator?.forget(view, property)
                if let g = groups.firstIndex(where: { $0.id == animation.groupID }) {
                    groups[g].finished = false
                    groups[g].liveAnimations -= 1
                    if groups[g].liveAnimations == 0 { endGroup(at: g, finished: false) }
                }
            } else {
                index += 1
            }
        }
    }

    private func remove(at index: Int) {
        let animation = animations.remove(at: index)
        let view = animation.view
        view.animationCount -= 1
        if animation.blocksInteraction { view.interactionBlockingAnimations -= 1 }
        if view.animationCount == 0 {
            view.offsets = PresentationOffsets()
        } else if !animations.contains(where: { $0.view === view && $0.property == animation.property }) {
            // accumulateOffsets only rewrites animated properties: clear the last one's contribution.
            view.offsets[animation.property] = .zero
        }
    }

    private func endGroup(at index: Int, finished: Bool) {
        let group = groups.remove(at: index)
        groupCalls[group.id] = nil
        endedBlockCount += 1
        if let handler = group.completion { readyCompletions.append((handler, finished)) }
    }

    /// Completion handlers may animate, so they run with this engine bound.
    private func flushCompletions() {
        guard !readyCompletions.isEmpty else { return }
        perform {
            while !readyCompletions.isEmpty {
                let ready = readyCompletions
                readyCompletions.removeAll(keepingCapacity: true)
                for (handler, finished) in ready { handler(finished) }
            }
        }
    }

    // MARK: Property animators

    func activate(_ animator: UIViewPropertyAnimator) {
        if !propertyAnimators.contains(where: { $0 === animator }) { propertyAnimators.append(animator) }
    }

    func deactivate(_ animator: UIViewPropertyAnimator) {
        propertyAnimators.removeAll { $0 === animator }
    }

    func reportMisuse(_ misuse: PropertyAnimatorMisuse) {
        misuseCount += 1
        logger.error("property animator misuse, refused: \(misuse)")
    }

    func addDriven(view: UIView, property: AnimatableProperty, delta: AnimationVector, animator: UIViewPropertyAnimator,
                   start: Double, blocksInteraction: Bool) {
        add(PropertyAnimation(view: view, property: property, timeline: rootTimeline, beginTime: 0, duration: 0,
                              curve: .driven(animator, start: start), delta: delta, groupID: Self.drivenGroupID,
                              blocksInteraction: blocksInteraction))
    }

    /// Driven animations belong to their animator, not to a completion group.
    static let drivenGroupID = -1

    /// Removes an animator's animations; keeping current values folds each one's offset into the model.
    func removeDrivenAnimations(of animator: UIViewPropertyAnimator, keepingCurrentValues: Bool) {
        var index = animations.count - 1
        while index >= 0 {
            let animation = animations[index]
            if animation.animator === animator {
                if keepingCurrentValues {
                    let offset = animation.offset(at: 0)
                    animation.view.replaceModel(animation.property,
                                                with: animation.view.model[animation.property] + offset)
                    animator.folded(animation.view, animation.property, offset: offset)
                }
                remove(at: index)
            }
            index -= 1
        }
    }

    /// Queues completions that take no argument; `flush` runs them now (a direct call such as
    /// `finishAnimation`), otherwise with the frame's other completions.
    func enqueue(_ handlers: [() -> Void], flush: Bool) {
        for handler in handlers { readyCompletions.append(({ _ in handler() }, true)) }
        if flush { flushCompletions() }
    }

    /// Brings running animators to their timelines' time; ends those whose run is over.
    private func stepPropertyAnimators() -> Bool {
        animatorsMoveWithTime = false
        guard !propertyAnimators.isEmpty else { return false }
        endedAnimators.removeAll(keepingCapacity: true)
        for animator in propertyAnimators where animator.step() { endedAnimators.append(animator) }
        for animator in endedAnimators { animator.reachEnd() }
        animatorsMoveWithTime = propertyAnimators.contains { $0.movesWithTime }
        let ended = !endedAnimators.isEmpty
        endedAnimators.removeAll(keepingCapacity: true)
        return ended
    }

    // MARK: Evaluating a frame

    /// Brings every view's presentation values to the timelines' current times and ends the groups
    /// whose time is up, calling their completions. Completions may start new animations; those are
    /// evaluated in the same call, so a frame never shows a half-applied handoff.
    public func evaluate() {
        for _ in 0..<Self.maximumHandoffPasses {
            let animatorsEnded = stepPropertyAnimators()
            accumulateOffsets()
            let groupsEnded = settleGroups()
            guard animatorsEnded || groupsEnded else {
                movesWithTime = animatorsMoveWithTime || groupsMoveWithTime
                return
            }
            flushCompletions()
        }
        _ = stepPropertyAnimators()
        accumulateOffsets()
        // A chain of handoffs still going: the next frame goes on with it.
        movesWithTime = true
    }

    /// Found by the last pass of `evaluate()`, each while it read the timelines anyway. The
    /// animations need no look of their own: a block's belong to its completion group, on the same
    /// timeline and ending with it, and a property animator's follow the animator.
    private var animatorsMoveWithTime = false
    private var groupsMoveWithTime = false

    /// Completion chains that start animations that end at once are followed this many times per frame.
    static let maximumHandoffPasses = 8

    /// Borrows the animations in place (copying one would retain its view, timeline and curve), and
    /// reads each timeline's time once for a run of animations on it: the clock does not move
    /// during a frame, so the time is the same as reading it per animation.
    private func accumulateOffsets() {
        animations.withUnsafeBufferPointer { running in
            for index in running.indices { running[index].view.offsets[running[index].property] = .zero }
            var timeline: ObjectIdentifier?
            var time = 0.0
            for index in running.indices {
                if ObjectIdentifier(running[index].timeline) != timeline {
                    timeline = ObjectIdentifier(running[index].timeline)
                    time = running[index].timeline.time
                }
                let offset = PropertyAnimation.offset(of: running[index].curve, at: time - running[index].beginTime,
                                                      duration: running[index].duration, delta: running[index].delta,
                                                      property: running[index].property)
                running[index].view.offsets[running[index].property] += offset
            }
        }
    }

    /// Ends the groups whose timeline has passed their end (or, playing back, their start).
    /// Returns whether any group ended.
    private func settleGroups() -> Bool {
        var ended = false
        var index = 0
        groupsMoveWithTime = false
        while index < groups.count {
            // Read in place: copying the group out retained its timeline and completion every frame.
            let (id, end, finished) = groups.withUnsafeBufferPointer { groups -> (Int, GroupEnd?, Bool) in
                if !groupsMoveWithTime && !groups[index].timeline.isStill { groupsMoveWithTime = true }
                let time = groups[index].timeline.time
                switch groups[index].timeline.endBehavior {
                case .complete where time >= groups[index].endTime: return (groups[index].id, .complete, groups[index].finished)
                case .revert where time <= groups[index].beginTime: return (groups[index].id, .revert, false)
                default: return (groups[index].id, nil, false)
                }
            }
            switch end {
            case .complete:
                removeAnimations(ofGroup: id, revert: false)
                endGroup(at: index, finished: finished)
                ended = true
            case .revert:
                removeAnimations(ofGroup: id, revert: true)
                endGroup(at: index, finished: false)
                ended = true
            case nil:
                index += 1
            }
        }
        return ended
    }

    /// How a group's timeline ended it: played past its end, or back past its start.
    private enum GroupEnd { case complete, revert }

    /// Removes a group's animations; reverting puts each property back where the animation began.
    private func removeAnimations(ofGroup id: Int, revert: Bool) {
        var index = animations.count - 1
        while index >= 0 {
            let animation = animations[index]
            if animation.groupID == id {
                if revert {
                    let view = animation.view
                    view.replaceModel(animation.property,
                                      with: view.model[animation.property] + animation.offset(at: animation.beginTime))
                }
                remove(at: index)
            }
            index -= 1
        }
    }
}

/// What one open animation block has changed so far.
final class Recording {
    nonisolated enum Kind {
        /// `performWithoutAnimation`: changes apply at once.
        case disabled
        /// A plain or spring block.
        case basic
        /// The outer block of `animateKeyframes`.
        case keyframes
        /// One `addKeyframe` inside it.
        case keyframe
    }

    let kind: Kind
    private(set) var changes: [Change] = []
    /// For a keyframe animation: each property's keyframes, in the order they were added.
    private(set) var tracks: [Track] = []

    init(kind: Kind) {
        self.kind = kind
    }

    func note(_ view: UIView, _ property: AnimatableProperty, from old: AnimationVector) {
        if case .disabled = kind { return }
        if changes.contains(where: { $0.view === view && $0.property == property }) { return }
        changes.append(Change(view: view, property: property, from: old))
    }

    /// Folds one finished `addKeyframe` block into this keyframe animation.
    func addKeyframe(start: Double, duration: Double, changes keyframeChanges: [Change]) {
        for change in keyframeChanges {
            let value = change.view.model[change.property]
            if let i = tracks.firstIndex(where: { $0.view === change.view && $0.property == change.property }) {
                tracks[i].keyframes.append((start, duration, value))
            } else {
                tracks.append(Track(view: change.view, property: change.property, initial: change.from,
                                    keyframes: [(start, duration, value)]))
            }
        }
    }

    /// Changes made directly in the outer keyframe block count as one keyframe over the whole span.
    func foldDirectChangesIntoTracks() {
        let direct = changes.filter { change in
            !tracks.contains { $0.view === change.view && $0.property == change.property }
        }
        addKeyframe(start: 0, duration: 1, changes: direct)
    }
}

nonisolated struct Change {
    let view: UIView
    let property: AnimatableProperty
    let from: AnimationVector
}

nonisolated struct Track {
    let view: UIView
    let property: AnimatableProperty
    let initial: AnimationVector
    var keyframes: [(start: Double, duration: Double, value: AnimationVector)]
}

extension AnimationEngine {
    /// What evaluating a frame reads: the engine, its running animations and the timelines and
    /// keyframes they follow, the root timeline, and the completion groups.
    func visitFrameMemory<Visitor: FrameMemoryVisitor>(_ visitor: inout Visitor) {
        visitor.visit(self)
        visitor.visit(animations)
        visitor.visit(rootTimeline)
        // The animations of one transition share its timeline: visited once, not once per animation.
        var visitedTimeline: Timeline?
        for animation in animations {
            if animation.timeline !== visitedTimeline {
                visitor.visit(animation.timeline)
                visitedTimeline = animation.timeline
            }
            if case .keyframes(let track, _) = animation.curve { visitor.visit(track.keys) }
        }
        visitor.visit(groups)
    }
}
