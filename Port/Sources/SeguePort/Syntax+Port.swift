import SwiftSyntax

extension FunctionCallExprSyntax {
    /// The token naming the function called: `addObserver` in `view.addObserver(…)`.
    var calledNameToken: TokenSyntax? {
        if let reference = calledExpression.as(DeclReferenceExprSyntax.self) { return reference.baseName }
        if let member = calledExpression.as(MemberAccessExprSyntax.self) { return member.declName.baseName }
        return nil
    }

    var calledName: String? { calledNameToken?.text }

    /// The argument labels as written, `_` for an unlabeled one; a trailing closure has none.
    var argumentLabels: [String] {
        arguments.map { $0.label?.text ?? "_" }
    }

    /// `name(label:label:)`, the call's name with its labels as written.
    var calledNameWithLabels: String {
        "\(calledName ?? calledExpression.trimmedDescription)(\(argumentLabels.map { "\($0):" }.joined()))"
    }
}

extension FunctionDeclSyntax {
    /// `name(label:label:)`, the declaration's name with its argument labels.
    var nameWithLabels: String {
        let labels = signature.parameterClause.parameters.map { "\($0.firstName.text):" }
        return "\(name.text)(\(labels.joined()))"
    }

    var firstArgumentLabel: String? {
        signature.parameterClause.parameters.first?.firstName.text
    }
}

extension AttributeSyntax {
    /// `objc` for `@objc(name:)`.
    var name: String {
        attributeName.as(IdentifierTypeSyntax.self)?.name.text ?? attributeName.trimmedDescription
    }
}

extension SyntaxProtocol {
    /// The name to qualify a method of the type this node is in: the innermost enclosing class,
    /// struct, enum or actor, qualified by the types it is nested in (`Outer.Inner`), or by the type
    /// an enclosing extension extends, as written (`extension Foo.Bar` gives `Foo.Bar`). `nil`
    /// outside any type. A type declared in a function body is named alone, as Swift names it there.
    var enclosingTypeName: String? {
        var components: [String] = []
        var node = parent
        // Looking for the innermost type: anything may lie between it and `self`.
        while let current = node, components.isEmpty {
            if let extensionDecl = current.as(ExtensionDeclSyntax.self) {
                return extensionDecl.extendedType.trimmedDescription
            }
            if let name = Self.typeName(of: current) { components.append(name) }
            node = current.parent
        }
        // Then the types it is a member of: only member lists and `#if` blocks may lie between.
        while let current = node {
            if let extensionDecl = current.as(ExtensionDeclSyntax.self) {
                components.insert(extensionDecl.extendedType.trimmedDescription, at: 0)
                break
            }
            if let name = Self.typeName(of: current) {
                components.insert(name, at: 0)
            } else if !Self.isMemberContainer(current) {
                break
            }
            node = current.parent
        }
        return components.isEmpty ? nil : components.joined(separator: ".")
    }

    private static func typeName(of node: Syntax) -> String? {
        if let decl = node.as(ClassDeclSyntax.self) { return decl.name.text }
        if let decl = node.as(StructDeclSyntax.self) { return decl.name.text }
        if let decl = node.as(EnumDeclSyntax.self) { return decl.name.text }
        if let decl = node.as(ActorDeclSyntax.self) { return decl.name.text }
        return nil
    }

    private static func isMemberContainer(_ node: Syntax) -> Bool {
        node.is(MemberBlockItemSyntax.self) || node.is(MemberBlockItemListSyntax.self)
            || node.is(MemberBlockSyntax.self) || node.is(IfConfigClauseSyntax.self)
            || node.is(IfConfigClauseListSyntax.self) || node.is(IfConfigDeclSyntax.self)
    }
}
