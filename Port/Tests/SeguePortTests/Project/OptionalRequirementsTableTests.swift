import Foundation
import SwiftParser
import SwiftSyntax
import Testing
@testable import SeguePort

/// The port's table of optional requirements is Segue's UIKit's: every requirement of a UIKit
/// protocol that a protocol extension there gives a default (how Segue spells `@objc optional`).
@Suite struct OptionalRequirementsTableTests {
    @Test func theTableIsWhatSourcesUIKitDeclares() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let uikit = root.appending(path: "Sources/UIKit")
        var requirements: [String: Set<String>] = [:]
        var defaults: [String: Set<String>] = [:]
        let files = try #require(FileManager.default.enumerator(at: uikit, includingPropertiesForKeys: nil))
        for case let file as URL in files where file.pathExtension == "swift" {
            let tree = Parser.parse(source: try String(contentsOf: file, encoding: .utf8))
            for statement in tree.statements {
                if let declaration = statement.item.as(ProtocolDeclSyntax.self) {
                    requirements[declaration.name.text, default: []].formUnion(Self.keys(declaration.memberBlock))
                } else if let declaration = statement.item.as(ExtensionDeclSyntax.self), declaration.inheritanceClause == nil {
                    defaults[declaration.extendedType.trimmedDescription, default: []]
                        .formUnion(Self.keys(declaration.memberBlock))
                }
            }
        }
        var derived: [String: Set<String>] = [:]
        for (name, keys) in requirements {
            let optional = keys.intersection(defaults[name] ?? [])
            if !optional.isEmpty { derived[name] = optional }
        }
        try #require(derived.count >= 6, "found \(derived.keys.sorted()) under \(uikit.path)")
        #expect(derived == OptionalRequirements.byProtocol)
    }

    private static func keys(_ members: MemberBlockSyntax) -> Set<String> {
        var keys: Set<String> = []
        for member in members.members {
            if let function = member.decl.as(FunctionDeclSyntax.self) {
                keys.insert(Declarations.key(function))
            } else if let variable = member.decl.as(VariableDeclSyntax.self) {
                for binding in variable.bindings {
                    if let name = binding.pattern.as(IdentifierPatternSyntax.self) { keys.insert(name.identifier.text) }
                }
            }
        }
        return keys
    }
}
