import Motion
import Testing

@Suite struct ColorTests {
    @Test(arguments: [
        ("#4a90e2", UIColor(red: 0x4A / 255.0, green: 0x90 / 255.0, blue: 0xE2 / 255.0)),
        ("4A90E2", UIColor(red: 0x4A / 255.0, green: 0x90 / 255.0, blue: 0xE2 / 255.0)),
        ("#fa0", UIColor(red: 1, green: 0xAA / 255.0, blue: 0)),
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
        #expect(UIColor(white: 0.5) == UIColor(red: 0.5, green: 0.5, blue: 0.5))
        #expect(UIColor.red.withAlphaComponent(0.3) == UIColor(red: 1, green: 0, blue: 0, alpha: 0.3))
    }
}
