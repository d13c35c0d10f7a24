import Motion

/// Walks a view tree's presentation values into a `DisplayList`, reusing the list's storage so a
/// steady-state frame allocates nothing per view.
///
/// Most views do not change from one frame to the next, even mid-transition: a moving screen's
/// subviews move only with it. Such a view's node keeps its own values, and only what follows its
/// ancestors (the viewport transform and the effective alpha) is computed again: see `reuses`.
struct DisplayListBuilder {
    /// When the list runs out of room it grows by a quarter plus this many nodes, not twofold: every
    /// session keeps its list, and doubling would leave most lists with room for many nodes they
    /// never hold. The growth is still geometric, and rare: the list keeps its storage from frame
    /// to frame.
    static let growthMinimum = 4
    /// In `built`: the node, or a node below it, depended on more than its view's revisions.
    private static let notReusable: UInt64 = 0
    private var nextID: UInt32 = 1
    /// This builder's mark on the lists it writes, and its build counter: each node is stamped with
    /// the build that last changed its own values (`NodeChanges`), so an encoder compares only those.
    private let source = NodeChanges.newSource()
    private var builds: UInt64 = 0
    /// Per node of the list this builder last wrote, what it was built from (`BuiltFrom`).
    private var built: [BuiltFrom] = []
    /// How many nodes of this build were marked `notReusable` so far: a subtree whose visit added
    /// none can be skipped next time.
    private var notReusableNodes = 0
    /// While `redrawDescendants` runs: the transform and alpha each level passes to its children.
    private var levels: [(transform: CGAffineTransform, alpha: Double)] = []
    /// How many nodes the last build kept the own values of: what reuse saved (the tests check it
    /// happens).
    private(set) var reusedNodeCount = 0
    /// How many of those it kept without visiting their views, in skipped subtrees.
    private(set) var skippedNodeCount = 0
    /// How many of the skipped nodes it did not even read: their subtree's root kept its viewport
    /// transform and alpha, so theirs stand as the last build left them.
    private(set) var unreadNodeCount = 0

    /// What a node was computed from, when that was all it depended on.
    private struct BuiltFrom {
        /// The view's `drawRevision`, if the node's own values depended on nothing else: no running
        /// animation on the view, its parent's bounds at the origin and no dimming from above.
        var own: UInt64
        /// The view's `descendantsRevision`, if every node below it had `own` set and the view's
        /// bounds origin and dimming, what its children are drawn through, were zero: until the
        /// revision moves, the nodes below can stay as they are but for their ancestors' part.
        var descendants: UInt64

        static let nothing = BuiltFrom(own: notReusable, descendants: notReusable)
    }

    /// Writes over last frame's nodes in place and trims what is left over: most fields change each
    /// frame, but a node's strings rarely do, and rebuilding every node would release and retain them.
    /// Comparing each own value as it is written is what stamps the node's changes.
    mutating func build(root: UIView, into list: inout DisplayList) {
        builds &+= 1
        let continues = list.changes.begin(build: builds, of: source, nodeCount: list.storedNodes.count)
        // What this builder remembers describes the list only if the list is the one it wrote last.
        if !continues || built.count != list.storedNodes.count {
            built.removeAll(keepingCapacity: true)
            built.append(contentsOf: repeatElement(.nothing, count: list.storedNodes.count))
        }
        reusedNodeCount = 0
        skippedNodeCount = 0
        unreadNodeCount = 0
        notReusableNodes = 0
        var count = 0
        visit(root, under: .window, depth: 0, count: &count, into: &list)
        if list.storedNodes.count > count { list.storedNodes.removeSubrange(count...) }
        if built.count > count { built.removeSubrange(count...) }
        list.changes.trim(to: count)
    }

    /// What a view's children are drawn through: their parent's values.
    private struct Parent {
        /// Maps the parent's bounds space to the viewport.
        var transform: CGAffineTransform
        /// The parent's bounds origin: a child's local transform is taken from its center minus this.
        var origin: CGPoint
        /// The parent's effective alpha.
        var alpha: Double
        /// The parent's effective dimming, 0…1.
        var dimming: Double

        /// Above the root: nothing moves, fades or dims it.
        static let window = Parent(transform: .identity, origin: .zero, alpha: 1, dimming: 0)
    }

    /// A visited node's values that its subtree is drawn through, and how they compare with what
    /// the last build left.
    private struct VisitedNode {
        var toViewport: CGAffineTransform
        var alpha: Double
        var boundsOrigin: CGPoint
        var dimming: Double
        /// Whether the node at its index was this view's at this depth before this build.
        var sameSlot: Bool
        /// Whether the node's viewport transform and effective alpha came out as the last build left
        /// them: then so do its descendants', if nothing below changed.
        var sameViewportValues: Bool

