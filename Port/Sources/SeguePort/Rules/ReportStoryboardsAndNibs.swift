import SwiftSyntax

/// Reports what needs a storyboard or a nib: the types `UIStoryboard` and `UINib`,
/// `instantiateViewController(withIdentifier:)`, `performSegue(withIdentifier:sender:)`, an
/// override of `prepare(for:sender:)`, and `@IBOutlet` and `@IBSegueAction`. Segue's views are
/// built in code.
final class ReportStoryboardsAndNibs: PortRule {
    static let why = "Segue loads no storyboards or nibs"
    static let types: Set<String> = ["UIStoryboard", "UINib"]
    static let attributes: Set<String> = ["IBOutlet", "IBSegueAction"]

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        if Self.types.contains(node.baseName.text) {
            report(node, what: node.baseName.text, why: Self.why)
        }
        return .visitChildren
    }

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        if Self.types.contains(node.name.text) {
            report(node, what: node.name.text, why: Self.why)
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.calledNameToken, ["instantiateViewController", "performSegue"].contains(name.text),
           node.argumentLabels.first == "withIdentifier" {
            report(name, what: node.calledNameWithLabels, why: Self.why)
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.name.text == "prepare", node.firstArgumentLabel == "for",
           node.modifiers.contains(where: { $0.name.tokenKind == .keyword(.override) }) {
            report(node.name, what: "override of \(node.nameWithLabels)", why: Self.why)
        }
        return .visitChildren
    }

    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
        if Self.attributes.contains(node.name) {
            report(node, what: node.trimmedDescription, why: Self.why)
        }
        return .skipChildren
    }
}
