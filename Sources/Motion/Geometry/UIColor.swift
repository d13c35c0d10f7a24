/// `UIColor`: a color, as straight (not premultiplied) sRGB components in 0…1.
///
/// A value, where UIKit's is an object: every color here is a fixed sRGB color, so the dynamic
/// system colors (`label`, `systemBackground`, …) are their light-mode values (the world has no
/// dark mode), and two colors are equal when their components are.
public struct UIColor: Hashable, Sendable {
    // Not UIKit's (which reads components through `getRed(_:green:blue:alpha:)`): what the display
    // list, the wire and the recorder read, as `Double`s.
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    /// `init(red:green:blue:alpha:)`: components in 0…1 (sRGB; values outside it are kept, as
    /// UIKit's extended sRGB keeps them, and clamped where drawn).
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.red = Double(red)
        self.green = Double(green)
        self.blue = Double(blue)
        self.alpha = Double(alpha)
    }

    /// `init(white:alpha:)`: a gray, `white` from 0 (black) to 1 (white).
    public init(white: CGFloat, alpha: CGFloat) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// `init(cgColor:)`: the same color.
    public init(cgColor: CGColor) {
        self.init(red: cgColor.red, green: cgColor.green, blue: cgColor.blue, alpha: cgColor.alpha)
    }

    /// `cgColor`: the same color as Core Graphics' value, what a layer's colors take
    /// (`layer.backgroundColor = color.cgColor`).
    public var cgColor: CGColor {
        CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// `getRed(_:green:blue:alpha:)`: the components, and true (every color here is RGB).
    public func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
                       blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        red?.pointee = CGFloat(self.red)
        green?.pointee = CGFloat(self.green)
        blue?.pointee = CGFloat(self.blue)
        alpha?.pointee = CGFloat(self.alpha)
        return true
    }

    /// `withAlphaComponent(_:)`: the same color at opacity `alpha` (not multiplied by the old one).
    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// `0xRRGGBB` (opaque), e.g. `UIColor(hex: 0x4A90E2)`. Not UIKit's: a convenience for palettes.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(red: Double((hex >> 16) & 0xFF) / 255,
                  green: Double((hex >> 8) & 0xFF) / 255,
                  blue: Double(hex & 0xFF) / 255,
                  alpha: alpha)
    }

    /// Parses `#rgb`, `#rrggbb` or `#rrggbbaa` (the `#` is optional); nil for anything else.
    public init?(hex string: String) {
        var digits = Substring(string)
        if digits.first == "#" { digits = digits.dropFirst() }
        // UInt32(_:radix:) also takes a leading sign ("+fff"), so check the digits first.
        guard digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else { return nil }
        switch digits.count {
        case 3:
            let r = (value >> 8) & 0xF, g = (value >> 4) & 0xF, b = value & 0xF
            self.init(hex: (r * 17) << 16 | (g * 17) << 8 | b * 17)
        case 6:
            self.init(hex: value)
        case 8:
            self.init(hex: value >> 8, alpha: Double(value & 0xFF) / 255)
        default:
            return nil
        }
    }

    /// Components rounded to bytes, clamped to 0…255: what the wire and the recorder send.
    public var rgba8: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        (Self.byte(red), Self.byte(green), Self.byte(blue), Self.byte(alpha))
    }

    /// `#rrggbbaa`, lower case.
    public var hexString: String {
        let bytes = rgba8
        return "#" + [bytes.red, bytes.green, bytes.blue, bytes.alpha].map(Self.hexByte).joined()
    }

    private static func byte(_ component: Double) -> UInt8 {
        guard component.isFinite else { return 0 }
        return UInt8(roundedHalfAwayFromZero(min(max(component, 0), 1) * 255))
    }

    private static func hexByte(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}

