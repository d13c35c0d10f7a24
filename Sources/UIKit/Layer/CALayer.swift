/// `CALayer`: a view's layer, as `view.layer` gives it, with the properties transitions set on it.
///
/// In UIKit the layer holds a view's state and the view is a front for it. Here the view holds it
/// (the display list is built from views), and its layer is a second face of it: geometry,
/// opacity, background color, corner radius and clipping read and write the view's own values, so
/// `layer.cornerRadius`, `layer.opacity` and `layer.backgroundColor` animate inside an animation
/// block as UIKit animates them, and `layer.masksToBounds` is `clipsToBounds`. What a layer has and
/// a view does not, the shadow and border, the view keeps out of line for it (`LayerStyle`).
///
/// A value naming its view, where UIKit's is an object: reading `view.layer` allocates nothing and
/// a view that never draws a shadow keeps nothing for its layer. Two layers are equal when they are
/// the same view's (UIKit's `===` on layers reads `==` here), and a layer kept in a variable keeps
/// its view alive, as UIKit's keeps its state. Its setters are `nonmutating`, so
/// `view.layer.cornerRadius = 12` and `let layer = view.layer; layer.cornerRadius = 12` both work.
///
/// Not the main actor's, as Core Animation's layers are not: code of any isolation may hold a layer
/// and set its properties. Each read and write reaches the view on the main actor, and checks that
/// it is there (`MainActor.assumeIsolated`), as a world's code always is.
///
/// Only views' layers exist: there is no `CALayer()`, no sublayers and no `presentation()` (a
/// view's `presentation` has its on-screen values). `transform` is the view's `transform3D`, drawn
/// flat (its affine part: what Core Animation draws without perspective).
public nonisolated struct CALayer: Hashable, Sendable {
    /// The view whose layer this is (UIKit's `delegate`).
    let owner: UIView

    init(owner: UIView) {
        self.owner = owner
    }

    public static func == (lhs: CALayer, rhs: CALayer) -> Bool {
        lhs.owner === rhs.owner
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(owner))
    }

    // MARK: Geometry and visibility: the view's own

    /// `bounds`: the view's bounds.
    public var bounds: CGRect {
        get { MainActor.assumeIsolated { owner.bounds } }
        nonmutating set { MainActor.assumeIsolated { owner.bounds = newValue } }
    }

    /// `position`: the view's center (the anchor point is the layer's middle, UIKit's default).
    public var position: CGPoint {
        get { MainActor.assumeIsolated { owner.center } }
        nonmutating set { MainActor.assumeIsolated { owner.center = newValue } }
    }

    /// `frame`: the view's frame.
    public var frame: CGRect {
        get { MainActor.assumeIsolated { owner.frame } }
        nonmutating set { MainActor.assumeIsolated { owner.frame = newValue } }
    }

    /// `transform`: the view's `transform3D`, about its center (the anchor point is the layer's
    /// middle); animatable inside an animation block. Drawn flat, without perspective
    /// (`UIView.transform3D`).
    public var transform: CATransform3D {
        get { MainActor.assumeIsolated { owner.transform3D } }
        nonmutating set { MainActor.assumeIsolated { owner.transform3D = newValue } }
    }

    /// `isDoubleSided`: true (the default) draws the layer from both sides; false leaves it and its
    /// sublayers out while its back faces the viewer: while its transform turns it past a quarter
    /// turn out of the screen's plane, or mirrors it (its affine part's determinant is negative,
    /// the winding of the layer as drawn, which is how the back of a flat layer shows).
    public var isDoubleSided: Bool {
        get { MainActor.assumeIsolated { !owner.layerStyle.isSingleSided } }
        nonmutating set { MainActor.assumeIsolated { owner.layerStyle.isSingleSided = !newValue } }
    }

    /// `affineTransform()`: the view's transform.
    public func affineTransform() -> CGAffineTransform {
        MainActor.assumeIsolated { owner.transform }
    }

    /// `setAffineTransform(_:)`: sets the view's transform.
    public func setAffineTransform(_ transform: CGAffineTransform) {
        MainActor.assumeIsolated { owner.transform = transform }
    }

    /// `isHidden`: the view's `isHidden`.
    public var isHidden: Bool {
        get { MainActor.assumeIsolated { owner.isHidden } }
        nonmutating set { MainActor.assumeIsolated { owner.isHidden = newValue } }
    }

    /// `opacity`: the view's `alpha`, 1 by default; animatable.
    public var opacity: Float {
        get { MainActor.assumeIsolated { Float(owner.alpha) } }
        nonmutating set { MainActor.assumeIsolated { owner.alpha = Double(widening: newValue) } }
    }

    /// `backgroundColor`: the view's background color; nil (the default) draws none. Animatable.
    public var backgroundColor: CGColor? {
        get { MainActor.assumeIsolated { owner.backgroundColor?.cgColor } }
        nonmutating set { MainActor.assumeIsolated { owner.backgroundColor = newValue.map(UIColor.init(cgColor:)) } }
    }

    // MARK: Shape

    /// `cornerRadius`: the radius the background, border, shadow and (with `masksToBounds`) the
    /// clip are rounded with, in points; 0 by default. Animatable, as UIKit animates it in an
    /// animation block since iOS 11.
    public var cornerRadius: CGFloat {
        get { MainActor.assumeIsolated { CGFloat(owner.cornerRadius) } }
        nonmutating set { MainActor.assumeIsolated { owner.cornerRadius = Double(newValue) } }
    }

    /// `masksToBounds`: the view's `clipsToBounds`; subviews are clipped to the rounded bounds.
    public var masksToBounds: Bool {
        get { MainActor.assumeIsolated { owner.clipsToBounds } }
        nonmutating set { MainActor.assumeIsolated { owner.clipsToBounds = newValue } }
    }

    /// `maskedCorners` (iOS 11): which corners `cornerRadius` rounds; all four by default. The
    /// others stay square, in the fill, the clip, the shadow and the border.
    public var maskedCorners: CACornerMask {
        get { MainActor.assumeIsolated { owner.layerStyle.maskedCorners } }
        nonmutating set { MainActor.assumeIsolated { owner.layerStyle.maskedCorners = newValue.intersection(.allCorners) } }
    }

    // MARK: Shadow

    /// `shadowColor`: opaque black by default; nil draws no shadow.
    public var shadowColor: CGColor? {
        get { MainActor.assumeIsolated { owner.layerStyle.shadowColorIsNil ? nil : owner.shadow.color.cgColor } }
        nonmutating set {
            MainActor.assumeIsolated {
                var style = owner.layerStyle
                style.shadowColorIsNil = newValue == nil
                style.shadow.color = newValue.map(UIColor.init(cgColor:)) ?? .clear
                owner.layerStyle = style
            }
        }
    }

    /// `shadowOpacity`: 0 (no shadow) by default; clamped to 0…1.
    public var shadowOpacity: Float {
        get { MainActor.assumeIsolated { Float(owner.shadow.opacity) } }
        nonmutating set { MainActor.assumeIsolated { owner.shadow.opacity = Double(widening: min(max(newValue, 0), 1)) } }
    }

    /// `shadowRadius`: the blur radius in points, 3 by default; never negative.
    public var shadowRadius: CGFloat {
        get { MainActor.assumeIsolated { CGFloat(owner.shadow.radius) } }
        nonmutating set { MainActor.assumeIsolated { owner.shadow.radius = max(Double(newValue), 0) } }
    }

    /// `shadowOffset`: (0, −3) by default, as on iOS.
    public var shadowOffset: CGSize {
        get { MainActor.assumeIsolated { owner.shadow.offset } }
        nonmutating set { MainActor.assumeIsolated { owner.shadow.offset = newValue } }
    }

    // MARK: Border

    /// `borderWidth`: drawn inside the bounds, following the corner radius; 0 by default.
    public var borderWidth: CGFloat {
        get { MainActor.assumeIsolated { CGFloat(owner.border.width) } }
        nonmutating set { MainActor.assumeIsolated { owner.border.width = max(Double(newValue), 0) } }
    }

    /// `borderColor`: opaque black by default; nil draws no border.
    public var borderColor: CGColor? {
        get { MainActor.assumeIsolated { owner.layerStyle.borderColorIsNil ? nil : owner.border.color.cgColor } }
        nonmutating set {
            MainActor.assumeIsolated {
                var style = owner.layerStyle
                style.borderColorIsNil = newValue == nil
                style.border.color = newValue.map(UIColor.init(cgColor:)) ?? .clear
                owner.layerStyle = style
            }
        }
    }
}

