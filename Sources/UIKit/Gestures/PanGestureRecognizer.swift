import Motion

/// A dragging finger (`UIPanGestureRecognizer`): begins once it has moved `hysteresis` points; the
/// translation counts from where it began, so it starts at zero.
@preconcurrency @MainActor open class UIPanGestureRecognizer: UIGestureRecognizer {
    /// Movement before a pan begins, in points (UIKit's 10 pt).
    public static let panHysteresis = 10.0
    /// The weight of the newest sample in the velocity estimate; UIKit blends 0.2 new, 0.8 old.
    public static let velocitySmoothing = VelocityTracker.smoothing

    /// `minimumNumberOfTouches`: fingers that must be down for the pan to begin. Segue gives each
    /// recognizer one pointer, so a pan that asks for more than one never begins.
    open var minimumNumberOfTouches = 1
    /// `maximumNumberOfTouches`: at most this many fingers; one always is.
    open var maximumNumberOfTouches = Int.max

    /// UIWindow coordinates where the pointer went down.
    var downLocation = CGPoint.zero
    /// UIWindow coordinates the translation is measured from (where the gesture began).
    var translationOrigin = CGPoint.zero

    public convenience init(action: @escaping (UIPanGestureRecognizer) -> Void) {
        self.init()
        addTarget { action($0 as! UIPanGestureRecognizer) }
    }

    var hysteresis: Double { Self.panHysteresis }

    /// The pointer's movement since the gesture began, in `view`'s coordinate space.
    public func translation(in view: UIView?) -> CGPoint {
        guard let view else { return latestLocation - translationOrigin }
        // `convert(_:from: nil)` for both ends, with the view's path to the root walked once.
        let fromRoot = view.transformToRoot.inverted()
        return latestLocation.applying(fromRoot) - translationOrigin.applying(fromRoot)
    }

    /// Makes the current translation read as `translation` (in `view`'s space) from now on.
    public func setTranslation(_ translation: CGPoint, in view: UIView?) {
        guard let view else {
            translationOrigin = latestLocation - translation
            return
        }
        let current = view.convert(latestLocation, from: nil)
        translationOrigin = view.convert(current - translation, to: nil)
    }

    /// Points per second in `view`'s coordinate space, smoothed over recent samples.
    public func velocity(in view: UIView?) -> CGPoint {
        let v = velocityTracker.velocity
        guard let view else { return v }
        let fromRoot = view.transformToRoot.inverted()
        return v.applying(fromRoot) - CGPoint.zero.applying(fromRoot)
    }

    override func pointerDown(_ event: PointerEvent) {
        downLocation = event.location
        latestLocation = event.location
        translationOrigin = event.location
        velocityTracker.reset(at: event.location, time: event.timestamp)
        if !shouldTrack(down: event.location) { state = .failed }
    }

    override func pointerMoved(_ event: PointerEvent) {
        velocityTracker.add(event.location, time: event.timestamp)
        latestLocation = event.location
        switch state {
        case .possible:
            switch shouldBegin(at: event.location) {
            case .some(true):
                translationOrigin = event.location
                transition(to: .began)
            case .some(false):
                state = .failed
            case .none:
                break
            }
        case .began, .changed:
            transition(to: .changed)
        default:
            break
        }
    }

    override func willBeginAfterWaiting() {
        translationOrigin = latestLocation
    }

    /// Whether a pointer going down here may become this gesture.
    func shouldTrack(down location: CGPoint) -> Bool { minimumNumberOfTouches <= 1 && maximumNumberOfTouches >= 1 }

    /// true to begin, false to fail, nil to keep waiting.
    func shouldBegin(at location: CGPoint) -> Bool? {
        let d = location - downLocation
        return (d.x * d.x + d.y * d.y).squareRoot() >= hysteresis ? true : nil
    }
}
