import SegueValues
import SegueWire
import Testing

/// The release message (7), docs/protocol.md: 37 bytes, optional readings flagged.
@Suite("release message")
struct ReleaseMessageTests {
    static let full = TransitionRelease(operation: .pop, decision: .cancel, progress: 0.375, velocity: -812.5,
                                        projectedProgress: -0.25, threshold: 0.5)

    @Test(arguments: [
        full,
        TransitionRelease(operation: .present, decision: .finish, progress: 0.6, velocity: 1200,
                          projectedProgress: 1.4, threshold: nil),
        TransitionRelease(operation: .dismiss, decision: .finish, progress: 0.1, velocity: nil,
                          projectedProgress: nil, threshold: 0.75),
    ])
    func roundTrips(_ release: TransitionRelease) throws {
        let bytes = ReleaseMessage(release).encoded()
        #expect(bytes.count == ReleaseMessage.size)
        var decoder = FrameDecoder()
        #expect(try decoder.decode(bytes) == .release(ReleaseMessage(release)))
    }

    @Test func layout() {
        let bytes = ReleaseMessage(Self.full).encoded()
        #expect(Array(bytes.prefix(5)) == [WireProtocol.version, 7, 4, 2, 3])
        #expect(bytes.count == 37)
    }

    @Test(arguments: [(offset: 2, value: UInt8(6)), (offset: 3, value: 0), (offset: 3, value: 3), (offset: 4, value: 4)])
    func rejectsUnknownCodes(offset: Int, value: UInt8) {
        var bytes = ReleaseMessage(Self.full).encoded()
        bytes[offset] = value
        var decoder = FrameDecoder()
        #expect(throws: ServerMessageError.self) { try decoder.decode(bytes) }
    }

    @Test func rejectsATruncatedOne() {
        var decoder = FrameDecoder()
        #expect(throws: ServerMessageError.truncated(.release)) {
            try decoder.decode(Array(ReleaseMessage(Self.full).encoded().dropLast()))
        }
    }
}