/// What a view keeps for its layer (`UIView.layerStyle`): the shadow and border as the display list
/// draws them, and what of the layer's API they cannot say.
nonisolated struct LayerStyle: Equatable {
    var shadow = Shadow.none
    var border = Border.none
    /// `shadowColor` / `borderColor` were set to nil: the drawn color is then clear.
    var shadowColorIsNil = false
    var borderColorIsNil = false
    var maskedCorners = CACornerMask.allCorners
    /// The 3-D transform last set, when it is not affine (`UIView.transform3D`): read back while
    /// the view's transform is still its affine part.
    var transform3D: CATransform3D?
    /// A transform with perspective was set on this view and logged (once a view).
    var loggedPerspective = false
    /// `isDoubleSided` was set to false: the view is left out while its back faces the viewer.
    var isSingleSided = false

    /// A view's without a shadow, a border or masked corners: no box is kept for it.
    static let `default` = LayerStyle()
}

/// `CACornerMask` (iOS 11): a layer's corners, named by their place in its bounds (min-y is the top
/// in UIKit's flipped layers).
public nonisolated struct CACornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt

    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    public static let layerMinXMinYCorner = CACornerMask(rawValue: 1 << 0)
    public static let layerMaxXMinYCorner = CACornerMask(rawValue: 1 << 1)
    public static let layerMinXMaxYCorner = CACornerMask(rawValue: 1 << 2)
    public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 1 << 3)

    /// The four, a layer's default.
    static let allCorners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner,
                                           .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
}

extension Double {
    /// A layer's `Float` as the `Double` a view holds: the one nearest the shortest decimal that
    /// reads back as `value`, so `layer.shadowOpacity = 0.3` stores 0.3, as `view.alpha = 0.3`
    /// does, not 0.30000001192092896 (`Double(value)`, exact but a different number from the one
    /// written). Reading it back as a `Float` gives `value` again; where it would not, the exact
    /// widening is kept.
    fileprivate init(widening value: Float) {
        let decimal = Double(value.description) ?? Double(value)
        self = Float(decimal) == value ? decimal : Double(value)
    }
}
