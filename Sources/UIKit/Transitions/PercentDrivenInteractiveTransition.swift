import Motion

/// `UIPercentDrivenInteractiveTransition`.
///
/// When the animator vends an interruptible animator (`interruptibleAnimator(using:)`), the
/// transition runs through it: `update(_:)` scrubs its `fractionComplete`, `finish()` and `cancel()`
/// continue it forward or reversed with `timingCurve`, `pause()` pauses it.
///
/// Otherwise the animator's animations run on one paused timeline that `update(_:)` scrubs;
/// `finish()` plays the rest forward, `cancel()` plays back to the start. Curves, springs and
/// keyframes all scrub together because every animation is a pure function of its timeline's time.
@preconcurrency @MainActor open class UIPercentDrivenInteractiveTransition: UIViewControllerInteractiveTransitioning {
    /// A release at an end still plays one frame's worth, rather than a factor of 0 (which would
    /// mean "the remaining share" to the animator).
    static let shortestRemainingShare = 1e-3

    // Open, as UIKit's are: a subclass may override them (`override var completionSpeed`), and
    // what finishes and cancels the transition reads the override.
    open var completionSpeed: CGFloat = 1
    open var completionCurve: UIView.AnimationCurve = .easeInOut
    /// The timing of what `finish()` and `cancel()` play (iOS 10); nil: the completion curve and
    /// speed (or, with an interruptible animator, its own timing).
    open var timingCurve: UITimingCurveProvider?
    /// false: a transition this drives starts running, as if tapped, and can be grabbed with
    /// `pause()` (iOS 10).
    open var wantsInteractiveStart = true

    /// The fraction `update(_:)` last set, or where a grabbed transition was.
    open var percentComplete: CGFloat { CGFloat(fraction) }
    private var fraction = 0.0
    /// The animator's `transitionDuration`, once a transition started.
    open var duration: CGFloat { CGFloat(seconds) }
    private var seconds = 0.0

    /// The transition this drives, not owned: the context holds the controllers that hold this.
    private var contextReference: SelfClearingReference<TransitionContext>?
    private var context: TransitionContext? { contextReference?.object }
    /// The transition this drives, for the stock interactions built on it.
    var transitionContext: TransitionContext? { context }
    private var timeline: Timeline?
    private var driver: UIViewImplicitlyAnimating?
    /// finish() or cancel() called before the transition started.
    private var pendingEnd: PendingEnd?
    private enum PendingEnd { case finish, cancel }

    /// What an adopting controller moves when a transition has both a timeline and an animator.
    nonisolated enum AdoptionPreference { case timeline, animator }

    /// The interruptible animator this controller moves, if it moves one.
    var adoptedAnimator: UIViewImplicitlyAnimating? { driver }

    public init() {}

    /// Takes over a transition that is already running (the scrub bar), so `pause()`,
    /// `update(_:)`, `finish()` and `cancel()` move it exactly as they move a transition this
    /// controller started. `preferring` picks what it moves when the transition has both a
    /// timeline and an interruptible animator (one vended for the whole transition, as UIKit
    /// requires) running on it: the timeline scrubs in time, the animator ends with its own timing.
    /// Nil when it runs on neither (an interaction controller with its own machinery).
    init?(adopting context: TransitionContext, preferring preference: AdoptionPreference) {
        guard !context.isComplete, let engine = context.engine else { return nil }
        let vended = engine.perform { context.interruptibleAnimator }
        switch (preference, context.timeline, vended) {
        case (.timeline, let timeline?, _), (.animator, let timeline?, nil):
            self.timeline = timeline
        case (_, _, let driver?):
            self.driver = driver
        default:
            return nil
        }
        contextReference = context.reference
        seconds = context.duration
        // A timeline's fraction is its time (UIKit's percentComplete); an animator's, its own.
        fraction = self.timeline != nil ? context.timeFraction : context.progress
    }

