import Motion
@testable import UIKit
import Testing

/// `UIFont`'s system font: sizes and weights as UIKit names them, and the weights the display list
/// draws them in.
@Suite struct UIFontTests {
    @Test func systemFontHasThePointSizeAskedForAndRegularWeight() {
        let font = UIFont.systemFont(ofSize: 17)
        #expect(font.pointSize == 17)
        #expect(font == UIFont.systemFont(ofSize: 17, weight: .regular))
        #expect(font != UIFont.systemFont(ofSize: 17, weight: .medium))
        #expect(font.drawnWeight == .regular)
    }

    @Test func boldSystemFontIsTheSystemFontAtBoldWeight() {
        let bold = UIFont.boldSystemFont(ofSize: 20)
        #expect(bold == UIFont.systemFont(ofSize: 20, weight: .bold))
        #expect(bold.pointSize == 20)
        #expect(bold.drawnWeight == .bold)
    }

    @Test func withSizeKeepsTheWeight() {
        let font = UIFont.systemFont(ofSize: 17, weight: .semibold).withSize(34)
        #expect(font == UIFont.systemFont(ofSize: 34, weight: .semibold))
    }

    /// UIFontDescriptor.h's `UIFontWeight…` values, each drawn as the weight of the same name.
    @Test(arguments: [
        (UIFont.Weight.ultraLight, -0.8, FontWeight.ultraLight), (.thin, -0.6, .thin), (.light, -0.4, .light),
        (.regular, 0, .regular), (.medium, 0.23, .medium), (.semibold, 0.3, .semibold), (.bold, 0.4, .bold),
        (.heavy, 0.56, .heavy), (.black, 0.62, .black),
    ])
    func namedWeightsHaveUIKitsRawValuesAndDrawAsThemselves(weight: UIFont.Weight, rawValue: Double,
                                                             drawn: FontWeight) {
        #expect(weight.rawValue == CGFloat(rawValue))
        #expect(UIFont.Weight(CGFloat(rawValue)) == weight)
        #expect(UIFont.systemFont(ofSize: 12, weight: weight).drawnWeight == drawn)
    }

    /// The page has nine weights: one in between draws as the nearest named one.
    @Test func aWeightBetweenNamedOnesDrawsAsTheNearest() {
        #expect(UIFont.systemFont(ofSize: 12, weight: UIFont.Weight(0.1)).drawnWeight == .regular)
        #expect(UIFont.systemFont(ofSize: 12, weight: UIFont.Weight(0.2)).drawnWeight == .medium)
        #expect(UIFont.systemFont(ofSize: 12, weight: UIFont.Weight(0.5)).drawnWeight == .heavy)
        #expect(UIFont.systemFont(ofSize: 12, weight: UIFont.Weight(-1)).drawnWeight == .ultraLight)
        #expect(UIFont.systemFont(ofSize: 12, weight: UIFont.Weight(1)).drawnWeight == .black)
    }
}
