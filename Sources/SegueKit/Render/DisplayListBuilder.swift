import Motion

/// Walks a view tree's presentation values into a `DisplayList`, reusing the list's storage so a
/// steady-state frame allocates nothing per view.
struct DisplayListBuilder {
    /// How far a fully dimmed color moves towards its own gray, darkened (0 = no change).
    static let dimmedBrightness = 0.55
    private var nextID: UInt32 = 1

    /// Writes over last frame's nodes in place and trims what is left over: most fields change each
    /// frame, but a node's strings rarely do, and rebuilding every node would release and retain them.
    mutating func build(root: View, into list: inout DisplayList) {
        var count = 0
        visit(root, parentTransform: .identity, parentOrigin: .zero, parentAlpha: 1, parentDimming: 0, depth: 0,
              count: &count, into: &list.nodes)
        if list.nodes.count > count { list.nodes.removeSubrange(count...) }
    }

    private mutating func visit(_ view: View, parentTransform: AffineTransform, parentOrigin: Point,
                                parentAlpha: Double, parentDimming: Double, depth: Int, count: inout Int,
                                into nodes: inout [DisplayNode]) {
        if view.isHidden { return }
        // One read of the presentation values, not one per property: each read of a view's stored
        // properties costs an access, and this runs for every view of every frame.
        let values = view.presentationValues
        let ownAlpha = min(max(values.alpha, 0), 1)
        let alpha = parentAlpha * ownAlpha
        if alpha <= 0 { return }
        var displayID = view.displayID
        if displayID == 0 {
            displayID = nextID
            view.displayID = displayID
            nextID &+= 1
        }
        let bounds = values.bounds
        let toViewport: AffineTransform
        let toParent: AffineTransform
        if depth == 0 {
            toViewport = .identity
            toParent = .identity
        } else {
            // Local (0,0)–(w,h) → centered on the anchor → own transform → moved to the center, in the
            // parent's bounds space → viewport (parentTransform maps the parent's bounds space).
            let toCenter = AffineTransform(translationX: -bounds.size.width / 2, y: -bounds.size.height / 2)
                .concatenating(values.transform)
                .concatenating(AffineTransform(translationX: values.center.x, y: values.center.y))
            toViewport = toCenter.concatenating(parentTransform)
            toParent = parentOrigin == .zero ? toCenter
                : toCenter.concatenating(AffineTransform(translationX: -parentOrigin.x, y: -parentOrigin.y))
        }
        let ownDimming = min(max(values.dimming, 0), 1)
        let dimming = view.tintAdjustmentMode == .normal ? ownDimming : max(ownDimming, parentDimming)
        var border = view.border
        if border.isVisible { border.color = Self.dim(border.color, by: dimming) }
        let index = count
        count += 1
        if index == nodes.count {
            nodes.append(DisplayNode(id: displayID, name: view.name))
        }
        nodes[index].update(
            id: displayID, name: view.name, depth: UInt16(clamping: depth), size: bounds.size, transform: toViewport,
            localTransform: toParent, alpha: alpha, ownAlpha: ownAlpha,
            backgroundColor: Self.dim(values.backgroundColor, by: dimming),
            cornerRadius: max(values.cornerRadius, 0), clipsToBounds: view.clipsToBounds, text: view.text,
            textColor: Self.dim(view.textColor, by: dimming), fontSize: view.fontSize, fontWeight: view.fontWeight,
            shadow: view.shadow,
            border: border, glyph: view.glyph)
        // Children sit in this view's bounds space: bounds point − bounds.origin = local point.
        let boundsToViewport = AffineTransform(translationX: -bounds.origin.x, y: -bounds.origin.y)
            .concatenating(toViewport)
        // Children are visited through unretained references (a retain and a release per view per
        // frame, otherwise): drawing changes no tree, and `subviews`, held here, keeps each alive.
        let subviews = view.subviews
        subviews.withUnsafeBytes { children in
            for offset in stride(from: 0, to: children.count, by: MemoryLayout<View>.stride) {
                Unmanaged<View>.fromOpaque(children.load(fromByteOffset: offset, as: UnsafeRawPointer.self))
                    ._withUnsafeGuaranteedRef { child in
                        visit(child, parentTransform: boundsToViewport, parentOrigin: bounds.origin, parentAlpha: alpha,
                              parentDimming: dimming, depth: depth + 1, count: &count, into: &nodes)
                    }
            }
        }
        nodes[index].descendantCount = UInt32(count - index - 1)
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
    /// Every field but `descendantCount` (known only once the subtree is drawn). The strings are
    /// compared before they are stored: equal ones (nearly always the same storage) are left alone,
    /// which saves a release and a retain each.
    mutating func update(id: UInt32, name: String, depth: UInt16, size: Size, transform: AffineTransform,
                         localTransform: AffineTransform, alpha: Double, ownAlpha: Double, backgroundColor: Color,
                         cornerRadius: Double, clipsToBounds: Bool, text: String?, textColor: Color,
                         fontSize: Double, fontWeight: FontWeight, shadow: Shadow, border: Border, glyph: Glyph?) {
        self.id = id
        if self.name != name { self.name = name }
        self.depth = depth
        self.size = size
        self.transform = transform
        self.localTransform = localTransform
        self.alpha = alpha
        self.ownAlpha = ownAlpha
        self.backgroundColor = backgroundColor
        self.cornerRadius = cornerRadius
        self.clipsToBounds = clipsToBounds
        if self.text != text { self.text = text }
        self.textColor = textColor
        self.fontSize = fontSize
        self.fontWeight = fontWeight
        self.shadow = shadow
        self.border = border
        self.glyph = glyph
    }
}
