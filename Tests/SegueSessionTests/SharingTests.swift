import Motion
import UIKit
import SegueSession
import SegueWire
import Testing

/// Pages on one clock and one share directory, ticked together as a transport ticks every
/// connection once per frame interval (in the order they connected).
final class Classroom {
    let clock = ManualClock(now: 100)
    let shares: ShareDirectory
    let owner: PageStandIn
    private(set) var pages: [PageStandIn]
    private var tokensMade = 0

    init(maximumWatchers: Int = 32) throws {
        var made = 0
        // Counted tokens: the core takes whatever the edge hands it; the server's come from a CSPRNG.
        shares = ShareDirectory(maximumWatchers: maximumWatchers) {
            made += 1
            let hex = String(made, radix: 16)
            return ShareToken(String(repeating: "0", count: ShareToken.length - hex.count) + hex)!
        }
        owner = try PageStandIn(clock: clock, shares: shares)
        pages = [owner]
        try owner.settle()
        try owner.send(.requestShare)
    }

    var token: ShareToken { owner.shares[0].token }

    /// A new page that opens the share link.
    @discardableResult
    func join(viewport: CGSize = CGSize(width: 1440, height: 900)) throws -> PageStandIn {
        let page = try PageStandIn(clock: clock, shares: shares, viewport: viewport)
        try page.send(.watch(token))
        pages.append(page)
        return page
    }

    func tick(times: Int = 1) throws {
        for _ in 0..<times {
            clock.advance(by: PageStandIn.frameInterval)
            for page in pages { try page.tickWithoutAdvancing() }
        }
    }

    /// A right-edge swipe by `page` at 60 Hz, every page ticked between samples.
    func swipe(by page: PageStandIn, from startX: Double = 389, to endX: Double = 189, steps: Int = 20) throws {
        try page.pointer(.down, x: startX, y: 420)
        for step in 1...steps {
            try tick()
            try page.pointer(.move, x: startX + (endX - startX) * Double(step) / Double(steps), y: 420)
        }
        try tick()
        try page.pointer(.up, x: endX, y: 420)
    }

    func leave(_ page: PageStandIn) {
        page.close()
        pages.removeAll { $0 === page }
    }
}

