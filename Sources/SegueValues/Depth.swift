import Motion

/// A view's drop shadow, as CALayer's `shadowColor`, `shadowOpacity`, `shadowRadius` and
/// `shadowOffset` describe it: the shape of the view (rounded by its corner radius), blurred by
/// `radius`, moved by `offset`, in `color` at `opacity`. An opacity of 0 is no shadow, CALayer's
/// default; the other defaults are CALayer's too (black, radius 3, offset (0, −3)).
public struct Shadow: Equatable, Sendable {
    public var color: UIColor
    public var opacity: Double
    /// Blur radius, pt: about the Gaussian's standard deviation, as CALayer's (CSS's and canvas's
    /// blur is twice it).
    public var radius: Double
    public var offset: CGSize

    public init(color: UIColor = .black, opacity: Double = 0, radius: Double = 3, offset: CGSize = CGSize(width: 0, height: -3)) {
        self.color = color
        self.opacity = opacity
        self.radius = radius
        self.offset = offset
    }

    public static let none = Shadow()

    /// Whether anything is drawn.
    public var isVisible: Bool { opacity > 0 && color.alpha > 0 }
}

/// A view's border, as CALayer's `borderWidth` and `borderColor`: drawn inside the bounds, following
/// the corner radius, above the content. A width of 0 is no border (CALayer's default).
public struct Border: Equatable, Sendable {
    public var width: Double
    public var color: UIColor

    public init(width: Double = 0, color: UIColor = .black) {
        self.width = width
        self.color = color
    }

    public static let none = Border()

    public var isVisible: Bool { width > 0 && color.alpha > 0 }
}
