import Motion
import SegueValues
@testable import SegueWire
import Testing

/// Version 5's two node sections: the text layout (bit 14: alignment and line count, two bytes)
/// and the rounded corners (bit 15: CACornerMask's bits, one byte). Each is sent only when it
/// differs from its default (centred, one line; all four corners) or from the last one sent; the
/// mask then takes its third byte.
@Suite("frame text layout and corners sections")
struct FrameEncoderTextLayoutTests {
    @Test func defaultsCostNothing() {
        var encoder = FrameEncoder()
        var buffer: [UInt8] = []
        encoder.encode(pushTransitionList(), header: pushHeader, into: &buffer)
        #expect(buffer.count == FrameEncoderDepthTests.plainKeyframe)
    }

    @Test func aLayoutRoundTripsAndCostsTwoBytesOnlyWhenItChanges() throws {
        var encoder = FrameEncoder()
        var decoder = FrameDecoder()
        var buffer: [UInt8] = []
        var list = pushTransitionList()
        list.nodes[6].textAlignment = .left
        list.nodes[6].numberOfLines = 0
        encoder.encode(list, header: pushHeader, into: &buffer)
        // The record's mask grows from two bytes (its name) to three, and the section adds two.
        #expect(buffer.count == FrameEncoderDepthTests.plainKeyframe + 1 + 2)
        var decoded = try decoder.decodeFrame(buffer)
        #expect(decoded.displayList.nodes.map(\.textAlignment) == list.nodes.map(\.textAlignment))
        #expect(decoded.displayList.nodes.map(\.numberOfLines) == list.nodes.map(\.numberOfLines))

        list.nodes[6].textAlignment = .right
        list.nodes[6].numberOfLines = 3
        var next = pushHeader
        next.sequence += 1
        #expect(encoder.encode(list, header: next, into: &buffer))
        // Header: 5 fixed bytes + a time step of 0. The record: index step, three-byte mask, two bytes.
        #expect(buffer.count == (5 + 1) + (1 + 3 + 2))
        #expect(Array(buffer.suffix(5)) == [0x80, 0x80, 0x01, TextAlignment.right.rawValue, 3])
        decoded = try decoder.decodeFrame(buffer)
        #expect(decoded.displayList.nodes[6].textAlignment == .right)
        #expect(decoded.displayList.nodes[6].numberOfLines == 3)
    }

    @Test func cornersRoundTripAndCostOneByteOnlyWhenTheyChange() throws {
        var encoder = FrameEncoder()
        var decoder = FrameDecoder()
        var buffer: [UInt8] = []
        var list = pushTransitionList()
        list.nodes[6].roundedCorners = [.topLeft, .topRight]
        encoder.encode(list, header: pushHeader, into: &buffer)
        #expect(buffer.count == FrameEncoderDepthTests.plainKeyframe + 1 + 1)
        var decoded = try decoder.decodeFrame(buffer)
        #expect(decoded.displayList.nodes.map(\.roundedCorners) == list.nodes.map(\.roundedCorners))

        list.nodes[6].roundedCorners = []
        var next = pushHeader
        next.sequence += 1
        #expect(encoder.encode(list, header: next, into: &buffer))
        #expect(Array(buffer.suffix(4)) == [0x80, 0x80, 0x02, 0])
        decoded = try decoder.decodeFrame(buffer)
        #expect(decoded.displayList.nodes[6].roundedCorners == [])
    }

    @Test(arguments: [UInt8(3), 4, 255])
    func anAlignmentOutsideLeftCenterRightIsAProtocolError(_ byte: UInt8) throws {
        var (buffer, decoder) = try keyframeThenSecondFrame { $0.textAlignment = .right }
        #expect(buffer[buffer.count - 2] == TextAlignment.right.rawValue)
        buffer[buffer.count - 2] = byte
        #expect(throws: ServerMessageError.invalidCode("text alignment", byte)) { try decoder.decode(buffer) }
    }

    @Test(arguments: [UInt8(16), 0x1F, 255])
    func cornersBeyondTheFourAreAProtocolError(_ byte: UInt8) throws {
        var (buffer, decoder) = try keyframeThenSecondFrame { $0.roundedCorners = [.bottomLeft] }
        #expect(buffer.last == Corners.bottomLeft.rawValue)
        buffer[buffer.count - 1] = byte
        #expect(throws: ServerMessageError.invalidCode("corners", byte)) { try decoder.decode(buffer) }
    }

    @Test func aMaskWithABitAbove15IsAProtocolError() throws {
        var (buffer, decoder) = try keyframeThenSecondFrame { $0.roundedCorners = [.bottomLeft] }
        // The third mask byte holds bits 14…20: bit 16 is its value bit 2.
        #expect(Array(buffer.suffix(4)) == [0x80, 0x80, 0x02, Corners.bottomLeft.rawValue])
        buffer[buffer.count - 2] = 0x06
        #expect(throws: ServerMessageError.invalidCode("node fields", 0)) { try decoder.decode(buffer) }
    }
}
