import Motion
import UIKit

/// One frame's display list as SVG, in viewport points, drawn as the page's canvas renderer draws
/// it (Public/js/renderer.js): each node a (rounded) rectangle through its transform, filled with
/// its color at its effective alpha, its text centered, and a clipping node clipping exactly its
/// `descendantCount` followers. Text is centred whatever the node's `textAlignment`, as the page
/// draws it: the wire does not carry the alignment yet.
struct FrameDrawing {
    /// Whether labels' text is drawn; without it a frame is geometry alone.
    var drawsText: Bool

    /// The frame's nodes as SVG elements; `idPrefix` keeps clip ids unique in a document that
    /// holds many frames.
    func svg(_ nodes: [DisplayNode], idPrefix: String) -> String {
        var out = ""
        /// Indices of the last node each open clip group covers, innermost last.
        var clipEnds: [Int] = []
        for (index, node) in nodes.enumerated() {
            while let end = clipEnds.last, end < index {
                out += "</g>"
                clipEnds.removeLast()
            }
            let hasArea = node.size.width > 0 && node.size.height > 0
            let matrix = Self.matrix(node.transform)
            if hasArea && node.backgroundColor.alpha > 0 && node.alpha > 0 {
                out += "<rect \(Self.shape(node)) transform=\"\(matrix)\" fill=\"\(Self.rgb(node.backgroundColor))\""
                out += Self.opacity("fill-opacity", node.backgroundColor.alpha * node.alpha) + "/>"
            }
            if let glyph = node.glyph, hasArea, node.alpha > 0 {
                // The glyph's 24-pt box scaled to fit the node, centred, as renderer.js draws it.
                let scale = min(node.size.width, node.size.height) / Glyph.viewBox
                let dx = (node.size.width - Glyph.viewBox * scale) / 2, dy = (node.size.height - Glyph.viewBox * scale) / 2
                let place = CGAffineTransform(scaleX: scale, y: scale).concatenating(CGAffineTransform(translationX: dx, y: dy))
                    .concatenating(node.transform)
                let opacity = node.textColor.alpha * node.alpha
                out += Self.glyphLayer(glyph.pathData, transform: place, color: node.textColor, opacity: opacity)
                if let secondary = glyph.secondaryPathData {
                    out += Self.glyphLayer(secondary, transform: place, color: node.textColor,
                                           opacity: opacity * Glyph.secondaryOpacity)
                }
            }
            if drawsText, let text = node.text, !text.isEmpty, node.alpha > 0 {
                out += "<text x=\"\(ArtifactText.number(node.size.width / 2))\" y=\"\(ArtifactText.number(node.size.height / 2))\""
                out += " transform=\"\(matrix)\" font-size=\"\(ArtifactText.number(node.fontSize))\""
                if node.fontWeight != .regular { out += " font-weight=\"\(node.fontWeight.cssWeight)\"" }
                out += " text-anchor=\"middle\" dominant-baseline=\"central\""
                out += " fill=\"\(Self.rgb(node.textColor))\""
                out += Self.opacity("fill-opacity", node.textColor.alpha * node.alpha)
                out += ">\(ArtifactText.xml(text))</text>"
            }
            if node.clipsToBounds && node.descendantCount > 0 {
                let id = "\(idPrefix)c\(index)"
                out += "<clipPath id=\"\(id)\">"
                out += hasArea ? "<rect \(Self.shape(node)) transform=\"\(matrix)\"/>" : "<rect width=\"0\" height=\"0\"/>"
                out += "</clipPath><g clip-path=\"url(#\(id))\">"
                clipEnds.append(index + Int(node.descendantCount))
            }
        }
        out += String(repeating: "</g>", count: clipEnds.count)
        return out
    }

    private static func glyphLayer(_ path: String, transform: CGAffineTransform, color: UIColor, opacity: Double) -> String {
        "<path d=\"\(path)\" fill-rule=\"evenodd\" transform=\"\(matrix(transform))\" fill=\"\(rgb(color))\""
            + Self.opacity("fill-opacity", opacity) + "/>"
    }

    private static func shape(_ node: DisplayNode) -> String {
        var shape = "width=\"\(ArtifactText.number(node.size.width))\" height=\"\(ArtifactText.number(node.size.height))\""
        let radius = min(node.cornerRadius, node.size.width / 2, node.size.height / 2)
        if radius > 0 { shape += " rx=\"\(ArtifactText.number(radius))\"" }
        return shape
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
