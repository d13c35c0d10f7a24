import Foundation

/// `perform(_:with:afterDelay:)` and `cancelPreviousPerformRequests(withTarget:)`, on the world's
/// clock (`SceneRunLoop`): NSObject's on Apple's platforms; here on NSObject and on the UIKit
/// classes transition code calls them on (views, controllers, gesture recognizers), which are not
/// NSObjects.
///
/// As UIKit: the receiver is kept until the call is made; the selector's method gets the argument
/// as its parameter; a delay of 0 still waits for the next pass of the run loop.
enum DelayedPerform {
    static func perform(_ selector: Selector, on target: AnyObject, with argument: Any?, afterDelay delay: TimeInterval) {
        guard let runLoop = SceneRunLoop.current(for: "perform(_:with:afterDelay:)") else { return }
        let work = ScheduledWork(time: SceneRunLoop.now + max(delay, 0), target: target) {
            TargetAction(target: target, action: selector).send(from: argument)
        }
        runLoop.schedule(work)
    }

    static func cancelRequests(for target: Any) {
        let target = target as AnyObject
        guard let runLoop = SceneRunLoop.current(for: "cancelPreviousPerformRequests(withTarget:)") else { return }
        runLoop.cancelAll { $0.target === target }
    }
}

extension NSObject {
    /// Calls `aSelector`'s method on this object with `anArgument`, `delay` seconds from now.
    public func perform(_ aSelector: Selector, with anArgument: Any?, afterDelay delay: TimeInterval) {
        DelayedPerform.perform(aSelector, on: self, with: anArgument, afterDelay: delay)
    }

    /// Cancels every `perform(_:with:afterDelay:)` not yet made on `aTarget`.
    public class func cancelPreviousPerformRequests(withTarget aTarget: Any) {
        DelayedPerform.cancelRequests(for: aTarget)
    }
}

extension UIView {
    /// Calls `aSelector`'s method on this view with `anArgument`, `delay` seconds from now.
    public func perform(_ aSelector: Selector, with anArgument: Any?, afterDelay delay: TimeInterval) {
        DelayedPerform.perform(aSelector, on: self, with: anArgument, afterDelay: delay)
    }

    /// Cancels every `perform(_:with:afterDelay:)` not yet made on `aTarget`.
    public class func cancelPreviousPerformRequests(withTarget aTarget: Any) {
        DelayedPerform.cancelRequests(for: aTarget)
    }
}

extension UIViewController {
    /// Calls `aSelector`'s method on this controller with `anArgument`, `delay` seconds from now.
    public func perform(_ aSelector: Selector, with anArgument: Any?, afterDelay delay: TimeInterval) {
        DelayedPerform.perform(aSelector, on: self, with: anArgument, afterDelay: delay)
    }

    /// Cancels every `perform(_:with:afterDelay:)` not yet made on `aTarget`.
    public class func cancelPreviousPerformRequests(withTarget aTarget: Any) {
        DelayedPerform.cancelRequests(for: aTarget)
    }
}

extension UIGestureRecognizer {
    /// Calls `aSelector`'s method on this recognizer with `anArgument`, `delay` seconds from now.
    public func perform(_ aSelector: Selector, with anArgument: Any?, afterDelay delay: TimeInterval) {
        DelayedPerform.perform(aSelector, on: self, with: anArgument, afterDelay: delay)
    }

    /// Cancels every `perform(_:with:afterDelay:)` not yet made on `aTarget`.
    public class func cancelPreviousPerformRequests(withTarget aTarget: Any) {
        DelayedPerform.cancelRequests(for: aTarget)
    }
}
