import SegueValues

/// A window's live timing tuning: a table of overrides keyed by the timing an animation call asks
/// for (a curve, keyframe or spring block with its delay and options, or a property animator),
/// which the call consults every time it runs. A scene's animator passes the same literals each
/// time it runs, so an override keyed by them changes that animation, and only that one. It also
/// remembers which calls ran and what the last run of each animated, so the page can list them by
/// the views and properties they move.
///
/// Every table is bounded, so nothing a client sends grows the session without limit.
@preconcurrency @MainActor public final class AnimationTuning {
    /// Distinct animation calls remembered (the oldest is forgotten first), and overrides kept.
    public static let capacity = 16

    /// Animation calls seen, in order of first use, as the scene asked for them.
    public private(set) var seen: [AnimationTiming] = []
    /// Keys are always in `seen`, so this never holds more than `capacity` entries.
    private(set) var overrides: [AnimationTiming: AnimationTiming] = [:]
    /// The last run of each call in `seen`: what it animated and what it passed besides its timing.
    private var runs: [AnimationTiming: Run] = [:]

    private struct Run {
        var targets = AnimationTargets()
        var arguments: AnimatorArguments
    }

    init() {}

    /// The timing a call asking for `requested` runs with; remembers it as seen when it is tunable,
    /// and starts its run record afresh (`noteAnimated` fills it as the call's changes commit).
    func resolve(_ requested: AnimationTiming, arguments: AnimatorArguments = AnimatorArguments()) -> AnimationTiming {
        guard requested.isTunable else { return requested }
        if !seen.contains(requested) {
            // A forgotten call takes its override with it: only listed calls can be tuned.
            if seen.count == Self.capacity {
                let forgotten = seen.removeFirst()
                overrides[forgotten] = nil
                runs[forgotten] = nil
            }
            seen.append(requested)
        }
        runs[requested] = Run(arguments: arguments)
        return overrides[requested] ?? requested
    }

    /// The animator of the call asking for `requested` first started after `delay` seconds.
    func noteStart(of requested: AnimationTiming, afterDelay delay: Double) {
        runs[requested]?.arguments.startDelay = delay
    }

    /// The call asking for `requested` animates `property` of `view` in its current run.
    func noteAnimated(_ view: UIView, _ property: AnimatableProperty, by requested: AnimationTiming) {
        runs[requested]?.targets.add(view, property)
    }

    /// What the call asking for `original` runs with now.
    public func current(for original: AnimationTiming) -> AnimationTiming {
        overrides[original] ?? original
    }

    /// The views and properties the last run of `original` animated ("about: transform · …"),
    /// empty when it animated none.
    public func label(for original: AnimationTiming) -> String {
        runs[original]?.targets.label ?? ""
    }

    /// The UIKit call that runs `timing` (the original's or its override) as the last run of
    /// `original` made it: what "Copy as Swift" gives.
    public func swiftCall(_ timing: AnimationTiming, of original: AnimationTiming) -> String {
        timing.swiftCall(runs[original]?.arguments ?? AnimatorArguments())
    }

    /// Makes the call listed at `index` of `seen` run with `edit` applied from its next run on;
    /// returns the timing it runs with now. An edit back to the original removes the override.
    @discardableResult
    public func override(at index: Int, with edit: TimingEdit) throws(AnimationTuningError) -> AnimationTiming {
        let original = try entry(at: index)
        let tuned: AnimationTiming
        do {
            tuned = try original.applying(edit)
        } catch {
            throw .invalidEdit(error)
        }
        overrides[original] = tuned == original ? nil : tuned
        return tuned
    }

    /// Removes the override of the call listed at `index`, or every override when `index` is nil:
    /// those calls run as the scene wrote them again. Returns the calls whose timing changed.
    @discardableResult
    public func reset(at index: Int?) throws(AnimationTuningError) -> [AnimationTiming] {
        let originals = try index.map { index throws(AnimationTuningError) in [try entry(at: index)] } ?? seen
        let changed = originals.filter { overrides[$0] != nil }
        for original in changed { overrides[original] = nil }
        return changed
    }

    private func entry(at index: Int) throws(AnimationTuningError) -> AnimationTiming {
        guard seen.indices.contains(index) else { throw .noSuchAnimation(index: index, count: seen.count) }
        return seen[index]
    }
}

/// What one run of a listed call animated: each view by its name (its `accessibilityIdentifier`,
/// or its kind's or controller's name: what the frames and the scenes' docs call it) with the
/// properties it moved, in the order they first moved. Bounded: `maximumViews` views, each name
/// cut to `maximumNameLength` characters; the names of up to `maximumCountedViews` more are kept
/// only to count them.
nonisolated struct AnimationTargets {
    static let maximumViews = 6
    static let maximumCountedViews = 99
    static let maximumNameLength = 32

    private var views: [(name: String, properties: Set<AnimatableProperty>)] = []
    private var moreViews: Set<String> = []

    @MainActor mutating func add(_ view: UIView, _ property: AnimatableProperty) {
        let name = Self.shortened(view.name)
        if let index = views.firstIndex(where: { $0.name == name }) {
            views[index].properties.insert(property)
        } else if views.count < Self.maximumViews {
            views.append((name, [property]))
        } else if moreViews.count < Self.maximumCountedViews {
            moreViews.insert(name)
        }
    }

    /// "about: transform · general-dimming: alpha", and "+ 2 more" past the bound.
    var label: String {
        var parts = views.map { "\($0.name): \(Self.propertyNames($0.properties).joined(separator: ", "))" }
        if !moreViews.isEmpty { parts.append("+ \(moreViews.count) more") }
        return parts.joined(separator: " · ")
    }

    private static func shortened(_ name: String) -> String {
        name.count <= maximumNameLength ? name : String(name.prefix(maximumNameLength - 1)) + "…"
    }

    /// UIKit's names for what the engine animates: `center` and `bounds` together are the `frame`
    /// that was set, the corner radius is the layer's, and dimming is `tintAdjustmentMode`'s.
    private static func propertyNames(_ properties: Set<AnimatableProperty>) -> [String] {
        var names: [String] = []
        let frame = properties.contains(.center) && properties.contains(.bounds)
        for property in AnimatableProperty.allCases where properties.contains(property) {
            switch property {
            case .center: names.append(frame ? "frame" : "center")
            case .bounds: if !frame { names.append("bounds") }
            case .transform: names.append("transform")
            case .alpha: names.append("alpha")
            case .backgroundColor: names.append("backgroundColor")
            case .cornerRadius: names.append("layer.cornerRadius")
            case .dimming: names.append("tintAdjustmentMode")
            }
        }
        return names
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
