import MatchedGeometry
import SegueTesting
import Testing

@Suite("Matched geometry: the album's cards fly into the detail's banner and back")
@MainActor struct MatchedGeometryTests {
    /// Card 2 (bottom left) in the 390-wide album: 20 pt margins, 16 pt between 167 pt cards.
    let card2 = CGRect(x: 20, y: 120 + 167 + 16, width: 167, height: 167)
    let banner = CGRect(x: 0, y: 0, width: 390, height: 320)

    @Test func tappingACardFliesItsSnapshotIntoTheBanner() throws {
        let run = SceneRun(AlbumScene.scene)
        #expect(run.frame(of: "card-2") == card2)
        run.tap("card-2")
        let start = try #require(run.releases.last).time
        // While it flies, only the snapshots show, the card's look fading into the banner's: both
        // partners are at alpha 0, which the display list leaves out.
        let firstFrame = try #require(run.frame(at: run.time))
        let outgoing = try #require(firstFrame.node("flight-photo-2")), incoming = try #require(firstFrame.node("flight-photo-2-incoming"))
        #expect(outgoing.alpha > 0.9 && incoming.alpha < 0.1)
        #expect(firstFrame.node("card-2") == nil && firstFrame.node("banner") == nil)
        #expect(run.waitUntilSettled())
        #expect(run.top == "detail")
        #expect(run.phases == [.animating])
        #expect(run.frame(of: "banner") == banner)
        #expect(run.current.node("flight-photo-2") == nil && run.current.node("flight-photo-2-incoming") == nil)
        // Half way through the 0.6 s spring the snapshots are between the two frames, closer to
        // the banner (a spring front-loads its travel).
        let half = try #require(run.frame(of: "flight-photo-2-incoming", at: start + 0.3))
        #expect(half.minY < card2.minY && half.width > card2.width)
        #expect(abs(half.width - banner.width) < abs(half.width - card2.width))
    }

    @Test func aLeftEdgeSwipeScrubsTheFlightBackAndFinishes() throws {
        let run = SceneRun(AlbumScene.scene)
        run.tap("card-2")
        run.waitUntilSettled()
        let finger = run.grab(at: CGPoint(x: 1, y: 500))
        finger.move(to: CGPoint(x: 196, y: 500), duration: 0.5)
        // Scrubbed: percentComplete is the travel (from where the edge pan began) over the width,
        // and the snapshot's frame is the spring's value there, between banner and card.
        #expect(run.phase == .interactive)
        let progress = try #require(run.transition?.percentComplete)
        #expect(progress > 0.4 && progress < 0.5)
        let flying = try #require(run.frame(of: "flight-photo-2-incoming"))
        #expect(flying.width < banner.width && flying.width > card2.width)
        finger.lift()
        #expect(try #require(run.progressAtRelease).isClose(to: progress, within: 1e-9))
        #expect(run.waitUntilSettled())
        #expect(run.phases == [.animating, .interactive, .finishing])
        #expect(run.top == "album")
        #expect(run.frame(of: "card-2") == card2)
        #expect(run.current.node("card-2")?.alpha == 1)
    }

    @Test func aShortSwipeFliesTheCardBackIntoTheBanner() throws {
        let run = SceneRun(AlbumScene.scene)
        run.tap("card-2")
        run.waitUntilSettled()
        run.edgeSwipe(from: .left, distance: 80, duration: 0.4)
        #expect(run.waitUntilSettled())
        #expect(run.phases.last == .cancelling)
        #expect(run.top == "detail")
        #expect(run.frame(of: "banner") == banner)
        #expect(run.current.node("banner")?.alpha == 1)
        #expect(run.current.node("album") == nil)
        #expect(run.host.settledInvariantViolations().isEmpty)
    }

    @Test func aFastFlickFinishesFromLowProgress() {
        let run = SceneRun(AlbumScene.scene)
        run.tap("card-2")
        run.waitUntilSettled()
        run.flick(from: CGPoint(x: 1, y: 500), by: CGPoint(x: 100, y: 0), velocity: 1500)
        #expect(run.progressAtRelease! < MatchedDismissInteraction.finishThreshold)
        run.waitUntilSettled()
        #expect(run.top == "album")
    }

    @Test func theTransitionCycleComesBack() {
        let run = SceneRun(AlbumScene.scene)
        for action in AlbumScene.scene.transitionCycle { run.play(action) }
        #expect(run.top == "album")
        #expect(run.host.settledInvariantViolations().isEmpty)
    }
}
