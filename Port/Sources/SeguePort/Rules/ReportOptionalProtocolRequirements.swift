import SwiftSyntax

/// Reports an `@objc protocol` with `optional` requirements: Swift has optional requirements only
/// through the Objective-C runtime. The protocol is left entirely as written.
final class ReportOptionalProtocolRequirements: PortRule {
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        if Self.isObjCWithOptionalRequirements(node) {
            report(node, what: "@objc protocol \(node.name.text) with optional requirements",
                   why: "optional requirements need the Objective-C runtime")
        }
        return .skipChildren
    }

    /// Whether `node` is part of such a protocol (its attributes, or its requirements').
    static func isInside(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let ancestor = current {
            if let protocolDecl = ancestor.as(ProtocolDeclSyntax.self) {
                return isObjCWithOptionalRequirements(protocolDecl)
            }
            current = ancestor.parent
        }
        return false
    }

    static func isObjCWithOptionalRequirements(_ node: ProtocolDeclSyntax) -> Bool {
        let isObjC = node.attributes.contains { $0.as(AttributeSyntax.self)?.name == "objc" }
        return isObjC && node.memberBlock.members.contains { member in
            member.decl.asProtocol(WithModifiersSyntax.self)?.modifiers
                .contains { $0.name.tokenKind == .keyword(.optional) } ?? false
        }
    }
}
