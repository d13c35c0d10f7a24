import SwiftSyntax

/// Reports `responds(to:)`: asking an object whether it has a method.
final class ReportRespondsToSelector: PortRule {
    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.calledNameToken, name.text == "responds", node.argumentLabels == ["to"] {
            report(name, what: "responds(to:)", why: "asking an object for a method needs the Objective-C runtime")
        }
        return .visitChildren
    }
}
