import Motion
import SegueValues
@testable import SegueWire
import Testing

@Suite struct FrameDecoderTests {
    @Test func helloRoundTrips() throws {
        let hello = HelloMessage(sceneNames: ["push", "photo-zoom", "Écran"], currentScene: "push", framesPerSecond: 60)
        var decoder = FrameDecoder()

        #expect(try decoder.decode(hello.encoded()) == .hello(hello))
        #expect(Array(hello.encoded().prefix(5)) == [7, 1, 60, 0, 4])
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
        ([7], .empty),
        ([9], .unsupportedVersion(9)),
        ([3, 2], .unsupportedVersion(3)),
        ([4, 2], .unsupportedVersion(4)),
        ([5, 2], .unsupportedVersion(5)),
        ([6, 2], .unsupportedVersion(6)),
        ([7, 16], .unknownType(16)),
        ([7, 3, 0], .truncated(.pong)),
        (PongMessage(clientTime: 1, serverTime: 2).encoded() + [0], .trailingBytes(.pong, count: 1)),
        ([7, 4, 9, 0, 2, 0xC3, 0x28], .invalidUTF8(.error)),
        ([7, 1, 60, 0, 0, 200], .truncated(.hello)),
        ([7, 2, 0, 0], .truncated(.frame)),
        // A keyframe without its structure flag, then a frame with nothing before it.
        ([7, 2, 0b1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1], .invalidCode("frame flags", 0b1)),
        ([7, 2, 0, 0, 0, 0], .missingKeyframe),
    ]

    @Test(arguments: rejected)
    func malformedServerMessagesAreRejected(_ bytes: [UInt8], _ error: ServerMessageError) {
        var decoder = FrameDecoder()
        #expect(throws: error) { try decoder.decode(bytes) }
    }

    @Test func aFrameWithInvalidFlagsOrCodesIsRejected() throws {
        var encoder = FrameEncoder()
        var buffer: [UInt8] = []
        encoder.encode(pushTransitionList(), header: pushHeader, into: &buffer)
        // Keyframe layout: 5 fixed bytes, sequence 1, time 8, viewport 3 + 3, then the state byte.
        let stateOffset = 5 + 1 + 8 + 6
        #expect(buffer[stateOffset] == 0b0101_0011)

        // Version 6 gives all eight flag bits a meaning; a keyframe carries its sequence in full,
        // so the sequence-step flag with it is invalid.
        var badFlags = buffer
        badFlags[2] |= 0x40
        var badOperation = buffer
        badOperation[stateOffset] = 0b0101_0110
        var phaseWithoutOperation = buffer
        phaseWithoutOperation[stateOffset] = 0b0001_0000
        var decoder = FrameDecoder()
        #expect(throws: ServerMessageError.invalidCode("frame flags", badFlags[2])) { try decoder.decode(badFlags) }
        #expect(throws: ServerMessageError.invalidCode("frame state", 0b0101_0110)) { try decoder.decode(badOperation) }
        #expect(throws: ServerMessageError.invalidCode("frame state", 0b0001_0000)) {
            try decoder.decode(phaseWithoutOperation)
        }

        // After a valid keyframe: a record with an unknown mask bit, with no bit, past the last node.
        _ = try decoder.decode(buffer)
        var header = pushHeader
        header.sequence += 1
        encoder.encode(pushTransitionList(), header: header, into: &buffer)
        #expect(buffer.count == 6)
        #expect(throws: ServerMessageError.invalidCode("node fields", 0x00)) { try decoder.decode(buffer + [0, 0x80, 0x80, 0x04]) }
        #expect(throws: ServerMessageError.invalidCode("node fields", 0)) { try decoder.decode(buffer + [0, 0]) }
        #expect(throws: ServerMessageError.noSuchNode(index: 8)) { try decoder.decode(buffer + [8, 1, 0, 0]) }
        #expect(try decoder.decodeFrame(buffer + [7, 1, 2, 0]).displayList.nodes[7].localTransform.tx == 16 + 1.0 / 64)
    }

    @Test func aForgedNodeCountIsRejectedBeforeReadingNodes() {
        var encoder = FrameEncoder()
        var buffer: [UInt8] = []
        encoder.encode(pushTransitionList(), header: pushHeader, into: &buffer)
        // The structure's count follows the state byte, progress (2) and input step (1).
        let countOffset = 5 + 1 + 8 + 6 + 1 + 2 + 1
        #expect(buffer[countOffset] == 8)
        buffer.replaceSubrange(countOffset..<(countOffset + 1), with: [0xFF, 0xFF, 0xFF, 0x0F])
        var decoder = FrameDecoder()

        #expect(throws: ServerMessageError.truncated(.frame)) { try decoder.decode(buffer) }
    }

    @Test func truncatedFramesAreRejectedOrVisiblyIncomplete() throws {
        var encoder = FrameEncoder()
        var buffer: [UInt8] = []
        encoder.encode(pushTransitionList(), header: pushHeader, into: &buffer)
        var reference = FrameDecoder()
        let full = try reference.decodeFrame(buffer).displayList
        // Header and structure: 5 + 1 + 8 + 6 + 1 + 2 + 1, then the count and 8 × (id step, depth).
        let structureEnd = 24 + 1 + 16
        for length in 2..<buffer.count {
            var decoder = FrameDecoder()
            if length < structureEnd {
                #expect(throws: ServerMessageError.self) { try decoder.decode(Array(buffer.prefix(length))) }
            } else if let frame = try? decoder.decodeFrame(Array(buffer.prefix(length))) {
                // Records run to the end of the message: a cut between two leaves later nodes at defaults.
                #expect(frame.displayList != full)
            }
        }
    }

    @Test func corruptedFramesNeverCrashTheDecoder() throws {
        var encoder = FrameEncoder()
        var valid: [UInt8] = []
        encoder.encode(pushTransitionList(), header: pushHeader, into: &valid)
        var generator = SeededGenerator(seed: 0xF4A3E)
        var decoder = FrameDecoder()
        var rejected = 0
        var decoded = 0
        func decode(_ bytes: [UInt8]) {
            do {
                _ = try decoder.decode(bytes)
                decoded += 1
            } catch {
                rejected += 1
            }
        }
        for _ in 0..<50_000 {
            var bytes = valid
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                let index = Int.random(in: 2..<bytes.count, using: &generator)
                bytes[index] = UInt8.random(in: 0...255, using: &generator)
            }
            decode(bytes)
            decode([WireProtocol.version, MessageType.frame.rawValue]
                + bytes.dropFirst(2).prefix(Int.random(in: 0...16, using: &generator))
                + (0..<Int.random(in: 0...16, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) })
            let garbage = (0..<Int.random(in: 0...64, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
            #expect(throws: ServerMessageError.unsupportedVersion(1)) { try decoder.decode([1] + garbage) }
        }
        // Some corrupted frames are rejected and some decode to another frame: both paths ran.
        #expect(rejected > 0 && decoded > 0)
        // Whatever the corrupted frames left in it, a keyframe starts the decoder over.
        var fresh = FrameDecoder()
        #expect(try decoder.decodeFrame(valid).displayList == fresh.decodeFrame(valid).displayList)
    }
}
