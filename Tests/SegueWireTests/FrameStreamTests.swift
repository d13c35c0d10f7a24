import Motion
import SegueValues
@testable import SegueWire
import Testing

@Suite struct FrameStreamTests {
    /// Sends `list` through `stream` and decodes what came out, if anything.
    func send(_ list: DisplayList, through stream: inout FrameStream, decoder: inout FrameDecoder,
              input: UInt32 = 7) throws -> DecodedFrame? {
        guard let bytes = stream.encode(list, transition: pushHeader.transition, inputSequence: input,
                                        slowAnimations: false, serverTime: 3.5, buildDuration: { 0.002 }) else {
            return nil
        }
        guard case .frame(let frame) = try decoder.decode(bytes) else {
            Issue.record("not a frame")
            return nil
        }
        return frame
    }

    @Test func framesAreNumberedSkippedWhenUnchangedAndKeyframedAfterAReset() throws {
        var stream = FrameStream()
        var decoder = FrameDecoder()
        let list = pushTransitionList()

        let first = try #require(try send(list, through: &stream, decoder: &decoder))
        #expect(first.isKeyframe && first.header.sequence == 1)
        #expect(first.header.inputSequence == 7 && first.header.serverTime == 3.5)
        #expect(first.header.buildDuration == 0.002)  // sent in whole µs
        #expect(try send(list, through: &stream, decoder: &decoder) == nil)

        var moved = list
        moved.nodes[4].localTransform.tx += 0.5
        moved = composed(moved)
        let second = try #require(try send(moved, through: &stream, decoder: &decoder))
        #expect(!second.isKeyframe && second.header.sequence == 2)
        #expect(second.displayList.nodes[4].transform.tx == moved.nodes[4].transform.tx)
        // One record: index step, mask, Δtx 32 (zigzag 64), Δty 0.
        #expect(second.byteCount == FrameEncoderTests.steadyHeader + 4)
        // Only a new input number: still sent, so the page sees its input reflected.
        let reflected = try #require(try send(moved, through: &stream, decoder: &decoder, input: 8))
        #expect(reflected.header.sequence == 3 && reflected.header.inputSequence == 8)

        stream.reset()
        let again = try #require(try send(moved, through: &stream, decoder: &decoder, input: 8))
        #expect(again.isKeyframe && again.header.sequence == 4)
    }
}
