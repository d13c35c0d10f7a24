import Motion
@testable import UIKit
import Testing

/// UIKit's layout cycle: `layoutSubviews()` runs once per change, before the next frame, on the
/// views marked as needing it, parents first; `layoutIfNeeded()` runs it at once.
@Suite struct LayoutTests {
    /// Keeps a badge at its bounds' centre, and counts its layouts.
    final class BadgeView: UIView {
        let badge = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        var layouts = 0
        var onLayout: (() -> Void)?

        override init(frame: CGRect) {
            super.init(frame: frame)
            addSubview(badge)
        }

        required init?(coder: NSCoder) { nil }

        override func layoutSubviews() {
            super.layoutSubviews()
            layouts += 1
            badge.center = CGPoint(x: bounds.midX, y: bounds.midY)
            onLayout?()
        }
    }

    /// A badge view in a window, laid out once already; its layout count starts at zero.
    func settledBadgeView(in stage: Stage) -> BadgeView {
        let view = BadgeView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        stage.window.addSubview(view)
        stage.frame(at: 0)
        view.layouts = 0
        return view
    }

    @Test func aFrameChangeIsLaidOutAtTheNextFrameOnce() {
        let stage = Stage()
        let view = settledBadgeView(in: stage)
        view.frame = CGRect(x: 0, y: 0, width: 200, height: 60)
        // Not yet: layout waits for the frame.
        #expect(view.layouts == 0)
        #expect(view.badge.center == CGPoint(x: 50, y: 50))
        stage.frame(at: 1 / 60)
        #expect(view.layouts == 1)
        #expect(view.badge.center == CGPoint(x: 100, y: 30))
        // Nothing changed since: the next frames lay out nothing.
        stage.frame(at: 2 / 60)
        stage.frame(at: 3 / 60)
        #expect(view.layouts == 1)
    }

    @Test func changesBeforeAFrameAreLaidOutOnceTogether() {
        let stage = Stage()
        let view = settledBadgeView(in: stage)
        view.frame = CGRect(x: 0, y: 0, width: 200, height: 60)
        view.frame = CGRect(x: 0, y: 0, width: 300, height: 80)
        view.setNeedsLayout()
        stage.frame(at: 1 / 60)
        #expect(view.layouts == 1)
        #expect(view.badge.center == CGPoint(x: 150, y: 40))
    }

    @Test func layoutIfNeededLaysOutAtOnce() {
        let stage = Stage()
        let view = settledBadgeView(in: stage)
        view.frame = CGRect(x: 0, y: 0, width: 40, height: 240)
        view.layoutIfNeeded()
        #expect(view.layouts == 1)
        #expect(view.badge.center == CGPoint(x: 20, y: 120))
        // Done: neither another layoutIfNeeded nor the frame lays it out again.
        view.layoutIfNeeded()
        stage.frame(at: 1 / 60)
        #expect(view.layouts == 1)
    }

    @Test func aMoveIsNoLayoutChange() {
        let stage = Stage()
        let view = settledBadgeView(in: stage)
        view.center = CGPoint(x: 300, y: 300)
        view.frame.origin = CGPoint(x: 5, y: 5)
        stage.frame(at: 1 / 60)
        #expect(view.layouts == 0)
    }

    @Test func setNeedsLayoutLaysOutAtTheNextFrame() {
        let stage = Stage()
        let view = settledBadgeView(in: stage)
        view.setNeedsLayout()
        view.setNeedsLayout()
        #expect(view.layouts == 0)
        stage.frame(at: 1 / 60)
        #expect(view.layouts == 1)
    }

    /// Animating a frame inside a block with `layoutIfNeeded()` animates what `layoutSubviews`
    /// places, the way UIKit code animates a layout change.
    @Test func layoutIfNeededInsideAnAnimationBlockAnimatesTheLayout() {
        let stage = Stage()
        let view = settledBadgeView(in: stage)
        stage.perform {
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                view.frame = CGRect(x: 0, y: 0, width: 300, height: 100)
                view.layoutIfNeeded()
            })
        }
        #expect(view.badge.center == CGPoint(x: 150, y: 50))
        stage.frame(at: 0.5)
        #expect(abs(view.badge.presentation.center.x - 100) < 1e-9)
    }

    /// Parents first: a child whose size its parent's layout changes is laid out in the same pass,
    /// and does not lay the parent out again.
    @Test func aPassLaysOutParentsBeforeTheChildrenTheyResize() {
        let stage = Stage()
        let outer = settledBadgeView(in: stage)
        let inner = BadgeView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        outer.addSubview(inner)
        stage.frame(at: 1 / 60)
        outer.layouts = 0
        inner.layouts = 0
        var order: [String] = []
        // Unowned: a view keeping a closure that keeps it would never go.
        outer.onLayout = { [unowned outer, unowned inner] in
            order.append("outer")
            inner.frame = CGRect(x: 0, y: 0, width: outer.bounds.width / 2, height: outer.bounds.height / 2)
        }
        inner.onLayout = { order.append("inner") }
        outer.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        stage.frame(at: 2 / 60)
        #expect(order == ["outer", "inner"])
        #expect(inner.badge.center == CGPoint(x: 50, y: 50))
    }

    /// Resizing a view marks its superview; adding a subview marks both; removing one marks the
    /// view it leaves (UIKit, as measured in Stack Overflow 728372).
    @Test func subviewChangesLayOutTheirSuperview() {
        let stage = Stage()
        let parent = settledBadgeView(in: stage)
        let child = BadgeView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        parent.addSubview(child)
        stage.frame(at: 1 / 60)
        #expect(parent.layouts == 1 && child.layouts == 1)
        child.frame.size = CGSize(width: 30, height: 30)
        stage.frame(at: 2 / 60)
        #expect(parent.layouts == 2 && child.layouts == 2)
        child.removeFromSuperview()
        stage.frame(at: 3 / 60)
        #expect(parent.layouts == 3 && child.layouts == 2)
    }

    /// A frame with nothing marked walks no view: the window's flag is clear.
    @Test func anUnmarkedWorldHasNothingToLayOut() {
        let stage = Stage()
        let view = settledBadgeView(in: stage)
        #expect(!stage.window.subtreeNeedsLayout)
        view.backgroundColor = .systemRed
        view.center.x += 10
        #expect(!stage.window.subtreeNeedsLayout)
        view.setNeedsLayout()
        #expect(stage.window.subtreeNeedsLayout)
        stage.frame(at: 1 / 60)
        #expect(!stage.window.subtreeNeedsLayout)
    }

    /// A layout that marks itself every time is stopped after `maximumLayoutPasses` passes in a
    /// frame, and goes on at the next.
    @Test func aLayoutThatNeverSettlesStopsForTheFrame() {
        let stage = Stage()
        let view = settledBadgeView(in: stage)
        view.onLayout = { [unowned view] in view.setNeedsLayout() }
        view.setNeedsLayout()
        stage.frame(at: 1 / 60)
        #expect(view.layouts == UIView.maximumLayoutPasses)
        stage.frame(at: 2 / 60)
        #expect(view.layouts == 2 * UIView.maximumLayoutPasses)
    }
}
