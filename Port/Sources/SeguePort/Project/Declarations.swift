import SwiftParser
import SwiftSyntax

/// What one file declares of its classes, as far as inheritance goes: each class's superclass
/// and protocols, and each class's and extension's members, by key.
struct Declarations {
    struct Member {
        var key: String
        var line: Int
        var column: Int
    }

    struct TypeDeclaration {
        /// The class, or the type an extension extends.
        var name: String
        var isClass: Bool
        /// The names in its inheritance clause, generic arguments dropped.
        var inherited: [String]
        var members: [Member]
    }

    var types: [TypeDeclaration] = []

    init(source: String) {
        let tree = Parser.parse(source: source)
        let collector = Collector(locations: SourceLocationConverter(fileName: "", tree: tree))
        collector.walk(tree)
        types = collector.types
    }

    /// A method's name and argument labels, `name(label:_:)`, or a property's name: what a
    /// protocol requirement is matched by.
    static func key(_ function: FunctionDeclSyntax) -> String {
        let labels = function.signature.parameterClause.parameters.map { "\($0.firstName.text):" }
        return "\(function.name.text)(\(labels.joined()))"
    }

    private final class Collector: SyntaxVisitor {
        let locations: SourceLocationConverter
        var types: [TypeDeclaration] = []

        init(locations: SourceLocationConverter) {
            self.locations = locations
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
            add(name: node.name.text, isClass: true, inheritance: node.inheritanceClause, members: node.memberBlock)
            return .visitChildren
        }

        override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
            add(name: Self.baseName(node.extendedType), isClass: false, inheritance: node.inheritanceClause,
                members: node.memberBlock)
            return .visitChildren
        }

        private func add(name: String, isClass: Bool, inheritance: InheritanceClauseSyntax?, members: MemberBlockSyntax) {
            let inherited = inheritance?.inheritedTypes.map { Self.baseName($0.type) } ?? []
            var found: [Member] = []
            for member in members.members {
                if let function = member.decl.as(FunctionDeclSyntax.self) {
                    found.append(self.member(key(function), at: function.name))
                } else if let variable = member.decl.as(VariableDeclSyntax.self) {
                    for binding in variable.bindings {
                        if let pattern = binding.pattern.as(IdentifierPatternSyntax.self) {
                            found.append(self.member(pattern.identifier.text, at: pattern.identifier))
                        }
                    }
                }
            }
            types.append(TypeDeclaration(name: name, isClass: isClass, inherited: inherited, members: found))
        }

        private func key(_ function: FunctionDeclSyntax) -> String { Declarations.key(function) }

        private func member(_ key: String, at token: TokenSyntax) -> Member {
            let location = locations.location(for: token.positionAfterSkippingLeadingTrivia)
            return Member(key: key, line: location.line, column: location.column)
        }

        /// `Base<T>` and `Module.Base` as `Base`.
        private static func baseName(_ type: TypeSyntax) -> String {
            if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.text }
            if let member = type.as(MemberTypeSyntax.self) { return member.name.text }
            return type.trimmedDescription
        }
    }
}
