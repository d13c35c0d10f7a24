import Motion

// UIKit's layout cycle: a view marked as needing layout has `layoutSubviews()` called once, from
// the top of the tree down, before the next frame is drawn (`UIWindow.displayList()`), or at once
// by `layoutIfNeeded()`.
//
// What marks a view, as UIKit does (measured by BadPirate and a follow-up answer on Stack
// Overflow 728372, "When is layoutSubviews called?"): `setNeedsLayout()`; a change of the view's
// bounds size (a frame with a new size; a move does not); a change of a subview's size, which marks
// its superview too (unless the superview's own layoutSubviews resized it: the subviews a layout
// places do not lay their parent out again); a subview added, which marks the view it is added to
// and the view added; a subview removed, which marks the view it leaves. Creating a view marks
// nothing.
//
// A mark flags the view (`needsLayout`) and, up to the window, every ancestor as having a marked
// view below it (`subtreeNeedsLayout`), stopping at the first that already has. The pass walks down
// flagged subtrees only, so a frame with nothing marked costs the window one flag check.
extension UIView {
    /// A `layoutSubviews` that keeps marking views (its own subtree's, or others' above) would lay
    /// out forever; a window stops after this many passes in one frame and leaves the rest marked
    /// for the next, as does `layoutIfNeeded()`.
    static let maximumLayoutPasses = 8

    /// Lays out this subtree's marked views, in passes until none is left or `maximumLayoutPasses`
    /// ran: `layoutIfNeeded()`, and the window's pass before each frame. Returns the passes run.
    @discardableResult
    func layOutMarkedViews() -> Int {
        var passes = 0
        while subtreeNeedsLayout && passes < Self.maximumLayoutPasses {
            layOutSubtreeIfNeeded()
            passes += 1
        }
        return passes
    }

    /// The bounds changed from `old` (a model write): a new size marks the view and its superview,
    /// unless the superview's own `layoutSubviews` is what resized it.
    func boundsDidChange(from old: CGRect) {
        guard old.size != model.bounds.size else { return }
        markNeedsLayout()
        if let superview, !superview.isLayingOutSubviews { superview.markNeedsLayout() }
    }

    /// A subview joined this view (`insertSubview`): both are laid out again; the subview brings any
    /// layout pending below it into this view's flags.
    func subviewWasAdded(_ subview: UIView) {
        subview.needsLayout = true
        subview.subtreeNeedsLayout = true
        markNeedsLayout()
    }

    /// Runs `layoutSubviews` on every marked view of this subtree, parents before their children,
    /// and clears the flags of what it laid out. A view marked meanwhile below a visited view is
    /// laid out in the same walk when it comes after it; one marked behind the walk leaves this
    /// view flagged, for another pass.
    private func layOutSubtreeIfNeeded() {
        guard subtreeNeedsLayout else { return }
        if needsLayout {
            needsLayout = false
            isLayingOutSubviews = true
            layoutSubviews()
            isLayingOutSubviews = false
        }
        // A copy: a layoutSubviews may add or remove subviews.
        let children = subviews
        for child in children where child.subtreeNeedsLayout {
            child.layOutSubtreeIfNeeded()
        }
        subtreeNeedsLayout = needsLayout || subviews.contains { $0.subtreeNeedsLayout }
    }
}
