import Motion
import SegueValues
@testable import SegueWire
import Testing

@Suite struct FrameEncoderTests {
    /// version, type, flags, build duration (u16), server-time step (one byte when unchanged).
    static let steadyHeader = 6
    /// The same when a test repeats one header: its sequence number does not count up, so it is sent.
    static let repeatedHeader = 7

    @Test func aRoundTripReproducesTheQuantisedList() throws {
        let list = pushTransitionList()
        var encoder = FrameEncoder()
        var decoder = FrameDecoder()
        var buffer: [UInt8] = []
        encoder.encode(list, header: pushHeader, into: &buffer)
        let frame = try decoder.decodeFrame(buffer)

        #expect(frame.isKeyframe)
        #expect(frame.displayList == quantised(list))
        #expect(frame.displayList.nodes.map(\.descendantCount) == list.nodes.map(\.descendantCount))
        // Quantisation moves nothing further than the steps allow, composed over three levels.
        for (sent, received) in zip(list.nodes, frame.displayList.nodes) {
            #expect(abs(received.transform.tx - sent.transform.tx) <= Self.threeLevelsOfRounding)
            #expect(abs(received.transform.a - sent.transform.a) <= 1.0 / 2048)
        }
    }

    /// Half a 1/64 pt step per level, plus half a 1/1024 matrix step over a 400 pt offset.
    static let threeLevelsOfRounding = 3 * (1.0 / 128) + 400.0 / 2048

    @Test func theHeaderRoundTrips() throws {
        var encoder = FrameEncoder()
        var decoder = FrameDecoder()
        var buffer: [UInt8] = []
        var header = pushHeader
        header.slowAnimations = true
        encoder.encode(pushTransitionList(), header: header, into: &buffer)
        FrameEncoder.setBuildDuration(header.buildDuration, in: &buffer)
        let decoded = try decoder.decodeFrame(buffer).header

        #expect(decoded == header)
        // Keyframe, state, progress, input sequence and structure; 244 µs little-endian.
        #expect(Array(buffer.prefix(5)) == [7, 2, 0b10_1111, 244, 0])
    }

    @Test func aFrameWithoutATransitionDecodesToNone() throws {
        var encoder = FrameEncoder()
        var decoder = FrameDecoder()
        var buffer: [UInt8] = []
        let header = FrameHeader(sequence: 1, serverTime: 0, buildDuration: 0, inputSequence: 0)
        encoder.encode(DisplayList(viewport: CGSize(width: 10, height: 10)), header: header, into: &buffer)

        // 5 fixed, sequence 1, server time 8, viewport 2 + 2 (640 in 1/64 pt), node count 1.
        #expect(buffer.count == 19)
        #expect(try decoder.decodeFrame(buffer).header.transition == nil)
    }

    @Test func anUnchangedListSendsNoRecordAndIsNotWorthSending() throws {
        let list = pushTransitionList()
        var encoder = FrameEncoder()
        var decoder = FrameDecoder()
        var buffer: [UInt8] = []
        encoder.encode(list, header: pushHeader, into: &buffer)
        _ = try decoder.decodeFrame(buffer)
        var next = pushHeader
        next.sequence += 1

        #expect(!encoder.encode(list, header: next, into: &buffer))
        #expect(buffer.count == Self.steadyHeader)
        let second = try decoder.decodeFrame(buffer)
        #expect(!second.isKeyframe)
        #expect(second.header.sequence == next.sequence)
        #expect(second.displayList == quantised(list))
    }

    @Test func movingAParentSendsOneRecordAndMovesItsChildren() throws {
        var list = pushTransitionList()
        var encoder = FrameEncoder()
        var decoder = FrameDecoder()
        var buffer: [UInt8] = []
        encoder.encode(list, header: pushHeader, into: &buffer)
        _ = try decoder.decodeFrame(buffer)
        list.nodes[4].localTransform.tx -= 5
        list = composed(list)
        encoder.encode(list, header: pushHeader, into: &buffer)

        // Index step 4, mask, Δtx −320 (zigzag 639: two bytes), Δty 0.
        #expect(buffer.count == Self.repeatedHeader + 5)
        let nodes = try decoder.decodeFrame(buffer).displayList.nodes
        #expect(nodes[4].transform.tx == 190)
        #expect(nodes[6].transform.tx == 190)
        #expect(nodes[7].transform.tx == quantised(list).nodes[7].transform.tx)
    }

