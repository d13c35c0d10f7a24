/// Where a node's text sits across its bounds, as drawn: UIKit's `NSTextAlignment` resolved for
/// one left-to-right line (`.natural` and `.justified` draw as `.left`). Vertically the text is
/// always centred, as a `UILabel`'s is.
public enum TextAlignment: UInt8, Sendable, CaseIterable {
    /// Starts at the left edge.
    case left
    /// Centred: what every node drew before labels could say otherwise (a button's title, a bar's).
    case center
    /// Ends at the right edge.
    case right
}
