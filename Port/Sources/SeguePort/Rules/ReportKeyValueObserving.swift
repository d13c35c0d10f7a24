import SwiftSyntax

/// Reports key-value observing: `addObserver(_:forKeyPath:options:context:)`, overrides of
/// `observeValue(forKeyPath:of:change:context:)` and key-path observation, `.observe(\.frame)`.
final class ReportKeyValueObserving: PortRule {
    static let why = "key-value observing needs the Objective-C runtime"

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard let name = node.calledNameToken else { return .visitChildren }
        let labels = node.argumentLabels
        if name.text == "addObserver", labels.count >= 2, labels[1] == "forKeyPath" {
            report(name, what: node.calledNameWithLabels, why: Self.why)
        } else if name.text == "observe", node.calledExpression.is(MemberAccessExprSyntax.self),
                  let keyPath = node.arguments.first?.expression.as(KeyPathExprSyntax.self) {
            report(name, what: "observe(\(keyPath.trimmedDescription))", why: Self.why)
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.name.text == "observeValue", node.firstArgumentLabel == "forKeyPath" {
            report(node.name, what: node.nameWithLabels, why: Self.why)
        }
        return .visitChildren
    }
}
