import Motion
@testable import UIKit
import Testing

/// `UIScreen.main` and `UIApplication.shared` answer for the world whose `perform` is running.
@Suite struct UIScreenTests {
    @Test func theMainScreenIsTheWindowsInsideItsWorld() {
        let window = UIWindow(size: CGSize(width: 375, height: 667), clock: ManualClock())
        let bounds = window.perform { UIScreen.main.bounds }
        #expect(bounds == CGRect(x: 0, y: 0, width: 375, height: 667))
        #expect(window.screen.bounds == bounds)
    }

    @Test func twoWorldsEachSeeTheirOwnScreen() {
        let phone = UIWindow(size: CGSize(width: 393, height: 852), clock: ManualClock())
        let pad = UIWindow(size: CGSize(width: 820, height: 1180), clock: ManualClock())
        #expect(phone.perform { UIScreen.main.bounds.width } == 393)
        #expect(pad.perform { UIScreen.main.bounds.width } == 820)
        // Nested: the inner world's, then the outer's again.
        phone.perform {
            #expect(pad.perform { UIScreen.main.bounds.width } == 820)
            #expect(UIScreen.main.bounds.width == 393)
        }
    }

    @Test func theScreenFollowsARotation() {
        let window = UIWindow(size: CGSize(width: 393, height: 852), clock: ManualClock())
        window.resize(to: CGSize(width: 852, height: 393))
        #expect(window.perform { UIScreen.main.bounds.size } == CGSize(width: 852, height: 393))
        #expect(window.perform { UIScreen.main.nativeBounds.size } == CGSize(width: 1179, height: 2556))
    }

    /// Pixels per point of the device each size stands for: 3 for the phones with a notch or a
    /// Dynamic Island and the Plus phones (whose panel is 2.608), 2 for the iPhone SE and iPads.
    @Test(arguments: [
        (393.0, 852.0, 3.0, 3.0), (430, 932, 3, 3), (390, 844, 3, 3), (375, 812, 3, 3),
        (375, 667, 2, 2), (414, 736, 3, 1080.0 / 414.0), (820, 1180, 2, 2), (768, 1024, 2, 2),
        (852, 393, 3, 3),
    ])
    func scaleIsTheDevicesPixelsPerPoint(width: Double, height: Double, scale: Double, nativeScale: Double) {
        let window = UIWindow(size: CGSize(width: width, height: height), clock: ManualClock())
        let screen = window.perform { UIScreen.main }
        #expect(screen.scale == CGFloat(scale))
        #expect(screen.nativeScale == CGFloat(nativeScale))
    }

    @Test func thePlusPhonesNativeBoundsAreItsPanel() {
        let window = UIWindow(size: CGSize(width: 414, height: 736), clock: ManualClock())
        #expect(window.screen.nativeBounds == CGRect(x: 0, y: 0, width: 1080, height: 1920))
    }

    /// Outside any world there is no device: the main screen is the viewer's default iPhone 15.
    @Test func outsideAnyWorldTheMainScreenIsTheDefaultPhone() {
        #expect(AnimationEngine.current == nil)
        #expect(UIScreen.main.bounds == CGRect(x: 0, y: 0, width: 393, height: 852))
        #expect(UIScreen.main.scale == 3)
    }

    @Test func theAppsWindowsAreThisWorldsWindow() {
        let window = UIWindow(size: CGSize(width: 393, height: 852), clock: ManualClock())
        window.perform {
            #expect(UIApplication.shared.windows.count == 1)
            #expect(UIApplication.shared.windows.first === window)
            #expect(UIApplication.shared.keyWindow === window)
        }
        #expect(UIApplication.shared.windows.isEmpty)
        #expect(UIApplication.shared.keyWindow == nil)
    }

    /// Transition code reads the screen from inside a handler, which runs in its world.
    @Test func aGestureHandlerReadsItsWorldsScreen() {
        let window = UIWindow(size: CGSize(width: 430, height: 932), clock: ManualClock())
        let view = UIView(frame: window.bounds)
        window.addSubview(view)
        var width: CGFloat?
        view.addGestureRecognizer(UITapGestureRecognizer { _ in width = UIScreen.main.bounds.width })
        let point = CGPoint(x: 100, y: 100)
        window.handle(PointerEvent(phase: .down, pointerID: 1, kind: .touch, location: point, timestamp: 0))
        window.handle(PointerEvent(phase: .up, pointerID: 1, kind: .touch, location: point, timestamp: 0.05))
        #expect(width == 430)
    }
}
