/// What the scrub bar asks of the transition on screen. Every command but `finish` and `cancel`
/// leaves the transition paused where it is put, so a person can look at one frame for as long as
/// they like; `finish` and `cancel` play on from where it stands.
public enum ScrubCommand: Equatable, Sendable {
    /// Stop the transition where it is (a no-op when it is already held).
    case pause
    /// Pause and show the transition at `progress`, 0…1: what the frame header reports as progress.
    case seek(progress: Double)
    /// Pause and move by whole frames of animation time (negative: back), at the server's frame rate.
    case step(frames: Int)
    /// Play the rest forward from where it stands, and complete.
    case finish
    /// Play back to the start from where it stands, and cancel.
    case cancel

    /// The most frames one step may move: a second at 60 fps. A step is for looking closely;
    /// larger moves are seeks.
    public static let maximumStepFrames = 60
}
