import Logging
import Motion

/// Runs a window's transitions, one at a time. A transition asked for while another runs is refused
/// with a logged reason (UIKit refuses and logs too); refusing, not queueing, keeps the user's
/// gesture and what the screen shows in step.
@preconcurrency @MainActor public final class TransitionRunner {
    /// Root-time seconds a transition may overrun its duration before the watchdog completes it.
    public static let completionGrace = 2.0

    public private(set) var active: TransitionContext?
    /// The active transition's coordinator (`UIViewController.transitionCoordinator`), made when it
    /// starts and let go of when it completes.
    private(set) var activeCoordinator: TransitionCoordinator?
    /// The interaction controller driving the active transition, kept until it ends, as UIKit keeps
    /// it: a delegate may vend a new one it holds nowhere else (`return SwipeInteractor(…)`). Here
    /// and not in the context, which many interaction controllers hold: a window dropped
    /// mid-transition must free both.
    private var activeInteractionController: UIViewControllerInteractiveTransitioning?
    /// Transitions refused because another was running.
    public private(set) var refusedCount = 0
    /// Transitions the watchdog had to complete because the animator never did.
    public private(set) var rescuedCount = 0
    /// Transitions that reached `completeTransition`.
    public private(set) var completedCount = 0
    /// Transitions started.
    public private(set) var startedCount = 0
    /// What the last finger's lift on an interactive transition decided, and how many lifts have
    /// (the session sends a reading each time the count moves).
    public private(set) var lastRelease: TransitionRelease?
    public private(set) var releaseCount = 0
    /// `completeTransition` calls after the first, ignored (an animator bug, logged).
    public private(set) var duplicateCompletionCount = 0
    let engine: AnimationEngine
    let logger: Logger
    /// The scrub bar's hold on whichever transition runs.
    private(set) lazy var scrubber = TransitionScrubber(runner: self)
    /// How the contexts this runs refer back to it (`SelfClearingReference`).
    private let reference = SelfClearingReference<TransitionRunner>()

    init(engine: AnimationEngine, logger: Logger) {
        self.engine = engine
        self.logger = logger
        reference.attach(self)
    }

    deinit {
        uncheckedMainActor {
            reference.clear()
            active?.abandon()
        }
    }

    public var isBusy: Bool { active != nil }

    public var status: TransitionStatus? { active?.status }

    /// Refuses (and logs why) when a transition is already running.
    func admit(_ what: String) -> Bool {
        guard let active else { return true }
        refusedCount += 1
        logger.notice("refused \(what): a \(active.operation.rawValue) transition is running")
        return false
    }

    /// Starts a transition: interactive through `interactor` when it wants an interactive start,
    /// otherwise the animator's animations on a running timeline. `willStart` runs once the
    /// transition is active, has its coordinator and knows whether it is interactive, before any
    /// animation: where UIKit sends the appearance callbacks' `viewWillAppear` and
    /// `viewWillDisappear` and calls a container's delegate (`navigationController(_:willShow:animated:)`),
    /// which may ask for `transitionCoordinator` and queue alongside animations.
    func run(_ context: TransitionContext, interactor: UIViewControllerInteractiveTransitioning?,
             willStart: () -> Void = {}) {
        let coordinator = TransitionCoordinator(context: context)
        activeInteractionController = interactor
        active = context
        activeCoordinator = coordinator
        context.runnerReference = reference
        startedCount += 1
        engine.perform {
            guard context.isAnimated, let animator = context.animator else {
                willStart()
                coordinator.startAnimations {}
                context.completeTransition(true)
                return
            }
            if let interactor {
                if interactor.wantsInteractiveStart { context.startInteractive() }
                context.noteCompletion(speed: Double(interactor.completionSpeed), curve: interactor.completionCurve)
                willStart()
                coordinator.startAnimations { interactor.startInteractiveTransition(context) }
            } else {
                willStart()
                let timeline = context.beginTimeline(paused: false)
                coordinator.startAnimations {
                    engine.withTimeline(timeline) { animator.animateTransition(using: context) }
                }
            }
        }
    }

    /// The transition went interactive or stopped being so: its coordinator's handlers run.
    func interactionChanged(_ context: TransitionContext) {
        guard active === context else { return }
        activeCoordinator?.interactionDidChange()
    }

    func noteRelease(_ release: TransitionRelease) {
        lastRelease = release
        releaseCount += 1
    }

    /// The transition completed: the runner is free. Returns its coordinator, for the context to
    /// run the completions once the transition's own completion work is done.
    func ended(_ context: TransitionContext) -> TransitionCoordinator? {
        completedCount += 1
        guard active === context else { return nil }
        let coordinator = activeCoordinator
        activeInteractionController = nil
        active = nil
        activeCoordinator = nil
        return coordinator
    }

    func reportDuplicateCompletion(_ message: String) {
        duplicateCompletionCount += 1
        logger.warning("\(message)")
    }

    /// A transition whose animator never calls `completeTransition` must not freeze the window:
    /// once a non-interactive phase overruns its duration by `completionGrace`, complete it. Not
    /// while blocks on its timeline still run toward their end (a tuned keyframe block longer than
    /// the animator's duration): their completion is the animator's to call.
    func checkWatchdog() {
        guard let context = active, !context.isInteractive, !context.isComplete else { return }
        let elapsed = engine.rootTimeline.time - context.phaseStart
        guard elapsed > context.phaseAllowance else { return }
        if let timeline = context.timeline, engine.hasBlocksStillRunning(on: timeline) { return }
        rescuedCount += 1
        let animatorName = context.animator.map { String(describing: type(of: $0)) } ?? "none"
        logger.error("the \(context.operation.rawValue) animator (\(animatorName)) never called completeTransition; completing it after \(elapsed) s")
        engine.perform { context.completeTransition(!context.transitionWasCancelled) }
    }
}
