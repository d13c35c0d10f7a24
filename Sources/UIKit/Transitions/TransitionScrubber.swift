import Motion

/// The scrub bar's hold on the transition on screen: pauses it (interactive or not), moves it to
/// any progress or by single frames, and lets it finish or cancel from where it stands.
///
/// It adopts the running transition with `UIPercentDrivenInteractiveTransition`s, so a scrubbed
/// frame is computed by the same pure functions of time as the frame the clock would have
/// produced. Scrubbing moves the transition's timeline when it has one (progress is then its time
/// over the duration, as the frame header reports it), else its interruptible animator. Ending
/// goes through the interruptible animator when there is one, since only it can complete a
/// transition it drives; its timeline runs again first. Pausing makes the transition interactive,
/// which also keeps the runner's watchdog away from a transition a person is looking at.
@preconcurrency @MainActor public final class TransitionScrubber {
    private unowned let runner: TransitionRunner
    /// The transition adopted and the controllers that scrub and end it; replaced when another runs.
    private var adopted: SelfClearingReference<TransitionContext>?
    private var scrubbing: UIPercentDrivenInteractiveTransition?
    private var ending: UIPercentDrivenInteractiveTransition?

    init(runner: TransitionRunner) {
        self.runner = runner
    }

    /// Applies `command` to the running transition; `frameDuration` is one frame of animation
    /// time, seconds (a `step`'s unit). Throws, changing nothing, when there is no transition, it
    /// cannot be scrubbed, or a value is out of its range.
    func apply(_ command: ScrubCommand, frameDuration: Double) throws(ScrubError) {
        switch command {
        case .seek(let progress):
            guard progress.isFinite, (0...1).contains(progress) else { throw .invalidProgress(progress) }
        case .step(let frames):
            guard frames != 0, abs(frames) <= ScrubCommand.maximumStepFrames else { throw .invalidStep(frames) }
        case .pause, .finish, .cancel:
            break
        }
        let context = try adopt()
        guard let scrubbing, let ending else { return }
        scrubbing.pause()
        switch command {
        case .pause:
            break
        case .seek(let progress):
            // The slider sets the progress the telemetry shows: how far the motion has gone.
            scrubbing.update(context.timeFraction(forProgress: progress))
        case .step(let frames):
            guard context.duration > 0 else { return }
            scrubbing.update(context.timeFraction + Double(frames) * frameDuration / context.duration)
        case .finish, .cancel:
            if let animator = ending.adoptedAnimator {
                if let timeline = context.timeline {
                    timeline.endBehavior = .complete
                    timeline.setSpeed(1)
                }
                // Brings the animator's progress to where the scrubbed timeline put it.
                animator.pauseAnimation()
            }
            command == .finish ? ending.finish() : ending.cancel()
        }
    }

    private func adopt() throws(ScrubError) -> TransitionContext {
        guard let active = runner.active, !active.isComplete else { throw .noTransition }
        if let context = adopted?.object, context === active { return active }
        guard let scrubbing = UIPercentDrivenInteractiveTransition(adopting: active, preferring: .timeline),
              let ending = UIPercentDrivenInteractiveTransition(adopting: active, preferring: .animator) else {
            throw .notScrubbable(active.operation)
        }
        adopted = active.reference
        self.scrubbing = scrubbing
        self.ending = ending
        return active
    }
}

/// Why a scrub command changed nothing; each reads as a sentence for the page.
public nonisolated enum ScrubError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No transition is running (or the last one just completed).
    case noTransition
    /// The transition runs on machinery of its own (neither a timeline nor an interruptible animator).
    case notScrubbable(TransitionStatus.Operation)
    case invalidProgress(Double)
    case invalidStep(Int)

    public var description: String {
        switch self {
        case .noTransition:
            "No transition is running, so there is nothing to scrub."
        case .notScrubbable(let operation):
            "This \(operation.rawValue) transition runs on machinery of its own and cannot be scrubbed."
        case .invalidProgress(let progress):
            "Progress \(progress) is not a number between 0 and 1."
        case .invalidStep(let frames):
            "A step of \(frames) frames is not allowed; steps are 1 to \(ScrubCommand.maximumStepFrames) frames either way."
        }
    }
}
