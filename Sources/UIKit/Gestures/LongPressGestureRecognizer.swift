import Motion

/// A press held in place (`UILongPressGestureRecognizer`), continuous: it begins once the pointer
/// has been down `minimumPressDuration` without moving more than `allowableMovement`, reports
/// changes as the pointer moves, and ends when it lifts.
///
/// With `minimumPressDuration` 0 it begins the moment the pointer goes down: Apple's photo sample
/// grabs a flying transition that way. The dispatcher has no timers, so a longer press begins on the
/// first pointer event after its duration. Segue recognizes one gesture per pointer, so a press that
/// then drags also reports the drag's velocity (UIKit's sample reads it from a pan beside it).
@preconcurrency @MainActor open class UILongPressGestureRecognizer: UIGestureRecognizer {
    public var minimumPressDuration = 0.5
    public var allowableMovement = 10.0

    private var downLocation = CGPoint.zero
    private var downTime = 0.0

    public convenience init(action: @escaping (UILongPressGestureRecognizer) -> Void) {
        self.init()
        addTarget { action($0 as! UILongPressGestureRecognizer) }
    }

    /// Points per second in `view`'s coordinate space, smoothed over recent samples.
    public func velocity(in view: UIView?) -> CGPoint {
        let v = velocityTracker.velocity
        guard let view else { return v }
        return view.convert(v, from: nil) - view.convert(.zero, from: nil)
    }

    override func pointerDown(_ event: PointerEvent) {
        downLocation = event.location
        downTime = event.timestamp
        latestLocation = event.location
        velocityTracker.reset(at: event.location, time: event.timestamp)
        if minimumPressDuration <= 0 { transition(to: .began) }
    }

    override func pointerMoved(_ event: PointerEvent) {
        velocityTracker.add(event.location, time: event.timestamp)
        latestLocation = event.location
        switch state {
        case .possible:
            let d = event.location - downLocation
            if (d.x * d.x + d.y * d.y).squareRoot() > allowableMovement {
                state = .failed
            } else if event.timestamp - downTime >= minimumPressDuration {
                transition(to: .began)
            }
        case .began, .changed:
            transition(to: .changed)
        default:
            break
        }
    }
}
