import Motion

/// A tap (`UITapGestureRecognizer`): down and up close together in place and time.
@preconcurrency @MainActor open class UITapGestureRecognizer: UIGestureRecognizer {
    /// How far the pointer may wander and still tap, in points.
    public static let allowableMovement = 10.0
    /// The longest press that still counts as a tap, in seconds.
    public static let maximumDuration = 0.75

    private var downLocation = CGPoint.zero
    private var downTime = 0.0

    public convenience init(action: @escaping (UITapGestureRecognizer) -> Void) {
        self.init()
        addTarget { action($0 as! UITapGestureRecognizer) }
    }

    override func pointerDown(_ event: PointerEvent) {
        downLocation = event.location
        downTime = event.timestamp
        latestLocation = event.location
    }

    override func pointerMoved(_ event: PointerEvent) {
        latestLocation = event.location
        let d = event.location - downLocation
        if (d.x * d.x + d.y * d.y).squareRoot() > Self.allowableMovement { state = .failed }
    }

    override func pointerUp(_ event: PointerEvent) {
        latestLocation = event.location
        guard state == .possible, event.timestamp - downTime <= Self.maximumDuration else {
            state = .failed
            return
        }
        transition(to: .recognized)
    }
}
