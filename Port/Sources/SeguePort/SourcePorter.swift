import SwiftParser
import SwiftSyntax

/// A file's text after the port, and what was changed or found.
public struct PortedSource: Hashable, Sendable {
    public var text: String
    /// In source order, each at its position in the text as it was before the port.
    public var findings: [Finding]

    public var hasUnportable: Bool { findings.contains(where: \.isUnportable) }

    /// Adds a finding made across files, keeping source order (after those at the same position).
    mutating func add(_ finding: Finding) {
        let index = findings.firstIndex { ($0.line, $0.column) > (finding.line, finding.column) } ?? findings.endIndex
        findings.insert(finding, at: index)
    }
}

/// Ports one file's text: runs every rule over the same syntax tree, then applies their changes.
public struct SourcePorter: Sendable {
    private let rules: [PortRule.Type]

    /// A porter that runs every rule.
    public init() {
        self.rules = PortRule.all
    }

    /// A porter that runs only `rules` (for testing one rule at a time).
    init(rules: [PortRule.Type]) {
        self.rules = rules
    }

    public func port(_ source: String) -> PortedSource {
        let tree = Parser.parse(source: source)
        let locations = SourceLocationConverter(fileName: "", tree: tree)
        let bytes = Array(source.utf8)

        var replacements: [TextEdit] = []
        var removals: [Range<Int>] = []
        // Each finding with its place in rule order, which breaks ties between equal positions.
        var findings: [(Finding, order: Int)] = []
        for rule in rules {
            let visitor = rule.init(locations: locations)
            visitor.walk(tree)
            replacements += visitor.replacements
            removals += visitor.removals
            for finding in visitor.findings { findings.append((finding, findings.count)) }
        }
        let edits = replacements + Removals.deletions(of: removals, in: bytes)
        let sortedFindings = findings
            .sorted { ($0.0.line, $0.0.column, $0.order) < ($1.0.line, $1.0.column, $1.order) }
            .map(\.0)
        return PortedSource(text: Self.apply(edits, to: bytes), findings: sortedFindings)
    }

    /// `bytes` with `edits` applied. Rules edit disjoint ranges (an attribute, a `#selector`);
    /// an edit that overlaps an earlier one would be a rule's bug, and traps.
    static func apply(_ edits: [TextEdit], to bytes: [UInt8]) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var copied = 0
        for edit in edits.sorted(by: { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }) {
            precondition(edit.range.lowerBound >= copied, "overlapping edits at byte \(edit.range.lowerBound)")
            result += bytes[copied..<edit.range.lowerBound]
            result += edit.replacement.utf8
            copied = edit.range.upperBound
        }
        result += bytes[copied...]
        return String(decoding: result, as: UTF8.self)
    }
}

/// Replaces the bytes in `range` of a file's text (offsets in UTF-8 bytes) with `replacement`.
struct TextEdit: Hashable, Sendable {
    var range: Range<Int>
    var replacement: String
}
