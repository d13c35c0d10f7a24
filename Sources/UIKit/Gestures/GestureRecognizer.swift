import Motion

/// UIKit's gesture recognizer model: attached to a view, fed the pointers that hit-test into that
/// view or its descendants, moving through `State` and calling its actions on every change.
///
/// One pointer drives a recognizer: pointers that arrive while it tracks one are ignored.
open class UIGestureRecognizer {
    public enum State: Sendable, Equatable {
        case possible, began, changed, ended, cancelled, failed
        /// A discrete gesture's success is `.ended`, as in UIKit.
        public static let recognized = State.ended
    }

    public internal(set) var state: State = .possible
    /// The view the recognizer is attached to. Not retained, and not `weak` (that would put the
    /// view's counts in a side table and slow every frame's retains of it): the view owns its
    /// recognizers, and clears this when it removes one or goes away. Debug builds check that on
    /// every read (`UnownedReference`).
    public internal(set) var view: UIView? {
        get { viewReference.object }
        set { viewReference.object = newValue }
    }
    private var viewReference = UnownedReference<UIView>("UIGestureRecognizer.view")
    public var isEnabled = true
    /// Asked before the gesture begins (`UIGestureRecognizerDelegate`); weak, as in UIKit.
    public weak var delegate: UIGestureRecognizerDelegate?

    private var actions: [(UIGestureRecognizer) -> Void] = []
    /// The pointer this recognizer follows, from its down to its up or cancel.
    var trackedPointer: Int?
    /// UIWindow coordinates of the latest sample.
    var latestLocation = Point.zero
    /// The pointer's smoothed velocity in window points per second, for the continuous gestures
    /// that report it (pan, long press).
    var velocityTracker = VelocityTracker()

    public init() {}

    /// Target-action with a closure: `action` runs on every state change that UIKit reports.
    public func addTarget(_ action: @escaping (UIGestureRecognizer) -> Void) {
        actions.append(action)
    }

    /// The latest pointer location in `view`'s coordinates (nil: the window's).
    public func location(in view: UIView?) -> Point {
        guard let view else { return latestLocation }
        return view.convert(latestLocation, from: nil)
    }

    // MARK: Subclass hooks, called by the window's dispatcher

    func pointerDown(_ event: PointerEvent) {}
    func pointerMoved(_ event: PointerEvent) {}

    /// A continuous gesture (pan, long press) ends as the pointer lifts, or fails if it never
    /// began; a discrete one overrides this.
    func pointerUp(_ event: PointerEvent) {
        if state == .began || state == .changed {
            velocityTracker.lift(at: event.location, latest: latestLocation, time: event.timestamp)
            latestLocation = event.location
            transition(to: .ended)
        } else {
            state = .failed
        }
    }

    func pointerCancelled(_ event: PointerEvent) {
        if state == .began || state == .changed {
            transition(to: .cancelled)
        } else {
            state = .failed
        }
    }

    /// Moves to `state` and tells the targets (UIKit reports every state but `.possible` and `.failed`).
    func transition(to newState: State) {
        let begins = newState == .began || (newState == .recognized && state == .possible)
        if begins, let delegate, !delegate.gestureRecognizerShouldBegin(self) {
            state = .failed
            return
        }
        state = newState
        if newState != .failed && newState != .possible {
            for action in actions { action(self) }
        }
    }

    /// Back to `.possible` once a gesture is over, ready for the next pointer.
    func reset() {
        state = .possible
        trackedPointer = nil
    }

    var isOver: Bool { state == .ended || state == .cancelled || state == .failed }
    var isActive: Bool { state == .began || state == .changed }
}

/// `UIGestureRecognizerDelegate`'s first question.
public protocol UIGestureRecognizerDelegate: AnyObject {
    /// false: the recognizer fails instead of beginning, and the pointer goes to the others.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool
}

extension UIGestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
}

extension UIView {
    public func addGestureRecognizer(_ recognizer: UIGestureRecognizer) {
        recognizer.view?.removeGestureRecognizer(recognizer)
        recognizer.view = self
        gestureRecognizers.append(recognizer)
    }

    public func removeGestureRecognizer(_ recognizer: UIGestureRecognizer) {
        guard recognizer.view === self else { return }
        gestureRecognizers.removeAll { $0 === recognizer }
        recognizer.view = nil
        recognizer.reset()
    }
}

extension UIGestureRecognizer {
    /// The recognizer and its list of actions (`UIWindow.visitFrameMemory`); the closures' contexts
    /// are out of reach.
    func visitFrameMemory<Visitor: FrameMemoryVisitor>(_ visitor: inout Visitor) {
        visitor.visit(self)
        visitor.visit(actions)
    }
}
