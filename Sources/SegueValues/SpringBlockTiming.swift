/// The timing one `UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:…)`
/// call asks for: what the tuning panel lists and edits, and what "copy as Swift" prints.
public struct SpringBlockTiming: Hashable, Sendable {
    /// Seconds, `SpringBlockTiming.durationRange`.
    public var duration: Double
    /// ζ, `SpringBlockTiming.dampingRatioRange`: UIKit's spring API takes (0, 1].
    public var dampingRatio: Double
    /// Total distance per second at the start, `SpringBlockTiming.velocityRange`.
    public var initialVelocity: Double

    public init(duration: Double, dampingRatio: Double, initialVelocity: Double) {
        self.duration = duration
        self.dampingRatio = dampingRatio
        self.initialVelocity = initialVelocity
    }

    /// What a tuned value must fall in; outside, the server refuses it and changes nothing.
    public static let durationRange = 0.01...10.0
    /// Greater than 0 (0 never settles), at most 1 (UIKit clamps the block API there).
    public static let dampingRatioRange = 0.001...1.0
    /// Far beyond any throw a person makes (100 × the distance per second).
    public static let velocityRange = -100.0...100.0

    /// Whether every value is finite and in its range.
    public var isValid: Bool {
        Self.durationRange.contains(duration) && Self.dampingRatioRange.contains(dampingRatio)
            && Self.velocityRange.contains(initialVelocity)
    }
}
