import Motion
import UIKit

/// Writes one recorded frame as a JSON object on one line, numbers rounded to 1e-4 so that output is
/// short and byte-identical from run to run.
struct FrameWriter {
    private var line = ""

    mutating func write(frame index: Int, time: Double, top: String, transition: TransitionStatus?,
                        release: TransitionRelease? = nil, list: DisplayList) -> String {
        line.removeAll(keepingCapacity: true)
        line += "{\"frame\":\(index),\"t\":\(Self.number(time)),\"top\":"
        Self.appendString(top, to: &line)
        line += ",\"transition\":"
        if let transition {
            line += "{\"operation\":\"\(transition.operation.rawValue)\",\"phase\":\"\(transition.phase.rawValue)\""
            line += ",\"progress\":\(Self.number(transition.progress))"
            line += ",\"percentComplete\":\(Self.number(transition.percentComplete)),\"interactive\":\(transition.isInteractive)}"
        } else {
            line += "null"
        }
        if let release {
            line += ",\"release\":{\"operation\":\"\(release.operation.rawValue)\",\"decision\":\"\(release.decision.rawValue)\""
            line += ",\"progress\":\(Self.number(release.progress))"
            for (key, value) in [("velocity", release.velocity), ("projectedProgress", release.projectedProgress),
                                 ("threshold", release.threshold)] {
                line += ",\"\(key)\":" + (value.map { Self.number($0) } ?? "null")
            }
            line += "}"
        }
        if !list.hint.isEmpty {
            line += ",\"hint\":"
            Self.appendString(list.hint, to: &line)
        }
        line += ",\"nodes\":["
        for (i, node) in list.nodes.enumerated() {
            if i > 0 { line += "," }
            line += "{\"id\":\(node.id),\"name\":"
            Self.appendString(node.name, to: &line)
            let m = node.transform
            line += ",\"w\":\(Self.number(node.size.width)),\"h\":\(Self.number(node.size.height))"
            line += ",\"m\":[\(Self.number(m.a)),\(Self.number(m.b)),\(Self.number(m.c)),\(Self.number(m.d)),"
            line += "\(Self.number(m.tx)),\(Self.number(m.ty))]"
            line += ",\"alpha\":\(Self.number(node.alpha)),\"color\":\"\(node.backgroundColor.hexString)\""
            if let text = node.text {
                line += ",\"text\":"
                Self.appendString(text, to: &line)
            }
            if node.text != nil, node.fontWeight != .regular { line += ",\"weight\":\(node.fontWeight.cssWeight)" }
            // Only what differs from the defaults (centred, one line, four rounded corners, no shadow,
            // no border): a recording of views that use none of them reads as it always did.
            if node.text != nil, node.textAlignment != .center { line += ",\"align\":\"\(node.textAlignment)\"" }
            if node.text != nil, node.numberOfLines != 1 { line += ",\"lines\":\(node.numberOfLines)" }
            if node.cornerRadius > 0 { line += ",\"radius\":\(Self.number(node.cornerRadius))" }
            if node.cornerRadius > 0, node.roundedCorners != .all { line += ",\"corners\":\(node.roundedCorners.rawValue)" }
            let shadow = node.shadow
            if shadow.isVisible {
                line += ",\"shadow\":{\"color\":\"\(shadow.color.hexString)\",\"opacity\":\(Self.number(shadow.opacity))"
                line += ",\"radius\":\(Self.number(shadow.radius)),\"offset\":[\(Self.number(shadow.offset.width)),"
                line += "\(Self.number(shadow.offset.height))]}"
            }
            if node.border.isVisible {
                line += ",\"border\":{\"width\":\(Self.number(node.border.width)),\"color\":\"\(node.border.color.hexString)\"}"
            }
            if let glyph = node.glyph {
                line += ",\"glyph\":"
                Self.appendString(glyph.rawValue, to: &line)
                line += ",\"tint\":\"\(node.textColor.hexString)\""
            }
            line += "}"
        }
        line += "]}"
        return line
    }

    /// Rounded to four decimals; whole numbers without a fraction; never "-0".
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (value * 10_000).rounded() / 10_000
        if rounded == 0 { return "0" }
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        return String(rounded)
    }

    static func appendString(_ string: String, to output: inout String) {
        output += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
