/// Numbers and text as the SVG and JSON artifacts print them: numbers rounded to hundredths, so
/// float noise below a hundredth of a point never changes a byte, and text escaped for XML.
enum ArtifactText {
    /// Hundredths: finer than a screen can show, coarse enough to hide rounding noise.
    static let decimals = 100.0

    /// `value` rounded to hundredths, without trailing zeros and never "-0" ("12", "0.5", "-3.25").
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let hundredths = Int64((value * decimals).rounded())
        if hundredths == 0 { return "0" }
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = hundredths.magnitude
        let whole = magnitude / 100, fraction = magnitude % 100
        if fraction == 0 { return "\(sign)\(whole)" }
        if fraction % 10 == 0 { return "\(sign)\(whole).\(fraction / 10)" }
        return "\(sign)\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// Text safe inside an XML element or a double-quoted attribute.
    static func xml(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case _ where scalar.value < 0x20: out += " "
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
