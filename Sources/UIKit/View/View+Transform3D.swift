import Logging
import Motion

extension UIView {
    /// `transform3D` (iOS 13): the layer's 3-D transform, about the view's center; `transform` is
    /// its affine part (m11, m12, m21, m22, m41, m42), and setting either sets the other. Animatable
    /// in an animation block, as `transform` is, by that affine part.
    ///
    /// Views are drawn flat, as Core Animation draws a layer whose transform has no perspective: a
    /// turn out of the screen's plane shows as its affine part, the orthographic projection (a card
    /// turned about y narrows, and past a quarter turn shows its back, mirrored, as a double-sided
    /// layer does). Perspective is not drawn yet: a transform that divides the plane's points by a
    /// w other than 1 (m14, m24 or m44, as m34 gives once a turn is applied before it) is drawn by
    /// its affine part too, and the first on each view is logged. What was set reads back whole,
    /// until `transform` is set to something else.
    public var transform3D: CATransform3D {
        get {
            if let whole = layerStyle.transform3D, CATransform3DGetAffineTransform(whole) == transform { return whole }
            return CATransform3DMakeAffineTransform(transform)
        }
        set {
            var style = layerStyle
            style.transform3D = CATransform3DIsAffine(newValue) ? nil : newValue
            if Self.dividesByDepth(newValue) && !style.loggedPerspective {
                style.loggedPerspective = true
                (window?.logger ?? Self.unattachedLogger).error("""
                    \(name)'s transform has perspective (m34), which Segue does not draw yet: drawn without it, \
                    by its affine part
                    """)
            }
            layerStyle = style
            transform = CATransform3DGetAffineTransform(newValue)
        }
    }

    /// Whether `t` maps the points of a layer's plane (z = 0) with a w other than 1: perspective
    /// that shows on the layer itself (m34 alone, applied to z = 0, does not).
    private static func dividesByDepth(_ t: CATransform3D) -> Bool {
        t.m14 != 0 || t.m24 != 0 || t.m44 != 1
    }

    /// Where a view outside any window logs.
    private static let unattachedLogger = Logger(label: "segue.uikit.view")
}
