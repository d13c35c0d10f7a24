import Motion
@testable import UIKit
import Testing

@Suite("presentation offsets: each property in its own lanes")
struct PresentationOffsetsTests {
    /// Every view carries one: 19 lanes of 8 bytes (2 center, 4 bounds, 6 transform, 4 color,
    /// alpha, corner radius, dimming), not seven full six-lane vectors (336 bytes).
    @Test func theOffsetsStaySmall() {
        #expect(MemoryLayout<PresentationOffsets>.size == 19 * MemoryLayout<Double>.size)
    }

    @Test func eachPropertyKeepsTheLanesItsValuesUse() {
        let values: [(AnimatableProperty, AnimationVector)] = [
            (.center, CGPoint(x: 3, y: -4).animationVector),
            (.bounds, CGRect(x: 1, y: 2, width: 30, height: 40).animationVector),
            (.transform, CGAffineTransform(a: 0.5, b: 0.1, c: -0.1, d: 0.5, tx: 7, ty: -8).animationVector),
            (.alpha, 0.25.animationVector),
            (.backgroundColor, UIColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4).animationVector),
            (.cornerRadius, 12.0.animationVector),
            (.dimming, 1.0.animationVector),
        ]
        var offsets = PresentationOffsets()
        for (property, vector) in values { offsets[property] = vector }
        for (property, vector) in values { #expect(offsets[property] == vector, "\(property)") }
    }
}
