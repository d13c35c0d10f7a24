import Motion
@testable import UIKit
import Testing

/// A controller that writes down its appearance callbacks.
final class AppearanceLog: UIViewController {
    private(set) var calls: [String] = []
    override func viewWillAppear(_ animated: Bool) { calls.append("willAppear") }
    override func viewDidAppear(_ animated: Bool) { calls.append("didAppear") }
    override func viewWillDisappear(_ animated: Bool) { calls.append("willDisappear") }
    override func viewDidDisappear(_ animated: Bool) { calls.append("didDisappear") }
}

@Suite("sheet presentation controller")
struct SheetPresentationControllerTests {
    /// A 390 × 844 window whose root presents a page sheet with medium and large detents, medium
    /// undimmed, settled at t = 2.
    final class World {
        let stage = Stage(width: 390, height: 844)
        let root = AppearanceLog(name: "root")
        let sheetController = AppearanceLog(name: "sheet")

        init(present: Bool = true) {
            stage.window.rootViewController = root
            sheetController.modalPresentationStyle = .pageSheet
            let sheet = sheetController.sheetPresentationController!
            sheet.detents = [.medium(), .large()]
            sheet.largestUndimmedDetentIdentifier = .medium
            sheet.prefersGrabberVisible = true
            if present {
                stage.perform { root.present(sheetController, animated: true) }
                stage.frame(at: 2)
            }
        }

        var sheet: UISheetPresentationController { sheetController.sheetPresentationController! }
        var top: Double { sheetController.view.presentation.frame.minY }
        var dimming: UIView { sheet.driver.dimmingView }
    }

    @Test func onlyAPageSheetHasASheetControllerAndAlwaysTheSameOne() {
        let controller = UIViewController(name: "c")
        #expect(controller.sheetPresentationController == nil)
        controller.modalPresentationStyle = .pageSheet
        let sheet = controller.sheetPresentationController
        #expect(sheet != nil && sheet === controller.sheetPresentationController)
        #expect(sheet?.detents.map(\.identifier) == [.large])
        #expect(sheet?.selectedDetentIdentifier == nil)
    }

    @Test func presentingSlidesTheSheetUpToItsSmallestDetentWithAGrabber() {
        let world = World(present: false)
        world.stage.perform { world.root.present(world.sheetController, animated: true) }
        world.stage.frame(at: 0)
        #expect(world.top == 844)
        world.stage.frame(at: 0.2)
        #expect(world.top > 450.5 && world.top < 844)
        world.stage.frame(at: SheetDriver.settleDuration + 0.01)
        #expect(world.sheetController.view.frame == CGRect(x: 0, y: 450.5, width: 390, height: 403.5))
        #expect(world.root.presentedViewController === world.sheetController)
        #expect(world.sheetController.calls == ["willAppear", "didAppear"])
        #expect(world.root.calls == ["willAppear", "didAppear"], "the presenter stays on screen")
        #expect(world.root.view.superview === world.stage.window)
        let grabber = world.sheet.driver.grabberView
        #expect(grabber.superview === world.sheetController.view && !grabber.isHidden)
        #expect(grabber.frame == CGRect(x: 177, y: 5, width: 36, height: 5))
        #expect(grabber.cornerRadius == 2.5)
        #expect(world.sheetController.view.cornerRadius == UISheetPresentationController.defaultCornerRadius)
        #expect(world.stage.window.transitions.isBusy == false)
        #expect(world.stage.window.engine.runningAnimationCount == 0)
    }

    @Test func selectingADetentOutsideAnimateChangesMovesAtOnce() {
        let world = World()
        world.stage.perform { world.sheet.selectedDetentIdentifier = .large }
        #expect(world.sheetController.view.frame == CGRect(x: 0, y: 57, width: 390, height: 797))
        #expect(world.dimming.alpha == SheetLayout.maximumDimmingAlpha)
        #expect(abs(world.root.view.transform.a - (1 - 20.0 / 390)) < 1e-12)
        #expect(world.root.view.cornerRadius == 10)
    }

    @Test func animateChangesSpringsToTheNewDetentAndTheDimmingFollowsTheSheet() {
        let world = World()
        world.stage.perform { world.sheet.animateChanges { world.sheet.selectedDetentIdentifier = .large } }
        #expect(world.sheet.selectedDetentIdentifier == .large)
        world.stage.frame(at: 2.15)
        let top = world.top
        #expect(top > 57 && top < 450.5, "part way at \(top)")
        // The dimming is the sheet's height read through the layout, frame by frame.
        let expected = SheetLayout.maximumDimmingAlpha * (844 - top - 393.5) / 393.5
        #expect(abs(world.dimming.alpha - expected) < 1e-9, "\(world.dimming.alpha) \(expected) \(world.stage.window.displayLinks.count)")
        world.stage.frame(at: 2 + SheetDriver.settleDuration + 0.01)
        #expect(world.top == 57)
        #expect(world.dimming.alpha == SheetLayout.maximumDimmingAlpha)
        #expect(world.stage.window.engine.runningAnimationCount == 0)
        #expect(world.stage.window.displayLinks.isEmpty, "the frame-by-frame link ends with the spring")
    }

