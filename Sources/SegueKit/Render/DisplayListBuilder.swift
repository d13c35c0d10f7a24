import Motion

/// Walks a view tree's presentation values into a `DisplayList`, reusing the list's storage so a
/// steady-state frame allocates nothing per view.
///
/// Most views do not change from one frame to the next, even mid-transition: a moving screen's
/// subviews move only with it. Such a view's node keeps its own values, and only what follows its
/// ancestors (the viewport transform and the effective alpha) is computed again: see `reuses`.
struct DisplayListBuilder {
    /// How far a fully dimmed color moves towards its own gray, darkened (0 = no change).
    static let dimmedBrightness = 0.55
    /// When the list runs out of room it grows by a quarter plus this many nodes, not twofold: every
    /// session keeps its list, so a screen of 21 nodes held room for 32; it now holds about 22.
    /// The growth is still geometric, and rare: the list keeps its storage from frame to frame.
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
    private var levels: [(transform: AffineTransform, alpha: Double)] = []
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
    mutating func build(root: View, into list: inout DisplayList) {
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
        visit(root, parentTransform: .identity, parentOrigin: .zero, parentAlpha: 1, parentDimming: 0, depth: 0,
              count: &count, into: &list)
        if list.storedNodes.count > count { list.storedNodes.removeSubrange(count...) }
        if built.count > count { built.removeSubrange(count...) }
        list.changes.trim(to: count)
    }

    /// Whether node `index` can keep its own values: it was built from this revision of this view,
    /// at this place in the tree, and nothing else it was computed from can have moved since (see
    /// `built`; the context's own parts are checked here, as they are now).
    private func reuses(_ view: View, displayID: UInt32, depth: UInt16, at index: Int, parentOrigin: Point,
                        parentDimming: Double, in list: DisplayList) -> Bool {
        index < built.count && built[index].own == view.drawRevision && view.animationCount == 0
            && parentOrigin == .zero && parentDimming == 0
            && list.storedNodes[index].id == displayID && list.storedNodes[index].depth == depth
    }

