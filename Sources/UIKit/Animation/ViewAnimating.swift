/// `UIViewAnimatingState`.
public nonisolated enum UIViewAnimatingState: Sendable, Equatable {
    /// Not started, or finished: its animations are gone.
    case inactive
    /// Started or paused: its animations are in place and it can run, pause and scrub.
    case active
    /// Stopped without finishing: waiting for `finishAnimation(at:)`.
    case stopped
}

/// `UIViewAnimatingPosition`: where an animator ended.
public nonisolated enum UIViewAnimatingPosition: Sendable, Equatable {
    case end, start, current
}

/// `UIViewAnimating`: an animation that can be started, paused, scrubbed, reversed and stopped.
@preconcurrency @MainActor public protocol UIViewAnimating: AnyObject {
    var state: UIViewAnimatingState { get }
    var isRunning: Bool { get }
    var isReversed: Bool { get set }
    /// 0…1 along the current direction.
    var fractionComplete: CGFloat { get set }
    func startAnimation()
    func startAnimation(afterDelay delay: Double)
    func pauseAnimation()
    func stopAnimation(_ withoutFinishing: Bool)
    func finishAnimation(at finalPosition: UIViewAnimatingPosition)
}

/// `UIViewImplicitlyAnimating`: a `UIViewAnimating` that animation blocks can be added to, and what
/// `interruptibleAnimator(using:)` returns.
@preconcurrency @MainActor public protocol UIViewImplicitlyAnimating: UIViewAnimating {
    func addAnimations(_ animation: @escaping () -> Void)
    func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat)
    func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void)
    func continueAnimation(withTimingParameters parameters: UITimingCurveProvider?, durationFactor: CGFloat)
}

/// What UIKit answers with an exception when a property animator is misused. Here the call is
/// refused, logged, and changes nothing.
public nonisolated enum PropertyAnimatorMisuse: Error, Equatable, Sendable {
    /// `finishAnimation(at:)` on an animator that is not stopped.
    case finishWhileNotStopped(UIViewAnimatingState)
    /// `fractionComplete` set while the animator runs (pause it first).
    case scrubWhileRunning
    /// Starting, pausing, continuing, scrubbing or adding animations to a stopped animator.
    case useAfterStop(String)
    /// `continueAnimation` with a negative or non-finite duration factor.
    case invalidDurationFactor(Double)
    /// A non-finite fraction, delay or delay factor.
    case invalidValue(String)
}

extension PropertyAnimatorMisuse: CustomStringConvertible {
    public var description: String {
        switch self {
        case .finishWhileNotStopped(let state):
            "finishAnimation(at:) should only be called on a stopped animator (it is \(state))"
        case .scrubWhileRunning:
            "fractionComplete cannot be set while the animator is running: pause it first"
        case .useAfterStop(let call):
            "\(call) on a stopped animator: finish it first"
        case .invalidDurationFactor(let factor):
            "continueAnimation durationFactor must be finite and not negative, got \(factor)"
        case .invalidValue(let what):
            "invalid \(what)"
        }
    }
}
