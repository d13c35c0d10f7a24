import Motion
@testable import UIKit
import Testing

/// Records each `viewWillTransition(to:with:)` and moves its badge 100 pt right alongside it.
private final class RotatingController: UIViewController {
    let badge = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    var sizes: [CGSize] = []
    /// The view's size when told: still the old one.
    var viewSizesWhenTold: [CGSize] = []
    var coordinators: [UIViewControllerTransitionCoordinator] = []
    var completions = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(badge)
    }

    override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
        super.viewWillTransition(to: size, with: coordinator)
        sizes.append(size)
        viewSizesWhenTold.append(view.bounds.size)
        coordinators.append(coordinator)
        coordinator.animate(alongsideTransition: { _ in self.badge.center.x += 100 }) { _ in self.completions += 1 }
    }
}

@Suite("viewWillTransition(to:with:)")
final class ViewWillTransitionTests {
    static let portrait = CGSize(width: 390, height: 844)
    static let landscape = CGSize(width: 844, height: 390)

    let stage = Stage(width: 390, height: 844)
    private let top = RotatingController()
    let navigation: UINavigationController

    init() {
        navigation = UINavigationController(rootViewController: top)
        stage.window.rootViewController = navigation
        stage.frame(at: 0)
    }

    /// The controller keeps the coordinators it was given, whose blocks keep it: let go.
    isolated deinit {
        top.coordinators.removeAll()
    }

    func run(for seconds: Double) {
        let end = stage.clock.now + seconds
        while stage.clock.now < end { stage.frame(at: stage.clock.now + 1.0 / 60) }
    }

    /// `UIContentContainer.viewWillTransition(to:with:)`: "called when the size of its view is
    /// about to change"; UIKit tells the root controller, whose default forwards to its children,
    /// and every presented controller; the view still has its old size then. One coordinator for
    /// all, a rotation's: −90° into landscape (this port's choice of sign), 0.3 s.
    @Test func aRotationTellsEveryControllerItsNewSizeBeforeTheLayout() throws {
        let modal = RotatingController()
        defer { modal.coordinators.removeAll() }
        stage.perform { navigation.present(modal, animated: false) }
        stage.window.resize(to: Self.landscape)
        #expect(top.sizes == [Self.landscape])
        #expect(modal.sizes == [Self.landscape])
        #expect(top.viewSizesWhenTold == [Self.portrait])
        #expect(top.view.bounds.size == Self.landscape)
        let coordinator = try #require(top.coordinators.first)
        #expect(modal.coordinators.first === coordinator)
        #expect(coordinator.targetTransform == CGAffineTransform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: 0))
        #expect(coordinator.transitionDuration == 0.3)
        #expect(coordinator.isAnimated && !coordinator.isInteractive && !coordinator.isCancelled)
        // A size change's coordinator goes only to viewWillTransition: no transition is running.
        #expect(top.transitionCoordinator == nil)
    }

    /// "Animations … run alongside the size change": the badge's move runs once the new layout is
    /// in place, for the rotation's 0.3 s with UIKit's default ease-in-ease-out (halfway at half
    /// time), and reaches its value; the completion runs once, when it ends.
    @Test func anAlongsideAnimationRunsWithTheRotation() {
        stage.frame(at: 1)
        stage.window.resize(to: Self.landscape)
        stage.frame(at: 1.15)
        #expect(abs(Double(top.badge.presentation.center.x) - 55) < 1e-6)
        #expect(top.completions == 0)
        run(for: 0.25)
        #expect(top.badge.center.x == 105)
        #expect(top.badge.presentation.center.x == 105)
        #expect(top.completions == 1)
        #expect(top.coordinators.first?.animate(alongsideTransition: nil) == false)
    }

    /// `targetTransform`: "the transform to apply to the view" for the rotation; a quarter turn
    /// when portrait becomes landscape or back (the two inverse to each other), identity when the
    /// orientation stays (a bigger phone, a resized desktop window).
    @Test(arguments: [
        (CGSize(width: 390, height: 844), CGSize(width: 844, height: 390), -Double.pi / 2),
        (CGSize(width: 844, height: 390), CGSize(width: 390, height: 844), Double.pi / 2),
        (CGSize(width: 390, height: 844), CGSize(width: 430, height: 932), 0),
        (CGSize(width: 844, height: 390), CGSize(width: 1440, height: 900), 0),
    ] as [(CGSize, CGSize, Double)])
    func theTargetTransformIsTheRotation(from: CGSize, to: CGSize, angle: Double) throws {
        stage.window.resize(to: from)
        top.coordinators.removeAll()
        stage.window.resize(to: to)
        let transform = try #require(top.coordinators.first?.targetTransform)
        #expect(abs(atan2(Double(transform.b), Double(transform.a)) - angle) < 1e-12)
        #expect(transform.a * transform.d - transform.b * transform.c == 1)
    }

    /// A size change nobody registers anything with commits no animation: the frames after a
    /// resize cost what they cost before, and the window is still at once.
    @Test func aSizeChangeWithNothingRegisteredAnimatesNothing() {
        let plain = Stage(width: 390, height: 844)
        plain.window.rootViewController = UINavigationController(rootViewController: UIViewController())
        plain.frame(at: 0)
        let committed = plain.window.engine.committedBlockCount
        plain.window.resize(to: Self.landscape)
        plain.frame(at: 0.1)
        #expect(plain.window.engine.committedBlockCount == committed)
        #expect(!plain.window.engine.isAnimating)
        #expect(!plain.window.movesWithTime)
    }

    /// A resize that arrives mid-transition waits for its end (`UIWindow.pendingSize`), and so
    /// does `viewWillTransition(to:with:)`: the controllers hear of the size when it is applied.
    @Test func aRotationDuringAPushIsToldWhenItIsApplied() {
        let detail = RotatingController()
        defer { detail.coordinators.removeAll() }
        stage.perform { navigation.pushViewController(detail, animated: true) }
        stage.frame(at: 0.1)
        stage.window.resize(to: Self.landscape)
        #expect(top.sizes.isEmpty && detail.sizes.isEmpty)
        run(for: 1.5)
        #expect(top.sizes == [Self.landscape])
        #expect(detail.sizes == [Self.landscape])
        #expect(detail.badge.presentation.center.x == 105)
    }
}
