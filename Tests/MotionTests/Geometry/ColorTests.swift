import Motion
import Testing

@Suite struct ColorTests {
    @Test(arguments: [
        ("#4a90e2", UIColor(red: 0x4A / 255.0, green: 0x90 / 255.0, blue: 0xE2 / 255.0, alpha: 1)),
        ("4A90E2", UIColor(red: 0x4A / 255.0, green: 0x90 / 255.0, blue: 0xE2 / 255.0, alpha: 1)),
        ("#fa0", UIColor(red: 1, green: 0xAA / 255.0, blue: 0, alpha: 1)),
        ("#00000080", UIColor(red: 0, green: 0, blue: 0, alpha: 0x80 / 255.0)),
        ("#ffffffff", UIColor.white),
    ])
    func parsesHexForms(text: String, expected: UIColor) {
        #expect(UIColor(hex: text) == expected)
    }

    @Test(arguments: ["", "#", "#12", "#1234", "#12345", "#1234567", "#123456789", "#ggg", "#12 45 ", "#-12", "+123", "#+1234567"])
    func rejectsMalformedHex(text: String) {
        #expect(UIColor(hex: text) == nil)
    }

    @Test func formatsLowercaseRGBAAndRoundTrips() {
        #expect(UIColor(hex: 0x007AFF).hexString == "#007affff")
        #expect(UIColor(white: 0, alpha: 0.5).hexString == "#00000080")
        for text in ["#0a1b2c3d", "#ffffff00", "#80808080"] {
            #expect(UIColor(hex: text)?.hexString == text)
        }
    }

    @Test func bytesAreRoundedAndClamped() {
        let c = UIColor(red: 1.5, green: -0.2, blue: 0.5, alpha: .nan)
        #expect(c.rgba8.red == 255 && c.rgba8.green == 0 && c.rgba8.blue == 128 && c.rgba8.alpha == 0)
    }

    @Test func integerHexAndWhiteInitializers() {
        #expect(UIColor(hex: 0xFF8000, alpha: 0.25) == UIColor(red: 1, green: 128 / 255.0, blue: 0, alpha: 0.25))
        #expect(UIColor(white: 0.5, alpha: 1) == UIColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 1))
        #expect(UIColor.red.withAlphaComponent(0.3) == UIColor(red: 1, green: 0, blue: 0, alpha: 0.3))
    }
}

/// UIKit's named colors, in light mode, and `CGColor`, what a layer's colors take.
@Suite struct SystemColorTests {
    /// Light-mode sRGB values (sources in UIColor+Palette.swift), as 0–255 components and alpha.
    @Test(arguments: [
        (UIColor.systemBackground, "#ffffffff"), (.label, "#000000ff"), (.secondaryLabel, "#3c3c4399"),
        (.tertiaryLabel, "#3c3c434d"), (.systemGray, "#8e8e93ff"), (.systemGray2, "#aeaeb2ff"),
        (.systemGray3, "#c7c7ccff"), (.systemGray4, "#d1d1d6ff"), (.systemGray5, "#e5e5eaff"),
        (.systemGray6, "#f2f2f7ff"), (.systemRed, "#ff3b30ff"), (.systemGreen, "#34c759ff"),
        (.systemBlue, "#007affff"), (.systemOrange, "#ff9500ff"), (.systemYellow, "#ffcc00ff"),
        (.systemPink, "#ff2d55ff"), (.systemPurple, "#af52deff"), (.systemTeal, "#30b0c7ff"),
        (.systemIndigo, "#5856d6ff"), (.secondarySystemBackground, "#f2f2f7ff"), (.separator, "#3c3c434a"),
        (.link, "#007affff"),
    ])
    func systemColorsAreTheirLightModeValues(color: UIColor, hex: String) {
        #expect(color.hexString == hex)
    }

    /// UIKit's fixed colors, as its reference gives their components.
    @Test func fixedColorsHaveUIKitsComponents() {
        #expect(UIColor.darkGray == UIColor(white: 1.0 / 3.0, alpha: 1))
        #expect(UIColor.lightGray == UIColor(white: 2.0 / 3.0, alpha: 1))
        #expect(UIColor.gray == UIColor(white: 0.5, alpha: 1))
        #expect(UIColor.orange == UIColor(red: 1, green: 0.5, blue: 0, alpha: 1))
        #expect(UIColor.purple == UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1))
        #expect(UIColor.brown == UIColor(red: 0.6, green: 0.4, blue: 0.2, alpha: 1))
        #expect(UIColor.cyan == UIColor(red: 0, green: 1, blue: 1, alpha: 1))
        #expect(UIColor.magenta == UIColor(red: 1, green: 0, blue: 1, alpha: 1))
        #expect(UIColor.yellow == UIColor(red: 1, green: 1, blue: 0, alpha: 1))
        #expect(UIColor.clear.alpha == 0)
    }

    @Test func initializersTakeCGFloat() {
        let half: CGFloat = 0.5
        #expect(UIColor(red: half, green: half, blue: half, alpha: 1) == UIColor(white: half, alpha: 1))
        #expect(UIColor.systemBlue.withAlphaComponent(half).alpha == 0.5)
        // A new alpha replaces the old one; it does not multiply it.
        #expect(UIColor.secondaryLabel.withAlphaComponent(1).alpha == 1)
    }

    @Test func getRedGivesTheComponents() {
        var red: CGFloat = 0, green: CGFloat = 0, blue: CGFloat = 0, alpha: CGFloat = 0
        #expect(UIColor.orange.withAlphaComponent(0.25).getRed(&red, green: &green, blue: &blue, alpha: &alpha))
        #expect(red == 1 && green == 0.5 && blue == 0 && alpha == 0.25)
    }

    @Test func cgColorRoundTripsThroughUIColor() {
        let color = UIColor.systemIndigo.withAlphaComponent(0.4)
        #expect(UIColor(cgColor: color.cgColor) == color)
        #expect(color.cgColor.alpha == 0.4)
        #expect(color.cgColor.numberOfComponents == 4)
        #expect(color.cgColor.components == [CGFloat(color.red), CGFloat(color.green), CGFloat(color.blue), 0.4])
        #expect(color.cgColor.copy(alpha: 1) == UIColor.systemIndigo.cgColor)
        #expect(CGColor(gray: 0.5, alpha: 1) == UIColor.gray.cgColor)
    }
}
