import Motion
@testable import UIKit
import Testing

/// `UIButton.titleLabel`: its font is the font the title is drawn in; its text and color are the
/// title the button's state shows.
@Suite struct UIButtonTitleLabelTests {
    func button(in stage: Stage) -> UIButton {
        let button = UIButton(type: .system)
        button.setTitle("Done", for: .normal)
        button.frame = CGRect(x: 0, y: 0, width: 100, height: 44)
        stage.window.addSubview(button)
        return button
    }

    @Test func settingTheTitleLabelsFontSetsTheTitlesFont() throws {
        let stage = Stage()
        let button = button(in: stage)
        button.titleLabel?.font = .systemFont(ofSize: 19, weight: .semibold)
        let node = try #require(stage.frame(at: 0).node(named: "button-done"))
        #expect(node.fontSize == 19)
        #expect(node.fontWeight == .semibold)
        #expect(button.titleLabel?.font == UIFont.systemFont(ofSize: 19, weight: .semibold))
    }

    @Test func theTitleLabelShowsTheCurrentTitleAndColor() {
        let stage = Stage()
        let button = button(in: stage)
        button.setTitleColor(.systemRed, for: .normal)
        let label = button.titleLabel
        #expect(label?.text == "Done")
        #expect(label?.textColor == UIColor.systemRed)
        button.setTitle("Close", for: .normal)
        #expect(label?.text == "Close")
        button.isEnabled = false
        button.setTitleColor(.systemGray, for: .disabled)
        #expect(label?.textColor == UIColor.systemGray)
    }

    /// A title set on the label is shown until the state next changes, as UIKit's button resets
    /// its label's text from its titles.
    @Test func aStateChangeResetsTextSetOnTheTitleLabel() {
        let stage = Stage()
        let button = button(in: stage)
        button.titleLabel?.text = "Later"
        #expect(stage.frame(at: 0).node(named: "button-done")?.text == "Later")
        button.isSelected = true
        #expect(stage.frame(at: 0.1).node(named: "button-done")?.text == "Done")
    }

    /// The title is the button's own: the label is no subview and adds no node.
    @Test func theTitleLabelAddsNoViewToTheButton() {
        let stage = Stage()
        let button = button(in: stage)
        let before = stage.frame(at: 0).nodes.count
        _ = button.titleLabel
        #expect(button.subviews.isEmpty)
        #expect(stage.frame(at: 0.1).nodes.count == before)
    }

    /// `titleLabel?.numberOfLines = 0` lets the title wrap, as in UIKit: the button's node carries
    /// the count; a new button's title is one line.
    @Test func theTitleLabelsNumberOfLinesIsTheTitles() throws {
        let stage = Stage()
        let button = button(in: stage)
        #expect(try #require(stage.frame(at: 0).node(named: "button-done")).numberOfLines == 1)
        #expect(button.titleLabel?.numberOfLines == 1)
        button.titleLabel?.numberOfLines = 0
        #expect(button.titleLabel?.numberOfLines == 0)
        #expect(try #require(stage.frame(at: 0.1).node(named: "button-done")).numberOfLines == 0)
    }
}
