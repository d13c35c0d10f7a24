import Motion

/// One pointer sample from an input source (the browser's Pointer Events, or a recorded script).
public struct PointerEvent: Equatable, Sendable {
    public enum Phase: String, Sendable, CaseIterable {
        case down, move, up, cancel
    }

    public enum Kind: String, Sendable, CaseIterable {
        case mouse, touch, pen
    }

    public var phase: Phase
    /// Identifies one pointer from down to up or cancel.
    public var pointerID: Int
    public var kind: Kind
    /// In window points (the page's CSS pixels).
    public var location: CGPoint
    /// Seconds, on the input source's own clock; used for velocity.
    public var timestamp: Double

    public init(phase: Phase, pointerID: Int, kind: Kind, location: CGPoint, timestamp: Double) {
        self.phase = phase
        self.pointerID = pointerID
        self.kind = kind
        self.location = location
        self.timestamp = timestamp
    }
}
