import Testing
@testable import SeguePort

@Suite struct QualifySelectorsTests {
    static let cases: [PortCase] = [
        PortCase(name: "a method named with its labels", before: """
            final class MenuViewController {
                func viewDidLoad() { pan.addTarget(self, action: #selector(handlePan(_:))) }
            }
            """, after: """
            final class MenuViewController {
                func viewDidLoad() { pan.addTarget(self, action: Selector(MenuViewController.handlePan(_:))) }
            }
            """),
        PortCase(name: "a method named without labels, and through self", before: """
            struct Menu {
                let a = #selector(handlePan), b = #selector(self.handlePan(_:))
            }
            """, after: """
            struct Menu {
                let a = Selector(Menu.handlePan), b = Selector(Menu.handlePan(_:))
            }
            """),
        PortCase(name: "a type written in the selector is kept", before: """
            final class Menu {
                let a = #selector(CardViewController.handlePan(_:))
                let b = #selector(Cards.Card.flip)
            }
            """, after: """
            final class Menu {
                let a = Selector(CardViewController.handlePan(_:))
                let b = Selector(Cards.Card.flip)
            }
            """),
        PortCase(name: "nested types are named through their enclosing types", before: """
            enum Cards {
                final class Card {
                    actor Header {
                        func f() { _ = #selector(tap) }
                    }
                    func g() { _ = #selector(flip) }
                }
            }
            """, after: """
            enum Cards {
                final class Card {
                    actor Header {
                        func f() { _ = Selector(Cards.Card.Header.tap) }
                    }
                    func g() { _ = Selector(Cards.Card.flip) }
                }
            }
            """),
        PortCase(name: "an extension names the extended type as written", before: """
            extension Cards.Card {
                func f() { _ = #selector(flip) }
                final class Header {
                    func g() { _ = #selector(tap) }
                }
            }
            """, after: """
            extension Cards.Card {
                func f() { _ = Selector(Cards.Card.flip) }
                final class Header {
                    func g() { _ = Selector(Cards.Card.Header.tap) }
                }
            }
            """),
        PortCase(name: "a type declared in a function body is named alone", before: """
            final class Menu {
                func f() {
                    final class Target {
                        func g() { _ = #selector(fire) }
                    }
                }
            }
            """, after: """
            final class Menu {
                func f() {
                    final class Target {
                        func g() { _ = Selector(Target.fire) }
                    }
                }
            }
            """),
        PortCase(name: "types inside #if are still members", before: """
            final class Menu {
                #if os(iOS)
                final class Row {
                    let a = #selector(tap)
                }
                #endif
            }
            """, after: """
            final class Menu {
                #if os(iOS)
                final class Row {
                    let a = Selector(Menu.Row.tap)
                }
                #endif
            }
            """),
        PortCase(name: "several selectors on one line, in a closure, and through super", before: """
            final class Menu: Base {
                lazy var actions = { [#selector(open), #selector(close(_:)), #selector(super.reset)] }()
            }
            """, after: """
            final class Menu: Base {
                lazy var actions = { [Selector(Menu.open), Selector(Menu.close(_:)), Selector(Menu.reset)] }()
            }
            """),
        PortCase(name: "a coercion that picks an overload stays", before: """
            final class Menu {
                let a = #selector(close as (Menu) -> () -> Void)
            }
            """, after: """
            final class Menu {
                let a = Selector(Menu.close as (Menu) -> () -> Void)
            }
            """),
    ]

    @Test(arguments: cases)
    func qualifiesTheMethod(_ testCase: PortCase) {
        expectPort(testCase, with: [QualifySelectors.self])
    }

    @Test func saysWhatItRewroteWhereItWas() {
        let ported = port("""
            final class MenuViewController {
                func viewDidLoad() {
                    let pan = Pan(target: self, action: #selector(handlePan(_:))), tap = #selector(self.tap)
                }
            }
            """, with: [QualifySelectors.self])
        #expect(ported.lines == [
            "Card.swift:3:45: #selector(handlePan(_:)) → Selector(MenuViewController.handlePan(_:))",
            "Card.swift:3:78: #selector(self.tap) → Selector(MenuViewController.tap)",
        ])
    }

    @Test func reportsWhatNamesNoMethodOfAKnownType() {
        let source = """
            let top = #selector(refresh)
            final class Menu {
                let a = #selector(getter: isOpen), b = #selector(setter: Menu.isOpen)
                let c = #selector(view.layoutIfNeeded)
            }
            """
        let ported = port(source, with: [QualifySelectors.self])
        #expect(ported.text == source)
        #expect(ported.lines == [
            "Card.swift:1:11: cannot port: #selector(refresh) — no enclosing type names the method",
            "Card.swift:3:13: cannot port: #selector(getter: isOpen) — a property's getter is no method to reference",
            "Card.swift:3:44: cannot port: #selector(setter: Menu.isOpen) — a property's setter is no method to reference",
            "Card.swift:4:13: cannot port: #selector(view.layoutIfNeeded) — the receiver's type is not written in the source",
        ])
    }
}
