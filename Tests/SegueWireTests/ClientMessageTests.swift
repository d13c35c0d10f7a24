import Motion
import SegueValues
@testable import SegueWire
import Testing

@Suite struct ClientMessageTests {
    static let validMessages: [ClientMessage] = [
        .pointer(PointerEvent(phase: .down, pointerID: 1, kind: .mouse, location: Point(x: 389.5, y: 400.25),
                              timestamp: 12.5), sequence: 1),
        .pointer(PointerEvent(phase: .move, pointerID: 7, kind: .touch, location: Point(x: -20, y: 0),
                              timestamp: 0.016), sequence: 2),
        .pointer(PointerEvent(phase: .up, pointerID: 2_147_483_647, kind: .pen, location: Point(x: 100_000, y: -100_000),
                              timestamp: 1e9), sequence: .max),
        .pointer(PointerEvent(phase: .cancel, pointerID: 0, kind: .touch, location: .zero, timestamp: 0), sequence: 0),
        .viewport(Viewport(size: Size(width: 390, height: 844), devicePixelRatio: 3)),
        .viewport(Viewport(size: Size(width: 1, height: 8192), devicePixelRatio: 0.5)),
        .chooseScene("photo-zoom"),
        .chooseScene("Écran partagé 📱"),
        .ping(clientTime: 1234.5),
        .setSlowAnimations(true),
        .setSlowAnimations(false),
        .scrub(.pause),
        .scrub(.seek(progress: 0)),
        .scrub(.seek(progress: 0.37)),
        .scrub(.seek(progress: 1)),
        .scrub(.step(frames: 1)),
        .scrub(.step(frames: -60)),
        .scrub(.finish),
        .scrub(.cancel),
        .tuneSpring(index: 0, timing: SpringBlockTiming(duration: 0.7, dampingRatio: 0.9, initialVelocity: 0.8)),
        .tuneSpring(index: 255, timing: SpringBlockTiming(duration: 10, dampingRatio: 0.001, initialVelocity: -100)),
        .listSprings,
    ]

    @Test(arguments: validMessages)
    func everyClientMessageRoundTrips(_ message: ClientMessage) throws {
        #expect(try ClientMessage(decoding: message.encoded()) == message)
    }

    @Test func aPointerMessageHasThePublishedLayout() {
        let event = PointerEvent(phase: .move, pointerID: 3, kind: .touch, location: Point(x: 1, y: 2), timestamp: 0.5)
        let bytes = ClientMessage.pointer(event, sequence: 258).encoded()

        #expect(bytes.count == 28)
        #expect(Array(bytes[0..<12]) == [4, 16, 2, 2, 2, 1, 0, 0, 3, 0, 0, 0])
        #expect(Array(bytes[20..<28]) == Array(withUnsafeBytes(of: (500.0).bitPattern.littleEndian, Array.init)))
    }

    @Test func aScrubMessageHasThePublishedLayout() {
        let bytes = ClientMessage.scrub(.seek(progress: 0.5)).encoded()
        #expect(bytes.count == 11)
        #expect(Array(bytes[0..<3]) == [4, 21, 2])
        #expect(Array(bytes[3..<11]) == Array(withUnsafeBytes(of: (0.5).bitPattern.littleEndian, Array.init)))
        #expect(ClientMessage.scrub(.cancel).encoded() == [4, 21, 5, 0, 0, 0, 0, 0, 0, 0, 0])
    }