        /// Its children's parent: their positions are in its bounds space.
        var asParent: Parent {
            Parent(transform: DisplayListBuilder.childrenTransform(toViewport, boundsOrigin: boundsOrigin),
                   origin: boundsOrigin, alpha: alpha, dimming: dimming)
        }

        /// Its children are drawn through nothing but its viewport transform and alpha.
        var drawsChildrenThroughIdentity: Bool { boundsOrigin == .zero && dimming == 0 }
    }

    /// Whether node `index` can keep its own values: it was built from this revision of this view,
    /// at this place in the tree, and nothing else it was computed from can have moved since (see
    /// `built`; the context's own parts are checked here, as they are now).
    @inline(__always)
    private func reuses(_ view: UIView, depth: UInt16, at index: Int, under parent: Parent, in list: DisplayList) -> Bool {
        view.displayID != 0 && index < built.count && built[index].own == view.drawRevision
            && view.animationCount == 0 && parent.origin == .zero && parent.dimming == 0
            && list.storedNodes[index].id == view.displayID && list.storedNodes[index].depth == depth
    }

    /// Writes `view`'s node at index `count` and then its subtree's, in whichever way does least:
    /// keeping the node's own values (`reuseOwnValues`) or computing them (`buildOwnValues`); then
    /// skipping a subtree that did not move, with its nodes unread (`skipDescendants`) or brought
    /// to their ancestors' new place from the list alone (`redrawDescendants`), or else visiting it.
    private mutating func visit(_ view: UIView, under parent: Parent, depth: Int, count: inout Int,
                                into list: inout DisplayList) {
        if view.isHidden { return }
        let index = count
        let nodeDepth = UInt16(clamping: depth)
        let visited: VisitedNode
        if reuses(view, depth: nodeDepth, at: index, under: parent, in: list) {
            guard let node = reuseOwnValues(at: index, of: view, under: parent, depth: nodeDepth, in: &list) else {
                return
            }
            visited = node
        } else {
            guard let node = buildOwnValues(at: index, of: view, under: parent, depth: nodeDepth, in: &list) else {
                return
            }
            visited = node
        }
        count += 1
        let children = visited.asParent
        // Nothing below moved since it was last visited here: its nodes stay, and only what they
        // take from this view is carried down, in the list, without reading a view (views are
        // scattered in memory; the list is one array). A leaf takes this path too, and its
        // `subviews` are then not read at all.
        let descendantsRevision = view.descendantsRevision
        if visited.sameSlot, visited.drawsChildrenThroughIdentity, built[index].descendants == descendantsRevision {
            // When this node's own viewport values did not move either, the nodes below are exactly
            // as the last build left them, and are not even read (a screen at rest beside a moving one).
            if visited.sameViewportValues {
                skipDescendants(of: index, unread: true, count: &count, in: list)
                return
            }
            if redrawDescendants(of: index, childrenTransform: children.transform, alpha: children.alpha, in: &list) {
                skipDescendants(of: index, unread: false, count: &count, in: list)
                return
            }
        }
        let notReusableBefore = notReusableNodes
        visitSubviews(of: view, under: children, depth: depth + 1, count: &count, into: &list)
        let descendantsBuiltFrom = visited.drawsChildrenThroughIdentity && notReusableNodes == notReusableBefore
            ? descendantsRevision : Self.notReusable
        noteDescendants(of: index, count: count - index - 1, builtFrom: descendantsBuiltFrom, in: &list)
    }

    /// The first reuse path: the node's own values stand. With the parent's bounds at the origin
    /// its local transform is the view's own (`toCenter` in `nodeTransforms`) and its own alpha the
    /// model's, so the ancestors' part comes out exactly as a full computation gives it. Nil when
    /// the node is left out.
    @inline(__always)
    private mutating func reuseOwnValues(at index: Int, of view: UIView, under parent: Parent, depth: UInt16,
                                         in list: inout DisplayList) -> VisitedNode? {
        let alpha = parent.alpha * list.storedNodes[index].ownAlpha
        if alpha <= 0 {
            // Left out by an alpha too small to multiply: not a state to skip past.
            notReusableNodes += 1
            return nil
        }
        reusedNodeCount += 1
        let toViewport = depth == 0 ? .identity : list.storedNodes[index].localTransform.concatenating(parent.transform)
        let sameViewportValues = list.storedNodes[index].transform == toViewport && list.storedNodes[index].alpha == alpha
        // Written only when they moved: each write into the list checks its storage is unique.
        if !sameViewportValues {
            list.storedNodes[index].transform = toViewport
            list.storedNodes[index].alpha = alpha
        }
        return VisitedNode(toViewport: toViewport, alpha: alpha, boundsOrigin: view.model.bounds.origin,
                           dimming: Self.dimming(of: view, own: view.model.dimming, under: parent),
                           sameSlot: true, sameViewportValues: sameViewportValues)
    }

