import SwiftSyntax

/// Drops the `dynamic` modifier: dynamic dispatch through the Objective-C runtime, which Swift on
/// Linux does not have (`@objc dynamic var` loses both).
final class RemoveDynamicModifiers: PortRule {
    override func visit(_ node: DeclModifierSyntax) -> SyntaxVisitorContinueKind {
        if node.name.tokenKind == .keyword(.dynamic), !ReportOptionalProtocolRequirements.isInside(node) {
            remove(node)
        }
        return .skipChildren
    }
}