    @Test func aLongRunOfSmallMovesEndsExactlyWhereTheServerIs() throws {
        var list = pushTransitionList()
        var encoder = FrameEncoder()
        var decoder = FrameDecoder()
        var buffer: [UInt8] = []
        var decoded = DisplayList()
        for _ in 0..<1000 {
            list.nodes[4].localTransform.tx += 0.01
            list.nodes[7].localTransform.a -= 0.0001
            list = composed(list)
            encoder.encode(list, header: pushHeader, into: &buffer)
            decoded = try decoder.decodeFrame(buffer).displayList
            #expect(decoded == quantised(list))
        }

        #expect(decoded.nodes[4].localTransform.tx == (list.nodes[4].localTransform.tx * 64).rounded() / 64)
        #expect(abs(decoded.nodes[4].localTransform.tx - 205) <= 1.0 / 128)
        #expect(abs(decoded.nodes[7].localTransform.a - 0.88) <= 1.0 / 2048)
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
        list.nodes[1].ownAlpha = 0.5
        list = composed(list)
        encoder.encode(list, header: pushHeader, into: &buffer)

        // Each record: index step 1 and its mask (2 bytes for the second mask byte's sections).
        let alpha = 2 + 1, text = 3 + 1 + 7, color = 2 + 4, noText = 3 + 1, shape = 2 + 2 + 1
        #expect(buffer.count == Self.repeatedHeader + alpha + text + color + noText + shape)
        let nodes = try decoder.decodeFrame(buffer).displayList.nodes
        #expect(nodes[2].text == "Archive")
        #expect(nodes[3].backgroundColor.rgba8 == UIColor.systemRed.rgba8)
        #expect(nodes[7].cornerRadius == 20)
        #expect(nodes[6].text == nil)
        #expect(nodes[1].ownAlpha == 128.0 / 255)
        #expect(nodes[3].alpha == 128.0 / 255)
    }

