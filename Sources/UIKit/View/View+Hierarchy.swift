import Motion

extension UIView {
    /// Adds `view` on top of the other subviews, removing it from its old superview first.
    public func addSubview(_ view: UIView) {
        insertSubview(view, at: subviews.count)
    }

    /// Inserts `view` at `index`, below the subviews pinned in front (`frontPinnedSubviewCount`).
    public func insertSubview(_ view: UIView, at index: Int) {
        guard view !== self else { return }
        if view.superview === self, let current = subviews.firstIndex(where: { $0 === view }) {
            // A pinned view keeps its place in front.
            if current >= subviews.count - Int(frontPinnedSubviewCount) { return }
            subviews.remove(at: current)
            subviews.insert(view, at: min(max(index, 0), subviews.count - Int(frontPinnedSubviewCount)))
            return
        }
        let inherited = view.inheritedTint
        view.detachFromSuperview()
        subviews.insert(view, at: min(max(index, 0), subviews.count - Int(frontPinnedSubviewCount)))
        view.superview = self
        subviewWasAdded(view)
        view.tintInheritanceDidChange(from: inherited)
    }

    /// Adds `view` in front of everything, staying there as others are added (the window's chrome).
    func pinSubviewInFront(_ view: UIView) {
        let inherited = view.inheritedTint
        view.detachFromSuperview()
        subviews.append(view)
        view.superview = self
        frontPinnedSubviewCount += 1
        subviewWasAdded(view)
        view.tintInheritanceDidChange(from: inherited)
    }

    /// `safeAreaInsets`: the part of the window's safe area (status bar, home indicator, a
    /// navigation or tab bar around a controller's view) that overlaps this view, in its own edges.
    /// A controller's root view has what its container gives it plus `additionalSafeAreaInsets`.
    public var safeAreaInsets: UIEdgeInsets {
        if let assignedSafeAreaInsets { return assignedSafeAreaInsets }
        guard let superview else { return .zero }
        return superview.safeAreaInsets.clipped(to: frame, in: superview.bounds)
    }

    public func insertSubview(_ view: UIView, aboveSubview sibling: UIView) {
        guard let index = subviews.firstIndex(where: { $0 === sibling }) else { return addSubview(view) }
        let adjust = view.superview === self && (subviews.firstIndex(where: { $0 === view }) ?? Int.max) < index ? 0 : 1
        insertSubview(view, at: index + adjust)
    }

    public func insertSubview(_ view: UIView, belowSubview sibling: UIView) {
        guard let index = subviews.firstIndex(where: { $0 === sibling }) else { return insertSubview(view, at: 0) }
        let adjust = view.superview === self && (subviews.firstIndex(where: { $0 === view }) ?? Int.max) < index ? -1 : 0
        insertSubview(view, at: index + adjust)
    }

    public func removeFromSuperview() {
        guard superview != nil else { return }
        let inherited = inheritedTint
        detachFromSuperview()
        tintInheritanceDidChange(from: inherited)
    }

    /// `removeFromSuperview` but for the tint: a view moving to another superview is told once,
    /// when it arrives.
    private func detachFromSuperview() {
        guard let parent = superview else { return }
        if let index = parent.subviews.firstIndex(where: { $0 === self }),
           index >= parent.subviews.count - Int(parent.frontPinnedSubviewCount) {
            parent.frontPinnedSubviewCount -= 1
        }
        parent.subviews.removeAll { $0 === self }
        superview = nil
        parent.markNeedsLayout()
    }

    public func bringSubviewToFront(_ view: UIView) {
        guard view.superview === self else { return }
        insertSubview(view, at: subviews.count)
    }

    public func sendSubviewToBack(_ view: UIView) {
        guard view.superview === self else { return }
        insertSubview(view, at: 0)
    }

    /// Whether `view` is this view or one of its descendants.
    public func isDescendant(of view: UIView) -> Bool {
        var current: UIView? = self
        while let v = current {
            if v === view { return true }
            current = v.superview
        }
        return false
    }
}

extension UIView {
    /// `viewWithTag(_:)`: this view or the first descendant, depth first, whose `tag` is `tag`.
    public func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for subview in subviews {
            if let found = subview.viewWithTag(tag) { return found }
        }
        return nil
    }
}
