import Motion
import Testing
import ReferenceMath

private func v(_ x: Double, _ y: Double = 0) -> AnimationVector { AnimationVector(x, y) }
private func key(_ t: Double, _ x: Double, _ y: Double = 0) -> KeyframeTrack.Key {
    KeyframeTrack.Key(time: t, value: v(x, y))
}

@Suite struct KeyframeTrackTests {
    @Test func linearInterpolatesBetweenKeysAtTheirTimes() {
        let track = KeyframeTrack(keys: [key(0, 0), key(0.25, 100), key(1, 40)], mode: .linear)
        let expected: [(Double, Double)] = [(0, 0), (0.125, 50), (0.25, 100), (0.5, 80), (0.625, 70), (1, 40)]
        for (u, x) in expected {
            #expect(isClose(track.value(at: u).lanes.0, x, 1e-12), "at u = \(u)")
        }
        // Outside 0…1 the ends hold.
        #expect(track.value(at: -1).lanes.0 == 0)
        #expect(track.value(at: 2).lanes.0 == 40)
    }

    @Test func discreteHoldsEachKeyUntilTheNextKeyTime() {
        let track = KeyframeTrack(keys: [key(0, 0), key(0.3, 10), key(0.6, 20), key(1, 30)], mode: .discrete)
        let expected: [(Double, Double)] = [(0, 0), (0.29, 0), (0.3, 10), (0.59, 10), (0.6, 20), (0.99, 20), (1, 30)]
        for (u, x) in expected {
            #expect(track.value(at: u).lanes.0 == x, "at u = \(u)")
        }
    }

    @Test func pacedSpreadsKeysByDistanceIgnoringTheirTimes() {
        // Path lengths 30, 10, 40 (a 3-4-5 diagonal in two lanes for the last): total 80.
        let track = KeyframeTrack(keys: [key(0, 0), key(0.9, 30), key(0.95, 40), key(0.99, 40 + 24, 32)], mode: .paced)
        let expected: [Double] = [0, 30.0 / 80, 40.0 / 80, 1]
        #expect(track.keys.map(\.time) == expected)
        // Constant speed: equal steps in u move equal distances along the path.
        var previous = track.value(at: 0)
        for i in 1...80 {
            let current = track.value(at: Double(i) / 80)
            #expect(isClose((current - previous).length, 1, 1e-9), "step \(i)")
            previous = current
        }
    }

    @Test func pacedWithNoMovementSpreadsKeysEvenly() {
        let track = KeyframeTrack(keys: [key(0, 5), key(0.1, 5), key(0.2, 5)], mode: .paced)
        #expect(track.keys.map(\.time) == [0, 0.5, 1])
    }

    @Test func cubicPassesThroughEveryKeyAtItsTime() {
        let keys = [key(0, 0), key(0.2, 50), key(0.7, -20), key(1, 10)]
        let track = KeyframeTrack(keys: keys, mode: .cubic)
        for k in keys {
            #expect(isClose(track.value(at: k.time).lanes.0, k.value.lanes.0, 1e-12), "at u = \(k.time)")
        }
        // Smooth through an inner key: left and right slopes agree (Catmull-Rom tangent).
        // Second-order one-sided differences, so the curvature does not bias them.
        let h = 1e-5
        func x(_ u: Double) -> Double { track.value(at: u).lanes.0 }
        let left = (3 * x(0.2) - 4 * x(0.2 - h) + x(0.2 - 2 * h)) / (2 * h)
        let right = (-3 * x(0.2) + 4 * x(0.2 + h) - x(0.2 + 2 * h)) / (2 * h)
        let catmullRom = (-20.0 - 0) / (0.7 - 0)
        #expect(isClose(left, catmullRom, 1e-3))
        #expect(isClose(right, catmullRom, 1e-3))
        // And it differs from the straight line in between.
        #expect(!isClose(track.value(at: 0.45).lanes.0, 15, 1))
    }

    @Test func cubicPacedPassesThroughKeysAtTheirPacedTimes() {
        let track = KeyframeTrack(keys: [key(0, 0), key(0.5, 10), key(0.6, 40)], mode: .cubicPaced)
        #expect(track.keys.map(\.time) == [0, 0.25, 1])
        #expect(isClose(track.value(at: 0.25).lanes.0, 10, 1e-12))
        #expect(isClose(track.value(at: 1).lanes.0, 40, 1e-12))
    }

    @Test func uikitLayoutHoldsThePreviousValueUntilEachKeyframeStarts() {
        // Initial 0; a keyframe to 100 over 0.25–0.5; another to 60 over 0.75–1.
        let track = KeyframeTrack(initial: v(0), keyframes: [(start: 0.75, duration: 0.25, value: v(60)),
                                                             (start: 0.25, duration: 0.25, value: v(100))],
                                  mode: .linear)
        #expect(track.keys.map(\.time) == [0, 0.25, 0.5, 0.75, 1])
        #expect(track.keys.map(\.value.lanes.0) == [0, 0, 100, 100, 60])
        let expected: [(Double, Double)] = [(0.1, 0), (0.375, 50), (0.6, 100), (0.875, 80), (1, 60)]
        for (u, x) in expected {
            #expect(isClose(track.value(at: u).lanes.0, x, 1e-12), "at u = \(u)")
        }
        #expect(track.finalValue.lanes.0 == 60)
    }

    @Test func uikitLayoutWithAKeyframeAtTheStartAddsNoHoldKey() {
        let track = KeyframeTrack(initial: v(1), keyframes: [(start: 0, duration: 0.5, value: v(3))], mode: .linear)
        #expect(track.keys.map(\.time) == [0, 0.5, 1])
        #expect(track.keys.map(\.value.lanes.0) == [1, 3, 3])
    }

    @Test func uikitLayoutClampsKeyframesIntoZeroToOne() {
        let track = KeyframeTrack(initial: v(0), keyframes: [(start: 0.5, duration: 2, value: v(10))], mode: .linear)
        #expect(track.keys.map(\.time) == [0, 0.5, 1])
        #expect(isClose(track.value(at: 0.75).lanes.0, 5, 1e-12))
    }
}
