/// `UIFont`: the system font at a size and a weight, which is all the page draws (San Francisco
/// where the platform has it, otherwise Inter; README, "Using the viewer").
///
/// A value where UIKit's is an object: fonts are compared by size and weight, as two system fonts
/// of one size and weight are equal in UIKit. Only the system font's constructors are here; there
/// are no named font families to look up (`UIFont(name:size:)`), no italics and no metrics
/// (`lineHeight`, `ascender`): text is not measured on the server.
public nonisolated struct UIFont: Hashable, Sendable {
    /// `pointSize`: the size in points, the display list's `fontSize`.
    public let pointSize: CGFloat
    /// The weight it was made with (`UIFont.Weight`), kept as given.
    let weight: Weight

    init(pointSize: CGFloat, weight: Weight) {
        self.pointSize = pointSize
        self.weight = weight
    }

    /// `systemFont(ofSize:)`: the regular system font.
    public static func systemFont(ofSize fontSize: CGFloat) -> UIFont {
        UIFont(pointSize: fontSize, weight: .regular)
    }

    /// `systemFont(ofSize:weight:)`.
    public static func systemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        UIFont(pointSize: fontSize, weight: weight)
    }

    /// `boldSystemFont(ofSize:)`: the system font at `.bold`.
    public static func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        UIFont(pointSize: fontSize, weight: .bold)
    }

    /// `withSize(_:)`: the same font at another size.
    public func withSize(_ fontSize: CGFloat) -> UIFont {
        UIFont(pointSize: fontSize, weight: weight)
    }

    /// The display list's weight: the page has San Francisco's nine.
    var drawnWeight: FontWeight { weight.drawn }

    /// The font a view draws with, from what the display list carries: its weight is the named one.
    init(drawnSize size: Double, weight: FontWeight) {
        self.init(pointSize: CGFloat(size), weight: Weight(weight))
    }
}

extension UIFont {
    /// `UIFont.Weight`: a font's weight on UIKit's scale, −1 (thinnest) to 1 (heaviest), regular 0.
    ///
    /// The named weights carry UIKit's raw values (UIFontDescriptor.h's `UIFontWeight…`
    /// constants). The page draws the nine named ones; a weight in between draws as the nearest
    /// (the display list's `FontWeight`), and a view's font reads back as that named weight.
    public nonisolated struct Weight: RawRepresentable, Hashable, Sendable {
        public let rawValue: CGFloat

        public init(rawValue: CGFloat) {
            self.rawValue = rawValue
        }

        /// `UIFont.Weight(_:)`.
        public init(_ rawValue: CGFloat) {
            self.rawValue = rawValue
        }

        public static let ultraLight = Weight(rawValue: -0.8)
        public static let thin = Weight(rawValue: -0.6)
        public static let light = Weight(rawValue: -0.4)
        public static let regular = Weight(rawValue: 0)
        public static let medium = Weight(rawValue: 0.23)
        public static let semibold = Weight(rawValue: 0.3)
        public static let bold = Weight(rawValue: 0.4)
        public static let heavy = Weight(rawValue: 0.56)
        public static let black = Weight(rawValue: 0.62)

        /// Each drawn weight's UIKit weight, in `FontWeight`'s order (ultraLight … black).
        static let named: [(drawn: FontWeight, weight: Weight)] = [
            (.ultraLight, .ultraLight), (.thin, .thin), (.light, .light), (.regular, .regular),
            (.medium, .medium), (.semibold, .semibold), (.bold, .bold), (.heavy, .heavy), (.black, .black),
        ]

        /// The named weight nearest this one (the lighter of two equally near).
        var drawn: FontWeight {
            var best = Self.named[0]
            for candidate in Self.named.dropFirst()
            where abs(candidate.weight.rawValue - rawValue) < abs(best.weight.rawValue - rawValue) {
                best = candidate
            }
            return best.drawn
        }

        /// The named weight that draws as `drawn`.
        init(_ drawn: FontWeight) {
            self = Self.named.first { $0.drawn == drawn }?.weight ?? .regular
        }
    }
}
