/// Core Graphics' `CGColor`, reduced to what a layer's colors need: an sRGB color and its alpha.
///
/// What `CALayer.backgroundColor`, `shadowColor` and `borderColor` are typed as, as in UIKit, so
/// that `layer.shadowColor = UIColor.black.cgColor` reads the same here. A value where Core
/// Graphics' is an object (there is no color space to share, and nothing to retain), holding the
/// same straight components `UIColor` does: `UIColor(cgColor: color.cgColor) == color`.
public struct CGColor: Hashable, Sendable {
    // Core Graphics reads components through `components`; these are what `UIColor` converts.
    let red: Double
    let green: Double
    let blue: Double
    /// `alpha`: the opacity, 0…1.
    public let alpha: CGFloat

    /// `CGColor(red:green:blue:alpha:)` (iOS 13): an sRGB color.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.red = Double(red)
        self.green = Double(green)
        self.blue = Double(blue)
        self.alpha = alpha
    }

    /// `CGColor(gray:alpha:)` (iOS 13). Kept as RGB: there is one color space here, so
    /// `numberOfComponents` stays 4 where Core Graphics' gray space would say 2.
    public init(gray: CGFloat, alpha: CGFloat) {
        self.init(red: gray, green: gray, blue: gray, alpha: alpha)
    }

    /// `numberOfComponents`: red, green, blue and alpha.
    public var numberOfComponents: Int { 4 }

    /// `components`: red, green, blue, alpha, as Core Graphics gives an RGB color's.
    public var components: [CGFloat]? { [CGFloat(red), CGFloat(green), CGFloat(blue), alpha] }

    /// `copy(alpha:)`: the same color at opacity `alpha`.
    public func copy(alpha: CGFloat) -> CGColor? {
        CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }
}
