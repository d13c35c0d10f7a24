@testable import UIKit
import Testing

/// Notification observers as UIKit code adds them: by selector (what `segue port` writes for
/// `#selector`) or by block, on the world's own `NotificationCenter.default`. No `import
/// Foundation` here, as in UIKit code: `NotificationCenter` is UIKit's per-world one.
@Suite struct NotificationCenterTests {
    static let cardOpened = Notification.Name("CardOpened")
    static let cardClosed = Notification.Name("CardClosed")

    final class Listener {
        private(set) var received: [String] = []
        func cardOpened(_ notification: Notification) {
            received.append("opened \(notification.userInfo?["card"] ?? "-")")
        }
        func anything() { received.append("anything") }
    }

    /// Foundation's delivery: synchronous, in the order observers were added, filtered by name and
    /// by the posting object (identity); a method without a parameter is called without the
    /// notification.
    @Test func postCallsEachMatchingObserverInOrderBeforeItReturns() {
        let stage = Stage()
        let listener = Listener(), sender = UIView(), other = UIView()
        var order: [String] = []
        stage.perform {
            let center = NotificationCenter.default
            center.addObserver(listener, selector: Selector(Listener.cardOpened(_:)), name: Self.cardOpened, object: sender)
            center.addObserver(forName: Self.cardOpened, object: nil, queue: nil) { _ in order.append("block") }
            center.addObserver(listener, selector: Selector(Listener.anything), name: nil, object: nil)
            center.post(name: Self.cardOpened, object: sender, userInfo: ["card": 3])
            order.append("posted")
            center.post(name: Self.cardOpened, object: other)
            center.post(name: Self.cardClosed, object: sender)
        }
        #expect(listener.received == ["opened 3", "anything", "anything", "anything"])
        #expect(order == ["block", "posted", "block"])
    }

    /// `removeObserver(_:)` stops every observation of a target at once, and adding again after
    /// it delivers once, not twice.
    @Test func removeThenAddAgainDeliversOnce() {
        let stage = Stage()
        let listener = Listener()
        stage.perform {
            let center = NotificationCenter.default
            let opened = Selector(Listener.cardOpened(_:))
            center.addObserver(listener, selector: opened, name: Self.cardOpened, object: nil)
            center.addObserver(listener, selector: Selector(Listener.anything), name: Self.cardClosed, object: nil)
            center.removeObserver(listener)
            center.addObserver(listener, selector: opened, name: Self.cardOpened, object: nil)
            center.post(name: Self.cardOpened, object: nil)
            center.post(name: Self.cardClosed, object: nil)
        }
        #expect(listener.received == ["opened -"])
    }

    /// `removeObserver(_:name:object:)` removes only that name's observation; a block observer's
    /// token removes the block.
    @Test func removingOneNameOrOneTokenLeavesTheRest() {
        let stage = Stage()
        let listener = Listener()
        var blockCalls = 0
        stage.perform {
            let center = NotificationCenter.default
            center.addObserver(listener, selector: Selector(Listener.anything), name: Self.cardOpened, object: nil)
            center.addObserver(listener, selector: Selector(Listener.anything), name: Self.cardClosed, object: nil)
            let token = center.addObserver(forName: nil, object: nil, queue: nil) { _ in blockCalls += 1 }
            center.removeObserver(listener, name: Self.cardOpened, object: nil)
            center.removeObserver(token)
            center.post(name: Self.cardOpened, object: nil)
            center.post(name: Self.cardClosed, object: nil)
        }
        #expect(listener.received == ["anything"])
        #expect(blockCalls == 0)
    }

    /// An observer added while a notification is delivered is not sent it; one removed while it
    /// is delivered is not sent it after its removal.
    @Test func observersAddedOrRemovedDuringAPostFollowFoundationsRules() {
        let stage = Stage()
        let late = Listener(), removed = Listener()
        stage.perform {
            let center = NotificationCenter.default
            center.addObserver(forName: Self.cardOpened, object: nil, queue: nil) { _ in
                // The world's center, as the block runs inside the post, in the world's code.
                NotificationCenter.default.addObserver(late, selector: Selector(Listener.anything), name: Self.cardOpened, object: nil)
                NotificationCenter.default.removeObserver(removed)
            }
            center.addObserver(removed, selector: Selector(Listener.anything), name: Self.cardOpened, object: nil)
            center.post(name: Self.cardOpened, object: nil)
        }
        #expect(late.received.isEmpty && removed.received.isEmpty)
    }

    /// Since iOS 9 a selector observer is not retained: one that went away is skipped and let go.
    @Test func aSelectorObserverIsNotRetained() {
        let stage = Stage()
        weak var gone: Listener?
        stage.perform {
            let listener = Listener()
            gone = listener
            NotificationCenter.default.addObserver(listener, selector: Selector(Listener.anything), name: nil, object: nil)
        }
        #expect(gone == nil)
        stage.perform { NotificationCenter.default.post(name: Self.cardOpened, object: nil) }
        #expect(stage.window.notificationCenter.observerCount == 0)
    }

    /// A world that goes away lets go of its observers' blocks and what they hold, even a block
    /// that holds the center itself.
    @Test func aWindowThatGoesAwayLetsGoOfItsObserversBlocks() {
        weak var held: Listener?
        weak var heldCenter: NotificationCenter?
        do {
            let stage = Stage()
            let listener = Listener()
            held = listener
            stage.perform {
                let center = NotificationCenter.default
                heldCenter = center
                center.addObserver(forName: nil, object: nil, queue: nil) { _ in
                    listener.anything()
                    center.post(name: Self.cardClosed, object: nil)
                }
            }
        }
        #expect(held == nil && heldCenter == nil)
    }

    /// Each world has its own center: a post in one session's world reaches none of another's
    /// observers, nor code outside any world.
    @Test func eachWorldHasItsOwnCenter() {
        let first = Stage(), second = Stage()
        let inFirst = Listener(), inSecond = Listener(), outside = Listener()
        first.perform {
            NotificationCenter.default.addObserver(inFirst, selector: Selector(Listener.anything), name: Self.cardOpened, object: nil)
        }
        second.perform {
            NotificationCenter.default.addObserver(inSecond, selector: Selector(Listener.anything), name: Self.cardOpened, object: nil)
        }
        NotificationCenter.default.addObserver(outside, selector: Selector(Listener.anything), name: Self.cardOpened, object: nil)
        first.perform { NotificationCenter.default.post(name: Self.cardOpened, object: nil) }
        #expect(inFirst.received == ["anything"])
        #expect(inSecond.received.isEmpty && outside.received.isEmpty)
        NotificationCenter.default.removeObserver(outside)
    }
}