    static let rejected: [(bytes: [UInt8], error: ClientMessageError)] = [
        ([], .empty),
        ([4], .missingType),
        ([4] + [UInt8](repeating: 20, count: 128), .tooLarge(byteCount: 129)),
        ([2, 20, 1], .unsupportedVersion(2)),
        ([0, 20, 1], .unsupportedVersion(0)),
        ([123, 34, 116, 121], .unsupportedVersion(123)),
        ([4, 99], .unknownType(99)),
        ([4, MessageType.frame.rawValue], .unknownType(2)),
        (Array(pointer().encoded().dropLast()), .wrongLength(.pointer, expected: 28, actual: 27)),
        (pointer().encoded() + [0], .wrongLength(.pointer, expected: 28, actual: 29)),
        ([4, 17, 0, 0], .wrongLength(.viewport, expected: 14, actual: 4)),
        ([4, 19], .wrongLength(.ping, expected: 10, actual: 2)),
        ([4, 20], .wrongLength(.slowAnimations, expected: 3, actual: 2)),
        ([4, 18], .wrongLength(.scene, expected: 3, actual: 2)),
        ([4, 18, 5, 65, 66], .wrongLength(.scene, expected: 8, actual: 5)),
        ([4, 18, 1, 65, 66], .wrongLength(.scene, expected: 4, actual: 5)),
        (pointer(x: .nan).encoded(), .notFinite(.x)),
        (pointer(y: .infinity).encoded(), .notFinite(.y)),
        (pointer(x: -.infinity).encoded(), .notFinite(.x)),
        (pointer(x: 100_001).encoded(), .outOfRange(.x, 100_001)),
        (pointer(y: -3e38).encoded(), .outOfRange(.y, Double(Float(-3e38)))),
        (pointer(timestamp: -0.001).encoded(), .outOfRange(.timestamp, -1)),
        (pointer(timestamp: .nan).encoded(), .notFinite(.timestamp)),
        (pointer(id: -1).encoded(), .outOfRange(.pointerID, 4_294_967_295)),
        (pointer(id: 1 << 31).encoded(), .outOfRange(.pointerID, 2_147_483_648)),
        (patched(pointer().encoded(), at: 2, to: 0), .unknownCode(.pointerPhase, 0)),
        (patched(pointer().encoded(), at: 2, to: 5), .unknownCode(.pointerPhase, 5)),
        (patched(pointer().encoded(), at: 3, to: 9), .unknownCode(.pointerKind, 9)),
        (viewport(width: 0).encoded(), .outOfRange(.width, 0)),
        (viewport(width: -390).encoded(), .outOfRange(.width, -390)),
        (viewport(height: 8193).encoded(), .outOfRange(.height, 8193)),
        (viewport(height: .nan).encoded(), .notFinite(.height)),
        (viewport(ratio: 0.25).encoded(), .outOfRange(.devicePixelRatio, 0.25)),
        (viewport(ratio: 9).encoded(), .outOfRange(.devicePixelRatio, 9)),
        (viewport(ratio: .infinity).encoded(), .notFinite(.devicePixelRatio)),
        (ClientMessage.ping(clientTime: .nan).encoded(), .notFinite(.clientTime)),
        (ClientMessage.ping(clientTime: -1).encoded(), .outOfRange(.clientTime, -1000)),
        ([4, 20, 2], .unknownCode(.slowAnimations, 2)),
        ([4, 21, 1], .wrongLength(.scrub, expected: 11, actual: 3)),
        (ClientMessage.scrub(.pause).encoded() + [0], .wrongLength(.scrub, expected: 11, actual: 12)),
        (patched(ClientMessage.scrub(.pause).encoded(), at: 2, to: 0), .unknownCode(.scrubCommand, 0)),
        (patched(ClientMessage.scrub(.pause).encoded(), at: 2, to: 6), .unknownCode(.scrubCommand, 6)),
        (ClientMessage.scrub(.seek(progress: .nan)).encoded(), .notFinite(.scrubProgress)),
        (ClientMessage.scrub(.seek(progress: -.infinity)).encoded(), .notFinite(.scrubProgress)),
        (ClientMessage.scrub(.seek(progress: -0.01)).encoded(), .outOfRange(.scrubProgress, -0.01)),
        (ClientMessage.scrub(.seek(progress: 1.5)).encoded(), .outOfRange(.scrubProgress, 1.5)),
        (ClientMessage.scrub(.step(frames: 0)).encoded(), .outOfRange(.scrubStep, 0)),
        (ClientMessage.scrub(.step(frames: 61)).encoded(), .outOfRange(.scrubStep, 61)),
        (patched(ClientMessage.scrub(.step(frames: 1)).encoded(), float64At: 3, to: 0.5), .outOfRange(.scrubStep, 0.5)),
        (patched(ClientMessage.scrub(.step(frames: 1)).encoded(), float64At: 3, to: .nan), .notFinite(.scrubStep)),
        (patched(ClientMessage.scrub(.pause).encoded(), float64At: 3, to: 1), .outOfRange(.scrubValue, 1)),
        (patched(ClientMessage.scrub(.finish).encoded(), float64At: 3, to: .infinity), .notFinite(.scrubValue)),
        ([4, 22, 0], .wrongLength(.tuneSpring, expected: 27, actual: 3)),
        ([4, 23, 0], .wrongLength(.listSprings, expected: 2, actual: 3)),
        (spring(dampingRatio: .nan).encoded(), .notFinite(.springDampingRatio)),
        (spring(dampingRatio: 0).encoded(), .outOfRange(.springDampingRatio, 0)),
        (spring(dampingRatio: 1.5).encoded(), .outOfRange(.springDampingRatio, 1.5)),
        (spring(duration: -0.7).encoded(), .outOfRange(.springDuration, -0.7)),
        (spring(duration: 0).encoded(), .outOfRange(.springDuration, 0)),
        (spring(duration: .infinity).encoded(), .notFinite(.springDuration)),
        (spring(velocity: 1000).encoded(), .outOfRange(.springVelocity, 1000)),
        (spring(velocity: -.nan).encoded(), .notFinite(.springVelocity)),
        ([4, 18, 0], .invalidSceneName(.empty)),
        ([4, 18, 65] + [UInt8](repeating: 65, count: 65), .invalidSceneName(.tooLong(byteCount: 65))),
        ([4, 18, 2, 0xC3, 0x28], .invalidSceneName(.notUTF8)),
        ([4, 18, 3, 0xED, 0xA0, 0x80], .invalidSceneName(.notUTF8)),
        ([4, 18, 4, 65, 7, 66, 67], .invalidSceneName(.notPrintable)),
        ([4, 18, 2, 65, 10], .invalidSceneName(.notPrintable)),
        ([4, 18, 4, 0xE2, 0x80, 0xAE, 65], .invalidSceneName(.notPrintable)),
    ]

