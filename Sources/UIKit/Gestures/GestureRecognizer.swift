import Motion

/// UIKit's gesture recognizer model: attached to a view, fed the pointers that hit-test into that
/// view or its descendants, moving through `State` and calling its actions on every change.
///
/// One pointer drives a recognizer: pointers that arrive while it tracks one are ignored.
@preconcurrency @MainActor open class UIGestureRecognizer {
    public nonisolated enum State: Sendable, Equatable {
        case possible, began, changed, ended, cancelled, failed
        /// A discrete gesture's success is `.ended`, as in UIKit.
        public static let recognized = State.ended
    }

    public internal(set) var state: State = .possible {
        didSet { if state == .failed && oldValue != .failed { resolveWaitingPeers() } }
    }
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
    /// Asked whether to take a touch, to begin, and how to share a touch with other recognizers
    /// (`UIGestureRecognizerDelegate`); weak, as in UIKit.
    public weak var delegate: UIGestureRecognizerDelegate?
    /// `cancelsTouchesInView`: true (UIKit's default), recognizing takes the touch from the view,
    /// so a button under a recognized pan does not tap; false, the view's own touch handling (a
    /// button's) goes on beside the gesture.
    public var cancelsTouchesInView = true
    /// Whether this recognizer is the view's own touch handling (a control's), which a recognizer
    /// with `cancelsTouchesInView` false leaves running, rather than a gesture.
    var handlesTouchesForView: Bool { false }

    /// The recognizers that must fail before this one may begin (`require(toFail:)`). Not
    /// retained: each belongs to its view.
    private var failureRequirements: [WeakRecognizer] = []
    /// The recognizers following the same pointer, this one included, from its down until the
    /// gesture is reset: those it excludes when it begins, and those it may wait for. Retained
    /// (a `weak` list gives every recognizer a side table), so each keeps the others, itself
    /// included, until `reset()` or `releasePeers()` empties it: the dispatcher does one or the
    /// other for every recognizer it tracks, a world dropped with a finger down included.
    var peers: [UIGestureRecognizer] = []
    /// The state this recognizer moves to once the recognizers it waits for have failed.
    private var waitingState: State?

    /// What to call on each reported state change, in the order added.
    private var actions: [Action] = []

    private struct Action {
        /// The target of a target-action; nil for a closure (`addTarget(_:)`).
        let target: ObjectIdentifier?
        let call: (UIGestureRecognizer) -> Void
    }
    /// The pointer this recognizer follows, from its down to its up or cancel.
    var trackedPointer: Int?
    /// UIWindow coordinates of the latest sample.
    var latestLocation = CGPoint.zero
    /// The pointer's smoothed velocity in window points per second, for the continuous gestures
    /// that report it (pan, long press).
    var velocityTracker = VelocityTracker()

    public init() {}

    /// `init(target:action:)`: the recognizer calls `action` on `target` on every state change it
    /// reports; `target` is not retained.
    public convenience init(target: Any?, action: Selector?) {
        self.init()
        if let target, let action { addTarget(target, action: action) }
    }

    /// `addTarget(_:action:)`: one more target-action, called after those added before it.
    public func addTarget(_ target: Any, action: Selector) {
        let targetAction = TargetAction(target: target, action: action)
        actions.append(Action(target: ObjectIdentifier(target as AnyObject)) { targetAction.send(from: $0) })
    }

    /// `removeTarget(_:action:)`: removes `target`'s target-actions (all of them: a `Selector`
    /// holds a method, and methods cannot be compared); a nil target removes every target's.
    public func removeTarget(_ target: Any?, action: Selector?) {
        let removed = target.map { ObjectIdentifier($0 as AnyObject) }
        actions.removeAll { $0.target != nil && (removed == nil || $0.target == removed) }
    }

    /// `require(toFail:)`: this recognizer stays `.possible` while `other` follows the same touch
    /// and may still recognize; it proceeds once `other` fails, and fails if `other` recognizes.
    public func require(toFail other: UIGestureRecognizer) {
        guard other !== self, !failureRequirements.contains(where: { $0.object === other }) else { return }
        failureRequirements.append(WeakRecognizer(object: other))
    }

    /// Target-action with a closure: `action` runs on every state change that UIKit reports.
    public func addTarget(_ action: @escaping (UIGestureRecognizer) -> Void) {
        actions.append(Action(target: nil, call: action))
    }