@Suite struct SharingTests {
    @Test func aShareRequestGivesALinkAndAWatcherStartsWithTheOwnersScreen() throws {
        let room = try Classroom()
        #expect(room.owner.shares == [ShareMessage(role: .controlling, watcherCount: 0, watcherLimit: 32,
                                                   token: ShareToken("00000000000000000000000000000001")!)])
        try room.owner.send(.chooseScene("stack"))
        try room.owner.settle()
        let watcher = try room.join()
        try room.tick()

        #expect(watcher.hellos.last?.currentScene == "stack")
        #expect(watcher.shares.last == ShareMessage(role: .watching, watcherCount: 1, watcherLimit: 32, token: room.token))
        #expect(room.owner.shares.last?.watcherCount == 1 && room.owner.shares.last?.role == .controlling)
        let shown = try #require(watcher.lastFrame)
        #expect(shown.isKeyframe)
        // The owner's screen at the owner's size, though the watcher's page is 1440×900.
        #expect(shown.displayList == room.owner.lastFrame?.displayList)
        #expect(shown.displayList.viewport == PageStandIn.viewport)
        #expect(room.shares.watcherCount == 1 && watcher.observer.watchers == 1)
    }

    @Test func theOwnersSwipeReachesTheWatcherInTheSameTick() throws {
        let room = try Classroom()
        let watcher = try room.join()
        try room.tick()
        let watcherBefore = watcher.frames.count
        // After every tick the watcher shows exactly the owner's latest frame.
        var checkedTicks = 0
        func tickAndCompare() throws {
            try room.tick()
            #expect(watcher.lastFrame?.displayList == room.owner.lastFrame?.displayList)
            #expect(watcher.lastFrame?.header.transition == room.owner.lastFrame?.header.transition)
            checkedTicks += 1
        }
        try room.owner.pointer(.down, x: 389, y: 420)
        for step in 1...20 {
            try tickAndCompare()
            try room.owner.pointer(.move, x: 389 - 10 * Double(step), y: 420)
        }
        for _ in 0..<60 { try tickAndCompare() }
        try room.owner.pointer(.up, x: 189, y: 420)
        for _ in 0..<60 { try tickAndCompare() }

        // Only frames the owner was sent: the same instants, never an in-between one of its own.
        let ownerTimes = Set(room.owner.frames.map(\.header.serverTime))
        #expect(watcher.frames.dropFirst(watcherBefore).allSatisfy { ownerTimes.contains($0.header.serverTime) })
        let shown = watcher.frames.dropFirst(watcherBefore).compactMap { $0.header.transition?.progress }
        #expect(checkedTicks == 140 && shown.contains { $0 > 0.4 })
        #expect(watcher.names.contains("second") && !watcher.names.contains("first"))
        // Each page numbers its own frames.
        #expect(watcher.frames.map(\.header.sequence) == Array(1...UInt32(watcher.frames.count)))
    }

    /// A swipe's lift is read out once, to the owner and every watcher, for their telemetry.
    @Test func theOwnersReleaseReachesEveryoneOnce() throws {
        let room = try Classroom()
        let watcher = try room.join()
        try room.tick()
        try room.owner.swipe(from: 388, to: 188)
        try room.tick(times: 3)
        #expect(room.owner.releases.count == 1)
        #expect(watcher.releases == room.owner.releases)
        let release = try #require(room.owner.releases.first)
        #expect(release.operation == .present && release.decision == .finish)
        #expect(release.threshold == nil)
        #expect(abs((release.velocity ?? 0) - 200 / (25 * PageStandIn.frameInterval)) < 1, "200 pt in 25 frames: \(release)")
        try room.owner.settle()
        try room.tick()
        #expect(room.owner.releases.count == 1, "no reading without another lift")
    }

    @Test func theOwnersFingerIsInTheWatchersFramesAndNeverInTheOwnersOwn() throws {
        let room = try Classroom()
        let watcher = try room.join()
        try room.tick()
        #expect(watcher.lastFrame?.header.touches == [])
        let finger = { (x: Double) in [FrameHeader.Touch(pointerID: 1, location: CGPoint(x: x, y: 420.5))] }
        // A finger on a still part of the screen: nothing moves but the finger, and the watcher sees it.
        try room.owner.pointer(.down, x: 200, y: 420.5)
        try room.tick()
        #expect(watcher.lastFrame?.header.touches == finger(200))
        for step in 1...5 {
            try room.owner.pointer(.move, x: 200 - 10 * Double(step), y: 420.5)
            try room.tick()
            #expect(watcher.lastFrame?.header.touches == finger(200 - 10 * Double(step)))
        }
        let watcherFrames = watcher.frames.count
        try room.tick(times: 3)
        #expect(watcher.frames.count == watcherFrames, "a finger held still sends nothing")
        try room.owner.pointer(.up, x: 150, y: 420.5)
        try room.tick()
        #expect(watcher.lastFrame?.header.touches == [])
        #expect(room.owner.frames.allSatisfy { $0.header.touches.isEmpty })
        #expect(!watcher.names.contains("second"), "the finger moved nothing")
    }

    @Test func aWatcherWhoJoinsMidDragSeesTheFingerInItsFirstFrameAndAHandOverLiftsIt() throws {
        let room = try Classroom()
        try room.owner.pointer(.down, x: 389, y: 420)
        try room.tick()
        try room.owner.pointer(.move, x: 300, y: 420)
        try room.tick()
        let watcher = try room.join(viewport: PageStandIn.viewport)
        try room.tick()
        // Its first frame of the owner's world (the frames before it were its own world's).
        let first = try #require(watcher.lastFrame)
        #expect(first.isKeyframe)
        #expect(first.header.touches == [FrameHeader.Touch(pointerID: 1, location: CGPoint(x: 300, y: 420))])

        // Control changes hands mid-drag: the old owner's finger is cancelled, and the old owner,
        // watching now, is shown the new controller's pointers: none.
        let watched = watcher.frames.count
        try room.owner.send(.handOver)
        try room.tick(times: 2)
        #expect(watcher.session.isControlling && room.owner.lastFrame?.header.touches == [])
        try watcher.pointer(.down, x: 100, y: 500)
        try room.tick()
        #expect(room.owner.lastFrame?.header.touches == [FrameHeader.Touch(pointerID: 1, location: CGPoint(x: 100, y: 500))])
        // In control, its own frames carry none.
        #expect(watcher.frames.count > watched && watcher.frames.dropFirst(watched).allSatisfy { $0.header.touches.isEmpty })
    }

    @Test func aWatchersInputIsRefusedAndChangesNothing() throws {
        let room = try Classroom()
        let watcher = try room.join()
        try room.tick(times: 2)
        let ownerFrames = room.owner.frames.count
        let refused: [ClientMessage] = [
            .pointer(PointerEvent(phase: .down, pointerID: 1, kind: .touch, location: CGPoint(x: 389, y: 420),
                                  timestamp: 1), sequence: 1),
            .chooseScene("menu"), .setSlowAnimations(true), .scrub(.pause),
            .tuneAnimation(index: 0, edit: TimingEdit(duration: 1, dampingRatio: 0.5)),
            .handOver,
        ]
        for message in refused { try watcher.send(message) }
        try room.tick(times: 30)

        #expect(watcher.errors.map(\.code) == Array(repeating: .readOnly, count: refused.count))
        #expect(watcher.errors.first?.message.contains("watching") == true)
        #expect(room.owner.frames.count == ownerFrames && room.owner.session.sceneName == "slides")
        #expect(room.owner.session.isControlling && !watcher.session.isControlling)
        // Reading is allowed: a pong, the animations list and the share status.
        try watcher.send(.ping(clientTime: 5))
        try watcher.send(.listAnimations)
        try watcher.send(.requestShare)
        #expect(watcher.pongs.count == 1 && watcher.animations.count == 1 && watcher.shares.last?.role == .watching)
    }

    @Test func handingOverSwapsTheRolesAndTheNewControllersSizeDrivesTheWorld() throws {
        let room = try Classroom()
        let projector = try room.join(viewport: CGSize(width: 1440, height: 900))
        let student = try room.join(viewport: CGSize(width: 375, height: 667))
        try room.tick()
        try room.owner.send(.handOver)
        // The projector builds the first frame at its size in its tick; the old owner, ticked before
        // it, shows it at the next.
        try room.tick(times: 2)

        #expect(projector.session.isControlling && !room.owner.session.isControlling)
        #expect(projector.shares.last?.role == .controlling && room.owner.shares.last?.role == .watching)
        #expect(projector.shares.last?.watcherCount == 2 && student.shares.last?.role == .watching)
        #expect(room.owner.lastFrame?.displayList.viewport == CGSize(width: 1440, height: 900))
        #expect(student.lastFrame?.displayList.viewport == CGSize(width: 1440, height: 900))

        try room.swipe(by: projector, from: 1439, to: 700)
        try room.tick(times: 60)
        #expect(room.owner.names.contains("second") && student.names.contains("second"))
        try room.owner.pointer(.down, x: 10, y: 10)
        #expect(room.owner.errors.last?.code == .readOnly)

        // The former owner is last in line now.
        try projector.send(.handOver)
        #expect(student.session.isControlling && projector.shares.last?.role == .watching)
    }

    @Test func aFingerLeftDownByTheOldControllerIsCancelledSoTheNewOneCanSwipe() throws {
        for leaves in [false, true] {
            let room = try Classroom()
            let watcher = try room.join(viewport: PageStandIn.viewport)
            try room.tick()
            try room.owner.pointer(.down, x: 389, y: 420)
            for step in 1...6 {
                try room.tick()
                try room.owner.pointer(.move, x: 389 - 15 * Double(step), y: 420)
            }
            try room.tick()
            #expect(watcher.lastFrame?.header.transition?.isInteractive == true)
            // Control changes hands mid-drag: handed over, or the owner's page goes away.
            if leaves { room.leave(room.owner) } else { try room.owner.send(.handOver) }
            try room.tick(times: 60)
            #expect(watcher.lastFrame?.header.transition == nil, "the abandoned drag still holds the transition")
            #expect(watcher.names.contains("first") && !watcher.names.contains("second"))
            // The new controller's finger (the same pointer id) drives the world.
            try room.swipe(by: watcher)
            try room.tick(times: 60)
            #expect(watcher.names.contains("second") && !watcher.names.contains("first"))
        }
    }

    @Test func handingOverWithNobodyWatchingIsRefused() throws {
        let room = try Classroom()
        try room.owner.send(.handOver)
        #expect(room.owner.errors.map(\.code) == [.noWatcher] && room.owner.session.isControlling)
    }

    @Test func aWatcherPastTheCapIsRefusedAndKeepsItsOwnSession() throws {
        let room = try Classroom(maximumWatchers: 2)
        try room.join()
        try room.join()
        let late = try room.join()
        #expect(late.errors.map(\.code) == [.tooManyWatchers])
        #expect(late.errors[0].message.contains("2 watchers"))
        #expect(late.session.isControlling && late.session.watcherCount == 0)
        #expect(room.owner.session.watcherCount == 2 && room.shares.watcherCount == 2)
    }

    @Test func hostileWatchMessagesGetErrorsAndChangeNothing() throws {
        let room = try Classroom()
        let page = try PageStandIn(clock: room.clock, shares: room.shares)
        let digits = Array("00000000000000000000000000000001".utf8)
        let cases: [([UInt8], ErrorCode)] = [
            ([WireProtocol.version, 25] + digits.dropLast(), .wrongLength),
            ([WireProtocol.version, 25] + digits + [0x30], .wrongLength),
            ([WireProtocol.version, 25] + [UInt8](repeating: 0x30, count: 126), .wrongLength),
            ([WireProtocol.version, 25] + [UInt8](repeating: 0xFF, count: 32), .invalidShareToken),
            ([WireProtocol.version, 25] + Array("0000000000000000000000000000000A".utf8), .invalidShareToken),
            ([WireProtocol.version, 25] + Array("00000000000000000000000000000002".utf8), .unknownShareToken),
        ]
        for (bytes, _) in cases { try page.send(bytes: bytes) }
        #expect(page.errors.map(\.code) == cases.map(\.1))
        #expect(page.session.isControlling && room.shares.watcherCount == 0 && room.owner.session.watcherCount == 0)

        // Its own link, and a server without sharing.
        try room.owner.send(.watch(room.token))
        #expect(room.owner.errors.last?.code == .unknownShareToken && room.owner.session.isControlling)
        let unshared = try PageStandIn()
        try unshared.send(.requestShare)
        try unshared.send(.watch(room.token))
        #expect(unshared.errors.map(\.code) == [.sharingOff, .sharingOff])
    }

    @Test func aWatcherThatReadsSlowlyGetsOnlyTheLatestFrameAndNeverHoldsTheOwnerUp() throws {
        let room = try Classroom()
        let slow = try room.join()
        try room.tick()
        let shownBefore = slow.frames.count
        slow.isWritable = false
        let ownerBefore = room.owner.frames.count
        try room.swipe(by: room.owner, steps: 30)

        // The owner got a frame every tick of its swipe; the stalled watcher nothing.
        #expect(room.owner.frames.count - ownerBefore >= 30)
        #expect(slow.frames.count == shownBefore)
        slow.isWritable = true
        try slow.drain()
        // One frame, the latest: no backlog.
        #expect(slow.frames.count == shownBefore + 1)
        #expect(slow.lastFrame?.displayList == room.owner.lastFrame?.displayList)
        #expect(slow.lastFrame?.header.transition?.progress == room.owner.lastFrame?.header.transition?.progress)
        #expect(!slow.session.hasOutgoing)
    }

    @Test func whenTheOwnerLeavesTheLongestWatcherTakesControl() throws {
        let room = try Classroom()
        let first = try room.join(viewport: CGSize(width: 800, height: 600))
        let second = try room.join()
        try room.tick()
        room.leave(room.owner)
        try room.tick()

        #expect(first.session.isControlling && first.shares.last == ShareMessage(
            role: .controlling, watcherCount: 1, watcherLimit: 32, token: room.token))
        #expect(second.shares.last?.watcherCount == 1 && second.lastFrame?.displayList.viewport == CGSize(width: 800, height: 600))
        try room.swipe(by: first, from: 799, to: 300)
        try room.tick(times: 60)
        #expect(second.names.contains("second"))

        room.leave(first)
        room.leave(second)
        #expect(room.shares.sharedSessionCount == 0 && room.shares.watcherCount == 0)
        let again = try PageStandIn(clock: room.clock, shares: room.shares)
        try again.send(.watch(room.token))
        #expect(again.errors.map(\.code) == [.unknownShareToken])
    }

    @Test func aSessionThatClosesAloneIsFreedWithItsWorld() throws {
        let room = try Classroom()
        weak var closed: SceneSession?
        try {
            let page = try PageStandIn(clock: room.clock, shares: room.shares)
            try page.send(.requestShare)
            closed = page.session
            page.close()
        }()
        #expect(closed == nil)
        #expect(room.shares.sharedSessionCount == 1, "only the owner's link is left")
        room.leave(room.owner)
        #expect(room.shares.sharedSessionCount == 0)
    }

    @Test func closingWatchersFreesThem() throws {
        let room = try Classroom()
        weak var gone: SceneSession?
        for _ in 0..<5 {
            let page = try room.join()
            gone = page.session
            try room.tick()
            room.leave(page)
        }
        try room.tick()
        #expect(gone == nil)
        #expect(room.owner.session.watcherCount == 0 && room.shares.watcherCount == 0)
        #expect(room.owner.shares.last?.watcherCount == 0 && room.shares.sharedSessionCount == 1)
    }
}
