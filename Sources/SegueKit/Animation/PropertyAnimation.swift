import Motion

/// How an animation's progress follows its local time.
enum AnimationPacing {
    /// A timing curve over the duration.
    case bezier(TimingFunction)
    /// A spring; its own closed form sets the pace, the timing curve is linear (as in UIKit).
    case spring(SpringTiming)
    /// Keyframe offsets, sampled at the eased fraction of the duration.
    case keyframes(KeyframeTrack, TimingFunction)
}

/// One property of one view, animated additively: it contributes `offset(at:)` to the property's
/// presentation value, starting at `from − to` and reaching zero at the end, so a new animation on a
/// moving property starts from where the property is, never with a jump.
struct PropertyAnimation {
    let view: View
    let property: AnimatableProperty
    let timeline: Timeline
    /// In the timeline's local time, delay included.
    let beginTime: Double
    let duration: Double
    let curve: AnimationPacing
    /// from − to, for curves and springs (keyframe tracks carry their own offsets).
    let delta: AnimationVector
    let groupID: Int
    let blocksInteraction: Bool

    /// Before `beginTime` the offset holds at its start (UIKit fills delayed animations backwards).
    func offset(at localTime: Double) -> AnimationVector {
        let elapsed = localTime - beginTime
        switch curve {
        case .bezier(let function):
            let fraction = duration > 0 ? elapsed / duration : 1
            return (1 - function.value(at: fraction)) * delta
        case .spring(let spring):
            return (1 - spring.value(at: elapsed)) * delta
        case .keyframes(let track, let function):
            let fraction = duration > 0 ? elapsed / duration : 1
            return track.value(at: function.value(at: fraction))
        }
    }
}

/// The animations one block created, and its completion handler, called exactly once.
struct CompletionGroup {
    let id: Int
    let timeline: Timeline
    let beginTime: Double
    let duration: Double
    let completion: ((Bool) -> Void)?
    var liveAnimations = 0
    var hadAnimations = false
    /// False once any of its animations was removed before its end.
    var finished = true

    var endTime: Double { beginTime + duration }
}
