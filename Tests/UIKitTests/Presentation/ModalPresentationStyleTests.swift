import Motion
@testable import UIKit
import Testing

/// Every `UIModalPresentationStyle`, with the geometry and the presenter's view that UIKit gives it
/// (UIModalPresentationStyle's documentation; the form sheet's default size is
/// `_UISheetPresentationMetrics`', iOS 17).
@Suite("modal presentation styles")
@MainActor struct ModalPresentationStyleTests {
    /// Presents `presented` from `presenter` (the window's root unless given) on a `width` × `height`
    /// window and settles.
    func present(_ presented: UIViewController, style: UIModalPresentationStyle, on stage: Stage,
                 from presenter: UIViewController) {
        presented.modalPresentationStyle = style
        stage.perform { presenter.present(presented, animated: true) }
        stage.frame(at: 2)
    }

    func windowFrame(of view: UIView) -> CGRect {
        view.convert(view.bounds, to: nil)
    }

    @Test func automaticIsAPageSheetOnAPhone() throws {
        let stage = Stage(width: 390, height: 844)
        let root = UIViewController(name: "root")
        stage.window.rootViewController = root
        let presented = UIViewController(name: "presented")
        #expect(presented.modalPresentationStyle == .fullScreen)
        presented.modalPresentationStyle = .automatic
        let sheet = try #require(presented.sheetPresentationController)
        #expect(sheet.presentationStyle == .pageSheet)
        present(presented, style: .automatic, on: stage, from: root)
        #expect(presented.view.frame == CGRect(x: 0, y: 57, width: 390, height: 797))
        #expect(root.view.superview === stage.window, "a sheet leaves its presenter on screen")
    }

    @Test func aFormSheetOnAPhoneIsAPageSheet() throws {
        let stage = Stage(width: 390, height: 844)
        let root = UIViewController(name: "root")
        stage.window.rootViewController = root
        let presented = UIViewController(name: "presented")
        present(presented, style: .formSheet, on: stage, from: root)
        #expect(presented.sheetPresentationController?.presentationStyle == .formSheet)
        #expect(presented.view.frame == CGRect(x: 0, y: 57, width: 390, height: 797))
    }

    /// iPad 820 × 1180: the form sheet floats centred at 580 × 640 (the longer side is between
    /// 1024 and 1590); in landscape too; at its preferred size when it has one.
    @Test func aFormSheetOnAnIPadFloatsCentredAtItsSize() throws {
        let stage = Stage(width: 820, height: 1180)
        let root = UIViewController(name: "root")
        stage.window.rootViewController = root
        let presented = UIViewController(name: "presented")
        present(presented, style: .formSheet, on: stage, from: root)
        #expect(presented.view.frame == CGRect(x: 120, y: 270, width: 580, height: 640))
        #expect(root.view.transform.isIdentity, "no scale-back behind a floating sheet")
        #expect(root.view.superview === stage.window)
        stage.perform { stage.window.resize(to: CGSize(width: 1180, height: 820)) }
        stage.frame(at: 4)
        #expect(presented.view.frame == CGRect(x: 300, y: 90, width: 580, height: 640))
        stage.perform { presented.dismiss(animated: true) }
        stage.frame(at: 6)
        #expect(root.presentedViewController == nil)

        let sized = UIViewController(name: "sized")
        sized.preferredContentSize = CGSize(width: 400, height: 300)
        sized.modalPresentationStyle = .formSheet
        stage.perform { root.present(sized, animated: true) }
        stage.frame(at: 8)
        #expect(sized.view.frame == CGRect(x: 390, y: 260, width: 400, height: 300))
    }

    @Test func aPageSheetOnAnIPadFloatsCentredAndSlidesAwayOnDismissal() throws {
        let stage = Stage(width: 820, height: 1180)
        let root = UIViewController(name: "root")
        stage.window.rootViewController = root
        let presented = UIViewController(name: "presented")
        present(presented, style: .pageSheet, on: stage, from: root)
        // 704 wide, 10 pt below the 24-pt status bar and as far from the bottom edge.
        #expect(presented.view.frame == CGRect(x: 58, y: 34, width: 704, height: 1112))
        presented.sheetPresentationController?.prefersGrabberVisible = true
        let grabber = try #require(presented.sheetPresentationController?.driver.grabberView)
        #expect(grabber.frame == CGRect(x: 334, y: 5, width: 36, height: 5), "centred on the sheet, not the window")
        stage.perform { presented.dismiss(animated: true) }
        stage.frame(at: 2.2)
        #expect(presented.view.presentation.frame.minY > 34, "sliding down")
        #expect(presented.view.presentation.frame.width == 704, "keeping its size")
        stage.frame(at: 4)
        #expect(root.presentedViewController == nil && presented.view.superview == nil)
    }

