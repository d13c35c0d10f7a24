#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Motion
@testable import UIKit

/// A window on a manual clock, and a way to sample it: every test's world.
final class Stage {
    let clock = ManualClock()
    let window: UIWindow

    init(width: Double = 400, height: Double = 800) {
        window = UIWindow(size: CGSize(width: width, height: height), clock: clock)
    }

    /// A view added to the window.
    func add(_ frame: CGRect, name: String = "view") -> UIView {
        let view = UIView(frame: frame, name: name)
        window.addSubview(view)
        return view
    }

    func perform(_ body: () -> Void) { window.perform(body) }

    /// Sets the clock, evaluates a frame, and returns it.
    @discardableResult
    func frame(at time: Double) -> DisplayList {
        clock.set(time)
        return window.displayList()
    }

    /// The presentation center.x of `view` at `time`.
    func x(_ view: UIView, at time: Double) -> Double {
        frame(at: time)
        return view.presentation.center.x
    }
}

/// Records completion calls, to assert how often and with what they came.
final class CompletionLog {
    private(set) var calls: [Bool] = []
    var handler: (Bool) -> Void { { [unowned self] finished in calls.append(finished) } }
}
