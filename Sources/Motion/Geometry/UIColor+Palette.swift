// UIKit's named colors, in light mode (the world has no dark mode): fixed colors keep UIKit's
// documented components; each system color is the sRGB value it resolves to in the light,
// default-contrast appearance.
//
// Sources:
// - Fixed colors: Apple's UIColor reference, each property's "A color object whose … values are …"
//   (`darkGray` is white 1/3, `lightGray` 2/3, `gray` 0.5, `orange` (1, 0.5, 0), `purple`
//   (0.5, 0, 0.5), `brown` (0.6, 0.4, 0.2)).
// - Accent colors (`systemRed` … `systemPink`, `systemGray`): Apple's Human Interface Guidelines,
//   "Color", the iOS system colors table (iOS 15–18 light values; `systemTeal` is iOS 15's 48, 176,
//   199, which replaced iOS 13's 90, 200, 250).
// - UI element colors (labels, fills, backgrounds, separators, `link`, `placeholderText`,
//   `systemGray2`…`systemGray6`, `systemIndigo`): the light values iOS 13 resolves them to, as
//   dumped by noahsark769/ColorCompatibility (ColorCompatibility.swift) from a device.
extension UIColor {
    /// 0–255 components and an alpha: how the sources give them.
    private init(rgb red: Int, _ green: Int, _ blue: Int, alpha: CGFloat = 1) {
        self.init(red: CGFloat(red) / 255, green: CGFloat(green) / 255, blue: CGFloat(blue) / 255, alpha: alpha)
    }

    // MARK: Fixed colors

    public static let clear = UIColor(white: 0, alpha: 0)
    public static let black = UIColor(white: 0, alpha: 1)
    public static let white = UIColor(white: 1, alpha: 1)
    public static let darkGray = UIColor(white: 1.0 / 3.0, alpha: 1)
    public static let gray = UIColor(white: 0.5, alpha: 1)
    public static let lightGray = UIColor(white: 2.0 / 3.0, alpha: 1)
    public static let red = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
    public static let green = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
    public static let blue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
    public static let cyan = UIColor(red: 0, green: 1, blue: 1, alpha: 1)
    public static let yellow = UIColor(red: 1, green: 1, blue: 0, alpha: 1)
    public static let magenta = UIColor(red: 1, green: 0, blue: 1, alpha: 1)
    public static let orange = UIColor(red: 1, green: 0.5, blue: 0, alpha: 1)
    public static let purple = UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1)
    public static let brown = UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1)

    // MARK: Accent colors

    public static let systemRed = UIColor(rgb: 255, 59, 48)
    public static let systemOrange = UIColor(rgb: 255, 149, 0)
    public static let systemYellow = UIColor(rgb: 255, 204, 0)
    public static let systemGreen = UIColor(rgb: 52, 199, 89)
    public static let systemTeal = UIColor(rgb: 48, 176, 199)
    public static let systemBlue = UIColor(rgb: 0, 122, 255)
    public static let systemIndigo = UIColor(rgb: 88, 86, 214)
    public static let systemPurple = UIColor(rgb: 175, 82, 222)
    public static let systemPink = UIColor(rgb: 255, 45, 85)

    // MARK: Grays

    public static let systemGray = UIColor(rgb: 142, 142, 147)
    public static let systemGray2 = UIColor(rgb: 174, 174, 178)
    public static let systemGray3 = UIColor(rgb: 199, 199, 204)
    public static let systemGray4 = UIColor(rgb: 209, 209, 214)
    public static let systemGray5 = UIColor(rgb: 229, 229, 234)
    public static let systemGray6 = UIColor(rgb: 242, 242, 247)

    // MARK: Label colors

    public static let label = UIColor(rgb: 0, 0, 0)
    public static let secondaryLabel = UIColor(rgb: 60, 60, 67, alpha: 0.6)
    public static let tertiaryLabel = UIColor(rgb: 60, 60, 67, alpha: 0.3)
    public static let quaternaryLabel = UIColor(rgb: 60, 60, 67, alpha: 0.18)
    public static let placeholderText = UIColor(rgb: 60, 60, 67, alpha: 0.3)
    public static let link = UIColor(rgb: 0, 122, 255)

    // MARK: Fill colors

    public static let systemFill = UIColor(rgb: 120, 120, 128, alpha: 0.2)
    public static let secondarySystemFill = UIColor(rgb: 120, 120, 128, alpha: 0.16)
    public static let tertiarySystemFill = UIColor(rgb: 118, 118, 128, alpha: 0.12)
    public static let quaternarySystemFill = UIColor(rgb: 116, 116, 128, alpha: 0.08)

    // MARK: Background colors

    public static let systemBackground = UIColor(rgb: 255, 255, 255)
    public static let secondarySystemBackground = UIColor(rgb: 242, 242, 247)
    public static let tertiarySystemBackground = UIColor(rgb: 255, 255, 255)
    public static let systemGroupedBackground = UIColor(rgb: 242, 242, 247)
    public static let secondarySystemGroupedBackground = UIColor(rgb: 255, 255, 255)
    public static let tertiarySystemGroupedBackground = UIColor(rgb: 242, 242, 247)

    // MARK: Separators

    public static let separator = UIColor(rgb: 60, 60, 67, alpha: 0.29)
    public static let opaqueSeparator = UIColor(rgb: 198, 198, 200)
}
