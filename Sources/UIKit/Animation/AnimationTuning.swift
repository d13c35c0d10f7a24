import SegueValues

/// A window's live timing tuning: a table of overrides keyed by the timing an animation call asks
/// for (a curve, keyframe or spring block, or a property animator), which the call consults every
/// time it runs. A scene's animator passes the same literals each time it runs, so an override
/// keyed by them changes that animation, and only that one, from its next run on; animations
/// already running keep the timing they started with. It also remembers which calls ran, so the
/// page can list them.
///
/// Both tables are bounded, so nothing a client sends grows the session without limit.
@preconcurrency @MainActor public final class AnimationTuning {
    /// Distinct animation calls remembered (the oldest is forgotten first), and overrides kept.
    public static let capacity = 16

    /// Animation calls seen, in order of first use, as the scene asked for them.
    public private(set) var seen: [AnimationTiming] = []
    /// Keys are always in `seen`, so this never holds more than `capacity` entries.
    private(set) var overrides: [AnimationTiming: AnimationTiming] = [:]

    init() {}

    /// The timing a call asking for `requested` runs with; remembers it as seen when it is tunable.
    func resolve(_ requested: AnimationTiming) -> AnimationTiming {
        guard requested.isTunable else { return requested }
        if !seen.contains(requested) {
            // A forgotten call takes its override with it: only listed calls can be tuned.
            if seen.count == Self.capacity { overrides[seen.removeFirst()] = nil }
            seen.append(requested)
        }
        return overrides[requested] ?? requested
    }

    /// What the call asking for `original` runs with now.
    public func current(for original: AnimationTiming) -> AnimationTiming {
        overrides[original] ?? original
    }

    /// Makes the call listed at `index` of `seen` run with `edit` applied from its next run on;
    /// returns the timing it runs with now. An edit back to the original removes the override.
    @discardableResult
    public func override(at index: Int, with edit: TimingEdit) throws(AnimationTuningError) -> AnimationTiming {
        guard seen.indices.contains(index) else { throw .noSuchAnimation(index: index, count: seen.count) }
        let original = seen[index]
        let tuned: AnimationTiming
        do {
            tuned = try original.applying(edit)
        } catch {
            throw .invalidEdit(error)
        }
        overrides[original] = tuned == original ? nil : tuned
        return tuned
    }
}

/// Why a tuning changed nothing; each reads as a sentence for the page.
public nonisolated enum AnimationTuningError: Error, Equatable, Sendable, CustomStringConvertible {
    case noSuchAnimation(index: Int, count: Int)
    case invalidEdit(TimingEditError)

    public var description: String {
        switch self {
        case .noSuchAnimation(let index, let count):
            "There is no animation \(index): this scene has run \(count) tunable animation\(count == 1 ? "" : "s")."
        case .invalidEdit(let error):
            error.description
        }
    }
}
