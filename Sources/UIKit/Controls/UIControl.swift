import Motion
/// `UIControl`: a view that turns touches into events (`touchDown`, `touchUpInside`, …) and sends
/// each to the target-actions and `UIAction`s registered for it.
///
/// A control tracks its touches with a tap recognizer of its own (`ControlTouchRecognizer`), so it
/// shares a touch with gesture recognizers as UIKit's controls do: a recognizer that recognizes
/// takes the touch unless its `cancelsTouchesInView` is false. It sends `touchDown`, and
/// `touchUpInside` with `primaryActionTriggered` for a tap; the drag events are not sent.
@preconcurrency @MainActor open class UIControl: UIView {
    /// `UIControl.Event`: the events a control sends.
    public nonisolated struct Event: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let touchDown = Event(rawValue: 1 << 0)
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        public static let touchDragInside = Event(rawValue: 1 << 2)
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        public static let touchDragEnter = Event(rawValue: 1 << 4)
        public static let touchDragExit = Event(rawValue: 1 << 5)
        public static let touchUpInside = Event(rawValue: 1 << 6)
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        public static let touchCancel = Event(rawValue: 1 << 8)
        public static let valueChanged = Event(rawValue: 1 << 12)
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        public static let allTouchEvents = Event(rawValue: 0x0FFF)
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

    /// `UIControl.State`: what a control shows; `.normal` is the empty set.
    public nonisolated struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
        public static let focused = State(rawValue: 1 << 3)
    }

    private struct Registration {
        let events: Event
        /// The target's identity, for `removeTarget`; nil for a `UIAction`.
        let target: ObjectIdentifier?
        let action: UIAction?
        let send: (UIControl) -> Void
    }

    private var registrations: [Registration] = []

    /// `isEnabled`: a disabled control takes no touches and shows `.disabled`.
    open var isEnabled = true {
        didSet { if isEnabled != oldValue { stateDidChange() } }
    }
    open var isSelected = false {
        didSet { if isSelected != oldValue { stateDidChange() } }
    }
    /// `isHighlighted`: while a touch that may still tap is down on the control.
    open var isHighlighted = false {
        didSet { if isHighlighted != oldValue { stateDidChange() } }
    }

    public var state: State {
        var state = State.normal
        if isHighlighted { state.insert(.highlighted) }
        if !isEnabled { state.insert(.disabled) }
        if isSelected { state.insert(.selected) }
        return state
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        addGestureRecognizer(ControlTouchRecognizer(control: self))
    }

    public required init?(coder: NSCoder) { nil }

    /// Called when `state` changes, so a subclass can show it.
    func stateDidChange() {}

    /// `addTarget(_:action:for:)`: `action` is called on `target` (not retained) with the control as
    /// its sender for each of `controlEvents`, after what was added before. A nil target is the
    /// responder chain's in UIKit; here there is none, so it is refused.
    open func addTarget(_ target: Any?, action: Selector, for controlEvents: Event) {
        guard let target else {
            AnimationEngine.current?.logger.error("addTarget(nil, action:for:) refused: there is no responder chain to send it up")
            return
        }
        let targetAction = TargetAction(target: target, action: action)
        registrations.append(Registration(events: controlEvents, target: ObjectIdentifier(target as AnyObject), action: nil) {
            targetAction.send(from: $0)
        })
    }

    /// `removeTarget(_:action:for:)`: stops sending `controlEvents` to `target` (all its actions: a
    /// `Selector` holds a method, and methods cannot be compared); a nil target stops every target's.
    open func removeTarget(_ target: Any?, action: Selector?, for controlEvents: Event) {
        let removed = target.map { ObjectIdentifier($0 as AnyObject) }
        remove(for: controlEvents) { $0.target != nil && (removed == nil || $0.target == removed) }
    }

    /// `addAction(_:for:)`: `action`'s handler runs for each of `controlEvents`.
    open func addAction(_ action: UIAction, for controlEvents: Event) {
        registrations.append(Registration(events: controlEvents, target: nil, action: action) { _ in
            action.handler(action)
        })
    }

    open func removeAction(_ action: UIAction, for controlEvents: Event) {
        remove(for: controlEvents) { $0.action === action }
    }

    private func remove(for controlEvents: Event, where matches: (Registration) -> Bool) {
        registrations = registrations.compactMap { registration in
            guard matches(registration) else { return registration }
            let left = registration.events.subtracting(controlEvents)
            return left.isEmpty ? nil : Registration(events: left, target: registration.target,
                                                     action: registration.action, send: registration.send)
        }
    }

    /// `sendActions(for:)`: every target-action and action registered for any of `controlEvents`,
    /// in the order they were added.
    open func sendActions(for controlEvents: Event) {
        for registration in registrations where !registration.events.isDisjoint(with: controlEvents) {
            registration.send(self)
        }
    }
}

/// `UIAction`: a handler with a title, for `UIControl.addAction(_:for:)` and
/// `UIButton(type:primaryAction:)`.
@preconcurrency @MainActor public final class UIAction {
    public let title: String
    public let handler: (UIAction) -> Void

    public init(title: String = "", handler: @escaping (UIAction) -> Void) {
        self.title = title
        self.handler = handler
    }
}

/// A control's own touch tracking: highlights the control while a touch that may still tap is
/// down, and sends its touch events. A tap recognizer underneath, so a gesture recognizer that
/// takes the touch ends the tracking.
final class ControlTouchRecognizer: UITapGestureRecognizer {
    private unowned let control: UIControl

    init(control: UIControl) {
        self.control = control
        super.init()
    }

    override var handlesTouchesForView: Bool { true }

    override func pointerDown(_ event: PointerEvent) {
        super.pointerDown(event)
        guard control.isEnabled else {
            state = .failed
            return
        }
        control.isHighlighted = true
        control.sendActions(for: .touchDown)
    }

    override func transition(to newState: State) {
        super.transition(to: newState)
        if state == .recognized { control.sendActions(for: [.touchUpInside, .primaryActionTriggered]) }
    }

    override func reset() {
        super.reset()
        // The control can go while a finger is still down on it (another finger closed its screen);
        // its deinit cleared `view`, and there is nothing left to un-highlight.
        if view != nil { control.isHighlighted = false }
    }
}