    @Test func fullScreenTakesThePresentersViewAwayAndBringsItBackForTheDismissal() throws {
        let stage = Stage(width: 390, height: 844)
        let root = UIViewController(name: "root")
        stage.window.rootViewController = root
        let presented = UIViewController(name: "presented")
        present(presented, style: .fullScreen, on: stage, from: root)
        #expect(root.view.superview == nil)
        #expect(presented.presentationController?.shouldRemovePresentersView == true)
        stage.perform { presented.dismiss(animated: true) }
        stage.frame(at: 2.1)
        #expect(root.view.superview != nil, "back for the dismissal's animation")
        stage.frame(at: 4)
        #expect(root.view.superview === stage.window && presented.view.superview == nil)
    }

    @Test func overFullScreenLeavesThePresentersViewWhereItIs() throws {
        let stage = Stage(width: 390, height: 844)
        let root = UIViewController(name: "root")
        stage.window.rootViewController = root
        let presented = UIViewController(name: "presented")
        present(presented, style: .overFullScreen, on: stage, from: root)
        #expect(root.view.superview === stage.window)
        #expect(presented.view.frame == CGRect(x: 0, y: 0, width: 390, height: 844))
        #expect(presented.presentationController?.shouldRemovePresentersView == false)
    }

    /// A root with a child whose view fills the window below a 100-pt header, as a container's
    /// content does.
    final class Container {
        let stage = Stage(width: 390, height: 844)
        let root = UIViewController(name: "root")
        let child = UIViewController(name: "child")
        let header = UIView(name: "header")

        init() {
            stage.window.rootViewController = root
            root.addChild(child)
            child.view.frame = CGRect(x: 0, y: 100, width: 390, height: 744)
            root.view.addSubview(child.view)
            header.frame = CGRect(x: 0, y: 0, width: 390, height: 100)
            root.view.addSubview(header)
        }
    }

    @Test func currentContextCoversTheContextsViewOnlyAndPutsItBack() throws {
        let world = Container()
        world.child.definesPresentationContext = true
        let presented = UIViewController(name: "presented")
        present(presented, style: .currentContext, on: world.stage, from: world.child)
        #expect(presented.presentingViewController === world.child && world.child.presentedViewController === presented)
        #expect(windowFrame(of: presented.view) == CGRect(x: 0, y: 100, width: 390, height: 744))
        #expect(world.child.view.superview == nil, "the context's view leaves the screen, as under .fullScreen")
        #expect(world.root.view.superview === world.stage.window, "what lies outside the context stays")
        world.stage.perform { world.child.dismiss(animated: true) }
        world.stage.frame(at: 4)
        #expect(world.child.presentedViewController == nil && presented.view.superview == nil)
        #expect(world.child.view.superview === world.root.view)
        #expect(world.root.view.subviews.firstIndex { $0 === world.child.view } == 0, "back in its place, under the header")
        #expect(world.child.view.frame == CGRect(x: 0, y: 100, width: 390, height: 744))
    }

    @Test func overCurrentContextLeavesTheContextsViewAndClipsToIt() throws {
        let world = Container()
        world.child.definesPresentationContext = true
        let presented = UIViewController(name: "presented")
        present(presented, style: .overCurrentContext, on: world.stage, from: world.child)
        #expect(world.child.view.superview === world.root.view)
        let container = try #require(presented.view.superview)
        #expect(container.clipsToBounds && container.superview === world.root.view)
        #expect(windowFrame(of: presented.view) == CGRect(x: 0, y: 100, width: 390, height: 744))
        #expect(presented.presentationController?.shouldPresentInFullscreen == false)
    }

    /// `shouldPresentInFullscreen`: a custom presentation controller that answers false presents
    /// in the current context, as `.overCurrentContext` does.
    @Test func aCustomControllerThatDoesNotPresentInFullScreenCoversTheContext() throws {
        final class InContext: UIPresentationController {
            override var shouldPresentInFullscreen: Bool { false }
        }
        final class Vendor: UIViewControllerTransitioningDelegate {
            func presentationController(forPresented presented: UIViewController, presenting: UIViewController?,
                                        source: UIViewController) -> UIPresentationController? {
                InContext(presentedViewController: presented, presenting: presenting)
            }
        }
        let world = Container()
        world.child.definesPresentationContext = true
        let vendor = Vendor()
        let presented = UIViewController(name: "presented")
        presented.transitioningDelegate = vendor
        present(presented, style: .custom, on: world.stage, from: world.child)
        #expect(presented.presentationController is InContext)
        #expect(presented.presentingViewController === world.child)
        #expect(presented.presentationController?.presentingViewController === world.child)
        #expect(windowFrame(of: presented.view) == CGRect(x: 0, y: 100, width: 390, height: 744))
        #expect(world.child.view.superview === world.root.view, "a custom presentation keeps the presenter's view")
    }

