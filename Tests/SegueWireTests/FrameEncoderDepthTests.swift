import Motion
import SegueValues
@testable import SegueWire
import Testing

/// Shadows and borders (second mask byte, sent only when they change), and the screen's hint
/// after the header, sent only when it changes.
@Suite("frame depth and hint")
struct FrameEncoderDepthTests {
    static let cardShadow = Shadow(color: .black, opacity: 0.25, radius: 16, offset: CGSize(width: 0, height: 8))
    static let hairline = Border(width: 0.5, color: UIColor(white: 0, alpha: 0.2))

    func shadowedList() -> DisplayList {
        var list = pushTransitionList()
        list.nodes[4].shadow = Self.cardShadow
        list.nodes[3].border = Self.hairline
        list.hint = "Swipe from the left edge to go back"
        return list
    }

    func decoded(_ bytes: [UInt8], with decoder: inout FrameDecoder) throws -> DecodedFrame {
        guard case .frame(let frame) = try decoder.decode(bytes) else { throw WrongMessage() }
        return frame
    }

    struct WrongMessage: Error {}

    @Test func shadowsBordersAndTheHintRoundTrip() throws {
        var encoder = FrameEncoder()
        var decoder = FrameDecoder()
        var buffer: [UInt8] = []
        let list = shadowedList()
        encoder.encode(list, header: pushHeader, into: &buffer)
        let frame = try decoded(buffer, with: &decoder)
        // Values chosen exact in f32; the border's color reads back at byte precision.
        #expect(frame.displayList.hint == list.hint)
        #expect(frame.displayList.nodes.map(\.shadow) == list.nodes.map(\.shadow))
        #expect(frame.displayList.nodes[3].border == Border(width: 0.5, color: UIColor(packedRGBA: Self.hairline.color.packedRGBA)))
        #expect(frame.displayList.nodes.enumerated().allSatisfy { $0.offset == 3 || $0.element.border == .none })
    }

    /// The fixture's keyframe (`typicalFrameSizesMatchTheProtocolDocument`).
    static let plainKeyframe = 281

    @Test func aKeyframeWithoutShadowsCostsNothingForThem() {
        var encoder = FrameEncoder()
        var buffer: [UInt8] = []
        encoder.encode(pushTransitionList(), header: pushHeader, into: &buffer)
        #expect(buffer.count == Self.plainKeyframe)
    }

    @Test func depthCostsBytesOnlyWhenItChanges() throws {
        var encoder = FrameEncoder()
        var decoder = FrameDecoder()
        var buffer: [UInt8] = []
        var list = shadowedList()
        encoder.encode(list, header: pushHeader, into: &buffer)
        // The plain keyframe + the hint (1 + 35) + a shadow (20) + a border (8); both records
        // already had a two-byte mask (their names), so the bits cost nothing more.
        #expect(buffer.count == Self.plainKeyframe + 36 + 20 + 8)
        _ = try decoded(buffer, with: &decoder)

        // Nothing changed: no record, no hint, and the frame need not be sent.
        #expect(!encoder.encode(list, header: pushHeader, into: &buffer))
        #expect(buffer.count == FrameEncoderTests.repeatedHeader)
        _ = try decoded(buffer, with: &decoder)

        // The shadow fades: one record (index step, two mask bytes) and the 20-byte section.
        list.nodes[4].shadow.opacity = 0.125
        #expect(encoder.encode(list, header: pushHeader, into: &buffer))
        #expect(buffer.count == FrameEncoderTests.repeatedHeader + 3 + 20)
        #expect(try decoded(buffer, with: &decoder).displayList.nodes[4].shadow.opacity == 0.125)

        // Gone: sent once as none, and the client's node has none.
        list.nodes[4].shadow = .none
        #expect(encoder.encode(list, header: pushHeader, into: &buffer))
        #expect(try decoded(buffer, with: &decoder).displayList.nodes[4].shadow == .none)
    }

    @Test func theHintIsSentWhenItChangesAndAgainAfterAReset() throws {
        var encoder = FrameEncoder()
        var decoder = FrameDecoder()
        var buffer: [UInt8] = []
        var list = shadowedList()
        encoder.encode(list, header: pushHeader, into: &buffer)
        #expect(buffer[2] & 0x10 != 0)
        _ = try decoded(buffer, with: &decoder)
        encoder.encode(list, header: pushHeader, into: &buffer)
        #expect(buffer[2] & 0x10 == 0)
        #expect(try decoded(buffer, with: &decoder).displayList.hint == list.hint)

        list.hint = "Drag down to dismiss"
        #expect(encoder.encode(list, header: pushHeader, into: &buffer))
        #expect(try decoded(buffer, with: &decoder).displayList.hint == "Drag down to dismiss")

        list.hint = ""
        #expect(encoder.encode(list, header: pushHeader, into: &buffer))
        #expect(try decoded(buffer, with: &decoder).displayList.hint == "")

        list.hint = "Back"
        encoder.encode(list, header: pushHeader, into: &buffer)
        _ = try decoded(buffer, with: &decoder)
        encoder.reset()
        encoder.encode(list, header: pushHeader, into: &buffer)
        #expect(buffer[2] & 0x11 == 0x11)
        #expect(try decoded(buffer, with: &decoder).displayList.hint == "Back")
    }
}
