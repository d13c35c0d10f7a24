import Motion

/// Walks a view tree's presentation values into a `DisplayList`, reusing the list's storage so a
/// steady-state frame allocates nothing per view.
struct DisplayListBuilder {
    /// How far a fully dimmed color moves towards its own gray, darkened (0 = no change).
    static let dimmedBrightness = 0.55
    private var nextID: UInt32 = 1

    mutating func build(root: View, into list: inout DisplayList) {
        list.nodes.removeAll(keepingCapacity: true)
        visit(root, parentTransform: .identity, parentOrigin: .zero, parentAlpha: 1, parentDimming: 0, depth: 0,
              into: &list.nodes)
    }

    private mutating func visit(_ view: View, parentTransform: AffineTransform, parentOrigin: Point,
                                parentAlpha: Double, parentDimming: Double, depth: Int,
                                into nodes: inout [DisplayNode]) {
        if view.isHidden { return }
        let ownAlpha = min(max(Double(animationVector: view.presentationVector(.alpha)), 0), 1)
        let alpha = parentAlpha * ownAlpha
        if alpha <= 0 { return }
        if view.displayID == 0 {
            view.displayID = nextID
            nextID &+= 1
        }
        let bounds = Rect(animationVector: view.presentationVector(.bounds))
        let toViewport: AffineTransform
        let toParent: AffineTransform
        if depth == 0 {
            toViewport = .identity
            toParent = .identity
        } else {
            let center = Point(animationVector: view.presentationVector(.center))
            let transform = AffineTransform(animationVector: view.presentationVector(.transform))
            // Local (0,0)–(w,h) → centered on the anchor → own transform → moved to the center, in the
            // parent's bounds space → viewport (parentTransform maps the parent's bounds space).
            let toCenter = AffineTransform(translationX: -bounds.size.width / 2, y: -bounds.size.height / 2)
                .concatenating(transform)
                .concatenating(AffineTransform(translationX: center.x, y: center.y))
            toViewport = toCenter.concatenating(parentTransform)
            toParent = parentOrigin == .zero ? toCenter
                : toCenter.concatenating(AffineTransform(translationX: -parentOrigin.x, y: -parentOrigin.y))
        }
        let ownDimming = min(max(Double(animationVector: view.presentationVector(.dimming)), 0), 1)
        let dimming = view.tintAdjustmentMode == .normal ? ownDimming : max(ownDimming, parentDimming)
        let background = Color(animationVector: view.presentationVector(.backgroundColor))
        let index = nodes.count
        nodes.append(DisplayNode(
            id: view.displayID, name: view.name, depth: UInt16(clamping: depth), descendantCount: 0,
            size: bounds.size, transform: toViewport, localTransform: toParent, alpha: alpha, ownAlpha: ownAlpha,
            backgroundColor: Self.dim(background, by: dimming),
            cornerRadius: max(Double(animationVector: view.presentationVector(.cornerRadius)), 0),
            clipsToBounds: view.clipsToBounds, text: view.text,
            textColor: Self.dim(view.textColor, by: dimming), fontSize: view.fontSize,
            shadow: view.shadow, border: view.border.isVisible ? Border(width: view.border.width,
                                                                      color: Self.dim(view.border.color, by: dimming)) : view.border,
            glyph: view.glyph))
        // Children sit in this view's bounds space: bounds point − bounds.origin = local point.
        let boundsToViewport = AffineTransform(translationX: -bounds.origin.x, y: -bounds.origin.y)
            .concatenating(toViewport)
        for subview in view.subviews {
            visit(subview, parentTransform: boundsToViewport, parentOrigin: bounds.origin, parentAlpha: alpha,
                  parentDimming: dimming, depth: depth + 1, into: &nodes)
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
