/// What a running transition is doing, for the recorder, the wire and the telemetry overlay.
public struct TransitionStatus: Equatable, Sendable {
    public enum Operation: String, Sendable, CaseIterable {
        case present, dismiss, push, pop, tab
    }

    public enum Phase: String, Sendable, CaseIterable {
        /// Playing on its own (not interactive).
        case animating
        /// Following a gesture: its timeline is paused and scrubbed.
        case interactive
        /// Released: playing the rest forward.
        case finishing
        /// Released: playing back to the start.
        case cancelling
    }

    public var operation: Operation
    public var phase: Phase
    /// How far the transition has gone as its views show it, 0…1 (the share of the motion of the
    /// animation that paces it): what the telemetry shows and the scrub bar's slider sets. The
    /// wire carries this one.
    public var progress: Double
    /// UIKit's `percentComplete`, 0…1: for a transition on a timeline its time over the duration
    /// (what a percent-driven interaction's `update(_:)` set, or where the clock has it); else the
    /// same as `progress`.
    public var percentComplete: Double
    /// A gesture (or the scrub bar) holds it: its phase says so, as UIKit's `isInteractive` is
    /// true exactly while a transition is in its interactive phase.
    public var isInteractive: Bool { phase == .interactive }

    public init(operation: Operation, phase: Phase, progress: Double, percentComplete: Double? = nil) {
        self.operation = operation
        self.phase = phase
        self.progress = progress
        self.percentComplete = percentComplete ?? progress
    }
}
