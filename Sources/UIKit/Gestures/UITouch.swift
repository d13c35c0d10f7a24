import Motion

/// `UITouch`: a finger (or the mouse) on the screen as a gesture recognizer's delegate is shown it
/// (`gestureRecognizer(_:shouldReceive:)`), at the moment it went down.
@preconcurrency @MainActor public final class UITouch {
    public nonisolated enum Phase: Sendable {
        case began, moved, stationary, ended, cancelled
    }

    public let phase: Phase
    /// Seconds on the window's clock.
    public let timestamp: Double
    /// The view the touch landed in (the hit-tested view).
    public let view: UIView?
    public let window: UIWindow?
    /// Window coordinates.
    private let windowLocation: CGPoint

    init(_ event: PointerEvent, view: UIView?, window: UIWindow) {
        switch event.phase {
        case .down: phase = .began
        case .move: phase = .moved
        case .up: phase = .ended
        case .cancel: phase = .cancelled
        }
        timestamp = event.timestamp
        self.view = view
        self.window = window
        windowLocation = event.location
    }

    /// The touch's location in `view`'s coordinates (nil: the window's).
    public func location(in view: UIView?) -> CGPoint {
        guard let view else { return windowLocation }
        return view.convert(windowLocation, from: nil)
    }
}