    private mutating func visit(_ view: View, parentTransform: AffineTransform, parentOrigin: Point,
                                parentAlpha: Double, parentDimming: Double, depth: Int, count: inout Int,
                                into list: inout DisplayList) {
        if view.isHidden { return }
        let index = count
        let nodeDepth = UInt16(clamping: depth)
        let boundsOrigin: Point
        let dimming: Double
        let toViewport: AffineTransform
        let alpha: Double
        /// Whether the node at `index` was this view's at this depth before this build.
        let sameSlot: Bool
        /// Whether the node's viewport transform and effective alpha came out as the last build left
        /// them: then so do its descendants', if nothing below changed.
        let sameViewportValues: Bool
        if view.displayID != 0, reuses(view, displayID: view.displayID, depth: nodeDepth, at: index,
                                        parentOrigin: parentOrigin, parentDimming: parentDimming, in: list) {
            // The node's own values stand. With the parent's bounds at the origin its local
            // transform is the view's own (`toCenter` below) and its own alpha the model's, so the
            // ancestors' part comes out exactly as a full computation gives it.
            alpha = parentAlpha * list.storedNodes[index].ownAlpha
            if alpha <= 0 {
                // Left out by an alpha too small to multiply: not a state to skip past.
                notReusableNodes += 1
                return
            }
            count += 1
            reusedNodeCount += 1
            sameSlot = true
            toViewport = depth == 0 ? .identity : list.storedNodes[index].localTransform.concatenating(parentTransform)
            sameViewportValues = list.storedNodes[index].transform == toViewport
                && list.storedNodes[index].alpha == alpha
            // Written only when they moved: each write into the list checks its storage is unique.
            if !sameViewportValues {
                list.storedNodes[index].transform = toViewport
                list.storedNodes[index].alpha = alpha
            }
            boundsOrigin = view.model.bounds.origin
            let ownDimming = min(max(view.model.dimming, 0), 1)
            dimming = view.tintAdjustmentMode == .normal ? ownDimming : max(ownDimming, parentDimming)
        } else {
            // One read of the presentation values, not one per property: each read of a view's stored
            // properties costs an access, and this runs for every view of every frame.
            let values = view.presentationValues
            let ownAlpha = min(max(values.alpha, 0), 1)
            alpha = parentAlpha * ownAlpha
            if alpha <= 0 {
                // Left out for now, but an animation (or an alpha too small to multiply) can bring
                // it back with no write: its ancestors' subtrees must not be skipped.
                if view.animationCount != 0 || ownAlpha > 0 { notReusableNodes += 1 }
                return
            }
            var displayID = view.displayID
            if displayID == 0 {
                displayID = nextID
                view.displayID = displayID
                nextID &+= 1
            }
            let bounds = values.bounds
            boundsOrigin = bounds.origin
            let toParent: AffineTransform
            if depth == 0 {
                toViewport = .identity
                toParent = .identity
            } else {
                // Local (0,0)–(w,h) → centered on the anchor → own transform → moved to the center, in
                // the parent's bounds space → viewport (parentTransform maps the parent's bounds space).
                let toCenter = AffineTransform(translationX: -bounds.size.width / 2, y: -bounds.size.height / 2)
                    .concatenating(values.transform)
                    .concatenating(AffineTransform(translationX: values.center.x, y: values.center.y))
                toViewport = toCenter.concatenating(parentTransform)
                toParent = parentOrigin == .zero ? toCenter
                    : toCenter.concatenating(AffineTransform(translationX: -parentOrigin.x, y: -parentOrigin.y))
            }
            let ownDimming = min(max(values.dimming, 0), 1)
            dimming = view.tintAdjustmentMode == .normal ? ownDimming : max(ownDimming, parentDimming)
            // Most views have neither shadow nor border: then nothing is read or compared but the box.
            var style: (shadow: Shadow, border: Border)?
            if view.hasLayerStyle {
                var border = view.border
                if border.isVisible { border.color = Self.dim(border.color, by: dimming) }
                style = (view.shadow, border)
            }
            count += 1
            if index == list.storedNodes.count {
                if index == list.storedNodes.capacity {
                    list.storedNodes.reserveCapacity(index + index / 4 + Self.growthMinimum)
                }
                list.storedNodes.append(DisplayNode(id: displayID, name: view.name))
                built.append(.nothing)
                list.changes.noteOwnValuesChanged(at: index)
                list.changes.noteStructureChanged()
                sameSlot = false
            } else if list.storedNodes[index].id != displayID || list.storedNodes[index].depth != nodeDepth {
                list.changes.noteStructureChanged()
                sameSlot = false
            } else {
                sameSlot = true
            }
            sameViewportValues = sameSlot && list.storedNodes[index].transform == toViewport
                && list.storedNodes[index].alpha == alpha
            let changed = list.storedNodes[index].update(
                id: displayID, name: view.name, depth: nodeDepth, size: bounds.size, transform: toViewport,
                localTransform: toParent, alpha: alpha, ownAlpha: ownAlpha,
                backgroundColor: Self.dim(values.backgroundColor, by: dimming),
                cornerRadius: max(values.cornerRadius, 0), clipsToBounds: view.clipsToBounds, text: view.text,
                textColor: Self.dim(view.textColor, by: dimming), fontSize: view.fontSize,
                fontWeight: view.fontWeight, style: style, glyph: view.glyph)
            if changed { list.changes.noteOwnValuesChanged(at: index) }
            let dependsOnViewAlone = view.animationCount == 0 && parentOrigin == .zero && parentDimming == 0
            built[index].own = dependsOnViewAlone ? view.drawRevision : Self.notReusable
            if !dependsOnViewAlone { notReusableNodes += 1 }
        }
        let boundsToViewport = Self.childrenTransform(toViewport, boundsOrigin: boundsOrigin)
        // Nothing below moved since it was last visited here: its nodes stay, and only what they
        // take from this view is carried down, in the list, without reading a view (views are
        // scattered in memory; the list is one array). A leaf takes this path too, and its
        // `subviews` are then not read at all.
        let descendantsRevision = view.descendantsRevision
        let drawnThroughIdentity = boundsOrigin == .zero && dimming == 0
        // When this node's own viewport values did not move either, the nodes below are exactly as
        // the last build left them, and are not even read (a screen at rest beside a moving one).
        if sameSlot, drawnThroughIdentity, built[index].descendants == descendantsRevision,
           sameViewportValues
            || redrawDescendants(of: index, childrenTransform: boundsToViewport, alpha: alpha, in: &list) {
            let skipped = Int(list.storedNodes[index].descendantCount)
            count += skipped
            reusedNodeCount += skipped
            skippedNodeCount += skipped
            if sameViewportValues { unreadNodeCount += skipped }
            return
        }
        let notReusableBefore = notReusableNodes
        // Children are visited through unretained references (a retain and a release per view per
        // frame, otherwise): drawing changes no tree, and `subviews`, held here, keeps each alive.
        let subviews = view.subviews
        subviews.withUnsafeBytes { children in
            for offset in stride(from: 0, to: children.count, by: MemoryLayout<View>.stride) {
                Unmanaged<View>.fromOpaque(children.load(fromByteOffset: offset, as: UnsafeRawPointer.self))
                    ._withUnsafeGuaranteedRef { child in
                        visit(child, parentTransform: boundsToViewport, parentOrigin: boundsOrigin, parentAlpha: alpha,
                              parentDimming: dimming, depth: depth + 1, count: &count, into: &list)
                    }
            }
        }
        // Written only when they changed, as above.
        let descendantCount = UInt32(count - index - 1)
        if list.storedNodes[index].descendantCount != descendantCount {
            list.storedNodes[index].descendantCount = descendantCount
        }
        let descendantsBuiltFrom = drawnThroughIdentity && notReusableNodes == notReusableBefore
            ? descendantsRevision : Self.notReusable
        if built[index].descendants != descendantsBuiltFrom { built[index].descendants = descendantsBuiltFrom }
    }

