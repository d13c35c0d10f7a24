/// Stands in for Segue's `UIKit.Selector`, which this fixture cannot import: a method to call on a
/// target, from an unbound method reference such as `CardViewController.handlePan(_:)`.
struct Selector {
    private let invoke: (AnyObject, Any?) -> Void

    init<T: AnyObject>(_ method: @escaping (T) -> () -> Void) {
        invoke = { target, _ in method(target as! T)() }
    }

    init<T: AnyObject, S>(_ method: @escaping (T) -> (S) -> Void) {
        invoke = { target, argument in method(target as! T)(argument as! S) }
    }

    func perform(on target: AnyObject, with argument: Any? = nil) {
        invoke(target, argument)
    }
}
