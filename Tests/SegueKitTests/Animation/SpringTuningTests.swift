@testable import SegueKit
import Testing

@Suite struct SpringTuningTests {
    private func timing(_ duration: Double, _ damping: Double = 0.8) -> SpringBlockTiming {
        SpringBlockTiming(duration: duration, dampingRatio: damping, initialVelocity: 0)
    }

    @Test func anOverrideReplacesOnlyTheTimingItIsKeyedBy() throws {
        let tuning = SpringTuning()
        #expect(tuning.resolve(timing(0.7)) == timing(0.7))
        #expect(tuning.resolve(timing(0.5)) == timing(0.5))
        try tuning.override(at: 0, with: timing(0.7, 0.3))
        #expect(tuning.resolve(timing(0.7)) == timing(0.7, 0.3))
        #expect(tuning.resolve(timing(0.5)) == timing(0.5))
        #expect(tuning.seen == [timing(0.7), timing(0.5)], "listed as the scene asks, not as tuned")
        try tuning.override(at: 0, with: timing(0.7))
        #expect(tuning.overrides.isEmpty, "the original timing removes the override")
    }

    @Test func hostileTuningsAreRefusedAndChangeNothing() throws {
        let tuning = SpringTuning()
        _ = tuning.resolve(timing(0.7))
        #expect(throws: SpringTuningError.noSuchSpring(index: 1, count: 1)) { try tuning.override(at: 1, with: timing(0.7)) }
        for bad in [timing(0.7, 0), timing(0.7, .nan), timing(-1), timing(.infinity), timing(0.7, 1.5),
                    SpringBlockTiming(duration: 0.7, dampingRatio: 0.5, initialVelocity: 1e9)] {
            #expect(throws: SpringTuningError.self) { try tuning.override(at: 0, with: bad) }
        }
        #expect(tuning.overrides.isEmpty && tuning.resolve(timing(0.7)) == timing(0.7))
    }

    /// A scene that runs ever new springs cannot grow either table past the capacity, and a
    /// forgotten spring takes its override with it.
    @Test func bothTablesStayWithinTheirCapacity() throws {
        let tuning = SpringTuning()
        for i in 0..<SpringTuning.capacity {
            _ = tuning.resolve(timing(0.1 + Double(i) * 0.01))
            try tuning.override(at: i, with: timing(0.1 + Double(i) * 0.01, 0.2))
        }
        for i in 0..<1000 { _ = tuning.resolve(timing(2 + Double(i) * 0.001)) }
        #expect(tuning.seen.count == SpringTuning.capacity)
        #expect(tuning.overrides.isEmpty)
    }
}
