import Motion
import SegueValues
@testable import SegueWire
import Testing

@Suite struct FrameDecoderTests {
    @Test func helloRoundTrips() throws {
        let hello = HelloMessage(sceneNames: ["push", "photo-zoom", "Écran"], currentScene: "push", framesPerSecond: 60)
        var decoder = FrameDecoder()

        #expect(try decoder.decode(hello.encoded()) == .hello(hello))
        #expect(Array(hello.encoded().prefix(5)) == [4, 1, 60, 0, 4])
    }

    @Test func pongEchoesTheClientTimeInMilliseconds() throws {
        let pong = PongMessage(clientTime: 1.5, serverTime: 100.25)
        var decoder = FrameDecoder()
        let bytes = pong.encoded()

        #expect(bytes.count == 18)
        #expect(Array(bytes[2..<10]) == Array(withUnsafeBytes(of: (1500.0).bitPattern.littleEndian, Array.init)))
        #expect(try decoder.decode(bytes) == .pong(pong))
    }

    @Test func unknownSceneErrorsCarryTheirCode() throws {
        var decoder = FrameDecoder()
        let message = ErrorMessage.unknownScene("nope")

        #expect(try decoder.decode(message.encoded()) == .error(message))
        #expect(message.code.rawValue == 100)
    }

    static let rejected: [(bytes: [UInt8], error: ServerMessageError)] = [
        ([], .empty),
        ([4], .empty),
        ([9], .unsupportedVersion(9)),
        ([2, 2], .unsupportedVersion(2)),
        ([4, 16], .unknownType(16)),
        ([4, 3, 0], .truncated(.pong)),
        (PongMessage(clientTime: 1, serverTime: 2).encoded() + [0], .trailingBytes(.pong, count: 1)),
        ([4, 4, 9, 0, 2, 0xC3, 0x28], .invalidUTF8(.error)),
        ([4, 1, 60, 0, 0, 200], .truncated(.hello)),
        ([4, 2, 0, 0, 0], .truncated(.frame)),
    ]

    @Test(arguments: rejected)
    func malformedServerMessagesAreRejected(_ bytes: [UInt8], _ error: ServerMessageError) {
        var decoder = FrameDecoder()
        #expect(throws: error) { try decoder.decode(bytes) }
    }

    @Test func aFrameWithUnknownFlagsOrCodesIsRejected() {
        var encoder = FrameEncoder()
        var buffer: [UInt8] = []
        encoder.encode(pushTransitionList(), header: pushHeader, into: &buffer)

        var badFlags = buffer
        badFlags[2] |= 0x80
        var badOperation = buffer
        badOperation[3] = 6
        // A second mask byte with an unknown bit, then one with no bit at all.
        var badFields = buffer
        badFields.insert(0x08, at: FrameHeader.encodedSize + 4)
        badFields[FrameHeader.encodedSize + 3] = 0xFF
        var emptyDepth = badFields
        emptyDepth[FrameHeader.encodedSize + 4] = 0
        var decoder = FrameDecoder()
        #expect(throws: ServerMessageError.invalidCode("frame flags", badFlags[2])) { try decoder.decode(badFlags) }
        #expect(throws: ServerMessageError.invalidCode("transition operation", 6)) { try decoder.decode(badOperation) }
        #expect(throws: ServerMessageError.invalidCode("node depth fields", 0x08)) { try decoder.decode(badFields) }
        #expect(throws: ServerMessageError.invalidCode("node depth fields", 0)) { try decoder.decode(emptyDepth) }
    }

    @Test func aForgedNodeCountIsRejectedBeforeReadingNodes() {
        var encoder = FrameEncoder()
        var buffer: [UInt8] = []
        encoder.encode(pushTransitionList(), header: pushHeader, into: &buffer)
        buffer.replaceSubrange(37..<41, with: [0xFF, 0xFF, 0xFF, 0xFF])
        var decoder = FrameDecoder()

        #expect(throws: ServerMessageError.truncated(.frame)) { try decoder.decode(buffer) }
    }

    @Test func truncatedFramesAreRejectedAtEveryLength() throws {
        var encoder = FrameEncoder()
        var buffer: [UInt8] = []
        encoder.encode(pushTransitionList(), header: pushHeader, into: &buffer)
        for length in 2..<buffer.count {
            var decoder = FrameDecoder()
            #expect(throws: ServerMessageError.self) { try decoder.decode(Array(buffer.prefix(length))) }
        }
    }

    @Test func corruptedFramesNeverCrashTheDecoder() {
        var encoder = FrameEncoder()
        var valid: [UInt8] = []
        encoder.encode(pushTransitionList(), header: pushHeader, into: &valid)
        var generator = SeededGenerator(seed: 0xF4A3E)
        var decoder = FrameDecoder()
        for _ in 0..<50_000 {
            var bytes = valid
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                let index = Int.random(in: 2..<bytes.count, using: &generator)
                bytes[index] = UInt8.random(in: 0...255, using: &generator)
            }
            _ = try? decoder.decode(bytes)
            let garbage = (0..<Int.random(in: 0...64, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
            _ = try? decoder.decode([1] + garbage)
        }
    }
}
