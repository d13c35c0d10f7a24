import Motion

/// UIKit's stock push and pop, run through one `UIViewPropertyAnimator` so that the back swipe can
/// scrub it, throw it and grab it again (`interruptibleAnimator(using:)` vends the same animator
/// for the whole transition; `animateTransition` just starts it).
///
/// The top view slides in from the right (out to the right for a pop); the view below moves by
/// `parallax` × width and is dimmed by a black view whose alpha runs `dimmingAlpha` → 0 as it is
/// uncovered; a soft shadow falls from the top view's left edge onto it. UIKit's numbers are not public:
/// these follow react-navigation's `forHorizontalIOS` and `TransitionIOSSpec`, which say they match
/// `UINavigationController` (docs/scenes.md, `settings`, has the sources and measured positions).
final class NavigationSlideAnimator: UIViewControllerAnimatedTransitioning {
    /// How far the covered view moves, as a fraction of the width (react-navigation, SloppySwiper).
    static let parallax = 0.3
    /// Alpha of the black view over the covered view when fully covered (notes: 0.07–0.1).
    static let dimmingAlpha = 0.1
    /// The top view's soft left-edge shadow: UIKit's is about 4 pt at 0.2–0.3 opacity. It is cast
    /// by a black view the top view's size right under it (so only the shadow shows), whose alpha
    /// runs 0 → 1 as the top view arrives (react-navigation fades its shadow the same way).
    static let shadowOpacity = 0.25
    static let shadowRadius = 4.0
    /// react-navigation's `TransitionIOSSpec`: mass 3, stiffness 1000. Its damping of 500 is
    /// overdamped, but React Native's native spring solver (from Rebound) runs every ζ ≥ 1 as
    /// critically damped at ω = √(k/m); damping 2√(k·m) here gives that same motion.
    static let springMass = 3.0
    static let springStiffness = 1000.0
    static let springDamping = 2 * (springMass * springStiffness).squareRoot()
    /// ω = √(k/m) ≈ 18.26 rad/s. A critically damped spring with a relative velocity up to ω toward
    /// its target reaches it without passing it; a faster throw toward the target is clipped to this
    /// (react-navigation clamps the overshoot instead), so a thrown pop never shows the window past
    /// either view. A throw away from the target cannot overshoot it and is handed over whole.
    static let maximumRelativeVelocity = (springStiffness / springMass).squareRoot()
    /// How long the spring takes from rest to settle within 0.001 of the distance: ≈ 0.506 s.
    static let duration = spring(relativeVelocity: 0).springs(duration: 0).x.duration

    /// The spring, carrying `relativeVelocity` (distance per second over the distance left).
    static func spring(relativeVelocity: Double) -> UISpringTimingParameters {
        let v = relativeVelocity.isFinite ? min(relativeVelocity, maximumRelativeVelocity) : 0
        return UISpringTimingParameters(mass: springMass, stiffness: springStiffness, damping: springDamping,
                                      initialVelocity: CGVector(dx: v, dy: 0))
    }

    let operation: UINavigationController.Operation
    private var animator: UIViewPropertyAnimator?

    init(operation: UINavigationController.Operation) {
        self.operation = operation
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> Double { Self.duration }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        animator(using: transitionContext).startAnimation()
    }

    func interruptibleAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewImplicitlyAnimating {
        animator(using: transitionContext)
    }

    /// The one animator of this transition, made on first use.
    private func animator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewPropertyAnimator {
        if let animator { return animator }
        let made = makeAnimator(using: transitionContext)
        animator = made
        return made
    }

    func animationEnded(_ transitionCompleted: Bool) {
        animator = nil
    }

    private func makeAnimator(using transitionContext: UIViewControllerContextTransitioning) -> UIViewPropertyAnimator {
        let animator = UIViewPropertyAnimator(duration: Self.duration, timingParameters: Self.spring(relativeVelocity: 0))
        guard let from = transitionContext.view(forKey: .from), let to = transitionContext.view(forKey: .to) else {
            animator.addCompletion { [weak transitionContext] _ in transitionContext?.completeTransition(false) }
            return animator
        }
        let push = operation == .push
        let top = push ? to : from
        let below = push ? from : to
        let container = transitionContext.containerView
        let width = container.bounds.width
        let dimming = UIView(frame: container.bounds, name: "\(container.name)-dimming")
        dimming.backgroundColor = .black
        dimming.isUserInteractionEnabled = false
        let shadow = UIView(frame: container.bounds, name: "\(container.name)-shadow")
        shadow.backgroundColor = .black
        shadow.shadowOpacity = Self.shadowOpacity
        shadow.shadowRadius = Self.shadowRadius
        shadow.shadowOffset = .zero
        shadow.isUserInteractionEnabled = false
        if push {
            container.addSubview(dimming)
            container.addSubview(shadow)
            container.addSubview(to)
        } else {
            container.insertSubview(to, belowSubview: from)
            container.insertSubview(dimming, belowSubview: from)
            container.insertSubview(shadow, belowSubview: from)
        }
        // Covered: the top view one width to the right, the one below still in place.
        let covered = (top: CGAffineTransform(translationX: width, y: 0), below: CGAffineTransform.identity,
                       dimming: 0.0, shadow: 0.0)
        // Uncovered: the top view in place, the one below moved left and dimmed.
        let uncovered = (top: CGAffineTransform.identity, below: CGAffineTransform(translationX: -width * Self.parallax, y: 0),
                         dimming: Self.dimmingAlpha, shadow: 1.0)
        let start = push ? covered : uncovered
        let end = push ? uncovered : covered
        top.transform = start.top
        shadow.transform = start.top
        below.transform = start.below
        dimming.alpha = start.dimming
        shadow.alpha = start.shadow
        animator.addAnimations {
            top.transform = end.top
            shadow.transform = end.top
            below.transform = end.below
            dimming.alpha = end.dimming
            shadow.alpha = end.shadow
        }
        // Weak: the runner keeps the context while the transition runs, and a window dropped
        // mid-transition must free it (the context holds this animator, which holds this closure).
        animator.addCompletion { [weak transitionContext] _ in
            dimming.removeFromSuperview()
            shadow.removeFromSuperview()
            from.transform = .identity
            to.transform = .identity
            guard let transitionContext else { return }
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        }
        return animator
    }
}
