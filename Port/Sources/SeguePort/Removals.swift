/// Turns the byte ranges of removed attributes and modifiers into deletions that leave the text
/// tidy: a line left with only whitespace goes entirely (its line break too); otherwise each
/// removal takes the spaces after it, or those before it when it ends its line, so no doubled or
/// trailing space remains. Comments and indentation stay.
enum Removals {
    static func deletions(of removals: [Range<Int>], in bytes: [UInt8]) -> [TextEdit] {
        var edits: [TextEdit] = []
        for group in linesSharing(removals.sorted { $0.lowerBound < $1.lowerBound }, in: bytes) {
            if isBlank(group.lines, apartFrom: group.removals, in: bytes) {
                edits.append(deletion(wholeLines(group.lines, in: bytes)))
            } else {
                let widened = group.removals.map { widen($0, within: group.lines, in: bytes) }
                edits += merged(widened).map(deletion)
            }
        }
        return edits
    }

    private struct Group {
        /// From the start of the first removal's line to the end of the last one's (before its line break).
        var lines: Range<Int>
        var removals: [Range<Int>]
    }

    /// Groups removals that share a line.
    private static func linesSharing(_ sorted: [Range<Int>], in bytes: [UInt8]) -> [Group] {
        var groups: [Group] = []
        for removal in sorted {
            let lines = lineStart(before: removal.lowerBound, in: bytes)..<lineEnd(from: removal.upperBound, in: bytes)
            if let last = groups.indices.last, groups[last].lines.upperBound >= lines.lowerBound {
                groups[last].lines = groups[last].lines.lowerBound..<max(groups[last].lines.upperBound, lines.upperBound)
                groups[last].removals.append(removal)
            } else {
                groups.append(Group(lines: lines, removals: [removal]))
            }
        }
        return groups
    }

    private static func isBlank(_ lines: Range<Int>, apartFrom removals: [Range<Int>], in bytes: [UInt8]) -> Bool {
        var offset = lines.lowerBound
        for removal in removals {
            guard bytes[offset..<removal.lowerBound].allSatisfy(isSpace) else { return false }
            offset = removal.upperBound
        }
        return bytes[offset..<lines.upperBound].allSatisfy(isSpace)
    }

    /// `lines` with one line break: the one after them, or before them at the end of the file.
    private static func wholeLines(_ lines: Range<Int>, in bytes: [UInt8]) -> Range<Int> {
        if lines.upperBound < bytes.count { return lines.lowerBound..<(lines.upperBound + 1) }
        var start = lines.lowerBound
        if start > 0 { start -= 1 }
        if start > 0, bytes[start - 1] == UInt8(ascii: "\r") { start -= 1 }
        return start..<lines.upperBound
    }

    /// `removal` with the spaces after it, or, when only spaces follow it on its line, those before it.
    private static func widen(_ removal: Range<Int>, within lines: Range<Int>, in bytes: [UInt8]) -> Range<Int> {
        var end = removal.upperBound
        while end < lines.upperBound, isSpace(bytes[end]) { end += 1 }
        guard end == lines.upperBound else { return removal.lowerBound..<end }
        var start = removal.lowerBound
        while start > lines.lowerBound, isSpace(bytes[start - 1]) { start -= 1 }
        return start..<removal.upperBound
    }

    private static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, last.upperBound >= range.lowerBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }

    private static func deletion(_ range: Range<Int>) -> TextEdit {
        TextEdit(range: range, replacement: "")
    }

    private static func lineStart(before offset: Int, in bytes: [UInt8]) -> Int {
        var start = offset
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        return start
    }

    /// The offset of the `\n` that ends `offset`'s line (a `\r\n`'s `\r` counts as the line's last
    /// space), or the end of the text.
    private static func lineEnd(from offset: Int, in bytes: [UInt8]) -> Int {
        var end = offset
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        return end
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }
}
