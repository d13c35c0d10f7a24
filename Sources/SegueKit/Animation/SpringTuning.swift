/// A window's live spring tuning: a table of timing overrides keyed by the timing a spring block
/// asks for, which `View.animate(…usingSpringWithDamping:…)` consults every time it runs. A scene's
/// animator passes the same literals each time it runs, so an override keyed by them changes that
/// animation, and only that one, from its next run on; animations already running keep the timing
/// they started with. It also remembers which spring blocks ran, so the page can list them.
///
/// Both tables are bounded, so nothing a client sends grows the session without limit.
public final class SpringTuning {
    /// Distinct spring blocks remembered (the oldest is forgotten first), and overrides kept.
    public static let capacity = 16

    /// Spring blocks seen, in order of first use, as the scene asked for them.
    public private(set) var seen: [SpringBlockTiming] = []
    /// Keys are always in `seen`, so this never holds more than `capacity` entries.
    private(set) var overrides: [SpringBlockTiming: SpringBlockTiming] = [:]

    init() {}

    /// The timing a spring block asking for `requested` runs with; remembers it as seen.
    func resolve(_ requested: SpringBlockTiming) -> SpringBlockTiming {
        if !seen.contains(requested) {
            // A forgotten spring takes its override with it: only listed springs can be tuned.
            if seen.count == Self.capacity { overrides[seen.removeFirst()] = nil }
            seen.append(requested)
        }
        return overrides[requested] ?? requested
    }

    /// What the block asking for `original` runs with now.
    public func current(for original: SpringBlockTiming) -> SpringBlockTiming {
        overrides[original] ?? original
    }

    /// Makes the spring block listed at `index` of `seen` run with `timing` from its next run on.
    public func override(at index: Int, with timing: SpringBlockTiming) throws(SpringTuningError) {
        guard seen.indices.contains(index) else { throw .noSuchSpring(index: index, count: seen.count) }
        guard timing.isValid else { throw .invalidTiming(timing) }
        let original = seen[index]
        if timing == original {
            overrides[original] = nil
        } else {
            overrides[original] = timing
        }
    }
}

/// Why a tuning changed nothing; each reads as a sentence for the page.
public enum SpringTuningError: Error, Equatable, Sendable, CustomStringConvertible {
    case noSuchSpring(index: Int, count: Int)
    case invalidTiming(SpringBlockTiming)

    public var description: String {
        switch self {
        case .noSuchSpring(let index, let count):
            "There is no spring \(index): this scene has run \(count) spring animation\(count == 1 ? "" : "s")."
        case .invalidTiming(let t):
            "Duration \(t.duration) s, damping \(t.dampingRatio), velocity \(t.initialVelocity) is not a spring: "
                + "duration must be 0.01…10 s, damping above 0 and at most 1, velocity within ±100."
        }
    }
}
