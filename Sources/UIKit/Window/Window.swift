import Logging
import Motion

/// The root of a view tree and its world: the clock-driven animation engine, the controllers, the
/// gesture dispatcher and the transition runner. Everything that changes the world goes through
/// it (`perform`, `handle`, `resize`), which makes this window's engine the one animation blocks
/// record into.
@preconcurrency @MainActor open class UIWindow: UIView {
    public let engine: AnimationEngine
    public let transitions: TransitionRunner
    public let logger: Logger
    private var gestures = GestureDispatcher()
    private var builder = DisplayListBuilder()
    private var list = DisplayList()
    /// A size that arrived mid-transition, applied when it ends.
    private var pendingSize: CGSize?
    var displayLinks: [CADisplayLink] = []
    /// Where the blocks, timers and delayed calls the world's code schedules wait for their time.
    let runLoop: SceneRunLoop
    /// `NotificationCenter.default` for this world's code, made when first asked for: most
    /// scenes post nothing, and every session has a window.
    var notificationCenter: NotificationCenter {
        if let center = madeNotificationCenter { return center }
        let center = NotificationCenter()
        madeNotificationCenter = center
        return center
    }
    private var madeNotificationCenter: NotificationCenter?
    /// The system's chrome, pinned in front of every controller's and presentation's view.
    public let statusBar = StatusBar()
    public let homeIndicator = HomeIndicator()
    /// The background under the home indicator as last found, and the `contentRevision` it holds
    /// for: what the indicator finds under it changes only with what the window draws.
    private var indicatorBackground: UIColor?
    private var indicatorBackgroundRevision: UInt64?
    /// While only animations move (no model value changes), what is under the indicator is found
    /// again every this many frames, a tenth of a second, and once more when they stop: searching
    /// the tree every frame would cost more than building the frame.
    static let indicatorSearchFramesWhileAnimating = 6
    private var framesSinceIndicatorSearch = 0
    private var animatedSinceIndicatorSearch = false
    /// Counts changes to what the window shows from its controllers (`UIViewController.controllersDidChange`):
    /// walking them every frame for the hint and the status bar's style retained and released each
    /// one, and controllers that are some object's `weak` target do that through side tables.
    var controllerRevision: UInt64 = 0
    /// The status bar style and hint as last found, and the `controllerRevision` they hold for.
    private var preferredStyle = UIStatusBarStyle.default
    private var visibleHint = ""
    private var controllerFindingsRevision: UInt64?

    override var defaultName: String { "window" }

    public required init?(coder: NSCoder) { nil }

    public init(size: CGSize, clock: Clock, logger: Logger = Logger(label: "segue.window", factory: { _ in SwiftLogNoOpLogHandler() })) {
        engine = AnimationEngine(clock: clock, logger: logger)
        self.logger = logger
        transitions = TransitionRunner(engine: engine, logger: logger)
        runLoop = SceneRunLoop(logger: logger)
        super.init(frame: CGRect(origin: .zero, size: size))
        engine.window = self
        backgroundColor = .black
        pinSubviewInFront(statusBar)
        pinSubviewInFront(homeIndicator)
        layoutChrome()
    }

    /// `screen`: the device's screen this window fills, as it is now (`UIScreen`).
    public var screen: UIScreen { UIScreen(size: bounds.size) }

    /// The screen's safe area (`SafeArea.insets(for:)`); a controller's view gets the part it overlaps.
    public var screenSafeAreaInsets: UIEdgeInsets { assignedSafeAreaInsets ?? .zero }

    /// Sets the safe area for the window's size and lays the status bar and home indicator out.
    private func layoutChrome() {
        let size = bounds.size
        assignedSafeAreaInsets = SafeArea.insets(for: size)
        statusBar.layout(width: size.width, height: screenSafeAreaInsets.top, device: SafeArea.device(for: size))
        homeIndicator.layout(in: size)
        statusBar.showTime(elapsed: engine.rootTimeline.time)
    }