    /// The node computed from the view's presentation values, compared as it is written. Nil when
    /// the node is left out.
    @inline(__always)
    private mutating func buildOwnValues(at index: Int, of view: UIView, under parent: Parent, depth: UInt16,
                                         in list: inout DisplayList) -> VisitedNode? {
        // One read of the presentation values, not one per property: each read of a view's stored
        // properties costs an access, and this runs for every view of every frame.
        let values = view.presentationValues
        let ownAlpha = min(max(values.alpha, 0), 1)
        let alpha = parent.alpha * ownAlpha
        if alpha <= 0 {
            // Left out for now, but an animation (or an alpha too small to multiply) can bring
            // it back with no write: its ancestors' subtrees must not be skipped.
            if view.animationCount != 0 || ownAlpha > 0 { notReusableNodes += 1 }
            return nil
        }
        if values.transform.determinant < 0 && view.hasLayerStyle && view.layerStyle.isSingleSided {
            // Single-sided and facing away (`CALayer.isDoubleSided`): left out, and an animation
            // turning it can bring it back with no write. A reused node never faces away: its view
            // has neither changed nor animated since it was drawn.
            if view.animationCount != 0 { notReusableNodes += 1 }
            return nil
        }
        let displayID = assignDisplayID(to: view)
        let bounds = values.bounds
        let (toViewport, toParent) = Self.nodeTransforms(values, size: bounds.size, depth: depth, under: parent)
        let dimming = Self.dimming(of: view, own: values.dimming, under: parent)
        let sameSlot = claimSlot(at: index, id: displayID, name: view.name, depth: depth, in: &list)
        let sameViewportValues = sameSlot && list.storedNodes[index].transform == toViewport
            && list.storedNodes[index].alpha == alpha
        let changed = list.storedNodes[index].update(
            id: displayID, name: view.name, depth: depth, size: bounds.size, transform: toViewport,
            localTransform: toParent, alpha: alpha, ownAlpha: ownAlpha,
            backgroundColor: values.backgroundColor,
            cornerRadius: max(values.cornerRadius, 0), clipsToBounds: view.clipsToBounds, text: view.text,
            textColor: dimming > 0 && view.textColorIsTint ? TintDimming.dim(view.storedTextColor, by: dimming)
                : view.storedTextColor,
            fontSize: view.fontSize, fontWeight: view.fontWeight, textAlignment: view.textAlignment.drawn,
            numberOfLines: view.drawnNumberOfLines, style: Self.layerStyle(of: view), glyph: view.glyph)
        if changed { list.changes.noteOwnValuesChanged(at: index) }
        let dependsOnViewAlone = view.animationCount == 0 && parent.origin == .zero && parent.dimming == 0
        built[index].own = dependsOnViewAlone ? view.drawRevision : Self.notReusable
        if !dependsOnViewAlone { notReusableNodes += 1 }
        return VisitedNode(toViewport: toViewport, alpha: alpha, boundsOrigin: bounds.origin, dimming: dimming,
                           sameSlot: sameSlot, sameViewportValues: sameViewportValues)
    }

    /// The view's display id, given it on its first build.
    @inline(__always)
    private mutating func assignDisplayID(to view: UIView) -> UInt32 {
        if view.displayID == 0 {
            view.displayID = nextID
            nextID &+= 1
        }
        return view.displayID
    }

    /// The node's viewport transform, and its local one: the transform from its own bounds space to
    /// its parent's.
    @inline(__always)
    private static func nodeTransforms(_ values: ModelValues, size: CGSize, depth: UInt16, under parent: Parent)
        -> (toViewport: CGAffineTransform, toParent: CGAffineTransform) {
        guard depth != 0 else { return (.identity, .identity) }
        // Local (0,0)–(w,h) → centered on the anchor → own transform → moved to the center, in the
        // parent's bounds space → viewport (parent.transform maps the parent's bounds space).
        let toCenter = CGAffineTransform(translationX: -size.width / 2, y: -size.height / 2)
            .concatenating(values.transform)
            .concatenating(CGAffineTransform(translationX: values.center.x, y: values.center.y))
        let toParent = parent.origin == .zero ? toCenter
            : toCenter.concatenating(CGAffineTransform(translationX: -parent.origin.x, y: -parent.origin.y))
        return (toCenter.concatenating(parent.transform), toParent)
    }

