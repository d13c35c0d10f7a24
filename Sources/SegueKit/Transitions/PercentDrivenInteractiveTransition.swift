import Motion

/// `UIPercentDrivenInteractiveTransition`: runs the animator's animations on one paused timeline
/// that `update(_:)` scrubs; `finish()` plays the rest forward, `cancel()` plays back to the start.
/// Curves, springs and keyframes all scrub together because every animation is a pure function of
/// its timeline's time.
open class PercentDrivenInteractiveTransition: ViewControllerInteractiveTransitioning {
    /// UIKit documents easeInOut as the default completion curve but plays the tail linearly in
    /// practice (notes/uikit-behaviour.md, unverified); flip this to make the tail follow the curve.
    public static let tailFollowsCompletionCurve = false

    public var completionSpeed: Double = 1
    public var completionCurve: View.AnimationCurve = .easeInOut
    public var wantsInteractiveStart = true

    public private(set) var percentComplete: Double = 0
    /// The animator's `transitionDuration`, once a transition started.
    public private(set) var duration: Double = 0

    private weak var context: TransitionContext?
    private var timeline: Timeline?
    /// finish() or cancel() called before the transition started.
    private var pendingEnd: PendingEnd?
    private enum PendingEnd { case finish, cancel }

    public init() {}

    open func startInteractiveTransition(_ transitionContext: ViewControllerContextTransitioning) {
        guard let context = transitionContext as? TransitionContext, let animator = context.animator,
              let engine = context.engine else { return }
        self.context = context
        duration = animator.transitionDuration(using: context)
        let timeline = context.beginTimeline(paused: true)
        self.timeline = timeline
        engine.withTimeline(timeline) { animator.animateTransition(using: context) }
        timeline.seek(to: percentComplete * duration)
        switch pendingEnd {
        case .finish: finish()
        case .cancel: cancel()
        case nil: break
        }
        pendingEnd = nil
    }

    /// Sets the transition to `percentComplete` (clamped to 0…1); ignored unless interactive.
    open func update(_ percentComplete: Double) {
        guard let context, context.isInteractive, let timeline else { return }
        let p = percentComplete.isFinite ? min(max(percentComplete, 0), 1) : self.percentComplete
        self.percentComplete = p
        timeline.seek(to: p * duration)
        context.updateInteractiveTransition(p)
    }

    /// Plays the remaining (1 − p)·duration forward, divided by `completionSpeed`, and keeps time
    /// running past the end so animations the animator made longer than its duration complete too.
    open func finish() {
        guard let context, let timeline else {
            pendingEnd = .finish
            return
        }
        guard context.isInteractive else { return }
        context.finishInteractiveTransition()
        timeline.endBehavior = .complete
        timeline.ramp(to: duration, duration: max(duration - timeline.time, 0) / effectiveSpeed, curve: tailCurve,
                      speedAfter: effectiveSpeed)
    }

    /// Plays back p·duration to the start, divided by `completionSpeed`; every view ends where it began.
    open func cancel() {
        guard let context, let timeline else {
            pendingEnd = .cancel
            return
        }
        guard context.isInteractive else { return }
        context.cancelInteractiveTransition()
        timeline.endBehavior = .revert
        timeline.ramp(to: 0, duration: max(timeline.time, 0) / effectiveSpeed, curve: tailCurve)
    }

    /// Grabs a finishing or cancelling transition mid-flight and makes it interactive again (iOS 10).
    open func pause() {
        guard let context, let timeline, !context.isInteractive, !context.isComplete else { return }
        timeline.pause()
        timeline.endBehavior = .hold
        percentComplete = duration > 0 ? min(max(timeline.time / duration, 0), 1) : 0
        context.pauseInteractiveTransition()
    }

    private var effectiveSpeed: Double { completionSpeed > 0 ? completionSpeed : 1 }

    private var tailCurve: TimingFunction {
        Self.tailFollowsCompletionCurve ? completionCurve.timingFunction : .linear
    }
}