    /// Brings the chrome up to date: the time from the world's clock, the style from the controllers.
    private func updateChrome() {
        statusBar.showTime(elapsed: engine.rootTimeline.time)
        if controllerFindingsRevision != controllerRevision {
            preferredStyle = rootViewController?.statusBarStyleController.preferredStatusBarStyle ?? .default
            visibleHint = visibleViewController?.accessibilityHint ?? ""
            controllerFindingsRevision = controllerRevision
        }
        let style = preferredStyle
        if style != statusBar.style { statusBar.apply(style) }
        if !homeIndicator.isHidden {
            // The search walks the tree and reads what is on screen: what it finds changes only with
            // the tree, a model value, or a running animation (`indicatorSearchFramesWhileAnimating`).
            let animating = engine.runningAnimationCount > 0
            framesSinceIndicatorSearch += 1
            if indicatorBackgroundRevision != contentRevision
                || (animating && framesSinceIndicatorSearch >= Self.indicatorSearchFramesWhileAnimating)
                || (!animating && animatedSinceIndicatorSearch) {
                let under = CGPoint(x: homeIndicator.center.x, y: homeIndicator.center.y)
                indicatorBackground = opaqueBackground(at: under)
                framesSinceIndicatorSearch = 0
                animatedSinceIndicatorSearch = false
            }
            if animating { animatedSinceIndicatorSearch = true }
            homeIndicator.adapt(to: indicatorBackground, fallback: style)
            // The search skips the chrome, so the indicator's own new colour leaves its finding valid.
            indicatorBackgroundRevision = contentRevision
        }
    }

    /// Moves with every change to what the window draws, of its own or below it (a subview, a model
    /// value, a text): the sum of two counters that only grow.
    private var contentRevision: UInt64 { drawRevision &+ descendantsRevision }

    /// The root controller and display links may outlive their window: they must not point at it then.
    deinit {
        uncheckedMainActor {
            engine.window = nil
            gestures.releasePeers()
            rootViewController?.attachedWindow = nil
            for link in displayLinks { link.windowWentAway() }
            runLoop.removeAll()
            madeNotificationCenter?.removeAll()
        }
    }

    public var clock: Clock { engine.clock }

    public var rootViewController: UIViewController? {
        didSet {
            controllerRevision &+= 1
            oldValue?.view.removeFromSuperview()
            oldValue?.attachedWindow = nil
            guard let root = rootViewController else { return }
            perform {
                root.attachedWindow = self
                root.layout(in: bounds, safeArea: screenSafeAreaInsets)
                insertSubview(root.view, at: 0)
                root.beginAppearance(true, animated: false)
                root.endAppearance()
            }
        }
    }

    /// The controller whose view is on top.
    public var visibleViewController: UIViewController? { rootViewController?.visibleViewController }

    /// Runs `body` with this window's engine current: animation blocks inside it animate here.
    public func perform<R>(_ body: () throws -> R) rethrows -> R {
        try engine.perform(body)
    }

    /// Feeds one pointer event to the gesture recognizers (applied at once, at the clock's time),
    /// then runs what the run loop has due, as iOS does after each event: a block the event's
    /// handlers queue on the main queue runs before the next event.
    public func handle(_ event: PointerEvent) {
        perform {
            panOfEvent = event.phase == .down ? nil : gestures.pan(following: event.pointerID)
            gestures.dispatch(event, in: self)
            panOfEvent = nil
            runLoop.run(until: engine.rootTimeline.time)
        }
    }

    /// While an event is dispatched, the pan recognizer following its pointer: what a transition's
    /// interaction measures its drag and release by (`TransitionContext`'s release reading). Held
    /// only for the dispatch, and strongly: `weak` would give every pan a side table.
    private(set) var panOfEvent: UIPanGestureRecognizer?

