import Testing
@testable import SeguePort

@Suite struct SourcePorterTests {
    static let card = #"""
        import UIKit

        /// A card that follows the finger.
        @objcMembers
        final class CardViewController: UIViewController {
            @objc dynamic var progress = 0.0
            @IBOutlet weak var label: UILabel!

            // Called by the pan recognizer.
            @objc
            func handlePan(_ recognizer: UIPanGestureRecognizer) {}

            @objc @IBAction func close() {}

            override func viewDidLoad() {
                view.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: #selector(handlePan(_:))))
                button.addTarget(self, action: #selector(close), for: .touchUpInside)
                token = view.observe(\.frame) { _, _ in }
            }
        }
        """#

    static let portedCard = #"""
        import UIKit

        /// A card that follows the finger.
        final class CardViewController: UIViewController {
            var progress = 0.0
            @IBOutlet weak var label: UILabel!

            // Called by the pan recognizer.
            func handlePan(_ recognizer: UIPanGestureRecognizer) {}

            func close() {}

            override func viewDidLoad() {
                view.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: Selector(CardViewController.handlePan(_:))))
                button.addTarget(self, action: Selector(CardViewController.close), for: .touchUpInside)
                token = view.observe(\.frame) { _, _ in }
            }
        }
        """#

    @Test func portsAFileWithEveryRule() {
        #expect(SourcePorter().port(Self.card).text == Self.portedCard)
    }

    @Test func listsFindingsInSourceOrderAtTheirPlacesInTheFileAsRead() {
        #expect(SourcePorter().port(Self.card).lines == [
            "Card.swift:4:1: removed @objcMembers",
            "Card.swift:6:5: removed @objc",
            "Card.swift:6:11: removed dynamic",
            "Card.swift:7:5: cannot port: @IBOutlet — Segue loads no storyboards or nibs",
            "Card.swift:10:5: removed @objc",
            "Card.swift:13:5: removed @objc",
            "Card.swift:13:11: removed @IBAction",
            "Card.swift:16:80: #selector(handlePan(_:)) → Selector(CardViewController.handlePan(_:))",
            "Card.swift:17:40: #selector(close) → Selector(CardViewController.close)",
            #"Card.swift:18:22: cannot port: observe(\.frame) — key-value observing needs the Objective-C runtime"#,
        ])
    }

    @Test func portingTwiceChangesNothingMore() {
        let once = SourcePorter().port(Self.card)
        let twice = SourcePorter().port(once.text)
        #expect(twice.text == once.text)
        #expect(twice.lines == [
            "Card.swift:6:5: cannot port: @IBOutlet — Segue loads no storyboards or nibs",
            #"Card.swift:16:22: cannot port: observe(\.frame) — key-value observing needs the Objective-C runtime"#,
        ])
    }

    @Test func aSelectorSpanningLinesIsPrintedOnOne() {
        let ported = port("""
            final class Menu {
                let a = #selector(
                    close(_:))
            }
            """, with: [QualifySelectors.self])
        #expect(ported.text.contains("let a = Selector(Menu.close(_:))\n"))
        #expect(ported.lines == ["Card.swift:2:13: #selector( close(_:)) → Selector(Menu.close(_:))"])
    }

    @Test func leavesAFileWithNothingToPortByteForByte() {
        let source = "struct Plain {\n    var x = 1 \t\n}\n\n\n"
        let ported = SourcePorter().port(source)
        #expect(ported.text == source)
        #expect(ported.findings == [])
    }
}
