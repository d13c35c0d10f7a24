import SwiftSyntax

/// Drops the attributes that ask for the Objective-C runtime or Interface Builder, which Swift on
/// Linux rejects or ignores: `@objc`, `@objc(name:)`, `@objcMembers`, `@nonobjc`, `@IBAction`,
/// `@IBInspectable`, `@IBDesignable` and `@GKInspectable`.
///
/// An `@objc` protocol with optional requirements keeps its attributes: it cannot be ported, and
/// `ReportOptionalProtocolRequirements` reports it.
final class RemoveObjCAttributes: PortRule {
    static let names: Set<String> = [
        "objc", "objcMembers", "nonobjc", "IBAction", "IBInspectable", "IBDesignable", "GKInspectable",
    ]

    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
        if Self.names.contains(node.name), !ReportOptionalProtocolRequirements.isInside(node) {
            remove(node)
        }
        return .skipChildren
    }
}
