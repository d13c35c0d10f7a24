import Motion
import SegueValues

/// One validated message from the page. Times are in seconds (the page sends milliseconds).
public enum ClientMessage: Equatable, Sendable {
    /// A pointer sample, with the page's input sequence number (echoed in frame headers).
    case pointer(PointerEvent, sequence: UInt32)
    /// The page's size; the server lays the scene out to it.
    case viewport(Viewport)
    /// Switch to the scene with this name.
    case chooseScene(String)
    /// A round-trip probe: answer with a `PongMessage` echoing `clientTime`.
    case ping(clientTime: Double)
    /// Run animations ten times slower, or at normal speed.
    case setSlowAnimations(Bool)
    /// The scrub bar: pause, seek, step, finish or cancel the transition on screen.
    case scrub(ScrubCommand)
    /// Run the animation listed at `index` (of the last animations message) with `edit` applied
    /// from its next run on.
    case tuneAnimation(index: UInt8, edit: TimingEdit)
    /// Send the animations message: the animation calls this scene has run, and their tuning.
    case listAnimations
    /// Run the animation listed at `index` (of the last animations message) as the scene wrote it
    /// again, or every animation when `index` is nil (255 on the wire).
    case resetAnimation(index: UInt8?)
    /// Send the share message: the session's share link (made on first request) and its watchers.
    case requestShare
    /// Leave this connection's own session and watch the one shared under the token.
    case watch(ShareToken)
    /// Give control to the watcher that has watched longest; this connection watches from now on.
    case handOver
}

/// The page's canvas size in CSS pixels and its device pixel ratio.
public struct Viewport: Equatable, Sendable {
    public var size: CGSize
    public var devicePixelRatio: Double

    public init(size: CGSize, devicePixelRatio: Double) {
        self.size = size
        self.devicePixelRatio = devicePixelRatio
    }
}

/// The ranges a client message must fall in. Anything outside is a bug or an attack, never input
/// worth handing to a scene.
public enum ClientLimits {
    /// The longest valid message is a scene choice with a 64-byte name (67 bytes); the transport
    /// can close on anything bigger than this before buffering it.
    public static let maximumMessageSize = 128
    /// Viewport width and height, CSS px.
    public static let viewportSide: ClosedRange<Double> = 1...8192
    public static let devicePixelRatio: ClosedRange<Double> = 0.5...8
    /// Pointer coordinates, CSS px: far beyond any screen, near enough that scene math stays exact.
    public static let coordinate: ClosedRange<Double> = -100_000...100_000
    /// Browsers' `pointerId` is a non-negative `long`.
    public static let pointerID: ClosedRange<UInt32> = 0...UInt32(Int32.max)
    /// `performance.now()` in ms: from page load, up to about 31 years.
    public static let timestampMilliseconds: ClosedRange<Double> = 0...1e12
    /// A scrub seek's progress.
    public static let scrubProgress: ClosedRange<Double> = 0...1
    /// A scrub step's whole frames, either way (0 is refused: a step must move).
    public static let scrubStepFrames: ClosedRange<Double> = -Double(ScrubCommand.maximumStepFrames)...Double(ScrubCommand.maximumStepFrames)
    /// Scene names in UTF-8 bytes.
    public static let sceneNameBytes: ClosedRange<Int> = 1...64
}
