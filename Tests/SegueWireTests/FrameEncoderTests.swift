import Motion
import SegueValues
@testable import SegueWire
import Testing

@Suite struct FrameEncoderTests {
    @Test func aRoundTripReproducesEveryNodeAtWirePrecision() throws {
        let list = pushTransitionList()
        var encoder = FrameEncoder()
        var decoder = FrameDecoder()
        var buffer: [UInt8] = []
        encoder.encode(list, header: pushHeader, into: &buffer)
        let frame = try decoder.decodeFrame(buffer)

        #expect(frame.isKeyframe)
        #expect(frame.displayList.viewport == list.viewport)
        #expect(frame.displayList.nodes.count == list.nodes.count)
        for (sent, received) in zip(list.nodes, frame.displayList.nodes) {
            #expect(received.id == sent.id)
            #expect(received.name == sent.name)
            #expect(received.depth == sent.depth)
            #expect(received.descendantCount == sent.descendantCount)
            let t = sent.transform
            #expect(received.transform == AffineTransform(a: float32(t.a), b: float32(t.b), c: float32(t.c),
                                                          d: float32(t.d), tx: float32(t.tx), ty: float32(t.ty)))
            #expect(received.size == sent.size)
            #expect(received.alpha == float32(sent.alpha))
            #expect(received.backgroundColor.rgba8 == sent.backgroundColor.rgba8)
            #expect(received.cornerRadius == sent.cornerRadius)
            #expect(received.clipsToBounds == sent.clipsToBounds)
            #expect(received.text == sent.text)
            #expect(received.textColor.rgba8 == sent.textColor.rgba8)
            #expect(received.fontSize == sent.fontSize)
        }
    }

    @Test func theHeaderRoundTrips() throws {
        var encoder = FrameEncoder()
        var decoder = FrameDecoder()
        var buffer: [UInt8] = []
        var header = pushHeader
        header.slowAnimations = true
        encoder.encode(pushTransitionList(), header: header, into: &buffer)
        let decoded = try decoder.decodeFrame(buffer).header

        #expect(decoded == header)
        #expect(Array(buffer.prefix(5)) == [4, 2, 0b1111, 3, 2])
    }

    @Test func aFrameWithoutATransitionDecodesToNone() throws {
        var encoder = FrameEncoder()
        var decoder = FrameDecoder()
        var buffer: [UInt8] = []
        let header = FrameHeader(sequence: 1, serverTime: 0, buildDuration: 0, inputSequence: 0)
        encoder.encode(DisplayList(viewport: Size(width: 10, height: 10)), header: header, into: &buffer)

        #expect(buffer.count == FrameHeader.encodedSize)
        #expect(try decoder.decodeFrame(buffer).header.transition == nil)
    }

    @Test func theFirstFrameIsTheHeaderPlusEveryRecordInFull() {
        let list = pushTransitionList()
        var encoder = FrameEncoder()
        var buffer: [UInt8] = []
        encoder.encode(list, header: pushHeader, into: &buffer)

        #expect(buffer.count == FrameHeader.encodedSize + list.nodes.map(fullRecordSize).reduce(0, +))
        #expect(buffer.count == 41 + 571)
    }

    @Test func anUnchangedListSendsOnlyFourBytesPerNode() throws {
        let list = pushTransitionList()
        var encoder = FrameEncoder()
        var decoder = FrameDecoder()
        var buffer: [UInt8] = []
        encoder.encode(list, header: pushHeader, into: &buffer)
        _ = try decoder.decodeFrame(buffer)
        encoder.encode(list, header: pushHeader, into: &buffer)

        #expect(buffer.count == FrameHeader.encodedSize + 4 * list.nodes.count)
        let second = try decoder.decodeFrame(buffer)
        #expect(!second.isKeyframe)
        #expect(second.displayList.nodes.map(\.name) == list.nodes.map(\.name))
        #expect(second.displayList.nodes[6].text == "Message")
    }

    @Test func movingOneNodeResendsOnlyItsGeometry() throws {
        var list = pushTransitionList()
        var encoder = FrameEncoder()
        var decoder = FrameDecoder()
        var buffer: [UInt8] = []
        encoder.encode(list, header: pushHeader, into: &buffer)
        _ = try decoder.decodeFrame(buffer)
        list.nodes[4].transform.tx = 150
        encoder.encode(list, header: pushHeader, into: &buffer)

        #expect(buffer.count == FrameHeader.encodedSize + 4 * list.nodes.count + 32)
        #expect(try decoder.decodeFrame(buffer).displayList.nodes[4].transform.tx == 150)
    }

    @Test func changingTextColorsAndShapeResendsOnlyThoseSections() throws {
        var list = pushTransitionList()
        var encoder = FrameEncoder()
        var decoder = FrameDecoder()
        var buffer: [UInt8] = []
        encoder.encode(list, header: pushHeader, into: &buffer)
        _ = try decoder.decodeFrame(buffer)
        list.nodes[2].text = "Archive"
        list.nodes[3].backgroundColor = .systemRed
        list.nodes[7].cornerRadius = 20
        list.nodes[6].text = nil
        list.nodes[1].alpha = 0.5
        encoder.encode(list, header: pushHeader, into: &buffer)

        let text = 1 + 7, color = 4, shape = 5, noText = 1, alpha = 4
        #expect(buffer.count == FrameHeader.encodedSize + 4 * list.nodes.count + text + color + shape + noText + alpha)
        let nodes = try decoder.decodeFrame(buffer).displayList.nodes
        #expect(nodes[2].text == "Archive")
        #expect(nodes[3].backgroundColor.rgba8 == Color.systemRed.rgba8)
        #expect(nodes[7].cornerRadius == 20)
        #expect(nodes[6].text == nil)
        #expect(nodes[1].alpha == 0.5)
    }

    @Test func aChangeBelowFloat32PrecisionSendsNothing() {
        var list = pushTransitionList()
        var encoder = FrameEncoder()
        var buffer: [UInt8] = []
        encoder.encode(list, header: pushHeader, into: &buffer)
        list.nodes[4].transform.tx += 1e-12
        encoder.encode(list, header: pushHeader, into: &buffer)

        #expect(buffer.count == FrameHeader.encodedSize + 4 * list.nodes.count)
    }

    @Test func resetForcesAKeyframeANewDecoderCanRead() throws {
        let list = pushTransitionList()
        var encoder = FrameEncoder()
        var buffer: [UInt8] = []
        encoder.encode(list, header: pushHeader, into: &buffer)
        let first = buffer
        encoder.encode(list, header: pushHeader, into: &buffer)
        encoder.reset()
        encoder.encode(list, header: pushHeader, into: &buffer)

        #expect(buffer == first)
        var reconnected = FrameDecoder()
        let frame = try reconnected.decodeFrame(buffer)
        #expect(frame.isKeyframe)
        #expect(frame.displayList.nodes.map(\.id) == Array(1...8))
    }

    @Test func aKeyframeMakesAnOldDecoderForgetItsNodes() throws {
        var list = pushTransitionList()
        var encoder = FrameEncoder()
        var decoder = FrameDecoder()
        var buffer: [UInt8] = []
        encoder.encode(list, header: pushHeader, into: &buffer)
        _ = try decoder.decodeFrame(buffer)
        encoder.reset()
        list.nodes[2].name = "renamed"
        encoder.encode(list, header: pushHeader, into: &buffer)

        #expect(try decoder.decodeFrame(buffer).displayList.nodes[2].name == "renamed")
    }

    @Test func aPartialRecordForANodeTheDecoderLacksIsRejected() throws {
        let list = pushTransitionList()
        var encoder = FrameEncoder()
        var buffer: [UInt8] = []
        encoder.encode(list, header: pushHeader, into: &buffer)
        encoder.encode(list, header: pushHeader, into: &buffer)

        var lateJoiner = FrameDecoder()
        #expect(throws: ServerMessageError.missingNodeState(id: 1)) { try lateJoiner.decode(buffer) }
    }

    @Test func removedNodesDisappearAndComeBackInFull() throws {
        let list = pushTransitionList()
        var withoutCard = list
        let card = withoutCard.nodes.removeLast()
        withoutCard.nodes[4].descendantCount = 2
        var encoder = FrameEncoder()
        var decoder = FrameDecoder()
        var buffer: [UInt8] = []
        encoder.encode(list, header: pushHeader, into: &buffer)
        _ = try decoder.decodeFrame(buffer)

        encoder.encode(withoutCard, header: pushHeader, into: &buffer)
        let removed = try decoder.decodeFrame(buffer).displayList
        #expect(removed.nodes.map(\.id) == Array(1...7))
        #expect(removed.nodes[4].descendantCount == 2)

        encoder.encode(list, header: pushHeader, into: &buffer)
        #expect(buffer.count == FrameHeader.encodedSize + 4 * 7 + fullRecordSize(card))
        let restored = try decoder.decodeFrame(buffer).displayList
        #expect(restored.nodes.last?.name == "message.card")
        #expect(restored.nodes.last?.alpha == float32(0.8))
    }

    @Test func steadyStateFramesReuseTheBufferStorage() {
        var list = pushTransitionList()
        var encoder = FrameEncoder()
        var buffer: [UInt8] = []
        encoder.encode(list, header: pushHeader, into: &buffer)
        let storage = buffer.withUnsafeBufferPointer { $0.baseAddress }
        let capacity = buffer.capacity
        for step in 0..<100 {
            list.nodes[4].transform.tx = 195 - Double(step)
            list.nodes[1].transform.tx = -58.5 + Double(step) * 0.3
            encoder.encode(list, header: pushHeader, into: &buffer)
        }

        #expect(buffer.withUnsafeBufferPointer { $0.baseAddress } == storage)
        #expect(buffer.capacity == capacity)
    }

    @Test func theNodeTableStaysBoundedWhenIDsKeepChanging() {
        var encoder = FrameEncoder()
        var buffer: [UInt8] = []
        var list = pushTransitionList()
        for frame in 0..<1000 {
            for index in list.nodes.indices { list.nodes[index].id = UInt32(frame * 8 + index + 1) }
            encoder.encode(list, header: pushHeader, into: &buffer)
        }

        #expect(encoder.rememberedNodeCount <= 2 * 8 + 64 + 8)
    }

    @Test func theFrameHeaderStaysSmall() {
        // sequence 4 (+4 padding), two Doubles 16, TransitionStatus? 17 (two code bytes, padding,
        // progress, the flag; nil fits in the operation's spare values) (+3), inputSequence 4, the
        // flag 1: within one cache line, cheap to pass by value every frame.
        #expect(MemoryLayout<FrameHeader>.size == 49)
        #expect(MemoryLayout<FrameHeader>.stride <= 64)
    }

    @Test func typicalFrameSizesMatchTheProtocolDocument() throws {
        // The measurement quoted in docs/protocol.md: a keyframe of the eight-node push, then an
        // interactive frame where both pages slide, the card moves, and the outgoing page dims.
        var list = pushTransitionList()
        var encoder = FrameEncoder()
        var buffer: [UInt8] = []
        encoder.encode(list, header: pushHeader, into: &buffer)
        let keyframe = buffer.count
        list.nodes[1].transform.tx -= 1.5
        list.nodes[1].backgroundColor = Color(white: 0.85)
        list.nodes[2].transform.tx -= 1.5
        list.nodes[3].transform.tx -= 1.5
        for index in 4...7 { list.nodes[index].transform.tx -= 5 }
        encoder.encode(list, header: pushHeader, into: &buffer)

        #expect(keyframe == 612)
        #expect(buffer.count == 41 + 8 * 4 + 7 * 32 + 4)
        encoder.encode(list, header: pushHeader, into: &buffer)
        #expect(buffer.count == 73)
    }
}
