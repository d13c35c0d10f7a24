@testable import UIKit
import Testing

/// `import QuartzCore` compiles as on iOS (CornerPulse.swift imports nothing else), and what it
/// names is UIKit's own: the link runs on the world's clock, the layer is the view's.
@Suite struct QuartzCoreImportTests {
    @Test func codeThatImportsQuartzCoreAloneRunsInTheWorld() {
        let stage = Stage()
        let card = stage.add(CGRect(x: 0, y: 0, width: 100, height: 100))
        let pulse = CornerPulse()
        stage.perform {
            pulse.roundTop(of: card.layer)
            pulse.start()
        }
        for frame in 0...5 { stage.frame(at: Double(frame) / 60) }
        // A link fires once per frame from the one after it was added; the third call invalidates it.
        #expect(pulse.ticks == 3)
        #expect(card.layer.cornerRadius == 12)
        #expect(card.layer.maskedCorners == [.layerMinXMinYCorner, .layerMaxXMinYCorner])
    }

    /// A nonisolated function styles a view's layer; the writes reach the view (on the main actor,
    /// where this test runs, as a world's code does).
    @Test func aNonisolatedHelperStylesALayer() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        applyCardStyle(to: view.layer)
        #expect(view.layer.cornerRadius == 16 && view.clipsToBounds && view.layer.shadowOpacity == 0.25)
    }
}
