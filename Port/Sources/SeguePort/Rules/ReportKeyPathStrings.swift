import SwiftSyntax

/// Reports `#keyPath(…)`: a key path as a string, for key-value coding.
final class ReportKeyPathStrings: PortRule {
    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.macroName.text == "keyPath" else { return .visitChildren }
        report(node, what: node.trimmedDescription, why: "a key path as a string needs the Objective-C runtime")
        return .skipChildren
    }
}
