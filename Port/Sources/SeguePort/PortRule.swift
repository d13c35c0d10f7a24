import SwiftSyntax

/// One rule of the port: a walk over a file's syntax tree that replaces text, removes attributes
/// or modifiers, or reports what it cannot port. Rules see the file as it was read and never each
/// other's work; `SourcePorter` applies their changes together.
///
/// A rule overrides the `visit` methods it needs and calls `replace`, `remove` and `report`.
class PortRule: SyntaxVisitor {
    /// The rules `segue-port` runs, in the order their findings are listed when two share a position.
    static let all: [PortRule.Type] = [
        RemoveObjCAttributes.self,
        RemoveDynamicModifiers.self,
        RemoveImportsUIKitReexports.self,
        QualifySelectors.self,
        ReportStringSelectors.self,
        ReportKeyPathStrings.self,
        ReportKeyValueObserving.self,
        ReportStoryboardsAndNibs.self,
        ReportOptionalProtocolRequirements.self,
        ReportRespondsToSelector.self,
    ]

    private let locations: SourceLocationConverter
    private(set) var replacements: [TextEdit] = []
    /// Byte ranges to delete, tidied into whole lines or single spaces by `Removals`.
    private(set) var removals: [Range<Int>] = []
    private(set) var findings: [Finding] = []

    required init(locations: SourceLocationConverter) {
        self.locations = locations
        super.init(viewMode: .sourceAccurate)
    }

    /// Replaces `node`'s text (its trivia kept) with `text`.
    final func replace(_ node: some SyntaxProtocol, with text: String) {
        let range = node.positionAfterSkippingLeadingTrivia.utf8Offset..<node.endPositionBeforeTrailingTrivia.utf8Offset
        replacements.append(TextEdit(range: range, replacement: text))
        record(at: node, .rewrite(before: Self.oneLine(node.trimmedDescription), after: Self.oneLine(text)))
    }

    /// Removes `node` (an attribute or a modifier), with the spaces or line it leaves behind.
    final func remove(_ node: some SyntaxProtocol) {
        let start = node.positionAfterSkippingLeadingTrivia.utf8Offset
        removals.append(start..<node.endPositionBeforeTrailingTrivia.utf8Offset)
        record(at: node, .removal(Self.oneLine(node.trimmedDescription)))
    }

    /// Reports `what`, found at `node`, as something that cannot be ported because of `why`.
    final func report(_ node: some SyntaxProtocol, what: String, why: String) {
        record(at: node, .unportable(what: Self.oneLine(what), why: why))
    }

    private func record(at node: some SyntaxProtocol, _ kind: Finding.Kind) {
        let location = locations.location(for: node.positionAfterSkippingLeadingTrivia)
        findings.append(Finding(line: location.line, column: location.column, kind: kind))
    }

    /// Source text on one line: every run of whitespace that holds a line break becomes one space.
    static func oneLine(_ text: String) -> String {
        guard text.contains(where: \.isNewline) else { return text }
        var result = ""
        var pendingSpace = false
        for character in text {
            if character.isWhitespace {
                pendingSpace = true
            } else {
                if pendingSpace { result.append(" ") }
                pendingSpace = false
                result.append(character)
            }
        }
        return result
    }
}
