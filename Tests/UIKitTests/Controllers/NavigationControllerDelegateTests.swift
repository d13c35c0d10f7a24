import Motion
@testable import UIKit
import Testing

/// A controller that logs its appearance callbacks into a shared log.
private final class LoggedController: UIViewController {
    let log: CallLog
    required init?(coder: NSCoder) { nil }

    init(_ name: String, log: CallLog) {
        self.log = log
        super.init(nibName: nil, bundle: nil)
        restorationIdentifier = name
    }
    override func viewWillAppear(_ animated: Bool) { log.calls.append("\(name).viewWillAppear") }
    override func viewDidAppear(_ animated: Bool) { log.calls.append("\(name).viewDidAppear") }
    override func viewWillDisappear(_ animated: Bool) { log.calls.append("\(name).viewWillDisappear") }
    override func viewDidDisappear(_ animated: Bool) { log.calls.append("\(name).viewDidDisappear") }
}

private final class CallLog {
    var calls: [String] = []
}

/// A navigation delegate written with UIKit's signatures and nothing else: every method it has is
/// one UIKit calls, so each must be called here too.
private final class ShowingDelegate: UINavigationControllerDelegate {
    let log: CallLog
    /// What `isInteractive` said inside `willShow` (apps test it there).
    var interactiveAtWillShow: [Bool] = []
    init(log: CallLog) { self.log = log }

    func navigationController(_ navigationController: UINavigationController,
                              willShow viewController: UIViewController, animated: Bool) {
        log.calls.append("willShow \(viewController.name) animated=\(animated)")
        interactiveAtWillShow.append(navigationController.transitionCoordinator?.isInteractive ?? false)
    }

    func navigationController(_ navigationController: UINavigationController,
                              didShow viewController: UIViewController, animated: Bool) {
        log.calls.append("didShow \(viewController.name) animated=\(animated)")
    }
}

@Suite("UINavigationControllerDelegate willShow and didShow")
struct NavigationControllerDelegateTests {
    private let clock = ManualClock()
    private let window: UIWindow
    private let log = CallLog()
    private let root: LoggedController
    private let detail: LoggedController
    private let navigation: UINavigationController
    private let delegate: ShowingDelegate

    init() {
        window = UIWindow(size: CGSize(width: 390, height: 844), clock: clock)
        root = LoggedController("root", log: log)
        detail = LoggedController("detail", log: log)
        navigation = UINavigationController(rootViewController: root)
        delegate = ShowingDelegate(log: log)
        navigation.delegate = delegate
        window.rootViewController = navigation
        settle()
        log.calls.removeAll()
    }

    private func settle(for seconds: Double = 1) {
        var t = 0.0
        while t < seconds {
            clock.advance(by: 1.0 / 60)
            t += 1.0 / 60
            _ = window.displayList()
        }
    }

    private func send(_ phase: PointerEvent.Phase, _ x: Double, at time: Double) {
        clock.set(time)
        window.handle(PointerEvent(phase: phase, pointerID: 1, kind: .touch, location: CGPoint(x: x, y: 400), timestamp: time))
        _ = window.displayList()
    }

    /// `navigationController(_:willShow:animated:)`: "Called just before the navigation controller
    /// displays a view controller's view"; `didShow`: "just after". The order against the
    /// appearance callbacks (viewWillAppear before willShow, viewDidAppear before didShow) is
    /// UIKit's as observed on iOS.
    @Test func aPushCallsWillShowBeforeTheAnimationAndDidShowAfterIt() {
        window.perform { navigation.pushViewController(detail, animated: true) }
        #expect(log.calls == ["root.viewWillDisappear", "detail.viewWillAppear", "willShow detail animated=true"])
        settle()
        #expect(log.calls == ["root.viewWillDisappear", "detail.viewWillAppear", "willShow detail animated=true",
                              "root.viewDidDisappear", "detail.viewDidAppear", "didShow detail animated=true"])
        #expect(delegate.interactiveAtWillShow == [false])
    }

    @Test func anUnanimatedPopCallsBothWithAnimatedFalse() {
        window.perform { navigation.pushViewController(detail, animated: false) }
        settle()
        log.calls.removeAll()
        window.perform { _ = navigation.popViewController(animated: false) }
        settle()
        #expect(log.calls.filter { $0.hasPrefix("willShow") || $0.hasPrefix("didShow") }
                == ["willShow root animated=false", "didShow root animated=false"])
    }

    /// A cancelled interactive pop: `willShow` was called for the controller below, `didShow` is
    /// not, and `isInteractive` is already true inside `willShow`.
    @Test func aCancelledBackSwipeCallsWillShowButNotDidShow() {
        window.perform { navigation.pushViewController(detail, animated: true) }
        settle()
        log.calls.removeAll()
        let start = clock.now + 0.1
        send(.down, 2, at: start)
        send(.move, 30, at: start + 0.05)
        send(.move, 60, at: start + 0.10)
        #expect(log.calls.last == "willShow root animated=true")
        #expect(delegate.interactiveAtWillShow.last == true)
        // Back toward the edge, slowly, and lift: the pop cancels.
        send(.move, 40, at: start + 0.40)
        send(.move, 30, at: start + 0.70)
        send(.up, 30, at: start + 0.75)
        settle()
        #expect(navigation.topViewController === detail)
        #expect(log.calls.contains("willShow root animated=true"))
        #expect(!log.calls.contains { $0.hasPrefix("didShow") })
    }
}
