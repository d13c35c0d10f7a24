import Motion

extension UIView {
    /// `UIView.AnimationOptions`, with UIKit's raw values.
    public nonisolated struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        /// The default curve: its raw value is zero, so every option set contains it.
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

        var timingFunction: TimingFunction { UIView.curve(rawValue: rawValue) }
        /// The curve option, as the tuning table names it (the same reading as `timingFunction`).
        var curve: AnimationTiming.Curve {
            switch (rawValue >> 16) & 0xF {
            case 1: .easeIn
            case 2: .easeOut
            case 3: .linear
            default: .easeInOut
            }
        }
    }

    /// `UIView.KeyframeAnimationOptions`, with UIKit's raw values; the curve options are accepted too
    /// and replace the default easeInEaseOut pacing of the whole animation.
    public nonisolated struct KeyframeAnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let allowUserInteraction = KeyframeAnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = KeyframeAnimationOptions(rawValue: 1 << 2)
        public static let calculationModeLinear = KeyframeAnimationOptions(rawValue: 0 << 10)
        public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
        public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
        public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
        public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)
        public static let curveEaseInOut = KeyframeAnimationOptions(rawValue: 0 << 16)
        public static let curveEaseIn = KeyframeAnimationOptions(rawValue: 1 << 16)
        public static let curveEaseOut = KeyframeAnimationOptions(rawValue: 2 << 16)
        public static let curveLinear = KeyframeAnimationOptions(rawValue: 3 << 16)

        var calculationMode: KeyframeCalculationMode {
            switch (rawValue >> 10) & 0x7 {
            case 1: .discrete
            case 2: .paced
            case 3: .cubic
            case 4: .cubicPaced
            default: .linear
            }
        }

        var timingFunction: TimingFunction { UIView.curve(rawValue: rawValue) }
    }

    nonisolated static func curve(rawValue: UInt) -> TimingFunction {
        switch (rawValue >> 16) & 0xF {
        case 1: .easeIn
        case 2: .easeOut
        case 3: .linear
        default: .easeInEaseOut
        }
    }

    // MARK: Curves

    public static func animate(withDuration duration: Double, delay: Double, options: AnimationOptions = [],
                               animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        let requested = AnimationTiming.curve(.curveBlock, duration: duration, curve: options.curve, delay: delay,
                                              options: options.rawValue)
        let timing = engineTiming(requested)
        let function = timing.curve.timingFunction ?? options.timingFunction
        run(requested, duration: timing.duration, delay: delay,
            beginFromCurrentState: options.contains(.beginFromCurrentState),
            allowUserInteraction: options.contains(.allowUserInteraction), animations: animations,
            completion: completion) { _, _, _ in .bezier(function) }
    }

    public static func animate(withDuration duration: Double, animations: () -> Void,
                               completion: ((Bool) -> Void)?) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    public static func animate(withDuration duration: Double, animations: () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }

    // MARK: Springs

    /// A spring that settles in `duration` (notes/uikit-behaviour.md); `options`' curve is ignored,
    /// as in UIKit, where a spring's timing is linear and the spring shapes the motion. The engine's
    /// `tuning` may replace the timing (the bench's live tuning).
    public static func animate(withDuration duration: Double, delay: Double, usingSpringWithDamping dampingRatio: Double,
                               initialSpringVelocity velocity: Double, options: AnimationOptions = [],
                               animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        let requested = AnimationTiming.springBlock(
            SpringBlockTiming(duration: duration, dampingRatio: dampingRatio, initialVelocity: velocity), delay: delay,
            options: options.rawValue)
        let timing = engineTiming(requested)
        let spring = SpringTiming(block: timing.springBlock)
        run(requested, duration: spring.duration, delay: delay, beginFromCurrentState: options.contains(.beginFromCurrentState),
            allowUserInteraction: options.contains(.allowUserInteraction), animations: animations,
            completion: completion) { _, _, _ in .spring(spring) }
    }

    // MARK: Keyframes

    public static func animateKeyframes(withDuration duration: Double, delay: Double,
                                        options: KeyframeAnimationOptions = [], animations: () -> Void,
                                        completion: ((Bool) -> Void)? = nil) {
        guard let engine = AnimationEngine.current else {
            animations()
            completion?(true)
            return
        }
        let requested = AnimationTiming.keyframes(duration: duration, delay: delay, options: options.rawValue)
        let duration = engine.tuning.resolve(requested).duration
        let recording = engine.record(.keyframes, animations)
        recording.foldDirectChangesIntoTracks()
        let mode = options.calculationMode, function = options.timingFunction
        let changes = recording.tracks.map { Change(view: $0.view, property: $0.property, from: $0.initial) }
        let timing = AnimationEngine.BlockTiming(duration: duration, delay: delay,
                                                 beginFromCurrentState: options.contains(.beginFromCurrentState),
                                                 allowUserInteraction: options.contains(.allowUserInteraction))
        engine.commit(changes, timing: timing, call: requested, curve: { change, from, to in
            guard let track = recording.tracks.first(where: { $0.view === change.view && $0.property == change.property })
            else { return nil }
            // Offsets relative to the final model value, so the track adds onto whatever else runs.
            let frames = track.keyframes.map { (start: $0.start, duration: $0.duration, value: $0.value - to) }
            return .keyframes(KeyframeTrack(initial: from - to, keyframes: frames, mode: mode), function)
        }, completion: completion)
    }

    /// One keyframe of the enclosing `animateKeyframes` block; times are fractions of its duration.
    /// Outside such a block the changes apply at once.
    public static func addKeyframe(withRelativeStartTime start: Double, relativeDuration duration: Double,
                                   animations: () -> Void) {
        guard let engine = AnimationEngine.current, let outer = engine.openKeyframeRecording else {
            animations()
            return
        }
        let inner = engine.record(.keyframe, animations)
        outer.addKeyframe(start: start, duration: duration, changes: inner.changes)
    }

    public static func performWithoutAnimation(_ actions: () -> Void) {
        guard let engine = AnimationEngine.current else { return actions() }
        _ = engine.record(.disabled, actions)
    }

    /// `layer.removeAllAnimations()`: presentation jumps to the model; completions get `false`.
    public func removeAllAnimations() {
        AnimationEngine.current?.removeAllAnimations(of: self)
    }

    /// What `requested` runs with: the engine's tuning, when an engine is running this block.
    private static func engineTiming(_ requested: AnimationTiming) -> AnimationTiming {
        AnimationEngine.current?.tuning.resolve(requested) ?? requested
    }

    /// Records `animations` and commits their changes as the call asking for `requested`.
    private static func run(_ requested: AnimationTiming, duration: Double, delay: Double, beginFromCurrentState: Bool,
                            allowUserInteraction: Bool, animations: () -> Void, completion: ((Bool) -> Void)?,
                            curve: (Change, AnimationVector, AnimationVector) -> AnimationPacing?) {
        guard let engine = AnimationEngine.current else {
            animations()
            completion?(true)
            return
        }
        let recording = engine.record(.basic, animations)
        let timing = AnimationEngine.BlockTiming(duration: duration, delay: delay,
                                                 beginFromCurrentState: beginFromCurrentState,
                                                 allowUserInteraction: allowUserInteraction)
        engine.commit(recording.changes, timing: timing, call: requested, curve: curve, completion: completion)
    }
}

extension SpringTiming {
    /// The spring `UIView.animate(…usingSpringWithDamping:…)` runs for `block`.
    init(block: SpringBlockTiming) {
        self.init(duration: block.duration, dampingRatio: block.dampingRatio, initialVelocity: block.initialVelocity)
    }
}
