import SwiftSyntax

/// Reports selectors named by strings, `Selector("handlePan:")` and `NSSelectorFromString(name)`:
/// only the Objective-C runtime can find a method by its name.
final class ReportStringSelectors: PortRule {
    static let why = "a selector named by a string needs the Objective-C runtime"

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        switch node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text {
        case "NSSelectorFromString":
            report(node, what: node.trimmedDescription, why: Self.why)
        case "Selector" where node.arguments.count == 1 && node.arguments.first?.label == nil
            && node.arguments.first?.expression.is(StringLiteralExprSyntax.self) == true:
            report(node, what: node.trimmedDescription, why: Self.why)
        default:
            break
        }
        return .visitChildren
    }
}
