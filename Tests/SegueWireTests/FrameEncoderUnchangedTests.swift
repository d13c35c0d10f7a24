import Motion
import SegueValues
@testable import SegueWire
import Testing

/// The encoder's "shows nothing new" answer, which lets a session skip a frame.
@Suite struct FrameEncoderUnchangedTests {
    /// The same world one frame later: a new sequence number and times, nothing else.
    static let nextHeader = FrameHeader(sequence: pushHeader.sequence + 1, serverTime: pushHeader.serverTime + 1.0 / 60,
                                        buildDuration: 0.001, transition: pushHeader.transition,
                                        inputSequence: pushHeader.inputSequence)

    /// Encodes the fixture's frame, then says whether each of `frames` shows anything new after it.
    func admitted(after first: DisplayList = pushTransitionList(), _ frames: [(DisplayList, FrameHeader)],
                  resetFirst: Bool = false) -> [Bool] {
        var encoder = FrameEncoder()
        var buffer: [UInt8] = []
        var results = [encoder.encode(first, header: pushHeader, into: &buffer)]
        if resetFirst { encoder.reset() }
        for (list, header) in frames { results.append(encoder.encode(list, header: header, into: &buffer)) }
        return results
    }

    @Test func theFirstFrameIsAdmittedAndIdenticalOnesAreNot() {
        let same = (pushTransitionList(), Self.nextHeader)
        #expect(admitted([same, same]) == [true, false, false])
    }

    @Test func oneMovedNodeIsAdmittedOnce() {
        var moved = pushTransitionList()
        moved.nodes[4].localTransform.tx += 0.5
        #expect(admitted([(moved, Self.nextHeader), (moved, Self.nextHeader)]) == [true, true, false])
    }

    @Test(arguments: ["progress", "phase", "end of the transition", "input", "slow animations", "viewport"])
    func aChangeOnlyTheHeaderOrViewportShowsIsAdmitted(_ change: String) {
        var list = pushTransitionList()
        var header = Self.nextHeader
        switch change {
        case "progress": header.transition?.progress = 0.51
        case "phase": header.transition?.phase = .finishing
        case "end of the transition": header.transition = nil
        case "input": header.inputSequence += 1
        case "slow animations": header.slowAnimations = true
        default: list.viewport = CGSize(width: 844, height: 390)
        }
        #expect(admitted([(list, header)]) == [true, true])
    }

    /// "Changed" is decided at the wire's step: a move that rounds to the same 1/64 pt is no
    /// change, one that reaches the next step is.
    @Test func aChangeBelowWirePrecisionIsNoChange() {
        var invisible = pushTransitionList()
        invisible.nodes[4].localTransform.tx += 1.0 / 256
        var visible = pushTransitionList()
        visible.nodes[4].localTransform.tx += 1.0 / 64
        #expect(admitted([(invisible, Self.nextHeader), (visible, Self.nextHeader)]) == [true, false, true])
    }

    @Test func aNewOrderOrAGoneNodeIsAChangeEvenWhenNoValueIs() {
        var reordered = pushTransitionList()
        reordered.nodes.swapAt(2, 3)
        var shorter = pushTransitionList()
        shorter.nodes.removeLast()
        #expect(admitted([(reordered, Self.nextHeader)]) == [true, true])
        #expect(admitted([(shorter, Self.nextHeader), (shorter, Self.nextHeader)]) == [true, true, false])
    }

    /// A skipped frame leaves the encoder as if it had been sent: the next frame that moves decodes
    /// against the last one the client really got.
    @Test func aSkippedFrameLeavesTheClientsViewIntact() throws {
        var encoder = FrameEncoder()
        var decoder = FrameDecoder()
        var buffer: [UInt8] = []
        let list = pushTransitionList()
        #expect(encoder.encode(list, header: pushHeader, into: &buffer))
        _ = try decoder.decode(buffer)
        #expect(!encoder.encode(list, header: Self.nextHeader, into: &buffer))  // not delivered
        var moved = list
        moved.nodes[4].localTransform.tx += 2
        moved = composed(moved)
        #expect(encoder.encode(moved, header: Self.nextHeader, into: &buffer))
        guard case .frame(let frame) = try decoder.decode(buffer) else { Issue.record("not a frame"); return }
        #expect(frame.displayList == quantised(moved))
        #expect(frame.displayList.nodes[6].transform.tx == 197)
        // The skipped frame's time step was not spent: the client's clock reads this frame's time.
        #expect(frame.header.serverTime == Self.nextHeader.serverTime.microsecondsRounded)
        #expect(frame.header.sequence == Self.nextHeader.sequence)
    }

    @Test func aResetAdmitsTheNextFrameEvenIfUnchanged() {
        #expect(admitted([(pushTransitionList(), Self.nextHeader)], resetFirst: true) == [true, true])
    }
}

extension Double {
    /// Seconds as the wire's whole microseconds give them back.
    var microsecondsRounded: Double { (self * 1e6).rounded() / 1e6 }
}
