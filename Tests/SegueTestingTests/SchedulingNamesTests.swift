import SegueTesting
import Testing

/// A test file that imports the kit sees UIKit's scene-clock `Timer`, `DispatchQueue` and
/// `NotificationCenter`, as a file that imports UIKit alone does, not two of each: the kit
/// re-exports UIKit, and of Motion only its clock. (Each `let` below compiles only so.)
@Suite struct SchedulingNamesTests {
    @Test func theKitsSchedulingNamesAreUIKits() {
        let timer: UIKit.Timer = Timer(timeInterval: 1, repeats: false) { _ in }
        let queue: UIKit.DispatchQueue = DispatchQueue.main
        let center: UIKit.NotificationCenter = NotificationCenter.default
        let clock: ManualClock = ManualClock(now: 2)
        #expect(timer.isValid && timer.timeInterval == 1)
        #expect(queue.label == "com.apple.main-thread")
        #expect(center === NotificationCenter.default)
        #expect(clock.now == 2)
    }
}
