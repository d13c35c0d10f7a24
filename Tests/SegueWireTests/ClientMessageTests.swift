import Motion
import SegueValues
@testable import SegueWire
import Testing

@Suite struct ClientMessageTests {
    static let validMessages: [ClientMessage] = [
        .pointer(PointerEvent(phase: .down, pointerID: 1, kind: .mouse, location: CGPoint(x: 389.5, y: 400.25),
                              timestamp: 12.5), sequence: 1),
        .pointer(PointerEvent(phase: .move, pointerID: 7, kind: .touch, location: CGPoint(x: -20, y: 0),
                              timestamp: 0.016), sequence: 2),
        .pointer(PointerEvent(phase: .up, pointerID: 2_147_483_647, kind: .pen, location: CGPoint(x: 100_000, y: -100_000),
                              timestamp: 1e9), sequence: .max),
        .pointer(PointerEvent(phase: .cancel, pointerID: 0, kind: .touch, location: .zero, timestamp: 0), sequence: 0),
        .viewport(Viewport(size: CGSize(width: 390, height: 844), devicePixelRatio: 3)),
        .viewport(Viewport(size: CGSize(width: 1, height: 8192), devicePixelRatio: 0.5)),
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
        .tuneAnimation(index: 0, edit: TimingEdit(duration: 0.7, dampingRatio: 0.9, initialVelocity: 0.8)),
        .tuneAnimation(index: 255, edit: TimingEdit(duration: 10, dampingRatio: 0.001, initialVelocity: -100)),
        .tuneAnimation(index: 3, edit: TimingEdit(duration: 0.01, curve: .linear)),
        .tuneAnimation(index: 4, edit: TimingEdit(duration: 0.3, curve: .custom)),
        .listAnimations,
        .resetAnimation(index: 0),
        .resetAnimation(index: 15),
        .resetAnimation(index: nil),
        .requestShare,
        .watch(ShareToken("0123456789abcdef0123456789abcdef")!),
        .handOver,
    ]

    @Test(arguments: validMessages)
    func everyClientMessageRoundTrips(_ message: ClientMessage) throws {
        #expect(try ClientMessage(decoding: message.encoded()) == message)
    }

    @Test func aPointerMessageHasThePublishedLayout() {
        let event = PointerEvent(phase: .move, pointerID: 3, kind: .touch, location: CGPoint(x: 1, y: 2), timestamp: 0.5)
        let bytes = ClientMessage.pointer(event, sequence: 258).encoded()

        #expect(bytes.count == 28)
        #expect(Array(bytes[0..<12]) == [7, 16, 2, 2, 2, 1, 0, 0, 3, 0, 0, 0])
        #expect(Array(bytes[20..<28]) == Array(withUnsafeBytes(of: (500.0).bitPattern.littleEndian, Array.init)))
    }

    @Test func aWatchMessageIsTheTokensDigits() {
        let token = ShareToken("00ff00ff00ff00ff00ff00ff00ff00ff")!
        #expect(ClientMessage.watch(token).encoded() == [7, 25] + Array("00ff00ff00ff00ff00ff00ff00ff00ff".utf8))
        #expect(ClientMessage.requestShare.encoded() == [7, 24])
        #expect(ClientMessage.handOver.encoded() == [7, 26])
        #expect(ClientMessage.resetAnimation(index: 3).encoded() == [7, 27, 3])
        #expect(ClientMessage.resetAnimation(index: nil).encoded() == [7, 27, 255], "255: every animation")
    }

    @Test func tokensFromOneSeedRepeatAndTokensFromTwoDiffer() {
        var first = SeededGenerator(seed: 1), again = SeededGenerator(seed: 1), other = SeededGenerator(seed: 2)
        let token = ShareToken(using: &first)
        #expect(token == ShareToken(using: &again))
        #expect(token != ShareToken(using: &other))
        #expect(token.digits.count == 32 && ShareToken(token.description) == token)
        #expect(ShareToken("0123") == nil && ShareToken("0123456789abcdef0123456789abcdeF") == nil)
    }

