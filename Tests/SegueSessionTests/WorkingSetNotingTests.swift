import Motion
import SegueSession
@testable import SegueValues
import Testing

/// A session notes its working set as it builds frames (`SceneSession.workingSet`), every
/// `framesPerWorkingSetNoting` frames, and every built-in scene's fits.
@Suite struct WorkingSetNotingTests {
    static func address(_ object: AnyObject) -> UInt {
        UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
    }

    @Test(arguments: ["slides", "menu", "stack", "fade", "photos", "settings", "sheet"])
    func theFirstFrameNotesTheSessionWithinCapacity(scene: String) throws {
        let page = try PageStandIn(scene: scene)
        let set = page.session.workingSet
        #expect(set.count > 20 && set.dropped == 0)
        let first = try #require(set.entries.first)
        #expect(UInt(bitPattern: first.start) == Self.address(page.session) / 64 * 64)
        // The transport's clock, read at every tick and frame, with the world's.
        #expect(set.entries.contains { UInt(bitPattern: $0.start) == Self.address(page.clock) / 64 * 64 })
    }

    /// The transport notes its connection's state once, before the session's first frame, and
    /// keeps it (`Server.noteConnectionState`): the session's noting comes after it, every time.
    @Test func entriesKeptBeforeTheSessionNotesStayFirst() throws {
        final class ConnectionState {}
        let connection = ConnectionState()
        let page = try PageStandIn()
        let set = page.session.workingSet
        set.removeAll()
        set.add(connection)
        set.keepNotedEntries()
        try page.settle()
        try page.pointer(.down, x: 389, y: 400)
        var x = 389.0
        for _ in 0..<31 {
            x -= 3
            try page.pointer(.move, x: x, y: 400)
        }
        let starts = set.entries.map { UInt(bitPattern: $0.start) }
        #expect(set.count > 20 && set.dropped == 0)
        #expect(starts.first == Self.address(connection) / 64 * 64)
        #expect(starts.dropFirst().first == Self.address(page.session) / 64 * 64)
    }

    @Test func aMovingWorldIsNotedAgainWithinThirtyFrames() throws {
        let page = try PageStandIn()
        try page.settle()
        let settled = page.session.workingSet.count
        try page.pointer(.down, x: 389, y: 400)
        try page.pointer(.move, x: 369, y: 400)
        page.session.workingSet.removeAll()
        var framesUntilNoted = 0
        var x = 369.0
        while page.session.workingSet.count == 0 && framesUntilNoted <= 30 {
            x -= 2
            let sent = page.frames.count
            try page.pointer(.move, x: x, y: 400)
            #expect(page.frames.count == sent + 1, "each move answered with a frame")
            framesUntilNoted += 1
        }
        #expect(framesUntilNoted <= 30)
        // Mid-transition the incoming screen's views and the running animations are noted too.
        #expect(page.names.contains("first") && page.names.contains("second"))
        #expect(page.session.workingSet.count > settled && page.session.workingSet.dropped == 0)
    }
}