    @Test func aChangeBelowTheWireStepSendsNothing() {
        var list = pushTransitionList()
        var encoder = FrameEncoder()
        var buffer: [UInt8] = []
        encoder.encode(list, header: pushHeader, into: &buffer)
        list.nodes[4].localTransform.tx += 1.0 / 256
        list.nodes[4].localTransform.a += 1.0 / 4096

        #expect(!encoder.encode(composed(list), header: pushHeader, into: &buffer))
        #expect(buffer.count == Self.repeatedHeader)
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

    @Test func aNewViewportOrAPauseBeyondTheTimeStepsRangeStartsAKeyframe() throws {
        var list = pushTransitionList()
        var encoder = FrameEncoder()
        var decoder = FrameDecoder()
        var buffer: [UInt8] = []
        var header = pushHeader
        encoder.encode(list, header: header, into: &buffer)
        _ = try decoder.decodeFrame(buffer)

        header.sequence += 1
        header.serverTime += 2200  // 2.2 × 10⁹ µs: past an Int32 step
        #expect(encoder.encode(list, header: header, into: &buffer))
        let late = try decoder.decodeFrame(buffer)
        #expect(late.isKeyframe && late.header.serverTime == header.serverTime)

        header.sequence += 1
        header.serverTime += 1
        list.viewport = CGSize(width: 844, height: 390)
        #expect(encoder.encode(list, header: header, into: &buffer))
        let turned = try decoder.decodeFrame(buffer)
        #expect(turned.isKeyframe && turned.displayList.viewport == list.viewport)
        #expect(turned.displayList == quantised(list))
    }

    @Test func aFrameBeforeAnyKeyframeIsRejected() throws {
        var list = pushTransitionList()
        var encoder = FrameEncoder()
        var buffer: [UInt8] = []
        encoder.encode(list, header: pushHeader, into: &buffer)
        list.nodes[1].localTransform.tx += 3
        encoder.encode(composed(list), header: pushHeader, into: &buffer)

        var lateJoiner = FrameDecoder()
        #expect(throws: ServerMessageError.missingKeyframe) { try lateJoiner.decode(buffer) }
    }

    @Test func aStructureChangeSendsThePaintOrderAndNewNodesInFull() throws {
        let list = pushTransitionList()
        var withoutCard = list
        let card = withoutCard.nodes.removeLast()
        withoutCard.nodes[0].descendantCount = 6
        withoutCard.nodes[4].descendantCount = 2
        var encoder = FrameEncoder()
        var decoder = FrameDecoder()
        var buffer: [UInt8] = []
        encoder.encode(list, header: pushHeader, into: &buffer)
        _ = try decoder.decodeFrame(buffer)

        #expect(encoder.encode(withoutCard, header: pushHeader, into: &buffer))
        // Structure: count, then per node a one-byte id step and depth; no record.
        #expect(buffer.count == Self.repeatedHeader + 1 + 7 * 2)
        let removed = try decoder.decodeFrame(buffer).displayList
        #expect(removed == quantised(withoutCard))
        #expect(removed.nodes[4].descendantCount == 2)

        encoder.encode(list, header: pushHeader, into: &buffer)
        // The card: index step 7, mask (2 bytes), then every section that differs from the defaults.
        let cardRecord = 1 + 2 + (2 + 3) + (3 + 3) + 4 * 1 + 1 + 4 + (2 + 1) + (1 + card.name.utf8.count)
        #expect(buffer.count == Self.repeatedHeader + 1 + 8 * 2 + cardRecord)
        let restored = try decoder.decodeFrame(buffer).displayList
        #expect(restored == quantised(list))
    }

    /// The table finds a node's slot by where the node sat last (its hint). An id that leaves frees
    /// its slot for another, so a hint left from before must not send the card back against what
    /// the new id's slot holds.
    @Test func aNodeBackWhereItSatAfterItsSlotWentToAnotherSendsItsOwnValues() throws {
        let list = pushTransitionList()
        var withoutCard = list
        withoutCard.nodes.removeLast()
        withoutCard.nodes[0].descendantCount = 6
        withoutCard.nodes[4].descendantCount = 2
        var renamed = withoutCard
        renamed.nodes[3].id = 900
        renamed.nodes[3].backgroundColor = UIColor(red: 0.2, green: 0.6, blue: 0.9, alpha: 1)
        var encoder = FrameEncoder()
        var decoder = FrameDecoder()
        var buffer: [UInt8] = []
        for (step, sent) in [list, withoutCard, renamed, list].enumerated() {
            encoder.encode(sent, header: pushHeader, into: &buffer)
            #expect(try decoder.decodeFrame(buffer).displayList == quantised(sent), "frame \(step)")
        }
    }

    @Test func swappingTwoSiblingsIsAStructureChangeWithoutRecords() throws {
        var list = pushTransitionList()
        var encoder = FrameEncoder()
        var decoder = FrameDecoder()
        var buffer: [UInt8] = []
        encoder.encode(list, header: pushHeader, into: &buffer)
        _ = try decoder.decodeFrame(buffer)
        list.nodes.swapAt(2, 3)
        list = composed(list)

        #expect(encoder.encode(list, header: pushHeader, into: &buffer))
        #expect(try decoder.decodeFrame(buffer).displayList == quantised(list))
    }

    @Test func steadyStateFramesReuseTheBufferStorage() {
        var list = pushTransitionList()
        var encoder = FrameEncoder()
        var buffer: [UInt8] = []
        encoder.encode(list, header: pushHeader, into: &buffer)
        let storage = buffer.withUnsafeBufferPointer { $0.baseAddress }
        let capacity = buffer.capacity
        for step in 0..<100 {
            list.nodes[4].localTransform.tx = 195 - Double(step)
            list.nodes[1].localTransform.tx = -58.5 + Double(step) * 0.3
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

        // Only the nodes on screen: every one of the previous frame's has left.
        #expect(encoder.rememberedNodeCount == list.nodes.count)
    }

    @Test func theFrameHeaderStaysSmall() {
        // sequence 4 (+4 padding), two Doubles 16, the touches array's reference 8, TransitionStatus?
        // 24 (two code bytes, padding, progress and percentComplete; nil fits in the operation's spare
        // values), inputSequence 4, the flag 1: within one cache line, cheap to pass by value every frame.
        #expect(MemoryLayout<FrameHeader>.size == 61)
        #expect(MemoryLayout<FrameHeader>.stride <= 64)
    }

    @Test func typicalFrameSizesMatchTheProtocolDocument() throws {
        // The measurement quoted in docs/protocol.md: a keyframe of the eight-node push, then an
        // interactive frame where both pages slide (their children ride along), the card moves
        // within its page, and the outgoing page dims; then one with nothing new.
        var list = pushTransitionList()
        var encoder = FrameEncoder()
        var buffer: [UInt8] = []
        var header = pushHeader
        encoder.encode(list, header: header, into: &buffer)
        let keyframe = buffer.count
        list.nodes[1].localTransform.tx -= 1.5
        list.nodes[1].backgroundColor = UIColor(white: 0.85, alpha: 1)
        list.nodes[4].localTransform.tx -= 5
        list.nodes[7].localTransform.ty -= 2
        header.sequence += 1
        header.serverTime += 1.0 / 60
        header.inputSequence += 1
        header.transition?.progress = 0.52
        encoder.encode(composed(list), header: header, into: &buffer)
        let interactive = buffer.count
        header.sequence += 1
        header.serverTime += 1.0 / 60

        #expect(keyframe == 281)
        // Header: 6 + 2 more bytes of time step (16 667 µs), progress 2, input step 1 = 11.
        // Records: inbox.view 1 + 1 + 2 + 1 + 4, message.view 1 + 1 + 2 + 1, the card 1 + 1 + 1 + 2.
        #expect(interactive == 11 + 9 + 5 + 5)
        #expect(!encoder.encode(composed(list), header: header, into: &buffer))
        #expect(buffer.count == 8)
    }
}
