import Motion
@testable import UIKit
import Testing

private final class Child: UIViewController {
    var log: [String] = []
    override func viewWillAppear(_ animated: Bool) { log.append("willAppear \(animated)") }
    override func viewDidAppear(_ animated: Bool) { log.append("didAppear") }
    override func viewWillDisappear(_ animated: Bool) { log.append("willDisappear \(animated)") }
    override func viewDidDisappear(_ animated: Bool) { log.append("didDisappear") }
}

@Suite("UIKit's shapes that custom containers and transitions use")
struct ContainmentTests {
    /// `beginAppearanceTransition(_:animated:)` / `endAppearanceTransition()`: a custom container
    /// forwards appearance to a child, which gets the will- and did- callbacks in pairs.
    @Test func appearanceTransitionsReachTheChild() {
        let window = UIWindow(size: CGSize(width: 390, height: 844), clock: ManualClock())
        let container = UIViewController()
        window.rootViewController = container
        let child = Child()
        container.addChild(child)
        child.beginAppearanceTransition(true, animated: true)
        container.view.addSubview(child.view)
        child.endAppearanceTransition()
        child.beginAppearanceTransition(false, animated: false)
        child.view.removeFromSuperview()
        child.endAppearanceTransition()
        #expect(child.log == ["willAppear true", "didAppear", "willDisappear false", "didDisappear"])
    }

    /// A container view controller is its children's `UIContentContainer`: a child's new
    /// `preferredContentSize` reaches it, and on a rotation each child is told the size
    /// `size(forChildContentContainer:withParentContainerSize:)` gives it.
    @Test func aContainerSizesItsChildrenAndHearsTheirPreferredSize() {
        final class Split: UIViewController {
            var heard: [CGSize] = []
            override func preferredContentSizeDidChange(forChildContentContainer container: UIContentContainer) {
                heard.append(container.preferredContentSize)
            }
            override func size(forChildContentContainer container: UIContentContainer,
                               withParentContainerSize parentSize: CGSize) -> CGSize {
                CGSize(width: parentSize.width / 2, height: parentSize.height)
            }
        }
        final class Told: UIViewController {
            var sizes: [CGSize] = []
            override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
                super.viewWillTransition(to: size, with: coordinator)
                sizes.append(size)
            }
        }
        let window = UIWindow(size: CGSize(width: 390, height: 844), clock: ManualClock())
        let split = Split()
        window.rootViewController = split
        let child = Told()
        split.addChild(child)
        child.preferredContentSize = CGSize(width: 320, height: 480)
        #expect(split.heard == [CGSize(width: 320, height: 480)])
        window.resize(to: CGSize(width: 844, height: 390))
        #expect(child.sizes == [CGSize(width: 422, height: 390)])
    }

    /// UIKit's key constants, whose raw values are the Objective-C names.
    @Test func transitionContextKeysCarryUIKitsNames() {
        #expect(UITransitionContextViewKey.to.rawValue == "UITransitionContextToViewKey")
        #expect(UITransitionContextViewKey.from.rawValue == "UITransitionContextFromViewKey")
        #expect(UITransitionContextViewControllerKey.to.rawValue == "UITransitionContextToViewControllerKey")
        #expect(UITransitionContextViewControllerKey.from != .to)
    }

    /// `minimumNumberOfTouches`: one finger cannot begin a pan that asks for two.
    @Test func aPanThatNeedsTwoFingersDoesNotBeginWithOne() {
        let clock = ManualClock()
        let window = UIWindow(size: CGSize(width: 390, height: 844), clock: clock)
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        window.addSubview(view)
        var states: [UIGestureRecognizer.State] = []
        let pan = UIPanGestureRecognizer { states.append($0.state) }
        view.addGestureRecognizer(pan)
        for minimum in [2, 1] {
            pan.minimumNumberOfTouches = minimum
            let t = clock.now + 1
            window.handle(PointerEvent(phase: .down, pointerID: 1, kind: .touch, location: CGPoint(x: 100, y: 100), timestamp: t))
            window.handle(PointerEvent(phase: .move, pointerID: 1, kind: .touch, location: CGPoint(x: 150, y: 100), timestamp: t + 0.05))
            window.handle(PointerEvent(phase: .up, pointerID: 1, kind: .touch, location: CGPoint(x: 150, y: 100), timestamp: t + 0.1))
            clock.set(t + 0.1)
        }
        #expect(states == [.began, .ended])
        #expect(CGPoint(x: 1, y: 2).equalTo(CGPoint(x: 1, y: 2)))
    }

    /// Views, controllers and recognizers are NSObjects in UIKit: equal only to themselves, and
    /// hashable, so `firstIndex(of:)` and sets work on them.
    @Test func viewsAndControllersAreEqualOnlyToThemselves() {
        let first = UIViewController(), second = UIViewController()
        #expect([first, second].firstIndex(of: second) == 1)
        #expect(first != second && first == first)
        let views: Set<UIView> = [UIView(), UIView()]
        #expect(views.count == 2)
        let pan = UIPanGestureRecognizer()
        #expect([UITapGestureRecognizer(), pan].firstIndex(of: pan) == 1)
    }
}