    /// The view's own dimming, clamped to 0…1, or its parent's where that is more and the view
    /// follows its parent's tint adjustment. It dims the view's tint colors alone (`textColorIsTint`).
    @inline(__always)
    private static func dimming(of view: UIView, own: Double, under parent: Parent) -> Double {
        let ownDimming = min(max(own, 0), 1)
        return view.ownTintAdjustmentMode == .normal ? ownDimming : max(ownDimming, parent.dimming)
    }

    /// The view's shadow and border and its rounded corners; nil for neither and all four. Most
    /// views have none of these: then nothing is read or compared but the box.
    @inline(__always)
    private static func layerStyle(of view: UIView) -> DrawnLayerStyle? {
        guard view.hasLayerStyle else { return nil }
        let style = view.layerStyle
        return DrawnLayerStyle(shadow: style.shadow, border: style.border,
                               corners: Corners(rawValue: UInt8(truncatingIfNeeded: style.maskedCorners.rawValue)))
    }

    /// Makes node `index` the place of the view with `id` at `depth`, appending it when the list
    /// ends there. Whether the slot held this view's node before: otherwise the structure changed.
    @inline(__always)
    private mutating func claimSlot(at index: Int, id: UInt32, name: String, depth: UInt16,
                                    in list: inout DisplayList) -> Bool {
        if index == list.storedNodes.count {
            if index == list.storedNodes.capacity {
                list.storedNodes.reserveCapacity(index + index / 4 + Self.growthMinimum)
            }
            list.storedNodes.append(DisplayNode(id: id, name: name))
            built.append(.nothing)
            list.changes.noteOwnValuesChanged(at: index)
            list.changes.noteStructureChanged()
            return false
        }
        if list.storedNodes[index].id != id || list.storedNodes[index].depth != depth {
            list.changes.noteStructureChanged()
            return false
        }
        return true
    }

    /// The second and third reuse paths: the nodes below `index` stand as the list holds them, and
    /// are counted as built. `unread`: not even their viewport values were brought up to date, as
    /// their subtree's root kept its own.
    @inline(__always)
    private mutating func skipDescendants(of index: Int, unread: Bool, count: inout Int, in list: DisplayList) {
        let skipped = Int(list.storedNodes[index].descendantCount)
        count += skipped
        reusedNodeCount += skipped
        skippedNodeCount += skipped
        if unread { unreadNodeCount += skipped }
    }

    /// Visits `view`'s subviews in order, as children of `parent`.
    @inline(__always)
    private mutating func visitSubviews(of view: UIView, under parent: Parent, depth: Int, count: inout Int,
                                        into list: inout DisplayList) {
        // Children are visited through unretained references (a retain and a release per view per
        // frame, otherwise): drawing changes no tree, and `subviews`, held here, keeps each alive.
        let subviews = view.subviews
        subviews.withUnsafeBytes { children in
            for offset in stride(from: 0, to: children.count, by: MemoryLayout<UIView>.stride) {
                Unmanaged<UIView>.fromOpaque(children.load(fromByteOffset: offset, as: UnsafeRawPointer.self))
                    ._withUnsafeGuaranteedRef { child in
                        visit(child, under: parent, depth: depth, count: &count, into: &list)
                    }
            }
        }
    }

    /// Records node `index`'s subtree once visited: how many nodes it has, and what it was built from.
    /// Each is written only when it changed, as the viewport values are.
    @inline(__always)
    private mutating func noteDescendants(of index: Int, count: Int, builtFrom: UInt64, in list: inout DisplayList) {
        let descendantCount = UInt32(count)
        if list.storedNodes[index].descendantCount != descendantCount {
            list.storedNodes[index].descendantCount = descendantCount
        }
        if built[index].descendants != builtFrom { built[index].descendants = builtFrom }
    }

    /// A view's children sit in its bounds space: bounds point − bounds.origin = local point.
    private static func childrenTransform(_ toViewport: CGAffineTransform, boundsOrigin: CGPoint) -> CGAffineTransform {
        CGAffineTransform(translationX: -boundsOrigin.x, y: -boundsOrigin.y).concatenating(toViewport)
    }