    @Test func changesInsideOneAnimateChangesApplyTogetherAtItsEnd() {
        let world = World()
        world.stage.perform {
            world.sheet.animateChanges {
                world.sheet.prefersGrabberVisible = false
                world.sheet.preferredCornerRadius = 20
                world.sheet.selectedDetentIdentifier = .large
                #expect(world.sheetController.view.frame.minY == 450.5, "nothing moves before the block ends")
            }
        }
        #expect(world.sheet.driver.grabberView.isHidden)
        #expect(world.sheetController.view.cornerRadius == 20)
        #expect(world.sheetController.view.frame.minY == 57, "the model is at the target")
        world.stage.frame(at: 2)
        #expect(world.top == 450.5, "the presentation has not moved yet")
    }

    @Test func dismissingFromCodeSlidesDownAndDoesTheBookkeeping() {
        let world = World()
        world.stage.perform { world.sheetController.dismiss(animated: true) }
        world.stage.frame(at: 2.2)
        #expect(world.top > 450.5 && world.top < 844)
        #expect(world.root.presentedViewController === world.sheetController)
        world.stage.frame(at: 2 + SheetDriver.settleDuration + 0.01)
        #expect(world.root.presentedViewController == nil)
        #expect(world.sheetController.presentingViewController == nil)
        #expect(world.sheetController.view.superview == nil)
        #expect(world.stage.window.subviews.map(\.name) == ["root", "status-bar", "home-indicator"])
        #expect(world.sheetController.calls == ["willAppear", "didAppear", "willDisappear", "didDisappear"])
        #expect(world.root.calls == ["willAppear", "didAppear"])
        #expect(world.root.view.transform == .identity)
        let transitions = world.stage.window.transitions
        #expect(transitions.startedCount == 2 && transitions.completedCount == 2)
        #expect(transitions.duplicateCompletionCount == 0 && transitions.rescuedCount == 0)
    }

    func tap(_ world: World, at point: CGPoint, time: Double) {
        world.stage.clock.set(time)
        world.stage.window.handle(PointerEvent(phase: .down, pointerID: 1, kind: .touch, location: point, timestamp: time))
        world.stage.window.handle(PointerEvent(phase: .up, pointerID: 1, kind: .touch, location: point, timestamp: time + 0.05))
    }

    @Test func aTapOnTheDimmedAreaDismissesButNotWhereItIsClear() {
        let world = World()
        tap(world, at: CGPoint(x: 195, y: 200), time: 2)
        world.stage.frame(at: 3)
        #expect(world.root.presentedViewController === world.sheetController, "medium is undimmed")
        world.stage.perform { world.sheet.selectedDetentIdentifier = .large }
        tap(world, at: CGPoint(x: 195, y: 10), time: 3)
        world.stage.frame(at: 4)
        #expect(world.root.presentedViewController == nil)
        #expect(world.stage.window.subviews.map(\.name) == ["root", "status-bar", "home-indicator"])
    }

    @Test func resizingAtLargeRelaysTheSheetAndThePresenterBehindIt() {
        let world = World()
        world.stage.perform { world.sheet.selectedDetentIdentifier = .large }
        world.stage.window.resize(to: CGSize(width: 500, height: 900))
        world.stage.frame(at: 2.1)
        #expect(world.sheetController.view.frame == CGRect(x: 0, y: 30, width: 500, height: 880))
        #expect(world.dimming.frame == CGRect(x: 0, y: 0, width: 500, height: 900))
        #expect(world.sheet.driver.grabberView.frame.minX == 232)
        let notes: UIView = world.root.view
        #expect(notes.bounds.size == CGSize(width: 500, height: 900))
        #expect(abs(notes.transform.a - (1 - 20.0 / 500)) < 1e-12)
        #expect(abs(notes.frame.minY - 20) < 1e-9 && abs(notes.frame.minX - 10) < 1e-9)
    }

    @Test func aCustomDetentAddedAndSelectedInAnimateChangesIsWhereTheSheetSettles() {
        let world = World()
        let compact = UISheetPresentationController.Detent.custom(identifier: .init("compact")) {
            $0.maximumDetentValue / 4
        }
        world.stage.perform {
            world.sheet.animateChanges {
                world.sheet.detents = [compact, .medium(), .large()]
                world.sheet.selectedDetentIdentifier = compact.identifier
            }
        }
        world.stage.frame(at: 2 + SheetDriver.settleDuration + 0.01)
        #expect(world.sheetController.view.frame == CGRect(x: 0, y: 844 - 196.75, width: 390, height: 206.75))
        // Medium is still the largest undimmed detent: below it nothing dims.
        #expect(world.dimming.alpha == 0)
    }

    @Test func withNoUndimmedDetentTheSmallestIsFullyDimmed() {
        let world = World()
        world.stage.perform { world.sheet.largestUndimmedDetentIdentifier = nil }
        #expect(world.dimming.alpha == SheetLayout.maximumDimmingAlpha)
        #expect(world.root.view.transform == .identity, "the presenter scales back only toward large")
    }

    @Test func theSameControllerCanBePresentedAgain() {
        let world = World()
        world.stage.perform { world.sheetController.dismiss(animated: true) }
        world.stage.frame(at: 3)
        world.stage.perform { world.root.present(world.sheetController, animated: true) }
        world.stage.frame(at: 4)
        #expect(world.sheetController.view.frame.minY == 450.5)
        #expect(world.sheet.driver.grabberView.superview === world.sheetController.view)
        #expect(world.sheet.driver.dimmingView.superview === world.sheetController.view.superview)
    }
}
