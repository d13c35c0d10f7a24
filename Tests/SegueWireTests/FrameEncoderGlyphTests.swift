import Foundation
import Motion
import SegueValues
@testable import SegueWire
import Testing

/// A node's glyph: node-mask bit 12, its name as a string, sent only when it changes.
@Suite("frame glyph section")
struct FrameEncoderGlyphTests {
    func glyphList() -> DisplayList {
        var list = pushTransitionList()
        list.nodes[5].glyph = .house
        list.nodes[6].glyph = .chevronLeft
        return list
    }

    @Test func glyphsRoundTripAndCostTheirNameOnlyWhenTheyChange() throws {
        var encoder = FrameEncoder()
        var decoder = FrameDecoder()
        var buffer: [UInt8] = []
        var list = glyphList()
        encoder.encode(list, header: pushHeader, into: &buffer)
        // The plain keyframe + for each glyph a length byte and the name: both records already
        // had a two-byte mask (their names), so bit 12 costs nothing more.
        #expect(buffer.count == FrameEncoderDepthTests.plainKeyframe + (1 + 5) + (1 + 12))
        #expect(buffer[0] == 7, "version byte")
        var frame = try decoder.decodeFrame(buffer)
        #expect(frame.displayList.nodes.map(\.glyph) == list.nodes.map(\.glyph))

        // Unchanged: nothing to send.
        #expect(!encoder.encode(list, header: pushHeader, into: &buffer))
        _ = try decoder.decodeFrame(buffer)

        // A changed glyph costs its section; a removed one an empty name.
        list.nodes[5].glyph = .star
        list.nodes[6].glyph = nil
        var next = pushHeader
        next.sequence += 1
        #expect(encoder.encode(list, header: next, into: &buffer))
        // Header: 5 fixed bytes + a time step of 0. Records: index step, two-byte mask, the
        // name ("star"), or an empty name.
        #expect(buffer.count == (5 + 1) + (1 + 2 + 1 + 4) + (1 + 2 + 1))
        frame = try decoder.decodeFrame(buffer)
        #expect(frame.displayList.nodes[5].glyph == .star && frame.displayList.nodes[6].glyph == nil)
    }

    @Test func anUnknownGlyphNameIsAProtocolError() throws {
        var encoder = FrameEncoder()
        var buffer: [UInt8] = []
        encoder.encode(glyphList(), header: pushHeader, into: &buffer)
        // Rewrite "house" as "horse": same length, a name outside the set.
        let house = Array("house".utf8)
        let at = try #require((0...(buffer.count - house.count)).first { Array(buffer[$0..<$0 + house.count]) == house })
        buffer[at + 2] = UInt8(ascii: "r")
        var decoder = FrameDecoder()
        #expect(throws: ServerMessageError.unknownGlyph("horse")) { try decoder.decode(buffer) }
    }

    @Test func thePagesGlyphTablesHaveTheSamePaths() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let js = try String(contentsOf: root.appendingPathComponent("Public/js/glyphs.js"), encoding: .utf8)
        let tables = js.components(separatedBy: "export const GLYPH_SECONDARY_PATHS")
        try #require(tables.count == 2, "glyphs.js declares GLYPH_SECONDARY_PATHS once")
        func entries(_ table: String) -> [String] {
            table.components(separatedBy: "\n").filter { $0.hasPrefix("  '") && $0.contains("': '") }
        }
        let (primary, secondary) = (entries(tables[0]), entries(tables[1]))
        for glyph in Glyph.allCases {
            #expect(primary.contains("  '\(glyph.rawValue)': '\(glyph.pathData)',"), "\(glyph.rawValue)")
            if let layer = glyph.secondaryPathData {
                #expect(secondary.contains("  '\(glyph.rawValue)': '\(layer)',"), "\(glyph.rawValue) second layer")
            }
        }
        #expect(primary.count == Glyph.allCases.count)
        #expect(secondary.count == Glyph.allCases.filter { $0.secondaryPathData != nil }.count)
        #expect(js.contains("export const GLYPH_SECONDARY_OPACITY = \(Glyph.secondaryOpacity);"))
    }
}
