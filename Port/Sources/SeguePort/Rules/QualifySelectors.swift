import SwiftSyntax

/// Rewrites `#selector(method)` as `Selector(Type.method)`, an unbound method reference that
/// Segue's `Selector` takes: `#selector(handlePan(_:))` and `#selector(self.handlePan(_:))` name the
/// method by the enclosing type, `#selector(CardViewController.handlePan(_:))` keeps the type as
/// written.
///
/// Reported and left as written: a property's `#selector(getter:)` or `#selector(setter:)`, a
/// `#selector` outside any type, and one whose receiver is a value (`#selector(view.layoutIfNeeded)`).
final class QualifySelectors: PortRule {
    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.macroName.text == "selector" else { return .visitChildren }
        guard node.arguments.count == 1, let argument = node.arguments.first,
              node.trailingClosure == nil, node.additionalTrailingClosures.isEmpty
        else {
            report(node, what: node.trimmedDescription, why: "it names no single method")
            return .skipChildren
        }
        if let label = argument.label {
            report(node, what: node.trimmedDescription, why: "a property's \(label.text) is no method to reference")
            return .skipChildren
        }
        switch Self.reference(argument.expression) {
        case let .written(text):
            replace(node, with: "Selector(\(text))")
        case let .member(method):
            if let type = node.enclosingTypeName {
                replace(node, with: "Selector(\(type).\(method))")
            } else {
                report(node, what: node.trimmedDescription, why: "no enclosing type names the method")
            }
        case let .unportable(why):
            report(node, what: node.trimmedDescription, why: why)
        }
        return .skipChildren
    }

    private enum Reference {
        /// Already qualified by a type: kept as written.
        case written(String)
        /// A method of the enclosing type (written bare, or after `self.` or `super.`).
        case member(String)
        case unportable(why: String)
    }

    private static func reference(_ expression: ExprSyntax) -> Reference {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return .member(reference.trimmedDescription)
        }
        if let member = expression.as(MemberAccessExprSyntax.self) {
            guard let base = member.base else { return .unportable(why: "it names no type") }
            if base.is(SuperExprSyntax.self) || base.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
                return .member(member.declName.trimmedDescription)
            }
            if namesType(base) { return .written(member.trimmedDescription) }
            return .unportable(why: "the receiver's type is not written in the source")
        }
        if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3,
           let method = sequence.elements.first,
           sequence.elements.dropFirst().first?.is(UnresolvedAsExprSyntax.self) == true {
            // `#selector(method as (T) -> () -> Void)`: the coercion picks an overload; it stays.
            // (swift-syntax leaves operators unfolded: `as` is the middle of a sequence.)
            let coercion = sequence.trimmedDescription.dropFirst(method.trimmedDescription.count)
            switch reference(method) {
            case let .written(text): return .written(text + coercion)
            case let .member(name): return .member(name + coercion)
            case let .unportable(why): return .unportable(why: why)
            }
        }
        return .unportable(why: "it names no method")
    }

    /// Whether `base` is written as a type (`CardViewController`, `Outer.Inner`, `Self`,
    /// `Box<Int>`) rather than a value: types are capitalized, as Swift's API guidelines have it.
    private static func namesType(_ base: ExprSyntax) -> Bool {
        if let reference = base.as(DeclReferenceExprSyntax.self) {
            return isCapitalized(reference.baseName.text)
        }
        if let member = base.as(MemberAccessExprSyntax.self) {
            return isCapitalized(member.declName.baseName.text)
        }
        if let specialization = base.as(GenericSpecializationExprSyntax.self) {
            return namesType(specialization.expression)
        }
        return base.is(TypeExprSyntax.self)
    }

    private static func isCapitalized(_ name: String) -> Bool {
        name.drop(while: { $0 == "`" }).first?.isUppercase ?? false
    }
}
