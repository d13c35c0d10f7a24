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
    /// The transition timeline's time over the animator's duration, 0…1.
    public var progress: Double
    public var isInteractive: Bool

    public init(operation: Operation, phase: Phase, progress: Double, isInteractive: Bool) {
        self.operation = operation
        self.phase = phase
        self.progress = progress
        self.isInteractive = isInteractive
    }
}
