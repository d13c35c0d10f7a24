import Motion
@testable import UIKit
import Testing

/// A presented controller that notes `isBeingPresented` and `isBeingDismissed` in its appearance
/// callbacks.
private final class NotingController: UIViewController {
    var noted: [String] = []

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        noted.append("willAppear presented \(isBeingPresented) dismissed \(isBeingDismissed)")
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        noted.append("didAppear presented \(isBeingPresented) dismissed \(isBeingDismissed)")
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        noted.append("willDisappear presented \(isBeingPresented) dismissed \(isBeingDismissed)")
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        noted.append("didDisappear presented \(isBeingPresented) dismissed \(isBeingDismissed)")
    }
}

/// `modalTransitionStyle`: how a presentation moves when no transitioning delegate animates it,
/// and the dismissal the same way back; `isBeingPresented` and `isBeingDismissed`.
@Suite("modalTransitionStyle, isBeingPresented, isBeingDismissed")
final class ModalTransitionStyleTests {
    let clock = ManualClock()
    let log = CapturedLog()
    let window: UIWindow
    let presenter = UIViewController()
    private let presented = NotingController()

    init() {
        window = UIWindow(size: CGSize(width: 400, height: 800), clock: clock, logger: log.logger)
        window.rootViewController = presenter
    }

    func frame(at time: Double) {
        clock.set(time)
        _ = window.displayList()
    }

    /// UIKit's raw values, and its default.
    @Test func theStylesHaveUIKitsValuesAndCoverVerticalIsTheDefault() {
        #expect(UIModalTransitionStyle.allCases.map(\.rawValue) == [0, 1, 2, 3])
        #expect(UIViewController().modalTransitionStyle == .coverVertical)
    }

    /// `.crossDissolve`: the presented view stays in place and fades in (half way at half time, on
    /// the ease-in-out curve); the dismissal fades it out; the presenter comes back under it.
    @Test func aCrossDissolveFadesThePresentedViewInAndOut() {
        presented.modalTransitionStyle = .crossDissolve
        window.perform { presenter.present(presented, animated: true) }
        frame(at: 0)
        frame(at: CoverVerticalAnimator.duration / 2)
        #expect(abs(presented.view.presentation.alpha - 0.5) < 1e-9)
        #expect(presented.view.presentation.frame == CGRect(x: 0, y: 0, width: 400, height: 800))
        frame(at: 1)
        #expect(presented.view.alpha == 1 && presenter.view.window == nil)
        window.perform { presented.dismiss(animated: true) }
        frame(at: 1)
        frame(at: 1 + CoverVerticalAnimator.duration / 2)
        #expect(abs(presented.view.presentation.alpha - 0.5) < 1e-9)
        #expect(presenter.view.window === window)
        frame(at: 2)
        #expect(presenter.presentedViewController == nil && presented.view.window == nil)
        #expect(presented.view.alpha == 1)
    }

    /// `.coverVertical`, the default: the presented view slides up, at full opacity.
    @Test func aCoverVerticalSlidesThePresentedViewUp() {
        window.perform { presenter.present(presented, animated: true) }
        frame(at: 0)
        frame(at: CoverVerticalAnimator.duration / 2)
        #expect(abs(presented.view.presentation.frame.minY - 400) < 1e-9)
        #expect(presented.view.presentation.alpha == 1)
        #expect(log.errors.isEmpty)
    }

    /// The styles Segue cannot draw log why and cover vertically, both ways.
    @Test(arguments: [UIModalTransitionStyle.flipHorizontal, .partialCurl])
    func aStyleThatCannotBeDrawnIsLoggedAndCoversVertically(style: UIModalTransitionStyle) {
        presented.modalTransitionStyle = style
        window.perform { presenter.present(presented, animated: true) }
        frame(at: 0)
        frame(at: CoverVerticalAnimator.duration / 2)
        #expect(abs(presented.view.presentation.frame.minY - 400) < 1e-9)
        frame(at: 1)
        window.perform { presented.dismiss(animated: true) }
        frame(at: 2)
        let needs = style == .flipHorizontal ? "a turn in 3D" : "a page curl"
        #expect(log.errors == ["presented", "dismissed"].map {
            "modalTransitionStyle .\(style) of \(presented.name) needs \(needs), which Segue does not draw yet: "
                + "\($0) with .coverVertical instead"
        })
    }

    /// "isBeingPresented … whether the view controller is being presented": true through the
    /// presentation's appearance callbacks, `viewDidAppear` included; false after.
    /// `isBeingDismissed` likewise through the dismissal's.
    @Test func beingPresentedAndBeingDismissedSpanTheirTransitions() {
        window.perform { presenter.present(presented, animated: true) }
        frame(at: 0)
        frame(at: 1)
        #expect(!presented.isBeingPresented)
        window.perform { presented.dismiss(animated: true) }
        frame(at: 1.1)
        #expect(presented.isBeingDismissed)
        frame(at: 2)
        #expect(!presented.isBeingDismissed)
        #expect(presented.noted == [
            "willAppear presented true dismissed false",
            "didAppear presented true dismissed false",
            "willDisappear presented false dismissed true",
            "didDisappear presented false dismissed true",
        ])
    }
}