    /// Recomputes the part of each node below `index` that follows its ancestors, the viewport
    /// transform and effective alpha, from the list alone, as a visit reusing every node would.
    /// False when a node's alpha comes out zero: a visit leaves such a node out, so it must run.
    private mutating func redrawDescendants(of index: Int, childrenTransform: CGAffineTransform, alpha: Double,
                                            in list: inout DisplayList) -> Bool {
        let last = index + Int(list.storedNodes[index].descendantCount)
        guard last > index else { return true }
        let rootDepth = Int(list.storedNodes[index].depth)
        levels.removeAll(keepingCapacity: true)
        levels.append((childrenTransform, alpha))
        return list.storedNodes.withUnsafeMutableBufferPointer { nodes in
            for offset in index + 1...last {
                let level = Int(nodes[offset].depth) - rootDepth
                guard level >= 1, level <= levels.count else { return false }
                let parent = levels[level - 1]
                let nodeAlpha = parent.alpha * nodes[offset].ownAlpha
                guard nodeAlpha > 0 else { return false }
                let transform = nodes[offset].localTransform.concatenating(parent.transform)
                nodes[offset].transform = transform
                nodes[offset].alpha = nodeAlpha
                let passed = (Self.childrenTransform(transform, boundsOrigin: .zero), nodeAlpha)
                if level < levels.count { levels[level] = passed } else { levels.append(passed) }
            }
            return true
        }
    }
}

/// What a display node draws of a view's layer style (`UIView.layerStyle`).
struct DrawnLayerStyle {
    var shadow: Shadow
    var border: Border
    var corners: Corners
}

extension DisplayNode {
    /// Every field but `descendantCount` (known only once the subtree is drawn); returns whether
    /// any of the node's own values changed, those the wire carries (`NodeChanges`): the viewport
    /// transform and effective alpha follow the ancestors, and id and depth are the structure's.
    /// The comparison stops at the first difference, the values most likely to move first. The
    /// strings are stored only when they differ: equal ones (nearly always the same storage) are
    /// then not released and retained again.
    mutating func update(id: UInt32, name: String, depth: UInt16, size: CGSize, transform: CGAffineTransform,
                         localTransform: CGAffineTransform, alpha: Double, ownAlpha: Double, backgroundColor: UIColor,
                         cornerRadius: Double, clipsToBounds: Bool, text: String?, textColor: UIColor,
                         fontSize: Double, fontWeight: FontWeight, textAlignment: TextAlignment,
                         numberOfLines: UInt8, style: DrawnLayerStyle?, glyph: Glyph?) -> Bool {
        // The shadow and border (in `style`, nil for neither) are compared first, and always: they are
        // stored only when they differ, since storing allocates a box when a copy of this node (a
        // watcher's frame) shares it.
        let corners = style?.corners ?? .all
        let sameDecoration = style.map { hasDecoration(shadow: $0.shadow, border: $0.border) } ?? !isDecorated
        var changed = !sameDecoration || self.localTransform != localTransform || self.ownAlpha != ownAlpha
            || self.size != size || self.backgroundColor != backgroundColor || self.textColor != textColor
            || self.cornerRadius != cornerRadius || self.clipsToBounds != clipsToBounds || self.fontSize != fontSize
            || self.fontWeight != fontWeight || self.textAlignment != textAlignment
            || self.numberOfLines != numberOfLines || self.roundedCorners != corners || self.glyph != glyph
        self.id = id
        self.depth = depth
        self.size = size
        self.transform = transform
        self.localTransform = localTransform
        self.alpha = alpha
        self.ownAlpha = ownAlpha
        self.backgroundColor = backgroundColor
        self.cornerRadius = cornerRadius
        self.clipsToBounds = clipsToBounds
        self.textColor = textColor
        self.fontSize = fontSize
        self.fontWeight = fontWeight
        self.textAlignment = textAlignment
        self.numberOfLines = numberOfLines
        self.roundedCorners = corners
        if !sameDecoration { setDecoration(shadow: style?.shadow ?? .none, border: style?.border ?? .none) }
        self.glyph = glyph
        if self.name != name {
            self.name = name
            changed = true
        }
        if self.text != text {
            self.text = text
            changed = true
        }
        return changed
    }
}

extension DisplayListBuilder {
    /// What a build reads besides the views and the list: what each node was built from, and the
    /// levels a moving subtree is redrawn through.
    func visitFrameMemory<Visitor: FrameMemoryVisitor>(_ visitor: inout Visitor) {
        visitor.visit(built)
        visitor.visit(levels)
    }
}
