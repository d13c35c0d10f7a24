import Testing
@testable import SeguePort

@Suite struct RemoveObjCAttributesTests {
    static let cases: [PortCase] = [
        PortCase(name: "an attribute on its own line takes its line, the comment above stays", before: """
            final class Card {
                // Called by the pan recognizer.
                @objc
                func handlePan() {}
            }
            """, after: """
            final class Card {
                // Called by the pan recognizer.
                func handlePan() {}
            }
            """),
        PortCase(name: "an inline attribute takes the space after it", before: """
            final class Card {
                @objc func close() {}
            }
            """, after: """
            final class Card {
                func close() {}
            }
            """),
        PortCase(name: "an Objective-C name goes with its attribute", before: """
            final class Card {
                /// Follows the finger.
                @objc(handlePan:)
                func handlePan(_ recognizer: Recognizer) {}
            }
            """, after: """
            final class Card {
                /// Follows the finger.
                func handlePan(_ recognizer: Recognizer) {}
            }
            """),
        PortCase(name: "two inline attributes leave no doubled space", before: """
            final class Card {
                @objc @IBAction func tap() {}
            }
            """, after: """
            final class Card {
                func tap() {}
            }
            """),
        PortCase(name: "two attributes sharing their own line take the line", before: """
            final class Card {
                @objc @IBAction
                func tap() {}
            }
            """, after: """
            final class Card {
                func tap() {}
            }
            """),
        PortCase(name: "a comment after an attribute on its own line stays, indented", before: """
            final class Card {
                @objc // called by the button
                func reset() {}
            }
            """, after: """
            final class Card {
                // called by the button
                func reset() {}
            }
            """),
        PortCase(name: "a comment between an attribute and its declaration stays", before: """
            final class Card {
                @objc /* for the pan */ func open() {}
            }
            """, after: """
            final class Card {
                /* for the pan */ func open() {}
            }
            """),
        PortCase(name: "other attributes stay, before and after", before: """
            final class Card {
                @MainActor @objc @discardableResult func open() -> Bool { true }
                @MainActor @objc
                func close() {}
            }
            """, after: """
            final class Card {
                @MainActor @discardableResult func open() -> Bool { true }
                @MainActor
                func close() {}
            }
            """),
        PortCase(name: "every Objective-C and Interface Builder attribute goes", before: """
            @objcMembers
            @IBDesignable final class Card {
                @IBInspectable var cornerRadius = 8.0
                @GKInspectable var speed = 1.0
                @nonobjc func internalOnly() {}
            }
            """, after: """
            final class Card {
                var cornerRadius = 8.0
                var speed = 1.0
                func internalOnly() {}
            }
            """),
        PortCase(name: "an @objc protocol without optional requirements loses @objc", before: """
            @objc protocol CardDelegate {
                @objc func cardDidOpen()
            }
            """, after: """
            protocol CardDelegate {
                func cardDidOpen()
            }
            """),
        PortCase(name: "tabs and CRLF line endings are kept", before: "final class Card {\r\n\t@objc\r\n\tfunc a() {}\r\n\t@objc func b() {}\r\n}\r\n",
                 after: "final class Card {\r\n\tfunc a() {}\r\n\tfunc b() {}\r\n}\r\n"),
        PortCase(name: "an attribute on the last line, with no line break after it, takes the one before",
                 before: "struct A {}\n@objc", after: "struct A {}"),
    ]

    @Test(arguments: cases)
    func removesTheAttribute(_ testCase: PortCase) {
        expectPort(testCase, with: [RemoveObjCAttributes.self])
    }

    @Test func leavesOutletsAndObjCProtocolsWithOptionalRequirements() {
        let source = """
            @objc protocol CardDelegate {
                @objc optional func cardDidOpen()
            }
            final class Card {
                @IBOutlet weak var label: Label!
                @IBSegueAction func makeDetail(_ coder: Coder) -> Detail? { nil }
            }
            """
        let ported = port(source, with: [RemoveObjCAttributes.self])
        #expect(ported.text == source)
        #expect(ported.findings == [])
    }

    @Test func saysWhatItRemovedWhereItWas() {
        let ported = port("""
            final class Card {
                @objc(handlePan:)
                func handlePan() {}
                @objc @IBAction func tap() {}
            }
            """, with: [RemoveObjCAttributes.self])
        #expect(ported.lines == [
            "Card.swift:2:5: removed @objc(handlePan:)",
            "Card.swift:4:5: removed @objc",
            "Card.swift:4:11: removed @IBAction",
        ])
    }
}