    /// A view's children sit in its bounds space: bounds point − bounds.origin = local point.
    private static func childrenTransform(_ toViewport: AffineTransform, boundsOrigin: Point) -> AffineTransform {
        AffineTransform(translationX: -boundsOrigin.x, y: -boundsOrigin.y).concatenating(toViewport)
    }

    /// Recomputes the part of each node below `index` that follows its ancestors, the viewport
    /// transform and effective alpha, from the list alone, as a visit reusing every node would.
    /// False when a node's alpha comes out zero: a visit leaves such a node out, so it must run.
    private mutating func redrawDescendants(of index: Int, childrenTransform: AffineTransform, alpha: Double,
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

    /// Desaturates and darkens towards gray: UIKit dims tint colors; here the whole view dims visibly.
    static func dim(_ color: Color, by level: Double) -> Color {
        guard level > 0 else { return color }
        let luminance = 0.299 * color.red + 0.587 * color.green + 0.114 * color.blue
        let gray = luminance * dimmedBrightness
        return Color(red: color.red + (gray - color.red) * level,
                     green: color.green + (gray - color.green) * level,
                     blue: color.blue + (gray - color.blue) * level,
                     alpha: color.alpha)
    }
}

extension DisplayNode {
    /// Every field but `descendantCount` (known only once the subtree is drawn); returns whether
    /// any of the node's own values changed, those the wire carries (`NodeChanges`): the viewport
    /// transform and effective alpha follow the ancestors, and id and depth are the structure's.
    /// The comparison stops at the first difference, the values most likely to move first. The
    /// strings are stored only when they differ: equal ones (nearly always the same storage) are
    /// then not released and retained again.
    mutating func update(id: UInt32, name: String, depth: UInt16, size: Size, transform: AffineTransform,
                         localTransform: AffineTransform, alpha: Double, ownAlpha: Double, backgroundColor: Color,
                         cornerRadius: Double, clipsToBounds: Bool, text: String?, textColor: Color,
                         fontSize: Double, fontWeight: FontWeight, style: (shadow: Shadow, border: Border)?,
                         glyph: Glyph?) -> Bool {
        // The shadow and border (`style`, nil for neither) are compared first, and always: they are
        // stored only when they differ, since storing allocates a box when a copy of this node (a
        // watcher's frame) shares it.
        let sameDecoration = style.map { hasDecoration(shadow: $0.shadow, border: $0.border) } ?? !isDecorated
        var changed = !sameDecoration || self.localTransform != localTransform || self.ownAlpha != ownAlpha
            || self.size != size || self.backgroundColor != backgroundColor || self.textColor != textColor
            || self.cornerRadius != cornerRadius || self.clipsToBounds != clipsToBounds || self.fontSize != fontSize
            || self.fontWeight != fontWeight || self.glyph != glyph
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
