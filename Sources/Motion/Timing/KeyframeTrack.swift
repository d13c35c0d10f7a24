/// How a keyframe animation moves between its keys (`UIView.KeyframeAnimationOptions.calculationMode…`).
public enum KeyframeCalculationMode: Sendable, Hashable {
    /// Straight lines between keys, at their key times.
    case linear
    /// Each key's value holds until the next key's time; no interpolation.
    case discrete
    /// Key times ignored: keys spread so the value moves at a constant rate along the path.
    case paced
    /// A Catmull-Rom spline through the keys, at their key times (*unverified* against UIKit).
    case cubic
    /// `cubic` with `paced` timing.
    case cubicPaced
}

/// One property's keys in a keyframe animation: values at relative times 0…1, evaluated as a pure
/// function of the (already eased) relative time.
public struct KeyframeTrack: Sendable {
    public struct Key: Sendable {
        public var time: Double
        public var value: AnimationVector
        public init(time: Double, value: AnimationVector) {
            self.time = time
            self.value = value
        }
    }

    public let keys: [Key]
    public let mode: KeyframeCalculationMode

    /// `keys` must be sorted by time; at least one key.
    public init(keys: [Key], mode: KeyframeCalculationMode) {
        precondition(!keys.isEmpty, "a keyframe track needs a key")
        self.mode = mode
        switch mode {
        case .paced, .cubicPaced: self.keys = Self.paced(keys)
        default: self.keys = keys
        }
    }

    /// UIKit's keyframe layout for one property: a synthetic key holding `initial` at 0; each
    /// keyframe (start, duration, value) holds the previous value until `start` and reaches
    /// its own at `start + duration`; the last value holds to 1.
    public init(initial: AnimationVector, keyframes: [(start: Double, duration: Double, value: AnimationVector)],
                mode: KeyframeCalculationMode) {
        var keys = [Key(time: 0, value: initial)]
        var current = initial
        for frame in keyframes.sorted(by: { $0.start < $1.start }) {
            let start = min(max(frame.start, 0), 1)
            let end = min(max(frame.start + max(frame.duration, 0), start), 1)
            if start > keys[keys.count - 1].time { keys.append(Key(time: start, value: current)) }
            keys.append(Key(time: end, value: frame.value))
            current = frame.value
        }
        if keys[keys.count - 1].time < 1 { keys.append(Key(time: 1, value: current)) }
        self.init(keys: keys, mode: mode)
    }

    public var finalValue: AnimationVector { keys[keys.count - 1].value }

    /// The value at relative time `u` (clamped to 0…1).
    public func value(at u: Double) -> AnimationVector {
        let u = min(max(u, 0), 1)
        // The segment [i, i+1] with keys[i].time ≤ u < keys[i+1].time; equal times resolve to the later key.
        var i = 0
        while i + 1 < keys.count && keys[i + 1].time <= u { i += 1 }
        if i + 1 >= keys.count { return keys[keys.count - 1].value }
        let k0 = keys[i], k1 = keys[i + 1]
        let span = k1.time - k0.time
        let f = span > 0 ? (u - k0.time) / span : 1
        switch mode {
        case .discrete:
            return k0.value
        case .linear, .paced:
            return .lerp(k0.value, k1.value, f)
        case .cubic, .cubicPaced:
            return hermite(segment: i, fraction: f)
        }
    }

    /// Cubic Hermite between keys i and i+1 with Catmull-Rom tangents scaled for uneven key times:
    /// m_k = (p_{k+1} − p_{k−1}) / (t_{k+1} − t_{k−1}), one-sided at the ends.
    private func hermite(segment i: Int, fraction s: Double) -> AnimationVector {
        let p0 = keys[i].value, p1 = keys[i + 1].value
        let h = keys[i + 1].time - keys[i].time
        let m0 = tangent(at: i), m1 = tangent(at: i + 1)
        let s2 = s * s, s3 = s2 * s
        let h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s
        let h01 = -2 * s3 + 3 * s2, h11 = s3 - s2
        return h00 * p0 + (h10 * h) * m0 + h01 * p1 + (h11 * h) * m1
    }

    private func tangent(at k: Int) -> AnimationVector {
        let lo = max(k - 1, 0), hi = min(k + 1, keys.count - 1)
        let dt = keys[hi].time - keys[lo].time
        return dt > 0 ? (1 / dt) * (keys[hi].value - keys[lo].value) : .zero
    }

    /// Re-times keys so each segment's share of 0…1 is its share of the total path length.
    private static func paced(_ keys: [Key]) -> [Key] {
        guard keys.count > 1 else { return [Key(time: 0, value: keys[0].value)] }
        var lengths = [0.0]
        for i in 1..<keys.count {
            lengths.append(lengths[i - 1] + (keys[i].value - keys[i - 1].value).length)
        }
        let total = lengths[lengths.count - 1]
        return keys.indices.map { i in
            let time = total > 0 ? lengths[i] / total : Double(i) / Double(keys.count - 1)
            return Key(time: time, value: keys[i].value)
        }
    }
}