    open func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning) {
        guard let context = transitionContext as? TransitionContext, let animator = context.animator,
              let engine = context.engine else { return }
        contextReference = context.reference
        seconds = animator.transitionDuration(using: context)
        if let driver = engine.perform({ context.interruptibleAnimator }) {
            self.driver = driver
            engine.perform {
                if context.isInteractive {
                    driver.pauseAnimation()
                    driver.fractionComplete = CGFloat(fraction)
                } else {
                    driver.startAnimation()
                }
            }
        } else {
            let timeline = context.beginTimeline(paused: context.isInteractive)
            self.timeline = timeline
            engine.withTimeline(timeline) { animator.animateTransition(using: context) }
            if context.isInteractive { timeline.seek(to: fraction * seconds) }
        }
        switch pendingEnd {
        case .finish: finish()
        case .cancel: cancel()
        case nil: break
        }
        pendingEnd = nil
    }

    /// Sets the transition to `percentComplete` (clamped to 0…1); ignored unless interactive.
    open func update(_ percentComplete: CGFloat) {
        guard let context, context.isInteractive else { return }
        let requested = Double(percentComplete)
        let p = requested.isFinite ? min(max(requested, 0), 1) : fraction
        fraction = p
        if let driver {
            driver.fractionComplete = CGFloat(p)
        } else {
            timeline?.seek(to: p * seconds)
        }
        context.updateInteractiveTransition(CGFloat(p))
    }

    /// Plays the remaining (1 − p)·duration forward, divided by `completionSpeed`, and keeps time
    /// running past the end so animations the animator made longer than its duration complete too.
    open func finish() {
        guard let context, driver != nil || timeline != nil else {
            pendingEnd = .finish
            return
        }
        guard context.isInteractive else { return }
        context.noteCompletion(speed: effectiveSpeed, curve: completionCurve)
        context.finishInteractiveTransition()
        play(reversed: false)
    }

    /// Plays back p·duration to the start, divided by `completionSpeed`; every view ends where it began.
    open func cancel() {
        guard let context, driver != nil || timeline != nil else {
            pendingEnd = .cancel
            return
        }
        guard context.isInteractive else { return }
        context.noteCompletion(speed: effectiveSpeed, curve: completionCurve)
        context.cancelInteractiveTransition()
        play(reversed: true)
    }

    /// Grabs a running, finishing or cancelling transition mid-flight and makes it interactive
    /// (iOS 10): it stops where it is, and `update(_:)` moves it from there.
    open func pause() {
        guard let context, !context.isInteractive, !context.isComplete else { return }
        if let driver {
            driver.pauseAnimation()
            // Scrubbing resumes forward from where the views are.
            let forward = driver.isReversed ? 1 - driver.fractionComplete : driver.fractionComplete
            driver.isReversed = false
            fraction = Double(forward)
        } else if let timeline {
            timeline.pause()
            timeline.endBehavior = .hold
            fraction = seconds > 0 ? min(max(timeline.time / seconds, 0), 1) : 0
        } else {
            return
        }
        context.pauseInteractiveTransition()
    }

    private func play(reversed: Bool) {
        if let driver {
            // What is left of the duration, sped up by completionSpeed.
            let forward = driver.isReversed ? 1 - driver.fractionComplete : driver.fractionComplete
            driver.isReversed = reversed
            let remaining = reversed ? forward : 1 - forward
            driver.continueAnimation(withTimingParameters: timingCurve,
                                     durationFactor: max(remaining, CGFloat(Self.shortestRemainingShare)) / CGFloat(effectiveSpeed))
            return
        }
        guard let timeline else { return }
        timeline.endBehavior = reversed ? .revert : .complete
        let target = reversed ? 0 : seconds
        let remaining = max(reversed ? timeline.time : seconds - timeline.time, 0) / effectiveSpeed
        if let spring = timingCurve?.springTimingParameters {
            timeline.ramp(to: target, spring: spring.springs(duration: max(remaining, SpringTiming.durationRange.lowerBound)).x,
                          speedAfter: reversed ? 0 : effectiveSpeed)
        } else {
            // UIKit documents easeInOut as the default completion curve but plays the tail linearly
            // in practice (notes/uikit-behaviour.md, unverified): `completionCurve` is reported to the coordinator, not played.
            let curve = timingCurve?.cubicTimingParameters?.timingFunction ?? .linear
            timeline.ramp(to: target, duration: remaining, curve: curve, speedAfter: reversed ? 0 : effectiveSpeed)
        }
    }

    private var effectiveSpeed: Double { completionSpeed > 0 ? Double(completionSpeed) : 1 }
}
