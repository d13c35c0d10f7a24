import Foundation
import Logging

/// `NotificationCenter`, one per world: `NotificationCenter.default` is the center of the world
/// whose code runs (its window's), so what a scene posts reaches that scene's observers only,
/// however many sessions share the process. Outside any world it is one center for code outside
/// worlds (a test's own), which no world posts to.
///
/// As Foundation's: `post` delivers synchronously, to every matching observer in the order they
/// were added, before it returns (a block given a queue runs then too, as on iOS when the poster
/// is on that queue's thread: here every world's code is on the main actor); an observer added
/// during a post is not sent that notification, and one removed during it is not sent it after
/// its removal; a selector observer is not retained (since iOS 9, one that went away is simply
/// skipped); a block observer's token is kept until it is removed.
///
/// In a file that imports UIKit, `NotificationCenter` is this one; Foundation's stays
/// `Foundation.NotificationCenter`. `Notification` and `Notification.Name` are Foundation's.
@preconcurrency @MainActor public final class NotificationCenter {
    private var observers: [Observer] = []

    /// Observers one center holds at most: a scene that adds without end is cut off here, with an
    /// error logged, rather than growing the server's memory.
    static let maximumObservers = 10_000

    private final class Observer {
        enum Receiver {
            /// Not retained, as since iOS 9 (`TargetAction`'s weak target).
            case selector(TargetAction)
            case block(token: NotificationObserverToken, block: (Notification) -> Void)
        }
        let name: Notification.Name?
        /// Matched by identity; nil matches any object.
        let object: AnyObject?
        let receiver: Receiver
        var isRemoved = false

        init(name: Notification.Name?, object: Any?, receiver: Receiver) {
            self.name = name
            self.object = object.map { $0 as AnyObject }
            self.receiver = receiver
        }

        func matches(_ notification: Notification) -> Bool {
            (name == nil || name == notification.name)
                && (object == nil || object === notification.object.map { $0 as AnyObject })
        }

        /// A selector observer whose target went away: it will never be called again.
        var isTargetGone: Bool {
            if case .selector(let targetAction) = receiver { return targetAction.target == nil }
            return false
        }

        /// Whether this observer is `observer`: the selector observer's target, or the block
        /// observer's token.
        func belongs(to observer: AnyObject) -> Bool {
            switch receiver {
            case .selector(let targetAction): targetAction.target === observer
            case .block(let token, _): token === observer
            }
        }
    }

    public init() {}

    /// The center of the world whose code runs now; outside any world, the one for code outside
    /// worlds.
    public static var `default`: NotificationCenter {
        AnimationEngine.current?.window?.notificationCenter ?? unattached
    }

    private static let unattached = NotificationCenter()

    // MARK: Observing

    /// Calls `selector` on `observer` with the `Notification` (or with nothing, for a method that
    /// takes none) for each notification named `name` (any, when nil) from `object` (any, when nil).
    public func addObserver(_ observer: Any, selector: Selector, name: Notification.Name?, object: Any?) {
        add(Observer(name: name, object: object, receiver: .selector(TargetAction(target: observer, action: selector))))
    }

    /// Calls `block` for each notification named `name` (any, when nil) from `object` (any, when
    /// nil). Returns the token that removes it (`removeObserver(_:)`); the center keeps the block
    /// until then.
    @discardableResult
    public func addObserver(forName name: Notification.Name?, object: Any?, queue: OperationQueue?,
                            using block: @escaping (Notification) -> Void) -> any NSObjectProtocol {
        let token = NotificationObserverToken()
        add(Observer(name: name, object: object, receiver: .block(token: token, block: block)))
        return token
    }

    /// Removes every observation of `observer` (a target given to `addObserver(_:selector:name:object:)`,
    /// or a token `addObserver(forName:object:queue:using:)` returned).
    public func removeObserver(_ observer: Any) {
        remove { $0.belongs(to: observer as AnyObject) }
    }

    /// Removes `observer`'s observations of `name` (all of its names, when nil) from `object` (from
    /// any object, when nil).
    public func removeObserver(_ observer: Any, name: Notification.Name?, object: Any?) {
        let object = object.map { $0 as AnyObject }
        remove {
            $0.belongs(to: observer as AnyObject) && (name == nil || $0.name == name)
                && (object == nil || $0.object === object)
        }
    }

    // MARK: Posting

    public func post(_ notification: Notification) {
        // Those added while this one is delivered are not sent it.
        let matching = observers.filter { $0.matches(notification) }
        for observer in matching where !observer.isRemoved {
            switch observer.receiver {
            case .selector(let targetAction):
                targetAction.send(from: notification)
            case .block(_, let block):
                block(notification)
            }
        }
        observers.removeAll { $0.isRemoved || $0.isTargetGone }
    }

    public func post(name: Notification.Name, object: Any?, userInfo: [AnyHashable: Any]? = nil) {
        post(Notification(name: name, object: object, userInfo: userInfo))
    }

    // MARK: Bookkeeping

    private func add(_ observer: Observer) {
        observers.removeAll { $0.isTargetGone }
        guard observers.count < Self.maximumObservers else {
            Self.logger.error("observer dropped: this world's notification center already holds \(Self.maximumObservers) observers")
            return
        }
        observers.append(observer)
    }

    private func remove(where matches: (Observer) -> Bool) {
        for observer in observers where matches(observer) { observer.isRemoved = true }
        observers.removeAll { $0.isRemoved }
    }

    /// Lets go of every observer: its world went away, and a block may hold what holds the world.
    func removeAll() {
        observers.removeAll()
    }

    private static let logger = Logger(label: "segue.uikit.notifications")

    /// Observers held now, selector observers whose target went away included.
    var observerCount: Int { observers.count }
}

/// What `addObserver(forName:object:queue:using:)` returns: give it to `removeObserver(_:)`.
final class NotificationObserverToken: NSObject {}
