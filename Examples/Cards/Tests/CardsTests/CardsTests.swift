@testable import Cards
import SegueTesting
import Testing
import UIKit

/// The app's own transition files, ported at build time, behave in Segue as on iOS.
@Suite @MainActor struct CardsTests {
    /// A tap on a tile (a target-action with `#selector` in App/) presents its card through the
    /// app's spring animator: mid-way the card is between the tile and the screen, then it fills
    /// the screen.
    @Test func aTapOpensTheCardFromItsTile() throws {
        let run = SceneRun(cardsScene)
        let tile = try #require(run.frame(of: "tile-2"))
        run.tap("tile-2")
        let start = try #require(run.releases.last).time
        #expect(run.waitUntilSettled())
        // Three frames in (the lift lands half a frame before the next frame).
        let early = try #require(run.frame(of: "card", at: start + run.frameInterval / 2 + 3 * run.frameInterval))
        #expect(early.width > tile.width && early.width < 390)
        #expect(run.top == "card")
        #expect(run.frame(of: "card")!.isClose(to: CGRect(x: 0, y: 0, width: 390, height: 844), within: 0.5))
    }

    /// The hint is a `Timer` with a `#selector` target, in a file that imports Foundation beside
    /// UIKit: it fires 1.5 s after the card has appeared, on the scene's clock, and fades in.
    @Test func theHintFadesInOneAndAHalfSecondsAfterTheCardAppears() throws {
        let run = SceneRun(cardsScene)
        run.tap("tile-3")
        let start = try #require(run.releases.last).time
        #expect(run.waitUntilSettled())
        let frames = run.frames(from: start)
        let appeared = try #require(frames.first { $0.top == "card" && $0.transition == nil })
        let shown = try #require(frames.first { ($0.node("card-hint")?.alpha ?? 0) > 0 })
        // Fired at the first frame at or after its time; the fade's first step shows a frame later.
        #expect(shown.time - appeared.time >= 1.5 && shown.time - appeared.time <= 1.5 + 2 * run.frameInterval)
        #expect(run.alpha(of: "card-hint") == 1)
    }

    /// Close (another `#selector` action) dismisses the card back into its tile.
    @Test func closePutsTheCardBack() throws {
        let run = SceneRun(cardsScene)
        run.tap("tile-1")
        #expect(run.waitUntilSettled())
        run.tap("card-close")
        #expect(run.waitUntilSettled())
        #expect(run.top != "card")
        #expect(run.frame(of: "card") == nil)
    }

    /// Close posts a notification the grid observes by `#selector` (`addObserver(_:selector:name:object:)`),
    /// on the scene's own notification center: the grid says which card closed.
    @Test func theGridHearsWhichCardClosed() throws {
        let run = SceneRun(cardsScene)
        #expect(run.current.node("last-closed")?.text == nil)
        run.tap("tile-3")
        #expect(run.waitUntilSettled())
        run.tap("card-close")
        #expect(run.waitUntilSettled())
        #expect(run.current.node("last-closed")?.text == "Card 3 closed")
    }

    /// The drag-down dismissal (a UIPercentDrivenInteractiveTransition driven from a pan whose
    /// action is `#selector(handlePan(_:))`) follows the finger, and a short slow drag cancels.
    @Test func aDragDownFollowsTheFingerAndAShortOneCancels() throws {
        let run = SceneRun(cardsScene)
        run.tap("tile-1")
        #expect(run.waitUntilSettled())
        run.drag(from: CGPoint(x: 195, y: 300), to: CGPoint(x: 195, y: 400), duration: 1.0)
        #expect(run.waitUntilSettled())
        #expect(run.top == "card")
        run.drag(from: CGPoint(x: 195, y: 300), to: CGPoint(x: 195, y: 800), duration: 0.3)
        #expect(run.waitUntilSettled())
        #expect(run.top != "card")
    }

    /// The card's panel rounds only its top corners (`maskedCorners`), and its body is a label of
    /// as many lines as it needs (`numberOfLines = 0`), set left to right (`.natural`).
    @Test func theCardsPanelRoundsItsTopCornersAndItsBodyWraps() throws {
        let run = SceneRun(cardsScene)
        run.tap("tile-1")
        #expect(run.waitUntilSettled())
        let panel = try #require(run.current.node("card-panel"))
        #expect(panel.roundedCorners == [.topLeft, .topRight] && panel.cornerRadius == 24)
        #expect(run.frame(of: "card-panel") == CGRect(x: 0, y: 844 - 220, width: 390, height: 220))
        let body = try #require(run.current.node("card-panel-body"))
        #expect(body.numberOfLines == 0 && body.textAlignment == .left)
        #expect(run.current.node("card-panel-title")?.text == "Card 1")
    }
}
