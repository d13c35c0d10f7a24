import Motion
@testable import SegueKit
import Testing

/// The window finds the background under the home indicator only when the tree or a model value
/// changed (`Window.treeRevision`); these frames prove each kind of change still reaches it.
@Suite("home indicator: adapts to the background under it")
struct HomeIndicatorTests {
    static let dark = Color(red: 0.1, green: 0.1, blue: 0.12, alpha: 1)
    /// A 60 Hz frame.
    static let frameInterval = 1.0 / 60

    @Test func theIndicatorFlipsWhenTheBackgroundUnderItChanges() {
        let stage = Stage(width: 390, height: 844)
        let indicator = stage.window.homeIndicator
        var time = 0.0
        func colorNextFrame() -> Color? {
            time += Self.frameInterval
            stage.frame(at: time)
            return indicator.backgroundColor
        }
        let page = stage.add(Rect(x: 0, y: 0, width: 390, height: 844), name: "page")
        page.backgroundColor = .white
        #expect(colorNextFrame() == .black)
        #expect(colorNextFrame() == .black)

        page.backgroundColor = Self.dark
        #expect(colorNextFrame() == .white)

        // A light strip added off screen changes nothing; moved under the indicator, it does.
        let strip = View(frame: Rect(x: 0, y: 900, width: 390, height: 60), name: "strip")
        strip.backgroundColor = .white
        page.addSubview(strip)
        #expect(colorNextFrame() == .white)
        strip.center = Point(x: 195, y: 844 - 30)
        #expect(colorNextFrame() == .black)

        strip.isHidden = true
        #expect(colorNextFrame() == .white)
        strip.isHidden = false
        #expect(colorNextFrame() == .black)

        strip.alpha = 0
        #expect(colorNextFrame() == .white)
        strip.alpha = 1
        #expect(colorNextFrame() == .black)

        strip.removeFromSuperview()
        #expect(colorNextFrame() == .white)
        page.addSubview(strip)
        #expect(colorNextFrame() == .black)

        // A clipping parent that no longer reaches the indicator hides the strip from it.
        page.clipsToBounds = true
        page.bounds = Rect(x: 0, y: 0, width: 390, height: 400)
        page.center = Point(x: 195, y: 200)
        #expect(colorNextFrame() == .white)
    }
}
