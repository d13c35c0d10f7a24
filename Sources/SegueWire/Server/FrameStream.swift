import SegueKit

/// One connection's outgoing frames: a frame that would look as last sent is skipped
/// (`UnchangedFrameFilter`), the rest are numbered and encoded change-only (`FrameEncoder`).
/// The server's sessions and the benchmark's peer server both send through it, so they send the
/// same bytes for the same world.
public struct FrameStream {
    private var encoder = FrameEncoder()
    private var unchanged = UnchangedFrameFilter()
    private var buffer: [UInt8] = []
    private var sequence: UInt32 = 0

    public init() {}

    /// The next frame's bytes, or `nil` when it would look as last sent. `buildDuration` is read
    /// once the frame is known to go out, so it covers evaluating the world and the comparison.
    public mutating func encode(
        _ list: DisplayList, transition: TransitionStatus?, inputSequence: UInt32, slowAnimations: Bool,
        serverTime: Double, buildDuration: () -> Double
    ) -> [UInt8]? {
        var header = FrameHeader(sequence: sequence &+ 1, serverTime: serverTime, buildDuration: 0,
                                 transition: transition, inputSequence: inputSequence,
                                 slowAnimations: slowAnimations)
        guard unchanged.admit(list, header: header) else { return nil }
        sequence = header.sequence
        header.buildDuration = buildDuration()
        encoder.encode(list, header: header, into: &buffer)
        return buffer
    }

    /// The next frame is a keyframe and always goes out: a new scene or viewport.
    public mutating func reset() {
        encoder.reset()
        unchanged.reset()
    }
}
