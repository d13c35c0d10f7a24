import Motion

/// The coordinator `viewWillTransition(to:with:)` gets when the window's size changes (a rotation:
/// the page turned, or the viewer's Rotate): UIKit's rotation coordinator.
///
/// The page's viewport has already changed when the window hears of it (the browser or the device
/// outline turned at once), so the window lays its controllers out at the new size at once, as it
/// always has: the layout itself does not animate. The alongside animations registered in
/// `viewWillTransition(to:with:)` run right after that layout, in one animation block of
/// `duration` with UIKit's default ease-in-ease-out curve on the window's time, so the views they
/// change move to their new values over the rotation; the completions run when that block ends.
/// A block registered later, while the rotation runs, runs at once for the time it has left;
/// after that, registering returns false and runs nothing. A size change is never interactive, so
/// `notifyWhenInteractionChanges` handlers are never called (and not kept).
///
/// When nothing is registered the change commits no animation at all, so a resize costs the frames
/// after it nothing new.
final class SizeTransitionCoordinator: UIViewControllerTransitionCoordinator {
    typealias Block = (UIViewControllerTransitionCoordinatorContext) -> Void

    /// How long a rotation's animations run, seconds: UIKit's on a phone (notes §4; iPads are said
    /// to take 0.4 s, unverified, and a desktop window's resize takes the same here).
    static let duration: TimeInterval = 0.3

    /// The quarter turn of a change into landscape: −90°, `CGAffineTransform(rotationAngle: -.pi / 2)`
    /// with exact entries. The page cannot tell which way the phone turned, so the way into
    /// landscape is taken as this one and the way back as its inverse: a round trip composes to
    /// the identity.
    static let turnIntoLandscape = CGAffineTransform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: 0)
    static let turnIntoPortrait = CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)

    /// The root controller's view, whose size changes. Not the window, which UIKit uses: this
    /// coordinator lives on in the completion of the rotation's animation block, which the window's
    /// engine owns, and must not own the window back.
    let containerView: UIView
    let targetTransform: CGAffineTransform
    /// The window's root timeline, which the rotation's animations run on (it does not own the engine).
    private let timeline: Timeline
    private var phase = Phase.queueing
    private var queued: [Block] = []
    private var completions: [Block] = []
    /// Root-timeline time when the rotation's animations end (set when they start).
    private var endTime = 0.0
    /// Whether an animation block whose completion ends the rotation has been committed.
    private var endScheduled = false

    private enum Phase {
        /// `viewWillTransition(to:with:)` is being called down the tree: blocks wait.
        case queueing
        /// The new layout is in place and the rotation's animations run.
        case animating
        /// The rotation's animations ended and its completions ran.
        case ended
    }

    /// A change from `oldSize` to `newSize`: a quarter turn when one is portrait and the other
    /// landscape (taller than wide, or not), identity when the aspect keeps its orientation.
    init(from oldSize: CGSize, to newSize: CGSize, containerView: UIView, timeline: Timeline) {
        self.containerView = containerView
        self.timeline = timeline
        let wasLandscape = oldSize.width > oldSize.height, isLandscape = newSize.width > newSize.height
        if wasLandscape == isLandscape {
            targetTransform = .identity
        } else {
            targetTransform = isLandscape ? Self.turnIntoLandscape : Self.turnIntoPortrait
        }
    }

    /// The window laid out at the new size: the queued blocks animate, for `duration`.
    func startAnimations() {
        guard case .queueing = phase else { return }
        phase = .animating
        endTime = timeline.time + Self.duration
        guard !queued.isEmpty || !completions.isEmpty else { return }
        let blocks = queued
        queued.removeAll()
        animate(for: Self.duration) { for block in blocks { block(self) } }
    }

    /// One animation block on the window's time; the first one committed ends the rotation.
    private func animate(for duration: Double, _ animations: @escaping () -> Void) {
        let end: ((Bool) -> Void)? = endScheduled ? nil : { _ in self.end() }
        endScheduled = true
        guard let engine = AnimationEngine.current else {
            return UIView.animate(withDuration: duration, delay: 0, animations: animations, completion: end)
        }
        engine.withTimeline(timeline) {
            UIView.animate(withDuration: duration, delay: 0, animations: animations, completion: end)
        }
    }

    private func end() {
        phase = .ended
        let handlers = completions
        completions.removeAll()
        for handler in handlers { handler(self) }
    }

    // MARK: UIViewControllerTransitionCoordinator

    @discardableResult
    func animate(alongsideTransition animation: Block?, completion: Block?) -> Bool {
        switch phase {
        case .ended:
            return false
        case .queueing:
            if let animation { queued.append(animation) }
            if let completion { completions.append(completion) }
        case .animating:
            let remaining = max(endTime - timeline.time, 0)
            if remaining == 0 && !endScheduled {
                // Over, and nothing was waiting for its end.
                phase = .ended
                return false
            }
            if let completion { completions.append(completion) }
            if animation != nil || !endScheduled {
                animate(for: remaining) { animation?(self) }
            }
        }
        return true
    }

    @discardableResult
    func animateAlongsideTransition(in view: UIView?, animation: Block?, completion: Block?) -> Bool {
        animate(alongsideTransition: animation, completion: completion)
    }

    /// A size change is never interactive, so its interaction never changes: the handler would
    /// never be called, and is not kept.
    func notifyWhenInteractionChanges(_ handler: @escaping Block) {}

    // MARK: UIViewControllerTransitionCoordinatorContext

    var isAnimated: Bool { true }
    /// A size change presents nothing; UIKit has no style for it that this enum lists.
    var presentationStyle: UIModalPresentationStyle { .fullScreen }
    var initiallyInteractive: Bool { false }
    var isInterruptible: Bool { false }
    var isInteractive: Bool { false }
    var isCancelled: Bool { false }
    var transitionDuration: TimeInterval { Self.duration }
    /// Never interactive, so never went non-interactive part way.
    var percentComplete: CGFloat { 0 }
    var completionVelocity: CGFloat { 1 }
    var completionCurve: UIView.AnimationCurve { .easeInOut }
    /// No controller replaces another.
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? { nil }
    func view(forKey key: UITransitionContextViewKey) -> UIView? { nil }
}
