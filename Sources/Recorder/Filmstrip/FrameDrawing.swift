import Motion
import UIKit

/// One frame's display list as SVG, in viewport points, drawn as the page's canvas renderer draws
/// it (Public/js/renderer.js): each node a rectangle through its transform, its `roundedCorners`
/// rounded, filled with its color at its effective alpha (a faded subtree as one group), its text
/// placed by its alignment, and a clipping node clipping exactly its `descendantCount` followers.
/// Text is one line: SVG does not wrap, and the server does not measure text, so a label of several
/// lines is drawn as one.
struct FrameDrawing {
    /// Whether labels' text is drawn; without it a frame is geometry alone.
    var drawsText: Bool

    /// The frame's nodes as SVG elements; `idPrefix` keeps clip ids unique in a document that
    /// holds many frames. A node of its own alpha below 1 with descendants, or drawing more than
    /// one part (fill, glyph, text), is faded as one group (CALayer's `allowsGroupOpacity`):
    /// one `<g opacity>`, its elements inside at their alpha relative to it.
    func svg(_ nodes: [DisplayNode], idPrefix: String) -> String {
        var out = ""
        /// Indices of the last node each open `<g>` (a clip, or a faded group) covers, innermost last.
        var groupEnds: [Int] = []
        /// The faded groups open, innermost last: each one's last node and alpha.
        var fades: [(end: Int, alpha: Double)] = []
        for (index, node) in nodes.enumerated() {
            while let end = groupEnds.last, end < index {
                out += "</g>"
                groupEnds.removeLast()
            }
            while let fade = fades.last, fade.end < index { fades.removeLast() }
            let end = index + Int(node.descendantCount)
            let hasArea = node.size.width > 0 && node.size.height > 0
            let drawsFill = hasArea && node.backgroundColor.alpha > 0
            let drawnText = drawsText ? node.text.flatMap { $0.isEmpty ? nil : $0 } : nil
            let parts = (drawsFill ? 1 : 0) + (hasArea && node.glyph != nil ? 1 : 0) + (drawnText != nil ? 1 : 0)
            if node.alpha > 0 && node.ownAlpha < 1 && (node.descendantCount > 0 || parts > 1) {
                out += "<g opacity=\"\(ArtifactText.number(node.alpha / (fades.last?.alpha ?? 1)))\">"
                groupEnds.append(end)
                fades.append((end, node.alpha))
            }
            let alpha = node.alpha / (fades.last?.alpha ?? 1)
            let matrix = Self.matrix(node.transform)
            if drawsFill && alpha > 0 {
                out += "\(Self.shape(node)) transform=\"\(matrix)\" fill=\"\(Self.rgb(node.backgroundColor))\""
                out += Self.opacity("fill-opacity", node.backgroundColor.alpha * alpha) + "/>"
            }
            if let glyph = node.glyph, hasArea, alpha > 0 {
                // The glyph's 24-pt box scaled to fit the node, centred, as renderer.js draws it.
                let scale = min(node.size.width, node.size.height) / Glyph.viewBox
                let dx = (node.size.width - Glyph.viewBox * scale) / 2, dy = (node.size.height - Glyph.viewBox * scale) / 2
                let place = CGAffineTransform(scaleX: scale, y: scale).concatenating(CGAffineTransform(translationX: dx, y: dy))
                    .concatenating(node.transform)
                let opacity = node.textColor.alpha * alpha
                out += Self.glyphLayer(glyph.pathData, transform: place, color: node.textColor, opacity: opacity)
                if let secondary = glyph.secondaryPathData {
                    out += Self.glyphLayer(secondary, transform: place, color: node.textColor,
                                           opacity: opacity * Glyph.secondaryOpacity)
                }
            }
            if let text = drawnText, alpha > 0 {
                let x = switch node.textAlignment {
                case .left: 0.0
                case .center: node.size.width / 2
                case .right: node.size.width
                }
                out += "<text x=\"\(ArtifactText.number(x))\" y=\"\(ArtifactText.number(node.size.height / 2))\""
                out += " transform=\"\(matrix)\" font-size=\"\(ArtifactText.number(node.fontSize))\""
                if node.fontWeight != .regular { out += " font-weight=\"\(node.fontWeight.cssWeight)\"" }
                out += " text-anchor=\"\(Self.anchor(node.textAlignment))\" dominant-baseline=\"central\""
                out += " fill=\"\(Self.rgb(node.textColor))\""
                out += Self.opacity("fill-opacity", node.textColor.alpha * alpha)
                out += ">\(ArtifactText.xml(text))</text>"
            }
            if node.clipsToBounds && node.descendantCount > 0 {
                let id = "\(idPrefix)c\(index)"
                out += "<clipPath id=\"\(id)\">"
                out += hasArea ? "\(Self.shape(node)) transform=\"\(matrix)\"/>" : "<rect width=\"0\" height=\"0\"/>"
                out += "</clipPath><g clip-path=\"url(#\(id))\">"
                groupEnds.append(end)
            }
        }
        out += String(repeating: "</g>", count: groupEnds.count)
        return out
    }

