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

    /// `numberOfLines` reads back as set and reaches the label's node, where the page wraps the
    /// text to it (0: as many lines as the bounds hold). The node keeps 0…255.
    @Test(arguments: [(1, UInt8(1)), (0, 0), (3, 3), (255, 255), (1_000, 255), (-2, 0)])
    func numberOfLinesIsDrawn(lines: Int, drawn: UInt8) {
        let stage = Stage()
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 60))
        label.text = "A title long enough to wrap"
        label.numberOfLines = lines
        stage.window.addSubview(label)
        #expect(label.numberOfLines == lines)
        #expect(stage.frame(at: 0).node(named: "label")?.numberOfLines == drawn)
    }

    /// A change of line count redraws the label, and a snapshot keeps it.
    @Test func changingTheLineCountRedrawsAndASnapshotKeepsIt() {
        let stage = Stage()
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 100, height: 60))
        label.text = "Two\nlines"
        label.numberOfLines = 2
        stage.window.addSubview(label)
        #expect(stage.frame(at: 0).node(named: "label")?.numberOfLines == 2)
        label.numberOfLines = 1
        #expect(stage.frame(at: 0.1).node(named: "label")?.numberOfLines == 1)
        let snapshot = label.snapshotView(afterScreenUpdates: true)
        #expect(snapshot?.drawnNumberOfLines == 1)
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
