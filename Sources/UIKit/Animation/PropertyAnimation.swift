import Motion

/// How an animation's progress follows its local time.
nonisolated enum AnimationPacing {
    /// A timing curve over the duration.
    case bezier(TimingFunction)
    /// A spring; its own closed form sets the pace, the timing curve is linear (as in UIKit).
    case spring(SpringTiming)
    /// Keyframe offsets, sampled at the eased fraction of the duration.
    case keyframes(KeyframeTrack, TimingFunction)
    /// A property animator's progress, from `start` (the share of its run before this block began).
    case driven(UIViewPropertyAnimator, start: Double)
}

/// One property of one view, animated additively: it contributes `offset(at:)` to the property's
/// presentation value, starting at `from − to` and reaching zero at the end, so a new animation on a
/// moving property starts from where the property is, never with a jump.
struct PropertyAnimation {
    let view: UIView
    let property: AnimatableProperty
    let timeline: Timeline
    /// In the timeline's local time, delay included.
    let beginTime: Double
    /// Duration and curve are variable only for live tuning, which retimes a running block.
    var duration: Double
    var curve: AnimationPacing
    /// from − to, for curves and springs (keyframe tracks carry their own offsets).
    let delta: AnimationVector
    let groupID: Int
    let blocksInteraction: Bool

    /// Before `beginTime` the offset holds at its start (UIKit fills delayed animations backwards).
    func offset(at localTime: Double) -> AnimationVector {
        Self.offset(of: curve, at: localTime - beginTime, duration: duration, delta: delta, property: property)
    }

    /// `offset(at:)` from the fields it reads, so the engine's frame loop can pass them from its
    /// array in place instead of copying the whole animation (views, timeline, curve) each time.
    static func offset(of curve: AnimationPacing, at elapsed: Double, duration: Double, delta: AnimationVector,
                       property: AnimatableProperty) -> AnimationVector {
        switch curve {
        case .bezier(let function):
            let fraction = duration > 0 ? elapsed / duration : 1
            return (1 - function.value(at: fraction)) * delta
        case .spring(let spring):
            return (1 - spring.value(at: elapsed)) * delta
        case .keyframes(let track, let function):
            let fraction = duration > 0 ? elapsed / duration : 1
            return track.value(at: function.value(at: fraction))
        case .driven(let animator, let start):
            let p = animator.progress
            var offset = (1 - local(p.x, from: start)) * delta
            // A position follows the y spring on its y lane (a vector velocity); the rest follow x.
            if property == .center && p.y != p.x {
                offset.lanes.1 = (1 - local(p.y, from: start)) * delta.lanes.1
            }
            return offset
        }
    }

    /// A block added at `start` of an animator's run moves over the rest: 0 until then, then
    /// linearly to 1 (past it, or below 0 from the very start, while a spring overshoots).
    static func local(_ progress: Double, from start: Double) -> Double {
        if start <= 0 { return progress }
        if start >= 1 { return progress >= 1 ? 1 : 0 }
        return progress <= start ? 0 : (progress - start) / (1 - start)
    }

    var animator: UIViewPropertyAnimator? {
        if case .driven(let animator, _) = curve { return animator }
        return nil
    }

    var endTime: Double { beginTime + duration }

    /// How far its motion has gone at `localTime`, 0 at the start and 1 at the end (a spring may
    /// pass 1 while it overshoots): its pacing alone, whatever the property and distance.
    func motion(at localTime: Double) -> Double {
        let elapsed = localTime - beginTime
        switch curve {
        case .bezier(let function), .keyframes(_, let function):
            return function.value(at: duration > 0 ? min(max(elapsed / duration, 0), 1) : 1)
        case .spring(let spring):
            return elapsed <= 0 ? 0 : spring.value(at: elapsed)
        case .driven(let animator, let start):
            return Self.local(animator.motion(at: localTime), from: start)
        }
    }
}

/// The animations one block created, and its completion handler, called exactly once.
nonisolated struct CompletionGroup {
    let id: Int
    let timeline: Timeline
    let beginTime: Double
    /// Variable only for live tuning, which retimes a running block.
    var duration: Double
    let completion: ((Bool) -> Void)?
    var liveAnimations = 0
    var hadAnimations = false
    /// False once any of its animations was removed before its end.
    var finished = true

    var endTime: Double { beginTime + duration }
}
