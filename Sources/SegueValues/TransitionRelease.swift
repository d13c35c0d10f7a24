/// What a finger's lift decided for an interactive transition, and what a swipe is tuned by: how
/// fast the finger went, where its momentum would carry the transition, the line the interaction
/// judges that against, and the decision. For the telemetry overlay and `segue record`.
public struct TransitionRelease: Equatable, Sendable {
    public enum Decision: String, Sendable, CaseIterable {
        case finish, cancel
    }

    public var operation: TransitionStatus.Operation
    public var decision: Decision
    /// The transition's progress at the lift, 0…1 (`TransitionStatus.progress`).
    public var progress: Double
    /// The finger's speed along the drag, points per second, positive toward finishing; nil when the
    /// drag never moved the transition, so no direction is known.
    public var velocity: Double?
    /// Where that speed would carry the progress: the interaction's own projection when it has one
    /// (the back swipe's, a sheet's), else UIKit's deceleration (`FluidMath.projectedDistance`) at
    /// the drag's measured points per unit of progress. Nil with `velocity`.
    public var projectedProgress: Double?
    /// The progress the interaction decides against (finish past it), when the interaction is
    /// UIKit's own and so known: the back swipe's half width, a sheet's midpoint below its
    /// smallest detent. A scene's own interaction judges by its own rule: nil.
    public var threshold: Double?

    public init(operation: TransitionStatus.Operation, decision: Decision, progress: Double, velocity: Double?,
                projectedProgress: Double?, threshold: Double?) {
        self.operation = operation
        self.decision = decision
        self.progress = progress
        self.velocity = velocity
        self.projectedProgress = projectedProgress
        self.threshold = threshold
    }
}
