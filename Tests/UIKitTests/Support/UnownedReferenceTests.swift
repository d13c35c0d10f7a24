import Motion
@testable import UIKit
import Testing

/// The engine's back-pointers (`superview`, a recognizer's `view`, a controller's and a display
/// link's window, a `SelfClearingReference`) are unretained, not weak. Debug builds check every read:
/// one whose object went away without clearing it traps, naming the reference, instead of reading
/// freed memory. A trap ends the process, so each is an exit test.
@Suite("unowned back-pointers")
struct UnownedReferenceTests {
    /// What the trap says for `reference` (a type and property) once its `Object` went away.
    static func message(_ reference: String, _ object: String) -> String {
        "\(reference) used after its \(object) was released"
    }

    @Test(.enabled(if: UnownedReference<UIView>.isChecked, "release builds keep no weak copy to check against"))
    func aRecognizerWhoseViewWentAwayUnclearedTrapsNamingItsView() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            // A world runs on the main actor, in the exit test's process too.
            await MainActor.run {
                let recognizer = UITapGestureRecognizer { _ in }
                do {
                    // Attached behind the view's back: its `deinit` does not know to clear it.
                    let view = UIView(frame: .zero, name: "screen")
                    recognizer.view = view
                }
                _ = recognizer.view
            }
        }
        let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(standardError.contains(Self.message("UIGestureRecognizer.view", "UIView")))
    }

    @Test(.enabled(if: UnownedReference<UIView>.isChecked, "release builds keep no weak copy to check against"))
    func aSubviewWhoseSuperviewWentAwayUnclearedTrapsNamingItsSuperview() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            // A world runs on the main actor, in the exit test's process too.
            await MainActor.run {
                let child = UIView(frame: .zero, name: "child")
                do {
                    // Not in the parent's `subviews`, so its `deinit` leaves `superview` pointing at it.
                    let parent = UIView(frame: .zero, name: "parent")
                    child.superview = parent
                }
                // Any change to the child walks up to its superview.
                child.alpha = 0.5
            }
        }
        let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(standardError.contains(Self.message("UIView.superview", "UIView")))
    }

    @Test(.enabled(if: UnownedReference<UIView>.isChecked, "release builds keep no weak copy to check against"))
    func aControllerWhoseWindowWentAwayUnclearedTrapsNamingItsWindow() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            // A world runs on the main actor, in the exit test's process too.
            await MainActor.run {
                let controller = UIViewController(name: "detached")
                do {
                    // Not the window's root controller, so the window's `deinit` does not clear it.
                    let window = UIWindow(size: CGSize(width: 390, height: 844), clock: ManualClock())
                    controller.attachedWindow = window
                }
                _ = controller.window
            }
        }
        let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(standardError.contains(Self.message("UIViewController.attachedWindow", "UIWindow")))
    }

    @Test(.enabled(if: UnownedReference<UIView>.isChecked, "release builds keep no weak copy to check against"))
    func aDisplayLinkWhoseWindowWentAwayUnclearedTrapsNamingItsWindow() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            // A world runs on the main actor, in the exit test's process too.
            await MainActor.run {
                let link: CADisplayLink
                do {
                    let window = UIWindow(size: CGSize(width: 390, height: 844), clock: ManualClock())
                    link = CADisplayLink(window: window) { _ in }
                    // Forgotten by the window, which then cannot tell it that it goes away.
                    window.displayLinks.removeAll()
                }
                link.invalidate()
            }
        }
        let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(standardError.contains(Self.message("CADisplayLink.window", "UIWindow")))
    }

    @Test(.enabled(if: UnownedReference<UIView>.isChecked, "release builds keep no weak copy to check against"))
    func aSelfClearingReferenceItsObjectForgotToClearTrapsNamingIt() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            // A world runs on the main actor, in the exit test's process too.
            await MainActor.run {
                let reference = SelfClearingReference<UIView>()
                do {
                    let view = UIView(frame: .zero, name: "forgetful")
                    reference.attach(view)
                }
                _ = reference.object
            }
        }
        let standardError = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(standardError.contains(Self.message("SelfClearingReference.object", "UIView")))
    }

    // MARK: The life cycle never trips a check

    @Test func removingViewsAndRecognizersClearsTheirBackPointers() {
        let stage = Stage(width: 390, height: 844)
        let card = stage.add(CGRect(x: 0, y: 0, width: 390, height: 400), name: "card")
        let title = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 44), name: "title")
        card.addSubview(title)
        let tap = UITapGestureRecognizer { _ in }
        let pan = UIPanGestureRecognizer { _ in }
        card.addGestureRecognizer(tap)
        title.addGestureRecognizer(pan)

        card.removeGestureRecognizer(tap)
        #expect(tap.view == nil && pan.view === title)
        title.removeFromSuperview()
        title.alpha = 0.5
        #expect(title.superview == nil && pan.view === title)
        card.removeFromSuperview()
        stage.frame(at: 0)
        #expect(card.superview == nil)
        #expect(stage.window.subviews.allSatisfy { $0.superview === stage.window })
    }

    @Test func aControllerDismissedMidTransitionLeavesNothingPointingAtIt() {
        let stage = Stage(width: 390, height: 844)
        let root = UIViewController(name: "root")
        stage.window.rootViewController = root
        let tap = UITapGestureRecognizer { _ in }
        weak var goneModal: UIViewController?
        do {
            let modal = UIViewController(name: "modal")
            modal.view.addGestureRecognizer(tap)
            goneModal = modal
            stage.perform { root.present(modal, animated: true) }
            stage.frame(at: 0.1)
            // Refused while the presentation runs, as UIKit refuses it.
            stage.perform { modal.dismiss(animated: true) }
            stage.frame(at: 1)
            #expect(root.presentedViewController === modal)
            stage.perform { modal.dismiss(animated: true) }
            stage.frame(at: 1.1)
            #expect(tap.view === modal.view && modal.view.superview != nil, "mid-dismissal")
        }
        stage.frame(at: 3)
        stage.frame(at: 4)
        #expect(root.presentedViewController == nil)
        #expect(goneModal == nil, "nothing keeps a dismissed controller")
        #expect(tap.view == nil)
        #expect(root.window === stage.window)
        #expect(stage.window.subviews.allSatisfy { $0.superview === stage.window })
    }

    @Test func aBackSwipeLetGoMidwayAndAPopLeaveNothingPointingAtThePoppedController() {
        let stage = Stage(width: 390, height: 844)
        let navigation = UINavigationController(rootViewController: UIViewController(name: "inbox"))
        stage.window.rootViewController = navigation
        func touch(_ phase: PointerEvent.Phase, x: Double, at time: Double) {
            stage.clock.set(time)
            stage.window.handle(PointerEvent(phase: phase, pointerID: 1, kind: .touch,
                                             location: CGPoint(x: x, y: 400), timestamp: time))
            stage.frame(at: time)
        }
        weak var gonePushed: UIViewController?
        do {
            let pushed = UIViewController(name: "message")
            gonePushed = pushed
            stage.perform { navigation.pushViewController(pushed, animated: true) }
            stage.frame(at: 0.1)
            stage.frame(at: 1)
            #expect(navigation.viewControllers.map(\.name) == ["inbox", "message"])
            // An edge swipe a quarter of the way, then back towards the edge and let go: the
            // interactive pop is cancelled.
            touch(.down, x: 2, at: 1.0)
            for step in 1...6 { touch(.move, x: 2 + 16 * Double(step), at: 1 + 0.016 * Double(step)) }
            for step in 1...4 { touch(.move, x: 98 - 16 * Double(step), at: 1.096 + 0.016 * Double(step)) }
            touch(.up, x: 34, at: 1.176)
            stage.frame(at: 3)
            #expect(navigation.viewControllers.map(\.name) == ["inbox", "message"])
            stage.perform { navigation.popViewController(animated: true) }
            stage.frame(at: 3.1)
        }
        stage.frame(at: 5)
        stage.frame(at: 6)
        #expect(gonePushed == nil)
        #expect(navigation.viewControllers.map(\.name) == ["inbox"])
        #expect(navigation.viewControllers.allSatisfy { $0.view.superview != nil })
    }

    @Test func aWindowDroppedMidTransitionClearsItsRootControllerAndDisplayLinks() {
        let root = UIViewController(name: "root")
        let modal = UIViewController(name: "modal")
        var ticks = 0
        let link: CADisplayLink
        weak var goneWindow: UIWindow?
        do {
            let stage = Stage(width: 390, height: 844)
            stage.window.rootViewController = root
            link = CADisplayLink(window: stage.window) { _ in ticks += 1 }
            stage.perform { root.present(modal, animated: true) }
            stage.frame(at: 0.1)
            goneWindow = stage.window
        }
        #expect(goneWindow == nil, "a window dropped mid-transition frees its engine and everything in it")
        #expect(ticks > 0)
        #expect(root.window == nil)
        link.invalidate()
        _ = modal.window
    }
}