    @Test(arguments: rejected)
    func malformedMessagesAreRejectedWithTheRightError(_ bytes: [UInt8], _ error: ClientMessageError) {
        #expect(throws: error) { try ClientMessage(decoding: bytes) }
    }

    @Test func everyRejectionMapsToAnErrorMessageWithItsCode() throws {
        let error = ClientMessageError.outOfRange(.devicePixelRatio, 9)
        let message = ErrorMessage(error)

        #expect(message.code == .outOfRange)
        #expect(message.message == "The device pixel ratio 9.0 is out of range.")
        var decoder = FrameDecoder()
        #expect(try decoder.decode(message.encoded()) == .error(message))
        #expect(ErrorMessage(.unsupportedVersion(2)).message.contains("speaks version 4"))
        #expect(ErrorMessage(.tooLarge(byteCount: 500)).code.rawValue == 2)
    }

    @Test func randomBytesNeverCrashTheDecoder() {
        var generator = SeededGenerator(seed: 0x5E6E)
        var accepted = 0
        for _ in 0..<200_000 {
            let count = Int.random(in: 0...140, using: &generator)
            var bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            // Mostly a right version and a client type, so the loop reaches the field checks.
            if count > 0, Bool.random(using: &generator) { bytes[0] = WireProtocol.version }
            if count > 1, Bool.random(using: &generator) { bytes[1] = UInt8.random(in: 16...21, using: &generator) }
            if (try? ClientMessage(decoding: bytes)) != nil { accepted += 1 }
        }
        // Only random short slow-animation flags, scene names and the odd valid number pass.
        #expect(accepted > 0)
        #expect(accepted < 20_000)
    }

    private static func pointer(x: Double = 10, y: Double = 20, timestamp: Double = 1, id: Int = 1) -> ClientMessage {
        .pointer(PointerEvent(phase: .move, pointerID: id, kind: .touch, location: Point(x: x, y: y),
                              timestamp: timestamp), sequence: 5)
    }

    private static func spring(duration: Double = 0.7, dampingRatio: Double = 0.9,
                               velocity: Double = 0.8) -> ClientMessage {
        .tuneSpring(index: 0, timing: SpringBlockTiming(duration: duration, dampingRatio: dampingRatio,
                                                        initialVelocity: velocity))
    }

    @Test func aSpringsMessageRoundTrips() throws {
        let message = SpringsMessage(entries: [
            .init(original: SpringBlockTiming(duration: 0.6, dampingRatio: 0.7, initialVelocity: 1),
                  current: SpringBlockTiming(duration: 0.6, dampingRatio: 0.2, initialVelocity: 1)),
            .init(original: SpringBlockTiming(duration: 0.7, dampingRatio: 0.9, initialVelocity: 0.8),
                  current: SpringBlockTiming(duration: 0.7, dampingRatio: 0.9, initialVelocity: 0.8)),
        ])
        let bytes = message.encoded()
        #expect(bytes.count == 3 + 2 * 56)
        var decoder = FrameDecoder()
        #expect(try decoder.decode(bytes) == .springs(message))
        #expect(throws: ServerMessageError.truncated(.springs)) { try decoder.decode(Array(bytes.dropLast())) }
    }

    private static func viewport(width: Double = 390, height: Double = 844, ratio: Double = 2) -> ClientMessage {
        .viewport(Viewport(size: Size(width: width, height: height), devicePixelRatio: ratio))
    }

    private static func patched(_ bytes: [UInt8], float64At index: Int, to value: Double) -> [UInt8] {
        var copy = bytes
        copy.replaceSubrange(index..<index + 8, with: withUnsafeBytes(of: value.bitPattern.littleEndian, Array.init))
        return copy
    }

    private static func patched(_ bytes: [UInt8], at index: Int, to value: UInt8) -> [UInt8] {
        var copy = bytes
        copy[index] = value
        return copy
    }
}