    /// Applies a scrub-bar command to the running transition at the clock's time (see
    /// `TransitionScrubber`); throws, changing nothing, when it cannot apply.
    public func scrub(_ command: ScrubCommand, frameDuration: Double) throws(ScrubError) {
        let failure: ScrubError? = perform {
            do throws(ScrubError) {
                try transitions.scrubber.apply(command, frameDuration: frameDuration)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    /// Pointer events ignored (a pointer down again, one past the ten followed at once, or moves of
    /// a pointer that never went down).
    public var ignoredPointerEvents: Int { gestures.ignoredEvents }

    /// Lays the controllers out for a new screen size; mid-transition, waits for the transition's end.
    /// First tells the root controller and every presented one `viewWillTransition(to:with:)` (each
    /// tells its children), with a coordinator whose alongside animations run once the new layout
    /// is in place (`SizeTransitionCoordinator`).
    public func resize(to size: CGSize) {
        guard size != bounds.size else { return }
        if transitions.isBusy {
            pendingSize = size
            return
        }
        perform {
            let roots = rootViewController.map { $0.hierarchy.filter { $0.parent == nil } } ?? []
            let coordinator = rootViewController.map {
                SizeTransitionCoordinator(from: bounds.size, to: size, containerView: $0.view, timeline: engine.rootTimeline)
            }
            if let coordinator {
                for controller in roots {
                    // A presentation controller tells the controller it presented (UIContentContainer).
                    let container: UIContentContainer = controller.activePresentationController ?? controller
                    container.viewWillTransition(to: size, with: coordinator)
                }
            }
            bounds = CGRect(origin: .zero, size: size)
            center = CGPoint(x: size.width / 2, y: size.height / 2)
            layoutChrome()
            for controller in roots {
                guard let container = controller.presentationContainer else {
                    controller.layout(in: bounds, safeArea: screenSafeAreaInsets)
                    continue
                }
                if container.superview === self {
                    container.frame = bounds
                    controller.layout(in: bounds, safeArea: screenSafeAreaInsets)
                } else if let context = controller.presentingViewController?.view {
                    // Over a presentation context: its view's place, or all of its home while covered.
                    container.frame = context.superview != nil ? context.frame : container.superview?.bounds ?? bounds
                    controller.layout(in: container.bounds, safeArea: context.safeAreaInsets)
                }
            }
            coordinator?.startAnimations()
        }
    }

    /// Brings animations to the clock's time, calls due completions, lays out the views marked as
    /// needing it (`layoutSubviews`), and flattens the tree. The returned list's storage is reused
    /// by the next call.
    public func displayList() -> DisplayList {
        advance()
        // One flag when nothing is marked (View+Layout.swift).
        if subtreeNeedsLayout { layOutBeforeFrame() }
        updateChrome()
        list.viewport = bounds.size
        if visibleHint != list.hint { list.hint = visibleHint }
        builder.build(root: self, into: &list)
        return list
    }

    /// Whether this window, as last evaluated, would look different at a later time with no input
    /// and no call into it: something animates on a running timeline, a display link fires, the
    /// run loop has work due, or a transition runs on its own (its watchdog counts time too). False
    /// while a paused interactive transition waits for a finger that does not move: a frame then
    /// would repeat the last.
    public var movesWithTime: Bool {
        if engine.movesWithTime || displayLinks.contains(where: { !$0.isPaused })
            || runLoop.hasWorkDue(at: engine.rootTimeline.time) { return true }
        guard let transition = transitions.active else { return false }
        return !transition.isInteractive
    }

    /// Walks what building the next frame reads, in the order it first reads it: the window and
    /// what a pointer's next event reaches, the engine, the transition, the display list's nodes
    /// and their change stamps, then every shown view, front to back as the builder walks them.
    package func visitFrameMemory<Visitor: FrameMemoryVisitor>(_ visitor: inout Visitor) {
        visitor.visit(self)
        gestures.visitFrameMemory(&visitor)
        engine.visitFrameMemory(&visitor)
        visitor.visit(transitions)
        if let context = transitions.active {
            visitor.visit(context)
            // What an interaction controller reaches the context through, every move.
            visitor.visit(context.reference)
        }
        visitor.visit(list.storedNodes)
        visitor.visit(list.changes.ownValuesChangedAt)
        builder.visitFrameMemory(&visitor)
        visitOutOfLineStorage(&visitor)
        visitSubviews(of: self, &visitor)
    }

    /// A hidden view is read (the builder checks the flag), what it hides is not.
    private func visitSubviews<Visitor: FrameMemoryVisitor>(of view: UIView, _ visitor: inout Visitor) {
        if view.isHidden { return }
        for subview in view.subviews {
            visitor.visit(subview)
            subview.visitOutOfLineStorage(&visitor)
            visitSubviews(of: subview, &visitor)
        }
    }

    /// The layout pass before a frame, in this world (a `layoutSubviews` may animate, or read
    /// `UIScreen.main`). Passes stop at `maximumLayoutPasses`, leaving what a runaway layout keeps
    /// marking for the next frame.
    private func layOutBeforeFrame() {
        let passes = perform { layOutMarkedViews() }
        if passes == Self.maximumLayoutPasses && subtreeNeedsLayout {
            logger.info("layout did not settle: views still marked after \(passes) passes; the rest waits for the next frame")
        }
    }

    /// Whether work the world's code scheduled will still run and end: a queued block, a timer
    /// that does not repeat, a delayed call (`SceneRunLoop.hasWorkThatEnds`).
    public var hasScheduledWork: Bool { runLoop.hasWorkThatEnds }

    /// Runs what the run loop has due and calls the display links (in that order, as a frame on
    /// iOS), then evaluates animations at the clock's time and runs the transition watchdog.
    public func advance() {
        let now = engine.rootTimeline.time
        if runLoop.hasWorkDue(at: now) {
            perform { runLoop.run(until: now) }
        }
        if !displayLinks.isEmpty {
            // A link may invalidate itself or another: the links as the frame began are called.
            let links = displayLinks
            perform { for link in links { link.fire(now) } }
        }
        engine.evaluate()
        transitions.checkWatchdog()
        if !transitions.isBusy, let size = pendingSize {
            pendingSize = nil
            resize(to: size)
        }
    }
}
