/// `Selector`: a method to call on a target, with a sender, for UIKit's target-action (gesture
/// recognizers, controls, display links, `perform(_:with:afterDelay:)`, notifications).
///
/// Swift on Linux has no Objective-C runtime, so `#selector(handlePan(_:))` cannot name a method.
/// A `Selector` here holds the method itself, unapplied: `Selector(CardViewController.handlePan(_:))`,
/// which `segue port` writes in place of `#selector(handlePan(_:))`. The method is then called on
/// its target with its sender, as UIKit calls it: `func handlePan()` without the sender, or
/// `func handlePan(_ sender: UIPanGestureRecognizer)` with it.
public nonisolated struct Selector {
    private let invoke: (AnyObject, Any?) -> Bool

    /// A method that takes no sender.
    public init<Target: AnyObject>(_ method: @escaping (Target) -> () -> Void) {
        invoke = { target, _ in
            guard let target = target as? Target else { return false }
            method(target)()
            return true
        }
    }

    /// A method that takes its sender. A sender of another type than the method's parameter is
    /// refused, as a target of the wrong type is.
    public init<Target: AnyObject, Sender>(_ method: @escaping (Target) -> (Sender) -> Void) {
        invoke = { target, sender in
            guard let target = target as? Target, let sender = sender as? Sender else { return false }
            method(target)(sender)
            return true
        }
    }

    /// Calls the method on `target` with `sender`; false, calling nothing, when `target` is not of
    /// the method's type or `sender` not of its parameter's.
    @discardableResult
    func perform(on target: AnyObject, sender: Any?) -> Bool {
        invoke(target, sender)
    }
}

/// A target, not retained (UIKit does not retain targets), and the method to call on it.
struct TargetAction {
    weak var target: AnyObject?
    let action: Selector

    init(target: Any, action: Selector) {
        self.target = target as AnyObject
        self.action = action
    }

    /// Calls the action on the target, if the target is still there. A target or sender of the
    /// wrong type (UIKit's "unrecognized selector") is logged and skipped.
    func send(from sender: Any?) {
        guard let target else { return }
        if !action.perform(on: target, sender: sender) {
            AnimationEngine.current?.logger.error(
                "target-action skipped: \(type(of: target)) does not have the action's method for a \(sender.map { "\(type(of: $0))" } ?? "nil") sender")
        }
    }
}
