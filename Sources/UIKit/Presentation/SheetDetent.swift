extension UISheetPresentationController {
    /// `UISheetPresentationController.Detent`: a height a sheet rests at, resolved against the
    /// container when the sheet lays out.
    public struct Detent {
        /// `UISheetPresentationController.Detent.Identifier`.
        public nonisolated struct Identifier: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
            public let rawValue: String
            public init(rawValue: String) { self.rawValue = rawValue }
            public init(_ rawValue: String) { self.rawValue = rawValue }

            public static let medium = Identifier("com.apple.UIKit.medium")
            public static let large = Identifier("com.apple.UIKit.large")

            public var description: String { rawValue }
        }

        /// What `.medium()` resolves to, as a fraction of `maximumDetentValue`. UIKit documents
        /// "approximately half the height of the screen"; half of the large detent is our choice.
        public static let mediumFraction = 0.5

        public let identifier: Identifier
        /// The sheet's height in points for a context, or nil when the detent is inactive there.
        let resolver: (DetentResolutionContext) -> Double?

        public static func medium() -> Detent {
            Detent(identifier: .medium) { $0.maximumDetentValue * mediumFraction }
        }

        public static func large() -> Detent {
            Detent(identifier: .large) { $0.maximumDetentValue }
        }

        /// A detent whose height `resolver` computes (iOS 16); nil from the resolver hides it.
        public static func custom(identifier: Identifier,
                                  resolver: @escaping (DetentResolutionContext) -> Double?) -> Detent {
            Detent(identifier: identifier, resolver: resolver)
        }

        /// The detent's height in `context`: the resolver's answer held to (0, maximumDetentValue],
        /// as UIKit clamps custom heights; nil when inactive or not a finite positive height.
        public func resolvedValue(in context: DetentResolutionContext) -> Double? {
            guard let value = resolver(context), value.isFinite, value > 0 else { return nil }
            return min(value, context.maximumDetentValue)
        }
    }

    /// `UISheetPresentationControllerDetentResolutionContext`: what a custom detent resolves against.
    public nonisolated struct DetentResolutionContext: Sendable {
        /// The large detent's height: the container's height less the sheet's top inset.
        public let maximumDetentValue: Double

        public init(maximumDetentValue: Double) {
            self.maximumDetentValue = maximumDetentValue
        }
    }

    /// One detent resolved for a container: its identifier and height in points.
    nonisolated struct ResolvedDetent: Equatable, Sendable {
        let identifier: Detent.Identifier
        let height: Double
    }
}
