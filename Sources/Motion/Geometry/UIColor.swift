/// `UIColor`: a color, as straight (not premultiplied) sRGB components in 0…1.
public struct UIColor: Hashable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A gray, as `UIColor(white:alpha:)`.
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// `0xRRGGBB` (opaque), e.g. `UIColor(hex: 0x4A90E2)`.
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

    public func withAlphaComponent(_ alpha: Double) -> UIColor {
        UIColor(red: red, green: green, blue: blue, alpha: alpha)
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

// A small named palette: UIKit's fixed colors, plus the system tints scenes use for accents.
extension UIColor {
    public static let clear = UIColor(white: 0, alpha: 0)
    public static let black = UIColor(white: 0)
    public static let white = UIColor(white: 1)
    public static let darkGray = UIColor(white: 1.0 / 3.0)
    public static let gray = UIColor(white: 0.5)
    public static let lightGray = UIColor(white: 2.0 / 3.0)
    public static let red = UIColor(red: 1, green: 0, blue: 0)
    public static let green = UIColor(red: 0, green: 1, blue: 0)
    public static let blue = UIColor(red: 0, green: 0, blue: 1)
    public static let systemRed = UIColor(hex: 0xFF3B30)
    public static let systemOrange = UIColor(hex: 0xFF9500)
    public static let systemYellow = UIColor(hex: 0xFFCC00)
    public static let systemGreen = UIColor(hex: 0x34C759)
    public static let systemTeal = UIColor(hex: 0x30B0C7)
    public static let systemBlue = UIColor(hex: 0x007AFF)
    public static let systemIndigo = UIColor(hex: 0x5856D6)
    public static let systemPurple = UIColor(hex: 0xAF52DE)
    public static let systemPink = UIColor(hex: 0xFF2D55)
    public static let systemGray = UIColor(hex: 0x8E8E93)
    public static let systemBackground = UIColor.white
}
