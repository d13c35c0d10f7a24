import Motion
import UIKit

/// Questions about what was on screen, now or at a moment of the run.
extension SceneRun {
    /// The name of the controller on top now.
    public var top: String { current.top }

    /// The running transition, or nil.
    public var transition: TransitionStatus? { current.transition }

    /// The running transition's phase, or nil when none is running.
    public var phase: TransitionStatus.Phase? { current.transition?.phase }

    /// The transition's `percentComplete` when the last finger lifted (what a finish threshold is
    /// compared with), or nil if none was running then.
    public var progressAtRelease: Double? { releases.last?.progress }

    /// The frame evaluated at `time` seconds, or nil for a time the run has not reached (a test
    /// that asks too early fails its `#require` rather than crashing the whole test process).
    /// Times between frames round to the nearest frame.
    public func frame(at time: Double) -> CapturedFrame? {
        let index = Int((time * Double(fps)).rounded())
        return frames.indices.contains(index) ? frames[index] : nil
    }

    /// Where the named view is on screen now.
    public func frame(of name: String) -> CGRect? { current.frame(of: name) }

    /// Where the named view was on screen at `time` seconds.
    public func frame(of name: String, at time: Double) -> CGRect? { frame(at: time)?.frame(of: name) }

    /// The named view's effective alpha now (nil when not on screen).
    public func alpha(of name: String) -> Double? { current.node(name)?.alpha }

    /// The phases the transitions went through, in order, each once per stretch: e.g.
    /// `[.interactive, .finishing]` for a swipe that was released past its threshold.
    public var phases: [TransitionStatus.Phase] {
        var result: [TransitionStatus.Phase] = []
        var previous: TransitionStatus.Phase?
        for frame in frames {
            let phase = frame.transition?.phase
            if let phase, phase != previous { result.append(phase) }
            previous = phase
        }
        return result
    }
}