    private static func glyphLayer(_ path: String, transform: CGAffineTransform, color: UIColor, opacity: Double) -> String {
        "<path d=\"\(path)\" fill-rule=\"evenodd\" transform=\"\(matrix(transform))\" fill=\"\(rgb(color))\""
            + Self.opacity("fill-opacity", opacity) + "/>"
    }

    /// The node's outline as an open SVG element: a `rect` when all four corners or none are
    /// rounded, a `path` when only some are (SVG's `rx` rounds all four).
    private static func shape(_ node: DisplayNode) -> String {
        let width = node.size.width, height = node.size.height
        let radius = min(node.cornerRadius, width / 2, height / 2)
        let corners = node.roundedCorners
        var shape = "<rect width=\"\(ArtifactText.number(width))\" height=\"\(ArtifactText.number(height))\""
        guard radius > 0, !corners.isEmpty else { return shape }
        guard corners != .all else { return shape + " rx=\"\(ArtifactText.number(radius))\"" }
        // Clockwise from the top left, each corner an arc of `radius` or a sharp turn.
        func r(_ corner: Corners) -> Double { corners.contains(corner) ? radius : 0 }
        let n = ArtifactText.number
        let (tl, tr, br, bl) = (r(.topLeft), r(.topRight), r(.bottomRight), r(.bottomLeft))
        shape = "<path d=\"M\(n(tl)) 0H\(n(width - tr))"
        if tr > 0 { shape += "A\(n(tr)) \(n(tr)) 0 0 1 \(n(width)) \(n(tr))" }
        shape += "V\(n(height - br))"
        if br > 0 { shape += "A\(n(br)) \(n(br)) 0 0 1 \(n(width - br)) \(n(height))" }
        shape += "H\(n(bl))"
        if bl > 0 { shape += "A\(n(bl)) \(n(bl)) 0 0 1 0 \(n(height - bl))" }
        shape += "V\(n(tl))"
        if tl > 0 { shape += "A\(n(tl)) \(n(tl)) 0 0 1 \(n(tl)) 0" }
        return shape + "Z\""
    }

    /// SVG's `text-anchor` for an alignment: where `x` sits in the line.
    private static func anchor(_ alignment: TextAlignment) -> String {
        switch alignment {
        case .left: "start"
        case .center: "middle"
        case .right: "end"
        }
    }

    /// The transform as SVG's `matrix(a b c d e f)`, which maps (x, y) exactly as DisplayNode's does.
    static func matrix(_ m: CGAffineTransform) -> String {
        "matrix(" + [m.a, m.b, m.c, m.d, m.tx, m.ty].map(ArtifactText.number).joined(separator: " ") + ")"
    }

    /// `#rrggbb`; alpha goes in an opacity attribute.
    static func rgb(_ color: UIColor) -> String {
        String(color.hexString.prefix(7))
    }

    /// The attribute, or nothing when fully opaque.
    static func opacity(_ attribute: String, _ value: Double) -> String {
        value >= 1 ? "" : " \(attribute)=\"\(ArtifactText.number(value))\""
    }
}
