import Motion
@testable import UIKit
import Testing

/// `UILabel`: UIKit's defaults, and what its node in the display list draws.
@Suite struct UILabelTests {
    @Test func aNewLabelHasUIKitsDefaults() {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 30))
        #expect(label.text == nil)
        #expect(label.font == UIFont.systemFont(ofSize: 17))
        #expect(label.textColor == UIColor.label)
        #expect(label.textAlignment == .natural)
        #expect(label.numberOfLines == 1)
        #expect(label.isUserInteractionEnabled == false)
        #expect(label.backgroundColor == nil)
    }

    @Test func settingNilFontOrTextColorRestoresTheDefault() {
        let label = UILabel()
        label.font = .boldSystemFont(ofSize: 30)
        label.textColor = .systemRed
        label.font = nil
        label.textColor = nil
        #expect(label.font == UIFont.systemFont(ofSize: 17))
        #expect(label.textColor == UIColor.label)
    }

    @Test func theLabelsNodeCarriesItsTextFontColorAndAlignment() throws {
        let stage = Stage()
        let label = UILabel(frame: CGRect(x: 20, y: 100, width: 200, height: 30))
        label.accessibilityIdentifier = "title"
        label.text = "Photos"
        label.font = .systemFont(ofSize: 28, weight: .semibold)
        label.textColor = .secondaryLabel
        label.textAlignment = .right
        stage.window.addSubview(label)
        let node = try #require(stage.frame(at: 0).node(named: "title"))
        #expect(node.text == "Photos")
        #expect(node.fontSize == 28)
        #expect(node.fontWeight == .semibold)
        #expect(node.textColor == UIColor.secondaryLabel)
        #expect(node.textAlignment == .right)
        #expect(node.size == CGSize(width: 200, height: 30))
    }

    /// One left-to-right line: natural and justified text start at the left edge.
    @Test(arguments: [
        (NSTextAlignment.left, TextAlignment.left), (.center, .center), (.right, .right),
        (.natural, .left), (.justified, .left),
    ])
    func eachAlignmentIsDrawnAcrossTheLine(alignment: NSTextAlignment, drawn: TextAlignment) {
        let stage = Stage()
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
        label.text = "x"
        label.textAlignment = alignment
        stage.window.addSubview(label)
        #expect(stage.frame(at: 0).node(named: "label")?.textAlignment == drawn)
    }

    @Test func nsTextAlignmentHasIOSRawValues() {
        #expect(NSTextAlignment.left.rawValue == 0)
        #expect(NSTextAlignment.center.rawValue == 1)
        #expect(NSTextAlignment.right.rawValue == 2)
        #expect(NSTextAlignment.justified.rawValue == 3)
        #expect(NSTextAlignment.natural.rawValue == 4)
    }

    /// A plain view's text (a button's title, a bar's) stays centred.
    @Test func aButtonsTitleIsCentred() {
        let stage = Stage()
        let button = UIButton(type: .system)
        button.setTitle("Open", for: .normal)
        button.frame = CGRect(x: 0, y: 0, width: 100, height: 44)
        stage.window.addSubview(button)
        #expect(stage.frame(at: 0).node(named: "button-open")?.textAlignment == .center)
    }

    /// `numberOfLines` is kept; the page draws one line whatever it says.
    @Test func numberOfLinesIsKept() {
        let label = UILabel()
        label.numberOfLines = 0
        #expect(label.numberOfLines == 0)
    }

    @Test func changingTheTextRedrawsTheLabel() {
        let stage = Stage()
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 20))
        label.text = "One"
        stage.window.addSubview(label)
        #expect(stage.frame(at: 0).node(named: "label")?.text == "One")
        label.text = "Two"
        #expect(stage.frame(at: 0.1).node(named: "label")?.text == "Two")
        label.text = nil
        #expect(stage.frame(at: 0.2).node(named: "label")?.text == nil)
    }
}