    @Test func withoutAContextTheWindowsRootIsTheContext() throws {
        let world = Container()
        let presented = UIViewController(name: "presented")
        present(presented, style: .currentContext, on: world.stage, from: world.child)
        #expect(presented.presentingViewController === world.root)
        #expect(windowFrame(of: presented.view) == CGRect(x: 0, y: 0, width: 390, height: 844))
        #expect(world.root.view.superview == nil)
    }

    @Test func aNavigationControllerDefinesAPresentationContext() {
        #expect(UINavigationController(rootViewController: UIViewController()).definesPresentationContext)
        #expect(!UIViewController().definesPresentationContext)
    }

    /// A stack of modals: the second is presented from the first; dismissing from the root takes
    /// both away, and `dismiss` on the presented controller is sent to its presenter.
    @Test func aStackOfModalsDismissesFromAnyLevel() throws {
        let stage = Stage(width: 390, height: 844)
        let root = UIViewController(name: "root")
        stage.window.rootViewController = root
        let first = UIViewController(name: "first"), second = UIViewController(name: "second")
        present(first, style: .overFullScreen, on: stage, from: root)
        second.modalPresentationStyle = .overFullScreen
        stage.perform { first.present(second, animated: true) }
        stage.frame(at: 4)
        #expect(second.presentingViewController === first && root.visibleViewController === second)
        stage.perform { second.dismiss(animated: true) }
        stage.frame(at: 6)
        #expect(first.presentedViewController == nil && root.presentedViewController === first)
        stage.perform { first.present(second, animated: true) }
        stage.frame(at: 8)
        stage.perform { root.dismiss(animated: true) }
        stage.frame(at: 10)
        #expect(root.presentedViewController == nil && first.presentedViewController == nil)
        #expect(first.view.superview == nil && second.view.superview == nil)
    }
}

/// Compact height (a phone held sideways): UIKit shows a page sheet as `.fullScreen` there, the
/// whole window, and its navigation bars are 32 pt tall with no large title.
@Suite("compact height")
@MainActor struct CompactHeightTests {
    @Test func aSheetFillsACompactHeightWindowAndRestsAtItsDetentsUpright() throws {
        let stage = Stage(width: 844, height: 390)
        let root = UIViewController(name: "root")
        stage.window.rootViewController = root
        let sheet = UIViewController(name: "sheet")
        sheet.modalPresentationStyle = .pageSheet
        sheet.sheetPresentationController?.detents = [.medium(), .large()]
        stage.perform { root.present(sheet, animated: true) }
        stage.frame(at: 2)
        #expect(sheet.view.frame == CGRect(x: 0, y: 0, width: 844, height: 390))
        #expect(root.view.transform.isIdentity, "nothing scales back behind it")
        stage.perform { stage.window.resize(to: CGSize(width: 390, height: 844)) }
        stage.frame(at: 4)
        // Upright again: the smallest detent, medium, half the large detent's 787 pt.
        #expect(abs(sheet.view.frame.minY - (844 - 787.0 / 2)) < 1e-9)
        stage.perform { stage.window.resize(to: CGSize(width: 844, height: 390)) }
        stage.frame(at: 6)
        #expect(sheet.view.frame == CGRect(x: 0, y: 0, width: 844, height: 390))
    }

    @Test func theNavigationBarIs32PointsTallInCompactHeight() throws {
        let stage = Stage(width: 390, height: 844)
        let top = UIViewController(name: "top")
        let navigation = UINavigationController(rootViewController: top)
        navigation.navigationBar.prefersLargeTitles = true
        stage.window.rootViewController = navigation
        stage.frame(at: 0)
        #expect(abs(navigation.navigationBar.frame.height - (47 + 44 + 52)) < 1e-9, "upright: the bar and a large title")
        #expect(abs(top.view.safeAreaInsets.top - (47 + 44 + 52)) < 1e-9)
        stage.perform { stage.window.resize(to: CGSize(width: 844, height: 390)) }
        stage.frame(at: 1)
        #expect(navigation.navigationBar.frame.height == 32, "sideways: no status bar, a 32-pt bar, no large title")
        #expect(top.view.safeAreaInsets.top == 32)
        let title = try #require(stage.frame(at: 1.1).node(named: "navigation-title"))
        #expect(title.size.height == 32 && title.alpha == 1)
    }
}
