import Motion
import Testing

@Suite struct ColorTests {
    @Test(arguments: [
        ("#4a90e2", Color(red: 0x4A / 255.0, green: 0x90 / 255.0, blue: 0xE2 / 255.0)),
        ("4A90E2", Color(red: 0x4A / 255.0, green: 0x90 / 255.0, blue: 0xE2 / 255.0)),
        ("#fa0", Color(red: 1, green: 0xAA / 255.0, blue: 0)),
        ("#00000080", Color(red: 0, green: 0, blue: 0, alpha: 0x80 / 255.0)),
        ("#ffffffff", Color.white),
    ])
    func parsesHexForms(text: String, expected: Color) {
        #expect(Color(hex: text) == expected)
    }

    @Test(arguments: ["", "#", "#12", "#1234", "#12345", "#1234567", "#123456789", "#ggg", "#12 45 ", "#-12", "+123", "#+1234567"])
    func rejectsMalformedHex(text: String) {
        #expect(Color(hex: text) == nil)
    }

    @Test func formatsLowercaseRGBAAndRoundTrips() {
        #expect(Color(hex: 0x007AFF).hexString == "#007affff")
        #expect(Color(white: 0, alpha: 0.5).hexString == "#00000080")
        for text in ["#0a1b2c3d", "#ffffff00", "#80808080"] {
            #expect(Color(hex: text)?.hexString == text)
        }
    }

    @Test func bytesAreRoundedAndClamped() {
        let c = Color(red: 1.5, green: -0.2, blue: 0.5, alpha: .nan)
        #expect(c.rgba8.red == 255 && c.rgba8.green == 0 && c.rgba8.blue == 128 && c.rgba8.alpha == 0)
    }

    @Test func integerHexAndWhiteInitializers() {
        #expect(Color(hex: 0xFF8000, alpha: 0.25) == Color(red: 1, green: 128 / 255.0, blue: 0, alpha: 0.25))
        #expect(Color(white: 0.5) == Color(red: 0.5, green: 0.5, blue: 0.5))
        #expect(Color.red.withAlphaComponent(0.3) == Color(red: 1, green: 0, blue: 0, alpha: 0.3))
    }
}
