import Testing
@testable import SeguePort

@Suite struct RemoveDynamicModifiersTests {
    static let cases: [PortCase] = [
        PortCase(name: "dynamic var", before: """
            final class Card {
                dynamic var progress = 0.0
            }
            """, after: """
            final class Card {
                var progress = 0.0
            }
            """),
        PortCase(name: "between other modifiers", before: """
            class Card {
                private dynamic var progress = 0.0
                override dynamic func layout() {}
            }
            """, after: """
            class Card {
                private var progress = 0.0
                override func layout() {}
            }
            """),
        PortCase(name: "dynamic alone on its line", before: """
            class Card {
                dynamic
                var progress = 0.0
            }
            """, after: """
            class Card {
                var progress = 0.0
            }
            """),
    ]

    @Test(arguments: cases)
    func removesTheModifier(_ testCase: PortCase) {
        expectPort(testCase, with: [RemoveDynamicModifiers.self])
    }

    @Test func objcDynamicVarLosesBoth() {
        let ported = port("""
            final class Card {
                @objc dynamic var progress = 0.0 // observed
            }
            """)
        #expect(ported.text == """
            final class Card {
                var progress = 0.0 // observed
            }
            """)
        #expect(ported.lines == ["Card.swift:2:5: removed @objc", "Card.swift:2:11: removed dynamic"])
    }

    @Test func leavesWhatOnlyLooksDynamic() {
        let source = """
            @dynamicMemberLookup struct Box {
                let dynamic = 1
                subscript(dynamicMember name: String) -> Int { dynamic }
            }
            """
        let ported = port(source, with: [RemoveDynamicModifiers.self])
        #expect(ported.text == source)
        #expect(ported.findings == [])
    }
}
