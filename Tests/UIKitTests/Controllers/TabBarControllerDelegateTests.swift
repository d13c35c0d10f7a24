import Motion
@testable import UIKit
import Testing

/// A tab bar delegate written with UIKit's signatures.
private final class TabsDelegate: UITabBarControllerDelegate {
    var refuse: UIViewController?
    var log: [String] = []

    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool {
        log.append("shouldSelect \(viewController.title ?? "")")
        return viewController !== refuse
    }

    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
        log.append("didSelect \(viewController.title ?? "") index=\(tabBarController.selectedIndex)")
    }

    func tabBarController(_ tabBarController: UITabBarController,
                          animationControllerForTransitionFrom fromVC: UIViewController,
                          to toVC: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        log.append("animator \(fromVC.title ?? "")→\(toVC.title ?? "")")
        return nil
    }
}

@Suite("UITabBarController selection and its delegate")
struct TabBarControllerDelegateTests {
    private let clock = ManualClock()
    private let window: UIWindow
    private let tabs = UITabBarController()
    private let first = UIViewController(), second = UIViewController(), third = UIViewController()
    private let delegate = TabsDelegate()

    init() {
        window = UIWindow(size: CGSize(width: 390, height: 844), clock: clock)
        first.title = "First"
        second.title = "Second"
        third.title = "Third"
        tabs.viewControllers = [first, second, third]
        tabs.delegate = delegate
        window.rootViewController = tabs
        settle()
    }

    private func settle() {
        for _ in 0..<60 {
            clock.advance(by: 1.0 / 60)
            _ = window.displayList()
        }
    }

    /// Taps the middle of the tab bar's item `index` (390 pt wide, three items).
    private func tapTab(_ index: Int) {
        let point = CGPoint(x: 65 + 130 * CGFloat(index), y: 844 - 83 + 20)
        let t = clock.now
        window.handle(PointerEvent(phase: .down, pointerID: 1, kind: .touch, location: point, timestamp: t))
        window.handle(PointerEvent(phase: .up, pointerID: 1, kind: .touch, location: point, timestamp: t + 0.05))
    }

    /// `tabBarController(_:shouldSelect:)` is asked on a tap; `didSelect` follows it, also for the
    /// tab already selected; the animator is asked for a switch (UIKit's delegate documentation).
    @Test func aTapAsksShouldSelectThenSwitchesThenTellsDidSelect() {
        tapTab(1)
        #expect(delegate.log == ["shouldSelect Second", "animator First→Second", "didSelect Second index=1"])
        #expect(tabs.selectedIndex == 1 && tabs.selectedViewController === second)
        settle()
        delegate.log.removeAll()
        tapTab(1)
        #expect(delegate.log == ["shouldSelect Second", "didSelect Second index=1"])
    }

    @Test func shouldSelectFalseKeepsTheSelection() {
        delegate.refuse = third
        tapTab(2)
        settle()
        #expect(delegate.log == ["shouldSelect Third"])
        #expect(tabs.selectedIndex == 0)
    }

    /// Setting `selectedIndex` or `selectedViewController` switches through the animator but asks
    /// neither `shouldSelect` nor tells `didSelect`: those are for a person's taps.
    @Test func selectionInCodeSwitchesWithoutTheTapCallbacks() {
        window.perform { tabs.selectedIndex = 2 }
        #expect(tabs.selectedViewController === third)
        settle()
        #expect(third.view.superview === tabs.contentView)
        #expect(first.view.superview == nil)
        window.perform { tabs.selectedViewController = first }
        settle()
        #expect(tabs.selectedIndex == 0)
        #expect(delegate.log == ["animator First→Third", "animator Third→First"])
    }

    /// `viewControllers` can be replaced; the selection stays on its index where it can.
    @Test func settingViewControllersReplacesTheTabs() {
        window.perform { tabs.selectedIndex = 1 }
        settle()
        let fourth = UIViewController()
        window.perform { tabs.viewControllers = [first, fourth] }
        settle()
        #expect(tabs.viewControllers?.count == 2)
        #expect(tabs.selectedViewController === fourth)
        #expect(fourth.view.superview === tabs.contentView)
        #expect(second.parent == nil)
        #expect(fourth.parent === tabs)
    }
}
