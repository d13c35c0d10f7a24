// UIKit's views, controllers and gesture recognizers are NSObjects, so they are Equatable and
// Hashable by identity (`isEqual:` and `hash` are NSObject's): apps find them in arrays
// (`viewControllers.firstIndex(of: vc)`) and keep them in sets. These classes are not NSObjects
// here; they get the same identity semantics directly.

extension UIView: Hashable {
    public static func == (lhs: UIView, rhs: UIView) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension UIViewController: Hashable {
    public static func == (lhs: UIViewController, rhs: UIViewController) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension UIGestureRecognizer: Hashable {
    public static func == (lhs: UIGestureRecognizer, rhs: UIGestureRecognizer) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
