import Motion
import UIKit
import SegueSession
import SegueWire
import Testing

/// What the session does for a page, on a virtual clock: what `Tests/server` once checked through a
/// live server with sleeps, now exact and in-process.
@Suite struct SceneSessionTests {
    @Test func aNewSessionSendsHelloThenAKeyframeOfTheFirstScreen() throws {
        let page = try PageStandIn()
        #expect(page.hellos == [HelloMessage(sceneNames: ["slides", "menu", "stack", "fade", "photos", "settings", "sheet", "drawer"],
                                             currentScene: "slides", framesPerSecond: 60)])
        guard case .hello = page.received.first else { Issue.record("hello first"); return }
        let first = try #require(page.frames.first)
        #expect(first.isKeyframe && first.header.sequence == 1)
        #expect(first.displayList.viewport == PageStandIn.viewport)
        #expect(page.names.contains("first"))
    }

    @Test func aRightEdgeSwipePresentsTheNextController() throws {
        let page = try PageStandIn()
        try page.settle()
        try page.swipe(from: 389, to: 189)
        try page.settle()

        let interactive = page.frames.compactMap(\.header.transition).filter(\.isInteractive)
        #expect(!interactive.isEmpty && interactive.allSatisfy { $0.operation == .present })
        let progresses = interactive.map(\.progress)
        #expect(progresses == progresses.sorted())
        // 200 of 390 points dragged, with the edge's slop taken first.
        #expect(try #require(progresses.last) > 0.35 && progresses.last! <= 0.5)

        let final = try #require(page.lastFrame)
        #expect(final.header.transition == nil)
        #expect(page.names.contains("second") && !page.names.contains("first"))
        let second = try #require(final.displayList.nodes.first { $0.name == "second" })
        #expect(second.transform == .identity && second.size == PageStandIn.viewport)
        #expect(final.header.inputSequence == page.inputSequence)
        #expect(page.observer.transitions == TransitionCounts(started: 1, completed: 1))
        #expect(page.observer.invariantViolations == 0)
    }

    @Test func aShortSwipeCancelsAndEverythingReturns() throws {
        let page = try PageStandIn()
        try page.settle()
        let before = try #require(page.lastFrame).displayList
        try page.swipe(from: 389, to: 349, steps: 6)
        try page.settle()

        #expect(page.frames.contains { $0.header.transition?.phase == .cancelling })
        let after = try #require(page.lastFrame)
        #expect(after.header.transition == nil && after.header.inputSequence == page.inputSequence)
        #expect(after.displayList.nodes.map(\.name) == before.nodes.map(\.name))
        #expect(after.displayList.nodes.map(\.transform) == before.nodes.map(\.transform))
        #expect(page.observer.transitions.started == 1 && page.observer.transitions.completed == 1)
    }

    @Test func anIdleSessionSendsNothing() throws {
        let page = try PageStandIn()
        try page.settle()
        #expect(try page.countAfterTicks(120) == 0)
        #expect(!page.session.hasOutgoing)
    }

    @Test func aFingerHoldingATransitionStillCostsNoFrameUntilItMovesOrLifts() throws {
        let page = try PageStandIn()
        try page.settle()
        try page.pointer(.down, x: 389, y: 420)
        for step in 1...10 {
            try page.tick()
            try page.pointer(.move, x: 389 - 15 * Double(step), y: 420)
        }
        let held = try #require(page.lastFrame?.header.transition)
        #expect(held.isInteractive && held.progress > 0.2)
        // The finger rests: the transition waits on a paused timeline, and a tick asks for no frame
        // at all (before, each one evaluated the world only to find the frame already sent).
        for _ in 0..<30 {
            #expect(try !page.tick())
        }
        try page.pointer(.move, x: 200, y: 420)
        #expect(try #require(page.lastFrame?.header.transition).progress > held.progress)
        try page.pointer(.up, x: 200, y: 420)
        // Released, the transition runs on by itself: every tick asks for its frame.
        for _ in 0..<10 {
            #expect(try page.tick())
        }
        try page.settle()
        #expect(page.names.contains("second") && page.observer.transitions == TransitionCounts(started: 1, completed: 1))
    }

    @Test func aPingIsAnsweredWithTheSessionClockAndNoFrame() throws {
        let page = try PageStandIn()
        try page.settle()
        let frames = page.frames.count
        try page.send(.ping(clientTime: 1.2345))
        #expect(page.pongs == [PongMessage(clientTime: 1.2345, serverTime: page.clock.now)])
        #expect(page.frames.count == frames)
    }

    /// One bad message and the error code it must get, named for the test report.
    nonisolated struct BadMessage: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: [UInt8]
        var code: ErrorCode
        var testDescription: String { name }

        static func pointer(at location: CGPoint) -> [UInt8] {
            ClientMessage.pointer(PointerEvent(phase: .move, pointerID: 1, kind: .touch, location: location,
                                               timestamp: 0.001), sequence: 1).encoded()
        }

        static let all = [
            BadMessage(name: "empty", bytes: [], code: ErrorCode(rawValue: 1)),
            BadMessage(name: "short pointer", bytes: [WireProtocol.version, 16] + [UInt8](repeating: 0, count: 10),
                       code: ErrorCode(rawValue: 5)),
            BadMessage(name: "version 9", bytes: [9, 16] + [UInt8](repeating: 0, count: 26),
                       code: ErrorCode(rawValue: 3)),
            BadMessage(name: "unknown type", bytes: [WireProtocol.version, 99], code: ErrorCode(rawValue: 4)),
            BadMessage(name: "NaN coordinate", bytes: pointer(at: CGPoint(x: CGFloat.nan, y: 10)), code: ErrorCode(rawValue: 6)),
            BadMessage(name: "coordinate out of range", bytes: pointer(at: CGPoint(x: 1e9, y: 10)),
                       code: ErrorCode(rawValue: 7)),
            BadMessage(name: "negative viewport",
                       bytes: ClientMessage.viewport(Viewport(size: CGSize(width: -5, height: 100),
                                                              devicePixelRatio: 1)).encoded(),
                       code: ErrorCode(rawValue: 7)),
            BadMessage(name: "unknown scene", bytes: ClientMessage.chooseScene("nowhere").encoded(),
                       code: ErrorCode(rawValue: 100)),
            BadMessage(name: "scrub with no transition", bytes: ClientMessage.scrub(.seek(progress: 0.5)).encoded(),
                       code: ErrorCode(rawValue: 101)),
            BadMessage(name: "finish with no transition", bytes: ClientMessage.scrub(.finish).encoded(),
                       code: ErrorCode(rawValue: 101)),
            BadMessage(name: "NaN scrub progress", bytes: ClientMessage.scrub(.seek(progress: .nan)).encoded(),
                       code: ErrorCode(rawValue: 6)),
            BadMessage(name: "scrub progress 2", bytes: ClientMessage.scrub(.seek(progress: 2)).encoded(),
                       code: ErrorCode(rawValue: 7)),
            BadMessage(name: "step of 0 frames", bytes: ClientMessage.scrub(.step(frames: 0)).encoded(),
                       code: ErrorCode(rawValue: 7)),
            BadMessage(name: "unknown scrub command", bytes: [WireProtocol.version, 21, 9, 0, 0, 0, 0, 0, 0, 0, 0],
                       code: ErrorCode(rawValue: 8)),
            BadMessage(name: "768 bytes", bytes: (0..<768).map { UInt8(truncatingIfNeeded: $0) },
                       code: ErrorCode(rawValue: 2)),
        ]
    }

    /// Every kind of bad message is answered with its code, counted, and changes nothing: no frame
    /// follows it, and a swipe afterwards still presents.
    @Test(arguments: BadMessage.all)
    func badMessagesAreAnsweredCountedAndChangeNothing(_ bad: BadMessage) throws {
        let page = try PageStandIn()
        try page.settle()
        let received = page.received.count
        try page.send(bytes: bad.bytes)
        #expect(page.received.count == received + 1)
        let error = try #require(page.errors.last)
        #expect(error.code == bad.code && !error.message.isEmpty)
        #expect(page.observer.badMessages == 1)
        #expect(try page.countAfterTicks(10) == 0)

        try page.swipe(from: 389, to: 189)
        try page.settle()
        #expect(page.names.contains("second"))
    }

    @Test func aTextMessageIsRejectedNotFatal() throws {
        let page = try PageStandIn()
        try page.send(bytes: Array("hello".utf8), isBinary: false)
        #expect(page.errors.map(\.code) == [.unknownMessageType])
        #expect(page.observer.badMessages == 1 && page.observer.inputMessages == 2)
        try page.send(.ping(clientTime: 1))
        #expect(page.pongs.count == 1)
    }

    @Test func choosingASceneSendsHelloThenAKeyframe() throws {
        let page = try PageStandIn()
        try page.settle()
        let received = page.received.count
        try page.send(.chooseScene("fade"))
        let after = page.received[received...]
        guard after.count == 2, case .hello(let hello) = after.first, case .frame(let frame) = after.last else {
            Issue.record("expected hello then a frame, got \(Array(after))")
            return
        }
        #expect(hello.currentScene == "fade" && page.session.sceneName == "fade")
        #expect(frame.isKeyframe)
        try page.settle()
        #expect(page.names.contains("list") && !page.names.contains("first"))
    }

    /// Slow animations slow the world's timeline tenfold: a second of slow time shows what a tenth
    /// of a second shows at normal speed.
    @Test func slowAnimationsRunTenTimesSlower() throws {
        func progress(slow: Bool, after seconds: Double) throws -> Double {
            let page = try PageStandIn()
            try page.settle()
            try page.send(.setSlowAnimations(slow))
            #expect(page.lastFrame?.header.slowAnimations == slow)
            try page.tap(x: 195, y: 771)  // Next: a 1.5 s present
            try page.tick(by: seconds)
            return try #require(page.lastFrame?.header.transition).progress
        }
        let slow = try progress(slow: true, after: 1.0)
        #expect(slow > 0 && slow < 0.2)
        #expect(abs(slow - (try progress(slow: false, after: 0.1))) < 1e-6)
    }

    @Test func framesAreSmallWhileMoving() throws {
        let page = try PageStandIn()
        try page.settle()
        try page.swipe(from: 389, to: 189)
        try page.settle()
        let moving = page.frames.filter { $0.header.transition != nil && !$0.isKeyframe }.map(\.byteCount)
        #expect(!moving.isEmpty && moving.max()! < 1500)
    }

    /// A deliberate huge jump (a suspended process, a stalled thread): the next tick finds the
    /// transition over and the world settled, reported once.
    @Test func aHugeTimeJumpSettlesTheWorldAtOnce() throws {
        let page = try PageStandIn()
        try page.settle()
        try page.tap(x: 195, y: 771)
        #expect(page.lastFrame?.header.transition != nil)
        try page.tick(by: 3600)
        try page.tick()
        #expect(page.lastFrame?.header.transition == nil && page.names.contains("second"))
        #expect(page.observer.transitions == TransitionCounts(started: 1, completed: 1))
        #expect(page.observer.settledReports >= 1)
    }

    @Test func repliesPastTheQueueLimitAreDroppedNotQueued() throws {
        let page = try PageStandIn()
        for _ in 0..<(SceneSession.maximumQueuedReplies + 10) {
            page.session.receive(ClientMessage.ping(clientTime: 1).encoded(), isBinary: true)
        }
        var replies = 0
        while let bytes = page.session.nextOutgoing() {
            if bytes[1] == 3 { replies += 1 }
        }
        #expect(replies == SceneSession.maximumQueuedReplies)
    }

    /// The scrub bar holds a running transition still: no frame follows once it stands, a seek
    /// sends exactly one, and finishing from there completes the present a released swipe was
    /// cancelling.
    /// The frame header carries progress in 1/65 535 (docs/protocol.md): half a step either way.
    static let wireProgressRounding = 0.5 / 65535

    @Test func aScrubbedTransitionStandsStillUntilFinished() throws {
        let page = try PageStandIn()
        try page.settle()
        try page.swipe(from: 389, to: 250)
        try page.tick()
        #expect(page.lastFrame?.header.transition?.phase == .cancelling, "a short swipe: going back")
        try page.send(.scrub(.seek(progress: 0.25)))
        let held = try #require(page.lastFrame?.header.transition)
        #expect(held.phase == .interactive && abs(held.progress - 0.25) <= Self.wireProgressRounding)
        #expect(try page.countAfterTicks(300) == 0, "five seconds paused: nothing changes, nothing is sent")
        // A step moves a frame of time, 1/60 s of the 1.5 s slide: the motion moves on by its curve's
        // share of that (ScrubTests pins the frame it lands on).
        try page.send(.scrub(.step(frames: 1)))
        let stepped = try #require(page.lastFrame?.header.transition?.progress)
        #expect(stepped > 0.25 && stepped < 0.25 + 3.0 / 60 / 1.5, "one frame on: \(stepped)")
        try page.send(.scrub(.finish))
        try page.settle()
        #expect(page.lastFrame?.header.transition == nil && page.names.contains("second"))
        #expect(page.errors.isEmpty && page.observer.transitions == TransitionCounts(started: 1, completed: 1))
    }

    /// Live tuning: the springs a scene ran are listed; a tuned damping changes the same
    /// animation's next run (measured in points), and a hostile value changes nothing.
    @Test func aTunedSpringChangesTheNextRunOfItsAnimation() throws {
        let page = try PageStandIn(scene: "stack")
        try page.settle()
        /// How far past its resting place (ty 0) the modal slides in, in points.
        func present() throws -> Double {
            let button = try #require(page.lastFrame?.displayList.nodes.first { $0.name == "stackfirst-present" })
            try page.tap(x: button.transform.tx + button.size.width / 2, y: button.transform.ty + button.size.height / 2)
            var lowest = Double.infinity
            for _ in 0..<60 {
                try page.tick()
                let sliding = page.lastFrame?.displayList.nodes.first { $0.name == "stacksecond" }
                lowest = min(lowest, sliding?.transform.ty ?? .infinity)
            }
            try page.settle()
            return -lowest
        }
        func dismiss() throws {
            let button = try #require(page.lastFrame?.displayList.nodes.first { $0.name == "stacksecond-dismiss" })
            try page.tap(x: button.transform.tx + button.size.width / 2, y: button.transform.ty + button.size.height / 2)
            try page.settle()
        }
        let asWritten = try present()
        try page.send(.listAnimations)
        let listed = try #require(page.animations.last).entries
        // StackTransitionAnimator's present: the snapshot's harder spring, the modal's smoother one.
        #expect(listed.filter { $0.original.kind == .springBlock }.map(\.original.springBlock) == [
            SpringBlockTiming(duration: 0.6, dampingRatio: 0.7, initialVelocity: 1),
            SpringBlockTiming(duration: 0.6, dampingRatio: 0.85, initialVelocity: 2.5),
        ])
        #expect(listed.allSatisfy { $0.original == $0.current })
        let modal = try #require(listed.firstIndex { $0.original.kind == .springBlock && $0.original.dampingRatio == 0.85 })
        let index = UInt8(modal)

        let bouncy = TimingEdit(duration: 0.6, dampingRatio: 0.2, initialVelocity: 2.5)
        for hostile in [ClientMessage.tuneAnimation(index: 99, edit: bouncy).encoded(),
                        ClientMessage.tuneAnimation(index: index, edit: TimingEdit(
                            duration: 0.6, dampingRatio: 0, initialVelocity: 2.5)).encoded(),
                        ClientMessage.tuneAnimation(index: index, edit: TimingEdit(
                            duration: 0.6, curve: .easeIn, dampingRatio: 0.5, initialVelocity: 2.5)).encoded(),
                        ClientMessage.tuneAnimation(index: index, edit: TimingEdit(
                            duration: -1, dampingRatio: 0.5, initialVelocity: 2.5)).encoded(),
                        ClientMessage.tuneAnimation(index: index, edit: TimingEdit(
                            duration: 0.6, dampingRatio: .nan, initialVelocity: 2.5)).encoded()] {
            try page.send(bytes: hostile)
        }
        #expect(page.errors.map(\.code.rawValue) == [102, 102, 102, 7, 6])
        #expect(page.errors[1].message.contains("0 never settles"), "\(page.errors[1].message)")
        #expect(page.animations.count == 1, "refused tunings answer with an error only")

        try page.send(.tuneAnimation(index: index, edit: bouncy))
        #expect(try #require(page.animations.last).entries[modal].current
            == .springBlock(SpringBlockTiming(duration: 0.6, dampingRatio: 0.2, initialVelocity: 2.5)))
        try dismiss()
        let tunedRun = try present()
        #expect(tunedRun > asWritten + 20, "ζ 0.2 instead of 0.85 overshoots far more: \(asWritten) → \(tunedRun) pt")
        try page.send(.tuneAnimation(index: index, edit: TimingEdit(listed[modal].original)))
        try dismiss()
        #expect(abs(try present() - asWritten) < 1e-3, "the original timing restores the original motion")
    }

    /// The bench's replay: a present held by the scrub bar, its modal's spring tuned, then played
    /// again from the start (seek 0, finish) moves with the new spring at once.
    @Test func aTunedSpringReplaysTheHeldTransitionWithIt() throws {
        let page = try PageStandIn(scene: "stack")
        try page.settle()
        let button = try #require(page.lastFrame?.displayList.nodes.first { $0.name == "stackfirst-present" })
        try page.tap(x: button.transform.tx + button.size.width / 2, y: button.transform.ty + button.size.height / 2)
        try page.tick()
        try page.send(.scrub(.pause))
        /// How far past its resting place (ty 0) the modal goes while the present plays from 0.
        func replay() throws -> Double {
            try page.send(.scrub(.seek(progress: 0)))
            try page.send(.scrub(.finish))
            var lowest = Double.infinity
            for _ in 0..<30 {
                try page.tick()
                lowest = min(lowest, page.lastFrame?.displayList.nodes.first { $0.name == "stacksecond" }?.transform.ty ?? .infinity)
            }
            // Held again near the end, so the next replay has a transition to play.
            try page.send(.scrub(.pause))
            return -lowest
        }
        let asWritten = try replay()
        try page.send(.listAnimations)
        let modal = try #require(page.animations.last?.entries.firstIndex {
            $0.original.kind == .springBlock && $0.original.dampingRatio == 0.85
        })
        try page.send(.tuneAnimation(index: UInt8(modal), edit: TimingEdit(duration: 0.6, dampingRatio: 0.2, initialVelocity: 2.5)))
        let tuned = try replay()
        #expect(tuned > asWritten + 20, "ζ 0.2 instead of 0.85 overshoots far more: \(asWritten) → \(tuned) pt")
        #expect(page.errors.isEmpty)
        try page.send(.scrub(.finish))
        try page.settle()
        #expect(page.names.contains("stacksecond") && page.observer.transitions == TransitionCounts(started: 1, completed: 1))
    }

    /// Live tuning of a curve, through bytes: fade's push (a 0.35 s easeInOut block) is listed;
    /// tuned to 1 s linear, its next run raises the detail's alpha by exactly a frame's 1/60 each
    /// frame; a curve code the protocol lacks and a spring's damping on a curve change nothing.
    @Test func aTunedCurveChangesTheNextRunOfItsAnimation() throws {
        let page = try PageStandIn(scene: "fade")
        try page.settle()
        /// The detail's own alpha at each frame while it fades in.
        func push() throws -> [Double] {
            let button = try #require(page.lastFrame?.displayList.nodes.first { $0.name == "list-open-detail" })
            try page.tap(x: button.transform.tx + button.size.width / 2, y: button.transform.ty + button.size.height / 2)
            var alphas: [Double] = []
            for _ in 0..<90 {
                try page.tick()
                if let alpha = page.lastFrame?.displayList.nodes.first(where: { $0.name == "detail" })?.ownAlpha,
                   alpha > 0, alpha < 1 { alphas.append(alpha) }
            }
            try page.settle()
            return alphas
        }
        func back() throws {
            let button = try #require(page.lastFrame?.displayList.nodes.first { $0.name == "detail-back" })
            try page.tap(x: button.transform.tx + button.size.width / 2, y: button.transform.ty + button.size.height / 2)
            try page.settle()
        }
        let asWritten = try push()
        #expect((19...22).contains(asWritten.count), "0.35 s at 60 Hz: \(asWritten.count) frames")
        try page.send(bytes: [WireProtocol.version, MessageType.listAnimations.rawValue])
        let entries = try #require(page.animations.last).entries
        let fade = try #require(entries.firstIndex { $0.original == .curve(.curveBlock, duration: 0.35, curve: .easeInOut) })
        #expect(entries[fade].originalCall
            == "UIView.animate(withDuration: 0.35, delay: 0.0, options: [.curveEaseInOut], animations: { … })")
        #expect(entries[fade].label.hasPrefix("detail: alpha · navigation-title-other: center, alpha"),
                "named by the view it fades, then the bar the push animates alongside: \(entries[fade].label)")

        var tune = ClientMessage.tuneAnimation(index: UInt8(fade), edit: TimingEdit(duration: 1, curve: .linear)).encoded()
        #expect(tune.count == 28)
        tune[3] = 9
        try page.send(bytes: tune)
        try page.send(.tuneAnimation(index: UInt8(fade), edit: TimingEdit(duration: 1, curve: .linear, dampingRatio: 0.5)))
        #expect(page.errors.map(\.code.rawValue) == [8, 102])
        #expect(page.animations.count == 1, "refused tunings answer with an error only")

        tune[3] = AnimationTiming.Curve.linear.rawValue
        try page.send(bytes: tune)
        #expect(try #require(page.animations.last).entries[fade].current == .curve(.curveBlock, duration: 1, curve: .linear))
        try back()
        let tuned = try push()
        #expect((58...61).contains(tuned.count), "1 s at 60 Hz: \(tuned.count) frames")
        // The wire carries alpha in 1/255 steps, so each frame's step is 1/60 to within one of them.
        let alphaStep = 1.0 / 255
        for (a, b) in zip(tuned, tuned.dropFirst()) {
            #expect(abs(b - a - PageStandIn.frameInterval) <= alphaStep + 1e-9, "linear: a frame's share each frame, \(a) → \(b)")
        }
        let easedSteps = zip(asWritten, asWritten.dropFirst()).map { $1 - $0 }
        #expect(easedSteps.contains { $0 > 3 * PageStandIn.frameInterval }, "easeInOut over 0.35 s is steeper mid-way")
    }

    /// Reset through bytes: an index the list lacks is refused (error 102, with its reason) and
    /// changes nothing; the entry's own index, then 255 for all, put the scene's timing back.
    @Test func resetRestoresTheScenesTimingAndRefusesAnIndexTheListLacks() throws {
        let page = try PageStandIn(scene: "fade")
        try page.settle()
        let button = try #require(page.lastFrame?.displayList.nodes.first { $0.name == "list-open-detail" })
        try page.tap(x: button.transform.tx + button.size.width / 2, y: button.transform.ty + button.size.height / 2)
        try page.settle()
        try page.send(.listAnimations)
        let fade = try #require(page.animations.last?.entries.firstIndex { $0.original.duration == 0.35 })
        try page.send(.tuneAnimation(index: UInt8(fade), edit: TimingEdit(duration: 1, curve: .linear)))
        #expect(page.animations.last?.entries[fade].currentCall.hasPrefix("UIView.animate(withDuration: 1.0") == true)

        try page.send(bytes: [WireProtocol.version, MessageType.resetAnimation.rawValue, 200])
        #expect(page.errors.last?.code == .cannotTune)
        #expect(page.errors.last?.message.hasPrefix("There is no animation 200") == true)
        try page.send(.listAnimations)
        #expect(page.animations.last?.entries[fade].current.duration == 1, "a refused reset changes nothing")

        try page.send(.resetAnimation(index: UInt8(fade)))
        let reset = try #require(page.animations.last?.entries[fade])
        #expect(reset.current == reset.original && reset.currentCall == reset.originalCall)
        try page.send(.tuneAnimation(index: UInt8(fade), edit: TimingEdit(duration: 2, curve: .easeIn)))
        try page.send(.resetAnimation(index: nil))
        #expect(page.animations.last?.entries.allSatisfy { $0.current == $0.original } == true)
    }
}
