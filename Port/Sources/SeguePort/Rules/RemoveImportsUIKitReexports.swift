import SwiftSyntax

/// Drops `import Foundation` and `import Dispatch` from a file that imports UIKit: Segue's UIKit
/// re-exports both, as Apple's does, and schedules `Timer`, `DispatchQueue` and `DispatchTime` on
/// the world's clock under those names. A file that imports Foundation or Dispatch directly beside
/// UIKit sees both declarations of each name, and Swift calls them ambiguous.
///
/// Only plain imports go: `@testable`, `@_exported` and `import struct Foundation.Date` stay.
final class RemoveImportsUIKitReexports: PortRule {
    static let reexported: Set<String> = ["Foundation", "Dispatch"]

    override func visit(_ node: SourceFileSyntax) -> SyntaxVisitorContinueKind {
        let imports = node.statements.compactMap { $0.item.as(ImportDeclSyntax.self) }
        guard imports.contains(where: { Self.moduleName(of: $0) == "UIKit" }) else { return .skipChildren }
        for declaration in imports {
            guard let name = Self.moduleName(of: declaration), Self.reexported.contains(name),
                  declaration.attributes.isEmpty, declaration.modifiers.isEmpty, declaration.importKindSpecifier == nil
            else { continue }
            remove(declaration)
        }
        return .skipChildren
    }

    /// The module a whole-module import names (`import UIKit`); nil for a submodule's path.
    static func moduleName(of declaration: ImportDeclSyntax) -> String? {
        guard declaration.path.count == 1 else { return nil }
        return declaration.path.first?.name.text
    }
}
