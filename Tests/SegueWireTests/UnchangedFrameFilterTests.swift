import Motion
import SegueKit
@testable import SegueWire
import Testing

@Suite struct UnchangedFrameFilterTests {
    /// The same world one frame later: a new sequence number and times, nothing else.
    static let nextHeader = FrameHeader(sequence: pushHeader.sequence + 1, serverTime: pushHeader.serverTime + 1.0 / 60,
                                        buildDuration: 0.001, transition: pushHeader.transition,
                                        inputSequence: pushHeader.inputSequence)

    /// Admits the fixture's frame, then says whether each of `frames` would be sent after it.
    func admitted(after first: DisplayList = pushTransitionList(), _ frames: [(DisplayList, FrameHeader)],
                  resetFirst: Bool = false) -> [Bool] {
        var filter = UnchangedFrameFilter()
        var results = [filter.admit(first, header: pushHeader)]
        if resetFirst { filter.reset() }
        for (list, header) in frames { results.append(filter.admit(list, header: header)) }
        return results
    }

    @Test func theFirstFrameIsAdmittedAndIdenticalOnesAreNot() {
        let same = (pushTransitionList(), Self.nextHeader)
        #expect(admitted([same, same]) == [true, false, false])
    }

    @Test func oneMovedNodeIsAdmittedOnce() {
        var moved = pushTransitionList()
        moved.nodes[4].transform.tx += 0.5
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
        default: list.viewport = Size(width: 844, height: 390)
        }
        #expect(admitted([(list, header)]) == [true, true])
    }

    @Test func aResetAdmitsTheNextFrameEvenIfUnchanged() {
        #expect(admitted([(pushTransitionList(), Self.nextHeader)], resetFirst: true) == [true, true])
    }
}
