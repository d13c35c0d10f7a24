import Motion

/// Walks a view tree's presentation values into a `DisplayList`, reusing the list's storage so a
/// steady-state frame allocates nothing per view.
struct DisplayListBuilder {
    /// How far a fully dimmed color moves towards its own gray, darkened (0 = no change).
    static let dimmedBrightness = 0.55
    private var nextID: UInt32 = 1

    mutating func build(root: View, into list: inout DisplayList) {
        list.nodes.removeAll(keepingCapacity: true)
        visit(root, parentTransform: .identity, parentAlpha: 1, parentDimming: 0, depth: 0, into: &list.nodes)
    }

    private mutating func visit(_ view: View, parentTransform: AffineTransform, parentAlpha: Double,
                                parentDimming: Double, depth: Int, into nodes: inout [DisplayNode]) {
        if view.isHidden { return }
        // One read of the presentation values, not one per property: each read of a view's stored
        // properties costs an access, and this runs for every view of every frame.
        let values = view.presentationValues
        let alpha = parentAlpha * min(max(values.alpha, 0), 1)
        if alpha <= 0 { return }
        var displayID = view.displayID
        if displayID == 0 {
            displayID = nextID
            view.displayID = displayID
            nextID &+= 1
        }
        let bounds = values.bounds
        let toViewport: AffineTransform
        if depth == 0 {
            toViewport = .identity
        } else {
            // Local (0,0)–(w,h) → centered on the anchor → own transform → moved to the center, in the
            // parent's bounds space → viewport (parentTransform maps the parent's bounds space).
            toViewport = AffineTransform(translationX: -bounds.size.width / 2, y: -bounds.size.height / 2)
                .concatenating(values.transform)
                .concatenating(AffineTransform(translationX: values.center.x, y: values.center.y))
                .concatenating(parentTransform)
        }
        let ownDimming = min(max(values.dimming, 0), 1)
        let dimming = view.tintAdjustmentMode == .normal ? ownDimming : max(ownDimming, parentDimming)
        let border = view.border
        let index = nodes.count
        nodes.append(DisplayNode(
            id: displayID, name: view.name, depth: UInt16(clamping: depth), descendantCount: 0,
            size: bounds.size, transform: toViewport, alpha: alpha,
            backgroundColor: Self.dim(values.backgroundColor, by: dimming),
            cornerRadius: max(values.cornerRadius, 0),
            clipsToBounds: view.clipsToBounds, text: view.text,
            textColor: Self.dim(view.textColor, by: dimming), fontSize: view.fontSize,
            shadow: view.shadow, border: border.isVisible ? Border(width: border.width,
                                                                   color: Self.dim(border.color, by: dimming)) : border))
        // Children sit in this view's bounds space: bounds point − bounds.origin = local point.
        let boundsToViewport = AffineTransform(translationX: -bounds.origin.x, y: -bounds.origin.y)
            .concatenating(toViewport)
        for subview in view.subviews {
            visit(subview, parentTransform: boundsToViewport, parentAlpha: alpha, parentDimming: dimming,
                  depth: depth + 1, into: &nodes)
        }
        nodes[index].descendantCount = UInt32(nodes.count - index - 1)
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
