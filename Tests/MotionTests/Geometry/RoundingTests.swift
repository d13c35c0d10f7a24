import Motion
import Testing

/// `roundedHalfAwayFromZero` gives exactly what `rounded()` gives, as an integer.
@Suite struct RoundingTests {
    /// Halves, their neighbours one ulp away, both signs, and values up to and past 2⁵².
    static let edges: [Double] = [0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994,
                                  0.5.nextUp, 0.5.nextDown, 1e6 + 0.5, -(1e6 + 0.5), 4503599627370495.5, -4503599627370495.5,
                                  4503599627370496, 9e15, -9e15, Double(1 << 29), -Double(1 << 29), 255, 127.5, 0.1, 64.0 / 3]

    @Test(arguments: edges) func matchesRoundedAtTheEdges(x: Double) {
        #expect(roundedHalfAwayFromZero(x) == Int64(x.rounded()), "\(x)")
    }

    /// A million values spread over every magnitude the wire and the colours use, from a fixed seed.
    @Test func matchesRoundedEverywhereItIsUsed() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var mismatches: [Double] = []
        for _ in 0..<1_000_000 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            let unit = Double(state >> 11) / Double(1 << 53)
            let scale = [1.0, 255, 1024, 65_535, Double(1 << 29), 9e15][Int(state % 6)]
            let x = (unit * 2 - 1) * scale
            // Also exactly halfway between two integers.
            let half = (x.rounded(.down)) + 0.5
            for value in [x, half] where roundedHalfAwayFromZero(value) != Int64(value.rounded()) {
                mismatches.append(value)
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }
}
