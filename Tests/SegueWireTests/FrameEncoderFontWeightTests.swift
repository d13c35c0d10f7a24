import Motion
import SegueValues
@testable import SegueWire
import Testing

/// A node's font weight: node-mask bit 13, one byte (the CSS weight in hundreds), sent only when it
/// differs from regular or from the last one sent.
@Suite("frame font weight section")
struct FrameEncoderFontWeightTests {
    @Test func aWeightRoundTripsAndCostsOneByteOnlyWhenItChanges() throws {
        var encoder = FrameEncoder()
        var decoder = FrameDecoder()
        var buffer: [UInt8] = []
        var list = pushTransitionList()
        list.nodes[6].fontWeight = .semibold
        encoder.encode(list, header: pushHeader, into: &buffer)
        // The record already has a two-byte mask (its name), so the weight costs its byte alone.
        #expect(buffer.count == FrameEncoderDepthTests.plainKeyframe + 1)
        var decoded = try decoder.decodeFrame(buffer)
        #expect(decoded.displayList.nodes.map(\.fontWeight) == list.nodes.map(\.fontWeight))

        list.nodes[6].fontWeight = .bold
        var next = pushHeader
        next.sequence += 1
        #expect(encoder.encode(list, header: next, into: &buffer))
        // Header: 5 fixed bytes + a time step of 0. The record: index step, two-byte mask, the byte.
        #expect(buffer.count == (5 + 1) + (1 + 2 + 1))
        #expect(buffer.last == FontWeight.bold.rawValue)
        decoded = try decoder.decodeFrame(buffer)
        #expect(decoded.displayList.nodes[6].fontWeight == .bold)
        #expect(FontWeight.bold.cssWeight == 700 && FontWeight.regular.cssWeight == 400)
    }

    @Test(arguments: [UInt8(0), 10, 255])
    func aWeightOutsideOneToNineIsAProtocolError(_ byte: UInt8) throws {
        var (buffer, decoder) = try keyframeThenSecondFrame { $0.fontWeight = .heavy }
        #expect(buffer.last == FontWeight.heavy.rawValue)
        buffer[buffer.count - 1] = byte
        #expect(throws: ServerMessageError.invalidCode("font weight", byte)) { try decoder.decode(buffer) }
    }
}