    /// The latest pointer location in `view`'s coordinates (nil: the window's).
    public func location(in view: UIView?) -> CGPoint {
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
    ///
    /// Leaving `.possible` follows UIKit's order: the recognizers it must wait for first (it waits
    /// while one may still recognize, and fails if one has), then the delegate's
    /// `gestureRecognizerShouldBegin(_:)`; once it begins, the recognizers sharing its touch fail
    /// unless either delegate lets the two recognize simultaneously.
    func transition(to newState: State) {
        let begins = state == .possible && (newState == .began || newState == .recognized)
        if begins {
            switch failureRequirementsState() {
            case .waiting:
                waitingState = newState
                return
            case .recognized:
                waitingState = nil
                state = .failed
                return
            case .failed:
                let waited = waitingState != nil
                waitingState = nil
                if let delegate, !delegate.gestureRecognizerShouldBegin(self) {
                    state = .failed
                    return
                }
                if waited { willBeginAfterWaiting() }
            }
        }
        state = newState
        if begins { excludePeers() }
        if newState != .failed && newState != .possible {
            for action in actions { action.call(self) }
        }
    }

    /// Called when this recognizer begins late, its requirements having failed: a pan's translation
    /// then starts at zero from where the pointer is (UIKit resets it exactly).
    func willBeginAfterWaiting() {}

    private enum FailureRequirementsState {
        /// Every recognizer it waits for has failed, or none shares its touch.
        case failed
        /// One may still recognize.
        case waiting
        /// One has recognized: this one cannot.
        case recognized
    }

    private func failureRequirementsState() -> FailureRequirementsState {
        var result = FailureRequirementsState.failed
        for peer in peers where sharesTouch(with: peer) && requiresFailure(of: peer) {
            switch peer.state {
            case .failed: continue
            case .possible: result = .waiting
            case .began, .changed, .ended, .cancelled: return .recognized
            }
        }
        return result
    }

    /// Whether `peer` is another recognizer still following this one's pointer: a peer whose gesture
    /// ended early was reset, and may follow another pointer since.
    private func sharesTouch(with peer: UIGestureRecognizer) -> Bool {
        peer !== self && peer.trackedPointer != nil && peer.trackedPointer == trackedPointer
    }

    /// `require(toFail:)`, or either delegate's `shouldRequireFailureOf`/`shouldBeRequiredToFailBy`.
    func requiresFailure(of other: UIGestureRecognizer) -> Bool {
        failureRequirements.contains { $0.object === other }
            || delegate?.gestureRecognizer(self, shouldRequireFailureOf: other) == true
            || other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: self) == true
    }

    /// One `true` from either delegate suffices (UIKit's rule).
    func canRecognizeSimultaneously(with other: UIGestureRecognizer) -> Bool {
        delegate?.gestureRecognizer(self, shouldRecognizeSimultaneouslyWith: other) == true
            || other.delegate?.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: self) == true
    }

    /// The recognizers sharing this one's touch fail, but those allowed to recognize beside it and,
    /// when it leaves the view its touches (`cancelsTouchesInView` false), the view's own handling.
    private func excludePeers() {
        for peer in peers where sharesTouch(with: peer) && peer.state != .failed {
            if canRecognizeSimultaneously(with: peer) { continue }
            if !cancelsTouchesInView && peer.handlesTouchesForView { continue }
            peer.state = .failed
        }
    }

    /// A recognizer sharing this touch failed: those waiting for it may now go on.
    private func resolveWaitingPeers() {
        for peer in peers where sharesTouch(with: peer) && peer.state == .possible {
            if let waiting = peer.waitingState { peer.transition(to: waiting) }
        }
    }

    /// Back to `.possible` once a gesture is over, ready for the next pointer.
    func reset() {
        waitingState = nil
        peers = []
        state = .possible
        trackedPointer = nil
    }

    var isOver: Bool { state == .ended || state == .cancelled || state == .failed }
    var isActive: Bool { state == .began || state == .changed }
}

/// A recognizer held without being retained.
struct WeakRecognizer {
    weak var object: UIGestureRecognizer?
}

/// `UIGestureRecognizerDelegate`: every requirement optional, as in UIKit, with UIKit's defaults.
@preconcurrency @MainActor public protocol UIGestureRecognizerDelegate: AnyObject {
    /// Asked as the recognizer leaves `.possible`; false: it fails, and the touch goes to the others.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool
    /// Asked when a touch lands in the recognizer's view, before the recognizer sees it; false:
    /// the recognizer never sees that touch.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool
    /// Asked when one of two recognizers sharing a touch begins and would make the other fail;
    /// true from either delegate lets both recognize.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool
    /// true: `gestureRecognizer` waits for `otherGestureRecognizer` to fail, as `require(toFail:)`.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer) -> Bool
    /// true: `otherGestureRecognizer` waits for `gestureRecognizer` to fail.
    func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                           shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer) -> Bool
}

extension UIGestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool { true }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                                  shouldRequireFailureOf otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
    public func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                                  shouldBeRequiredToFailBy otherGestureRecognizer: UIGestureRecognizer) -> Bool { false }
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