    @Test func aShareMessageRoundTripsThroughTheDecoder() throws {
        let message = ShareMessage(role: .watching, watcherCount: 3, watcherLimit: 32,
                                   token: ShareToken("0123456789abcdef0123456789abcdef")!)
        let bytes = message.encoded()
        #expect(bytes.count == 39 && Array(bytes[0..<7]) == [7, 6, 2, 3, 0, 32, 0])
        var decoder = FrameDecoder()
        #expect(try decoder.decode(bytes) == .share(message))
        #expect(throws: ServerMessageError.invalidCode("share role", 3)) {
            try decoder.decode([7, 6, 3] + Array(bytes[3...]))
        }
        #expect(throws: ServerMessageError.truncated(.share)) { try decoder.decode(Array(bytes.dropLast())) }
    }

    @Test func aScrubMessageHasThePublishedLayout() {
        let bytes = ClientMessage.scrub(.seek(progress: 0.5)).encoded()
        #expect(bytes.count == 11)
        #expect(Array(bytes[0..<3]) == [7, 21, 2])
        #expect(Array(bytes[3..<11]) == Array(withUnsafeBytes(of: (0.5).bitPattern.littleEndian, Array.init)))
        #expect(ClientMessage.scrub(.cancel).encoded() == [7, 21, 5, 0, 0, 0, 0, 0, 0, 0, 0])
    }

    static let rejected: [(bytes: [UInt8], error: ClientMessageError)] = [
        ([], .empty),
        ([7], .missingType),
        ([7] + [UInt8](repeating: 20, count: 128), .tooLarge(byteCount: 129)),
        ([2, 20, 1], .unsupportedVersion(2)),
        ([0, 20, 1], .unsupportedVersion(0)),
        ([123, 34, 116, 121], .unsupportedVersion(123)),
        ([7, 99], .unknownType(99)),
        ([7, MessageType.frame.rawValue], .unknownType(2)),
        (Array(pointer().encoded().dropLast()), .wrongLength(.pointer, expected: 28, actual: 27)),
        (pointer().encoded() + [0], .wrongLength(.pointer, expected: 28, actual: 29)),
        ([7, 17, 0, 0], .wrongLength(.viewport, expected: 14, actual: 4)),
        ([7, 19], .wrongLength(.ping, expected: 10, actual: 2)),
        ([7, 20], .wrongLength(.slowAnimations, expected: 3, actual: 2)),
        ([7, 18], .wrongLength(.scene, expected: 3, actual: 2)),
        ([7, 18, 5, 65, 66], .wrongLength(.scene, expected: 8, actual: 5)),
        ([7, 18, 1, 65, 66], .wrongLength(.scene, expected: 4, actual: 5)),
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
        ([7, 20, 2], .unknownCode(.slowAnimations, 2)),
        ([7, 21, 1], .wrongLength(.scrub, expected: 11, actual: 3)),
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
        ([7, 22, 0], .wrongLength(.tuneAnimation, expected: 28, actual: 3)),
        (Array(tune().encoded().dropLast()), .wrongLength(.tuneAnimation, expected: 28, actual: 27)),
        (tune().encoded() + [0], .wrongLength(.tuneAnimation, expected: 28, actual: 29)),
        ([7, 23, 0], .wrongLength(.listAnimations, expected: 2, actual: 3)),
        ([7, 27], .wrongLength(.resetAnimation, expected: 3, actual: 2)),
        ([7, 27, 0, 0], .wrongLength(.resetAnimation, expected: 3, actual: 4)),
        (patched(tune().encoded(), at: 3, to: 5), .unknownCode(.tuneCurve, 5)),
        (patched(tune().encoded(), at: 3, to: 255), .unknownCode(.tuneCurve, 255)),
        (tune(dampingRatio: .nan).encoded(), .notFinite(.tuneDampingRatio)),
        (tune(dampingRatio: -0.1).encoded(), .outOfRange(.tuneDampingRatio, -0.1)),
        (tune(dampingRatio: 1.5).encoded(), .outOfRange(.tuneDampingRatio, 1.5)),
        (tune(duration: -0.7).encoded(), .outOfRange(.tuneDuration, -0.7)),
        (tune(duration: 0).encoded(), .outOfRange(.tuneDuration, 0)),
        (tune(duration: .infinity).encoded(), .notFinite(.tuneDuration)),
        (tune(velocity: 1000).encoded(), .outOfRange(.tuneVelocity, 1000)),
        (tune(velocity: -.nan).encoded(), .notFinite(.tuneVelocity)),
        ([7, 24, 0], .wrongLength(.requestShare, expected: 2, actual: 3)),
        ([7, 26, 1], .wrongLength(.handOver, expected: 2, actual: 3)),
        ([7, 25], .wrongLength(.watch, expected: 34, actual: 2)),
        ([7, 25] + Array("0123456789abcdef0123456789abcde".utf8), .wrongLength(.watch, expected: 34, actual: 33)),
        ([7, 25] + Array("0123456789abcdef0123456789abcdef0".utf8), .wrongLength(.watch, expected: 34, actual: 35)),
        ([7, 25] + [UInt8](repeating: 0x61, count: 126), .wrongLength(.watch, expected: 34, actual: 128)),
        ([7, 25] + Array("0123456789ABCDEF0123456789abcdef".utf8), .invalidShareToken),
        ([7, 25] + Array("0123456789abcdef0123456789abcdeg".utf8), .invalidShareToken),
        ([7, 25] + Array("../../../etc/passwd/abcdef012345".utf8), .invalidShareToken),
        ([7, 25] + [UInt8](repeating: 0, count: 32), .invalidShareToken),
        ([7, 25] + [0xC3, 0xA9] + Array("23456789abcdef0123456789abcdef".utf8), .invalidShareToken),
        ([7, 18, 0], .invalidSceneName(.empty)),
        ([7, 18, 65] + [UInt8](repeating: 65, count: 65), .invalidSceneName(.tooLong(byteCount: 65))),
        ([7, 18, 2, 0xC3, 0x28], .invalidSceneName(.notUTF8)),
        ([7, 18, 3, 0xED, 0xA0, 0x80], .invalidSceneName(.notUTF8)),
        ([7, 18, 4, 65, 7, 66, 67], .invalidSceneName(.notPrintable)),
        ([7, 18, 2, 65, 10], .invalidSceneName(.notPrintable)),
        ([7, 18, 4, 0xE2, 0x80, 0xAE, 65], .invalidSceneName(.notPrintable)),
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
        #expect(ErrorMessage(.unsupportedVersion(2)).message.contains("speaks version 7"))
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
        .pointer(PointerEvent(phase: .move, pointerID: id, kind: .touch, location: CGPoint(x: x, y: y),
                              timestamp: timestamp), sequence: 5)
    }

    private static func tune(duration: Double = 0.7, dampingRatio: Double = 0.9,
                             velocity: Double = 0.8) -> ClientMessage {
        .tuneAnimation(index: 0, edit: TimingEdit(duration: duration, dampingRatio: dampingRatio,
                                                  initialVelocity: velocity))
    }

    /// Tune-animation's bytes as docs/protocol.md lays them out.
    @Test func aTuneMessageHasTheDocumentedLayout() {
        let bytes = ClientMessage.tuneAnimation(index: 7, edit: TimingEdit(duration: 0.5, curve: .easeOut)).encoded()
        #expect(bytes.count == 28)
        #expect(Array(bytes.prefix(4)) == [7, 22, 7, 2])
        #expect(Array(bytes[4..<12]) == withUnsafeBytes(of: 0.5.bitPattern.littleEndian, Array.init))
        #expect(bytes[12...].allSatisfy { $0 == 0 })
    }

    @Test func anAnimationsMessageRoundTripsEveryKind() throws {
        let spring = AnimationTiming.springBlock(SpringBlockTiming(duration: 0.6, dampingRatio: 0.7, initialVelocity: 1))
        var bouncier = spring
        bouncier.dampingRatio = 0.2
        let custom = AnimationTiming(kind: .curveAnimator, duration: 0.2, curve: .custom,
                                     controlPoint1: CGPoint(x: 0.1, y: 0.9), controlPoint2: CGPoint(x: 0.2, y: 1))
        let message = AnimationsMessage(entries: [
            .init(original: spring, current: bouncier),
            .init(original: .curve(.curveBlock, duration: 0.35, curve: .easeInOut),
                  current: .curve(.curveBlock, duration: 1, curve: .linear)),
            .init(original: .keyframes(duration: 1.5), current: .keyframes(duration: 3)),
            .init(original: .curve(.curveAnimator, duration: 0.3, curve: .easeOut),
                  current: .curve(.curveAnimator, duration: 0.3, curve: .easeOut)),
            .init(original: AnimationTiming(kind: .springAnimator, duration: 0.5, dampingRatio: 0.9),
                  current: AnimationTiming(kind: .springAnimator, duration: 0.5, dampingRatio: 0.9)),
            .init(original: custom, current: custom),
            .init(original: .physicalSpring(mass: 3, stiffness: 1000, damping: 2 * 3000.squareRoot()),
                  current: .physicalSpring(mass: 3, stiffness: 400, damping: 60), label: "about: transform · é…"),
        ])
        #expect(message.entries[0].currentAngularFrequency != message.entries[0].originalAngularFrequency)
        #expect(message.entries[1].currentAngularFrequency == 0)
        let bytes = message.encoded()
        let texts = message.entries.map { [$0.label, $0.originalCall, $0.currentCall].map { ($0.utf8.count < 128 ? 1 : 2) + $0.utf8.count }.reduce(0, +) }
        #expect(bytes.count == 3 + 7 * (1 + 2 * 89) + texts.reduce(0, +) && AnimationsMessage.timingRecordSize == 89)
        #expect(message.entries[6].originalCall == "UIViewPropertyAnimator(duration: 0.0, timingParameters: "
            + "UISpringTimingParameters(mass: 3.0, stiffness: 1000.0, damping: \(2 * 3000.squareRoot()), "
            + "initialVelocity: CGVector(dx: 0.0, dy: 0.0)))")
        var decoder = FrameDecoder()
        #expect(try decoder.decode(bytes) == .animations(message))
        #expect(throws: ServerMessageError.truncated(.animations)) { try decoder.decode(Array(bytes.dropLast())) }
        #expect(throws: ServerMessageError.trailingBytes(.animations, count: 1)) { try decoder.decode(bytes + [0]) }
        #expect(AnimationsMessage.bounded(String(repeating: "é", count: 300)).utf8.count == AnimationsMessage.maximumTextLength)
        #expect(throws: ServerMessageError.invalidCode("animation kind", 9)) {
            try decoder.decode(Self.patched(bytes, at: 3, to: 9))
        }
        #expect(throws: ServerMessageError.invalidCode("animation curve", 5)) {
            try decoder.decode(Self.patched(bytes, at: 4, to: 5))
        }
    }

    private static func viewport(width: Double = 390, height: Double = 844, ratio: Double = 2) -> ClientMessage {
        .viewport(Viewport(size: CGSize(width: width, height: height), devicePixelRatio: ratio))
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

