/// Finds a subclass's implementation of an `@objc optional` requirement that Swift never calls.
///
/// UIKit asks an object at run time whether it implements an optional requirement, so a subclass
/// may add one that its superclass's conformance lacks. In Swift the superclass's conformance is
/// fixed when it is declared: a requirement the superclass does not implement is the protocol
/// extension's default for it and every subclass, and a subclass's method of that name is a new
/// method, not the witness. That compiles and is silently never called, so the port reports it,
/// across all the files it is given (the class and its superclass may be in different files).
struct InheritedOptionalRequirements {
    /// A class (or an extension of one) as declared, and where.
    private struct Part {
        var file: Int
        var declaration: Declarations.TypeDeclaration
    }

    private var parts: [String: [Part]] = [:]

    /// Adds a file's declarations; `file` is its index in the port's list.
    mutating func add(_ declarations: Declarations, file: Int) {
        for declaration in declarations.types {
            parts[declaration.name, default: []].append(Part(file: file, declaration: declaration))
        }
    }

    /// An optional requirement that a superclass's conformance leaves to the protocol's default.
    private struct Gap {
        var protocolName: String
        /// The class whose declaration (or extension) names the protocol.
        var conformer: String
    }

    /// The findings, each with the index of its file.
    func findings() -> [(file: Int, finding: Finding)] {
        var found: [(file: Int, finding: Finding)] = []
        for (name, classParts) in parts.sorted(by: { $0.key < $1.key }) where classParts.contains(where: \.declaration.isClass) {
            let gaps = gaps(above: name)
            guard !gaps.isEmpty else { continue }
            for part in classParts {
                for member in part.declaration.members {
                    guard let gap = gaps[member.key] else { continue }
                    found.append((part.file, Finding(line: member.line, column: member.column, kind: .unportable(
                        what: "\(name).\(member.key)",
                        why: "an optional requirement of \(gap.protocolName), which \(gap.conformer) conforms to "
                            + "without implementing it: Swift calls the protocol's default, never this; implement it "
                            + "in \(gap.conformer) and override it here"))))
                }
            }
        }
        return found
    }

    /// The optional requirements of the protocols `name`'s superclasses conform to that neither
    /// the conforming class nor a class above it implements, by requirement.
    private func gaps(above name: String) -> [String: Gap] {
        let ancestors = ancestors(of: name)
        var gaps: [String: Gap] = [:]
        for (index, conformer) in ancestors.enumerated() {
            for protocolName in protocols(of: conformer) {
                for requirement in OptionalRequirements.byProtocol[protocolName] ?? [] where gaps[requirement] == nil {
                    let witnessed = ancestors[index...].contains { implements($0, requirement) }
                    if !witnessed { gaps[requirement] = Gap(protocolName: protocolName, conformer: conformer) }
                }
            }
        }
        return gaps
    }

    /// The superclass, its superclass and so on, as far as the files given declare them.
    private func ancestors(of name: String) -> [String] {
        var chain: [String] = []
        var seen: Set<String> = [name]
        var current = superclass(of: name)
        while let ancestor = current, seen.insert(ancestor).inserted {
            chain.append(ancestor)
            current = superclass(of: ancestor)
        }
        return chain
    }

    /// The class's superclass among the files given (a class's first inherited name that is a
    /// class here); nil when it has none here.
    private func superclass(of name: String) -> String? {
        guard let first = parts[name]?.first(where: \.declaration.isClass)?.declaration.inherited.first else { return nil }
        return parts[first]?.contains(where: \.declaration.isClass) == true ? first : nil
    }

    /// The protocols with optional requirements that the class declares it conforms to, in its
    /// declaration or an extension.
    private func protocols(of name: String) -> [String] {
        (parts[name] ?? []).flatMap(\.declaration.inherited).filter { OptionalRequirements.byProtocol[$0] != nil }
    }

    private func implements(_ name: String, _ requirement: String) -> Bool {
        (parts[name] ?? []).contains { $0.declaration.members.contains { $0.key == requirement } }
    }
}
