import Motion

extension UIView {
    /// UIKit's frame: the bounding box, in the superview's space, of the bounds transformed about
    /// the center. Setting it sets the center and the bounds' size (with a non-identity transform
    /// UIKit leaves the result undefined; here the size is taken as the untransformed size).
    public var frame: CGRect {
        get { UIView.frame(center: center, bounds: bounds, transform: transform) }
        set {
            let size = newValue.standardized.size
            var newBounds = bounds
            newBounds.size = size
            bounds = newBounds
            center = CGPoint(x: newValue.midX, y: newValue.midY)
        }
    }

    static func frame(center: CGPoint, bounds: CGRect, transform: CGAffineTransform) -> CGRect {
        let w = bounds.size.width, h = bounds.size.height
        let local = CGRect(x: -w / 2, y: -h / 2, width: w, height: h)
        let box = transform.isIdentity ? local : local.applying(transform)
        return box.offsetBy(dx: center.x, dy: center.y)
    }

    /// Maps this view's bounds coordinates into its superview's coordinates (model values).
    var transformToSuperview: CGAffineTransform {
        Self.transformToSuperview(bounds: bounds, transform: transform, center: center)
    }

    /// Local → centered on the anchor → transformed → moved to the center in the superview.
    static func transformToSuperview(bounds b: CGRect, transform: CGAffineTransform, center: CGPoint) -> CGAffineTransform {
        CGAffineTransform(translationX: -b.origin.x - b.size.width / 2, y: -b.origin.y - b.size.height / 2)
            .concatenating(transform)
            .concatenating(CGAffineTransform(translationX: center.x, y: center.y))
    }

    /// Maps this view's bounds coordinates into the coordinates of its root ancestor.
    var transformToRoot: CGAffineTransform {
        var result = CGAffineTransform.identity
        var view: UIView? = self
        while let v = view, v.superview != nil {
            result = result.concatenating(v.transformToSuperview)
            view = v.superview
        }
        return result
    }

    /// The root of this view's tree (the window, once it is on screen).
    public var rootView: UIView {
        var view = self
        while let parent = view.superview { view = parent }
        return view
    }

    public func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        let toRoot = transformToRoot
        guard let view else { return point.applying(toRoot) }
        return point.applying(toRoot).applying(view.transformToRoot.inverted())
    }

    public func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        let toRoot = transformToRoot
        guard let view else { return point.applying(toRoot.inverted()) }
        return point.applying(view.transformToRoot).applying(toRoot.inverted())
    }

    public func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        let toRoot = transformToRoot
        let m = view.map { toRoot.concatenating($0.transformToRoot.inverted()) } ?? toRoot
        return rect.applying(m)
    }

    public func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        let fromRoot = transformToRoot.inverted()
        let m = view.map { $0.transformToRoot.concatenating(fromRoot) } ?? fromRoot
        return rect.applying(m)
    }

    public func point(inside point: CGPoint) -> Bool {
        bounds.contains(point)
    }

    /// The deepest visible, interactive descendant (or self) containing `point`, given in this
    /// view's coordinates; later subviews (drawn on top) win. Uses model values, as UIKit does.
    public func hitTest(_ point: CGPoint) -> UIView? {
        guard !isHidden, isUserInteractionEnabled, interactionBlockingAnimations == 0, alpha > 0.01 else { return nil }
        let inside = self.point(inside: point)
        if clipsToBounds && !inside { return nil }
        for subview in subviews.reversed() {
            let local = point.applying(subview.transformToSuperview.inverted())
            if let hit = subview.hitTest(local) { return hit }
        }
        return inside ? self : nil
    }
}
