import Motion

extension UINavigationController {
    /// Whether a left-edge swipe may start the stock interactive pop now: something to pop, no
    /// transition running, and no animator from the delegate (a custom pop keeps its own gestures).
    var canBeginBackSwipe: Bool {
        guard viewControllers.count > 1, let window, !window.transitions.isBusy, let top = topViewController else {
            return false
        }
        let below = viewControllers[viewControllers.count - 2]
        return delegate?.navigationController(self, animationControllerFor: .pop, from: top, to: below) == nil
    }

    /// The back swipe's target: starts the pop (or grabs the one in flight), drags it, throws it.
    func handleBackSwipe(_ gesture: UIPanGestureRecognizer) {
        let width = view.bounds.width
        switch gesture.state {
        case .began:
            if let swipe = backSwipe {
                swipe.grab()
                return
            }
            let swipe = BackSwipeInteraction()
            backSwipe = swipe
            if pop(animated: true, stockInteraction: swipe) == nil { backSwipe = nil }
        case .changed:
            backSwipe?.drag(translationX: gesture.translation(in: view).x, width: width)
        case .ended, .cancelled:
            backSwipe?.release(velocityX: gesture.velocity(in: view).x, width: width,
                               cancelled: gesture.state == .cancelled)
        default:
            break
        }
    }
}

/// `interactivePopGestureRecognizer`'s class: a left-edge pan that begins only when the stock pop
/// may start (`canBeginBackSwipe`), and that, while the pop it started is finishing or cancelling,
/// takes a touch anywhere on the navigation controller's view and begins at once, so the finger
/// grabs the pop mid-flight.
final class InteractivePopGestureRecognizer: UIScreenEdgePanGestureRecognizer {
    weak var navigationController: UINavigationController?
    private var grabbing = false

    override init() {
        super.init()
        edges = .left
    }

    private var popInFlight: Bool { navigationController?.backSwipe?.isFlying ?? false }

    override func shouldTrack(down location: CGPoint) -> Bool {
        grabbing = popInFlight
        if grabbing { return true }
        return (navigationController?.canBeginBackSwipe ?? false) && super.shouldTrack(down: location)
    }

    override func pointerDown(_ event: PointerEvent) {
        super.pointerDown(event)
        if grabbing && state == .possible { transition(to: .began) }
    }

    override func shouldBegin(at location: CGPoint) -> Bool? {
        let begins = super.shouldBegin(at: location)
        guard begins == true else { return begins }
        return navigationController?.canBeginBackSwipe ?? false
    }
}

/// The stock back swipe's interaction: the pop follows the finger 1:1 (progress = the top view's
/// offset over the width, scrubbed linearly), and on release it pops when the offset plus
/// `projection` seconds of velocity passes half the width, else cancels (react-navigation's rule).
/// The finger's velocity goes to the stock spring, relative to the distance left, so the top view
/// leaves the finger with the finger's speed.
final class BackSwipeInteraction: UIPercentDrivenInteractiveTransition {
    /// Seconds of release velocity added to the offset before comparing with half the width.
    static let projection = 0.3

    /// Progress when the current drag began (0 for the swipe, where it was for a grab).
    private var dragStart = 0.0
    /// Released and not grabbed since: the pop is finishing or cancelling on its own.
    private(set) var isFlying = false

    /// A finger took the pop back while it was finishing or cancelling.
    func grab() {
        guard isFlying else { return }
        pause()
        dragStart = percentComplete
        isFlying = false
    }

    func drag(translationX: Double, width: Double) {
        guard !isFlying, width > 0 else { return }
        update(dragStart + translationX / width)
    }

    func release(velocityX: Double, width: Double, cancelled: Bool) {
        guard !isFlying, width > 0 else { return }
        isFlying = true
        let offset = percentComplete * width
        let projected = offset + Self.projection * velocityX
        let pops = !cancelled && projected > width / 2
        transitionContext?.describeRelease(velocity: velocityX, projectedProgress: projected / width, threshold: 0.5)
        let distance = (pops ? width : 0) - offset
        let relative = UISpringTimingParameters.relativeVelocity(CGPoint(x: velocityX, y: 0),
                                                               distance: CGVector(dx: distance, dy: 0)).dx
        timingCurve = NavigationSlideAnimator.spring(relativeVelocity: relative)
        if pops { finish() } else { cancel() }
    }
}
