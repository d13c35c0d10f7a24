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
        #expect(buffer[0] == 4, "version byte")
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

    @Test func thePagesGlyphTableHasTheSamePaths() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let js = try String(contentsOf: root.appendingPathComponent("Public/js/glyphs.js"), encoding: .utf8)
        for glyph in Glyph.allCases {
            #expect(js.contains("'\(glyph.rawValue)': '\(glyph.pathData)',"), "\(glyph.rawValue)")
        }
        let entries = js.components(separatedBy: "\n").filter { $0.hasPrefix("  '") && $0.contains("': '") }
        #expect(entries.count == Glyph.allCases.count)
    }
}
