import Testing
@testable import SeguePort

/// A source's text before and after one rule (or all of them), for `@Test(arguments:)`.
struct PortCase: Sendable, CustomTestStringConvertible {
    var name: String
    var before: String
    var after: String

    var testDescription: String { name }
}

/// `source` ported by `rules` alone.
func port(_ source: String, with rules: [PortRule.Type] = PortRule.all) -> PortedSource {
    SourcePorter(rules: rules).port(source)
}

extension PortedSource {
    /// The lines `segue-port` prints for this file, as `Card.swift`.
    var lines: [String] { findings.map { $0.formatted(path: "Card.swift") } }
}

/// Checks that `rules` turn `before` into `after`, and that porting `after` again changes nothing
/// and rewrites nothing.
func expectPort(_ testCase: PortCase, with rules: [PortRule.Type], sourceLocation: SourceLocation = #_sourceLocation) {
    let first = port(testCase.before, with: rules)
    #expect(first.text == testCase.after, sourceLocation: sourceLocation)
    let second = port(first.text, with: rules)
    #expect(second.text == first.text, "not idempotent", sourceLocation: sourceLocation)
    #expect(second.findings.filter { !$0.isUnportable } == [], "rewrites on a second run", sourceLocation: sourceLocation)
}
