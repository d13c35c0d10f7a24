import Motion
@testable import UIKit
import Testing
import ReferenceMath

@Suite struct ViewGeometryTests {
    @Test func frameIsTheBoundingBoxOfTheTransformedBounds() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(view.center == CGPoint(x: 50, y: 25))
        view.transform = CGAffineTransform(scaleX: 2, y: 2)
        #expect(view.frame == CGRect(x: -50, y: -25, width: 200, height: 100))
        view.transform = CGAffineTransform(rotationAngle: .pi / 2)
        #expect(isClose(view.frame, CGRect(x: 25, y: -25, width: 50, height: 100), 1e-12))
        // The bounds are untouched by the transform.
        #expect(view.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
    }

    @Test func settingTheFrameSetsCenterAndBoundsSize() {
        let view = UIView(frame: .zero)
        view.bounds.origin = CGPoint(x: 7, y: 7)
        view.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
        #expect(view.center == CGPoint(x: 25, y: 40))
        #expect(view.bounds == CGRect(x: 7, y: 7, width: 30, height: 40))
    }

    /// window ─ a (100, 100, 200, 200) ─ b (10, 10, 50, 50)
    func tree() -> (window: UIWindow, a: UIView, b: UIView) {
        let window = UIWindow(size: CGSize(width: 400, height: 400), clock: ManualClock())
        let a = UIView(frame: CGRect(x: 100, y: 100, width: 200, height: 200), name: "a")
        let b = UIView(frame: CGRect(x: 10, y: 10, width: 50, height: 50), name: "b")
        window.addSubview(a)
        a.addSubview(b)
        return (window, a, b)
    }

    @Test func convertingPointsThroughPlainOffsets() {
        let (window, a, b) = tree()
        #expect(b.convert(CGPoint(x: 0, y: 0), to: window) == CGPoint(x: 110, y: 110))
        #expect(b.convert(CGPoint(x: 0, y: 0), to: nil) == CGPoint(x: 110, y: 110))
        #expect(b.convert(CGPoint(x: 110, y: 110), from: window) == CGPoint(x: 0, y: 0))
        #expect(a.convert(CGPoint(x: 5, y: 5), from: b) == CGPoint(x: 15, y: 15))
        #expect(b.convert(CGRect(x: 0, y: 0, width: 50, height: 50), to: window) == CGRect(x: 110, y: 110, width: 50, height: 50))
    }

    @Test func convertingPointsThroughARotationAndABoundsOrigin() {
        let (window, a, b) = tree()
        a.transform = CGAffineTransform(rotationAngle: .pi / 2)
        // a's bounds point p → (p − (100, 100)) rotated (−y, x) → + (200, 200).
        // b's (0, 0) is a's (10, 10) → (−(−90), −90) + (200, 200).
        #expect(isClose(b.convert(CGPoint(x: 0, y: 0), to: window), CGPoint(x: 290, y: 110), 1e-12))
        #expect(isClose(b.convert(CGPoint(x: 290, y: 110), from: window), CGPoint(x: 0, y: 0), 1e-12))
        a.bounds.origin = CGPoint(x: 10, y: 0)
        // Scrolling a by 10 moves b left in a's frame by 10 before the rotation: up on screen.
        #expect(isClose(b.convert(CGPoint(x: 0, y: 0), to: window), CGPoint(x: 290, y: 100), 1e-12))
        // A rect converts to the bounding box of its corners.
        let r = b.convert(CGRect(x: 0, y: 0, width: 50, height: 20), to: window)
        #expect(isClose(r, CGRect(x: 270, y: 100, width: 20, height: 50), 1e-12))
        #expect(isClose(b.convert(r, from: window), CGRect(x: 0, y: 0, width: 50, height: 20), 1e-12))
    }

    @Test func convertingBetweenSiblingsInDifferentBranches() {
        let (window, a, _) = tree()
        let other = UIView(frame: CGRect(x: 0, y: 300, width: 50, height: 50))
        window.addSubview(other)
        #expect(a.convert(CGPoint(x: 0, y: 0), to: other) == CGPoint(x: 100, y: -200))
        #expect(other.convert(CGPoint(x: 100, y: -200), to: a) == CGPoint(x: 0, y: 0))
    }

    @Test func hitTestPicksTheTopmostDeepestView() {
        let (window, a, b) = tree()
        let cover = UIView(frame: CGRect(x: 100, y: 100, width: 30, height: 30), name: "cover")
        window.addSubview(cover)
        #expect(window.hitTest(CGPoint(x: 140, y: 140)) === b)
        #expect(window.hitTest(CGPoint(x: 115, y: 115)) === cover)
        #expect(window.hitTest(CGPoint(x: 250, y: 250)) === a)
        #expect(window.hitTest(CGPoint(x: 350, y: 50)) === window)
        #expect(window.hitTest(CGPoint(x: 450, y: 50)) == nil)
        cover.isHidden = true
        #expect(window.hitTest(CGPoint(x: 115, y: 115)) === b)
        b.isUserInteractionEnabled = false
        #expect(window.hitTest(CGPoint(x: 115, y: 115)) === a)
        a.alpha = 0
        #expect(window.hitTest(CGPoint(x: 115, y: 115)) === window)
    }

    @Test func hitTestReachesOutsideTheParentUnlessItClips() {
        let (window, a, _) = tree()
        let overhang = UIView(frame: CGRect(x: 190, y: 0, width: 50, height: 50), name: "overhang")
        a.addSubview(overhang)
        #expect(window.hitTest(CGPoint(x: 320, y: 120)) === overhang)
        a.clipsToBounds = true
        #expect(window.hitTest(CGPoint(x: 320, y: 120)) === window)
        #expect(window.hitTest(CGPoint(x: 295, y: 120)) === overhang)
    }

    @Test func hitTestFollowsTransforms() {
        let (window, a, b) = tree()
        a.transform = CGAffineTransform(rotationAngle: .pi / 2)
        // b now covers window x 240…290, y 110…160.
        #expect(window.hitTest(CGPoint(x: 280, y: 120)) === b)
        #expect(window.hitTest(CGPoint(x: 120, y: 120)) === a)
    }
}
