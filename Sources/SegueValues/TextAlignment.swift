/// Where a node's text sits across its bounds, as drawn: UIKit's `NSTextAlignment` resolved for
/// left-to-right text (`.natural` draws as `.left`, and so does `.justified`, which the page sets
/// ragged). Vertically the text is centred, as a `UILabel`'s is.
public enum TextAlignment: UInt8, Sendable, CaseIterable {
    /// Starts at the left edge.
    case left
    /// Centred: a plain view's (a button's title, a bar's).
    case center
    /// Ends at the right edge.
    case right
}

/// Which corners a node's corner radius rounds: CALayer's `maskedCorners`, with `CACornerMask`'s
/// bits (the min-y corners are the top ones, in UIKit's flipped coordinates).
public struct Corners: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// `layerMinXMinYCorner`.
    public static let topLeft = Corners(rawValue: 1 << 0)
    /// `layerMaxXMinYCorner`.
    public static let topRight = Corners(rawValue: 1 << 1)
    /// `layerMinXMaxYCorner`.
    public static let bottomLeft = Corners(rawValue: 1 << 2)
    /// `layerMaxXMaxYCorner`.
    public static let bottomRight = Corners(rawValue: 1 << 3)
    /// The four: a layer's default.
    public static let all: Corners = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}
