import Testing
@testable import SeguePort

/// The rules that only report: each leaves the text as it is and says where and why.
@Suite struct ReportRulesTests {
    /// Checks that `rules` leave `source` as it is and report exactly `lines`.
    private func expectReports(_ source: String, by rules: [PortRule.Type], _ lines: [String],
                               sourceLocation: SourceLocation = #_sourceLocation) {
        let ported = port(source, with: rules)
        #expect(ported.text == source, sourceLocation: sourceLocation)
        #expect(ported.lines == lines, sourceLocation: sourceLocation)
    }

    @Test func stringSelectors() {
        expectReports("""
            final class Menu {
                let a = Selector("handlePan:"), b = NSSelectorFromString(name)
                let c = Selector(Menu.handlePan(_:)), d = Selector(name: "x")
            }
            """, by: [ReportStringSelectors.self], [
                #"Card.swift:2:13: cannot port: Selector("handlePan:") — a selector named by a string needs the Objective-C runtime"#,
                "Card.swift:2:41: cannot port: NSSelectorFromString(name) — a selector named by a string needs the Objective-C runtime",
            ])
    }

    @Test func keyPathStrings() {
        expectReports("""
            let path = #keyPath(Card.frame)
            let swiftKeyPath = \\Card.frame
            """, by: [ReportKeyPathStrings.self], [
                "Card.swift:1:12: cannot port: #keyPath(Card.frame) — a key path as a string needs the Objective-C runtime",
            ])
    }

    @Test func keyValueObserving() {
        expectReports(#"""
            final class Menu {
                func start() {
                    card.addObserver(self, forKeyPath: "frame", options: [.new], context: nil)
                    token = card.observe(\.frame, options: [.new]) { _, _ in }
                    center.addObserver(self, selector: Selector(Menu.f), name: name, object: nil)
                    publisher.observe(value)
                }
                override func observeValue(forKeyPath keyPath: String?, of object: Any?,
                                           change: [Key: Any]?, context: UnsafeMutableRawPointer?) {}
            }
            """#, by: [ReportKeyValueObserving.self], [
                "Card.swift:3:14: cannot port: addObserver(_:forKeyPath:options:context:) — key-value observing needs the Objective-C runtime",
                #"Card.swift:4:22: cannot port: observe(\.frame) — key-value observing needs the Objective-C runtime"#,
                "Card.swift:8:19: cannot port: observeValue(forKeyPath:of:change:context:) — key-value observing needs the Objective-C runtime",
            ])
    }

    @Test func storyboardsAndNibs() {
        expectReports("""
            final class Menu: ViewController {
                @IBOutlet weak var titleLabel: Label!
                @IBSegueAction func makeDetail(_ coder: Coder) -> Detail? { nil }
                func show() {
                    let storyboard: UIStoryboard = UIStoryboard(name: "Main", bundle: nil)
                    let detail = storyboard.instantiateViewController(withIdentifier: "Detail")
                    performSegue(withIdentifier: "show", sender: self)
                    register(UINib(nibName: "Cell", bundle: nil))
                    let plain = ViewController(nibName: "Menu", bundle: nil)
                }
                override func prepare(for segue: StoryboardSegue, sender: Any?) {}
                func prepare(for transition: Transition) {}
            }
            """, by: [ReportStoryboardsAndNibs.self], [
                "Card.swift:2:5: cannot port: @IBOutlet — Segue loads no storyboards or nibs",
                "Card.swift:3:5: cannot port: @IBSegueAction — Segue loads no storyboards or nibs",
                "Card.swift:5:25: cannot port: UIStoryboard — Segue loads no storyboards or nibs",
                "Card.swift:5:40: cannot port: UIStoryboard — Segue loads no storyboards or nibs",
                "Card.swift:6:33: cannot port: instantiateViewController(withIdentifier:) — Segue loads no storyboards or nibs",
                "Card.swift:7:9: cannot port: performSegue(withIdentifier:sender:) — Segue loads no storyboards or nibs",
                "Card.swift:8:18: cannot port: UINib — Segue loads no storyboards or nibs",
                "Card.swift:11:19: cannot port: override of prepare(for:sender:) — Segue loads no storyboards or nibs",
            ])
    }

    @Test func objCProtocolsWithOptionalRequirements() {
        expectReports("""
            /// Told about the card.
            @objc protocol CardDelegate: AnyObject {
                @objc optional func cardDidOpen(_ card: Card)
                func cardDidClose(_ card: Card)
            }
            @objc protocol Plain {
                func f()
            }
            protocol Swifty {
                func f() -> Int?
            }
            """, by: [ReportOptionalProtocolRequirements.self], [
                "Card.swift:2:1: cannot port: @objc protocol CardDelegate with optional requirements — optional requirements need the Objective-C runtime",
            ])
    }

    @Test func respondsToSelector() {
        expectReports("""
            final class Menu {
                func f() {
                    if delegate?.responds(to: Selector(Menu.f)) == true {}
                    if responds(to: action) {}
                    responds(to: 1, at: 2)
                }
            }
            """, by: [ReportRespondsToSelector.self], [
                "Card.swift:3:22: cannot port: responds(to:) — asking an object for a method needs the Objective-C runtime",
                "Card.swift:4:12: cannot port: responds(to:) — asking an object for a method needs the Objective-C runtime",
            ])
    }
}
