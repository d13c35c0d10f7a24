import SegueValues

/// One connection's outgoing frames: numbered, encoded change-only, and skipped when they would
/// show nothing new (`FrameEncoder` decides both in one pass, at wire precision). The server's
/// sessions and the benchmark's peer send through it, so they send the same bytes for the same
/// world.
public struct FrameStream {
    private var encoder = FrameEncoder()
    private var buffer: [UInt8] = []
    private var sequence: UInt32 = 0

    public init() {}

    /// The next frame's bytes, or `nil` when it would look as last sent. `buildDuration` is read
    /// once the frame is known to go out, so it covers evaluating the world and encoding it.
    /// `touches` are the controller's pointers, for a watcher's frames.
    public mutating func encode(
        _ list: DisplayList, transition: TransitionStatus?, inputSequence: UInt32, slowAnimations: Bool,
        touches: [FrameHeader.Touch] = [], serverTime: Double, buildDuration: () -> Double
    ) -> [UInt8]? {
        let header = FrameHeader(sequence: sequence &+ 1, serverTime: serverTime, buildDuration: 0,
                                 transition: transition, inputSequence: inputSequence,
                                 slowAnimations: slowAnimations, touches: touches)
        guard encoder.encode(list, header: header, into: &buffer) else { return nil }
        sequence = header.sequence
        FrameEncoder.setBuildDuration(buildDuration(), in: &buffer)
        return buffer
    }

    /// The next frame is a keyframe and always goes out: a new scene or viewport.
    public mutating func reset() {
        encoder.reset()
    }
}

extension FrameStream {
    /// What encoding a frame reads: the buffer it writes into and the table of what the client holds.
    package func visitFrameMemory<Visitor: FrameMemoryVisitor>(_ visitor: inout Visitor) {
        visitor.visit(buffer)
        encoder.visitFrameMemory(&visitor)
    }
}
