import Motion
import SegueValues
@testable import SegueWire
import Testing

/// Version 6's touches part (frame flag bit 7): the controller's pointers that are down, which a
/// watcher's page draws as its touch indicator (docs/protocol.md, frame "touches").
@Suite struct FrameEncoderTouchesTests {
    static let finger = FrameHeader.Touch(pointerID: 7, location: CGPoint(x: 200.5, y: 420.25))
    static let thumb = FrameHeader.Touch(pointerID: 1, location: CGPoint(x: 12, y: 800))

    /// A header of the eight-node push, `frame` frames after `pushHeader`, with these touches.
    static func header(_ frame: UInt32, touches: [FrameHeader.Touch]) -> FrameHeader {
        var header = pushHeader
        header.sequence += frame
        header.touches = touches
        return header
    }

    @Test func touchesRoundTripAtTheWiresSteps() throws {
        var encoder = FrameEncoder()
        var decoder = FrameDecoder()
        var buffer: [UInt8] = []
        let odd = FrameHeader.Touch(pointerID: Int(Int32.max), location: CGPoint(x: -3.001, y: 1000.0 / 3))
        encoder.encode(pushTransitionList(), header: Self.header(0, touches: [Self.finger, odd]), into: &buffer)
        let decoded = try decoder.decodeFrame(buffer).header

        #expect(buffer[2] & 0x80 != 0, "the touches flag")
        #expect(decoded.touches == [
            Self.finger,
            FrameHeader.Touch(pointerID: Int(Int32.max), location: CGPoint(x: -192.0 / 64, y: 21333.0 / 64)),
        ])
    }

    @Test func theTouchesPartIsSentOnlyWhenTheTouchesChange() throws {
        var encoder = FrameEncoder()
        var decoder = FrameDecoder()
        var buffer: [UInt8] = []
        let list = pushTransitionList()
        encoder.encode(list, header: Self.header(0, touches: []), into: &buffer)
        #expect(buffer[2] & 0x80 == 0, "no touches, no part")
        _ = try decoder.decode(buffer)

        // A finger goes down on a still screen: the frame carries only the time step and the part.
        #expect(encoder.encode(list, header: Self.header(1, touches: [Self.finger]), into: &buffer))
        // 5 fixed, time step 1; count 1, id 7, x 200.5 × 64 = 12832 and y 26896 zigzagged (3 bytes each).
        #expect(buffer.count == FrameEncoderTests.steadyHeader + 1 + 1 + 3 + 3)
        #expect(try decoder.decodeFrame(buffer).header.touches == [Self.finger])
        // The same place again, or a move under 1/128 pt: nothing to send.
        var nudged = Self.finger
        nudged.location.x += 1.0 / 256
        #expect(!encoder.encode(list, header: Self.header(2, touches: [Self.finger]), into: &buffer))
        #expect(!encoder.encode(list, header: Self.header(2, touches: [nudged]), into: &buffer))
        // A second finger, then both lift: each is a frame of its own; the client holds the last.
        #expect(encoder.encode(list, header: Self.header(2, touches: [Self.finger, Self.thumb]), into: &buffer))
        #expect(try decoder.decodeFrame(buffer).header.touches == [Self.finger, Self.thumb])
        #expect(encoder.encode(list, header: Self.header(3, touches: []), into: &buffer))
        #expect(Array(buffer.suffix(1)) == [0], "a count of none")
        #expect(try decoder.decodeFrame(buffer).header.touches == [])
        var moved = Self.header(4, touches: [])
        moved.inputSequence += 1
        encoder.encode(list, header: moved, into: &buffer)
        #expect(buffer[2] & 0x80 == 0)
        #expect(try decoder.decodeFrame(buffer).header.touches == [])
    }

    @Test func aKeyframeCarriesTheTouchesAndResetsThemOnBothEnds() throws {
        var encoder = FrameEncoder()
        var decoder = FrameDecoder()
        var buffer: [UInt8] = []
        let list = pushTransitionList()
        encoder.encode(list, header: Self.header(0, touches: [Self.finger]), into: &buffer)
        _ = try decoder.decode(buffer)
        encoder.reset()
        encoder.encode(list, header: Self.header(1, touches: [Self.finger]), into: &buffer)
        let keyframe = try decoder.decodeFrame(buffer)
        #expect(keyframe.isKeyframe && buffer[2] & 0x80 != 0 && keyframe.header.touches == [Self.finger])

        // A keyframe without touches leaves the page with none, though it held a finger before.
        encoder.reset()
        encoder.encode(list, header: Self.header(2, touches: []), into: &buffer)
        #expect(buffer[2] & 0x80 == 0)
        #expect(try decoder.decodeFrame(buffer).header.touches == [])
    }

    @Test func aFrameWithoutTouchesIsAsLongAsBeforeThePartExisted() {
        // The controller's frames carry none: its keyframe of the push is docs/protocol.md's 281 bytes.
        var encoder = FrameEncoder()
        var buffer: [UInt8] = []
        encoder.encode(pushTransitionList(), header: pushHeader, into: &buffer)
        #expect(buffer.count == 281 && buffer[2] == 0b10_1111)
    }

    @Test func touchesPastTheLimitAreLeftOut() throws {
        var encoder = FrameEncoder()
        var decoder = FrameDecoder()
        var buffer: [UInt8] = []
        let many = (0..<12).map { FrameHeader.Touch(pointerID: $0, location: CGPoint(x: Double($0), y: 1)) }
        encoder.encode(pushTransitionList(), header: Self.header(0, touches: many), into: &buffer)
        #expect(try decoder.decodeFrame(buffer).header.touches == Array(many.prefix(FrameHeader.maximumTouches)))
    }

    /// Where the touches part starts in a keyframe of `pushTransitionList()`: after the input step
    /// (5 fixed, sequence 1, time 8, viewport 3 + 3, state 1, progress 2, input step 1).
    static let touchesOffset = 5 + 1 + 8 + 6 + 1 + 2 + 1

    /// A keyframe of `pushTransitionList()` whose touches part is `part` (count and touches), and
    /// then the structure and records; or nothing after it (`truncated`).
    static func keyframe(touchesPart part: [UInt8], truncated: Bool = false) -> [UInt8] {
        var encoder = FrameEncoder()
        var buffer: [UInt8] = []
        encoder.encode(pushTransitionList(), header: Self.header(0, touches: [Self.finger]), into: &buffer)
        // One finger's part is 8 bytes: count 1, id 7, x and y 3 bytes each.
        #expect(Array(buffer[touchesOffset..<(touchesOffset + 2)]) == [1, 7])
        buffer.replaceSubrange(touchesOffset..<(touchesOffset + 8), with: part)
        return truncated ? Array(buffer.prefix(touchesOffset + part.count)) : buffer
    }

    static let badTouches: [(part: [UInt8], error: ServerMessageError)] = [
        ([11] + [UInt8](repeating: 0, count: 33), .invalidTouches("11 touches; at most 10")),
        ([2, 3, 0, 0, 3, 2, 2], .invalidTouches("pointer id 3 twice")),
        ([1, 0x80, 0x80, 0x80, 0x80, 0x08, 0, 0], .invalidTouches("pointer id 2147483648 above 2³¹−1")),
    ]

    @Test(arguments: badTouches)
    func aMalformedTouchesPartIsRejected(_ part: [UInt8], _ error: ServerMessageError) {
        var decoder = FrameDecoder()
        #expect(throws: error) { try decoder.decode(Self.keyframe(touchesPart: part)) }
    }

    @Test func aTouchesPartCutShortIsTruncated() {
        var decoder = FrameDecoder()
        #expect(throws: ServerMessageError.truncated(.frame)) {
            try decoder.decode(Self.keyframe(touchesPart: [2, 1, 0, 0], truncated: true))
        }
    }
}
