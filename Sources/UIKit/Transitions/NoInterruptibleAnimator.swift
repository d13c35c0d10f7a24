/// What `interruptibleAnimator(using:)` returns for an animator that does not implement it.
///
/// UIKit declares the requirement `@objc optional` and asks only animators that implement it. A
/// Swift protocol cannot tell a missing method from an implemented one, so the requirement keeps
/// UIKit's non-optional signature and its default returns this marker, which the transition
/// context takes for "none". It never reaches user code: the context drops it on sight. Inert if
/// driven all the same: it stays `.inactive` at fraction 0 and runs nothing.
final class NoInterruptibleAnimator: UIViewImplicitlyAnimating {
    var state: UIViewAnimatingState { .inactive }
    var isRunning: Bool { false }
    var isReversed: Bool {
        get { false }
        set {}
    }
    var fractionComplete: CGFloat {
        get { 0 }
        set {}
    }
    func startAnimation() {}
    func startAnimation(afterDelay delay: Double) {}
    func pauseAnimation() {}
    func stopAnimation(_ withoutFinishing: Bool) {}
    func finishAnimation(at finalPosition: UIViewAnimatingPosition) {}
    func addAnimations(_ animation: @escaping () -> Void) {}
    func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {}
    func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {}
    func continueAnimation(withTimingParameters parameters: UITimingCurveProvider?, durationFactor: CGFloat) {}
}
