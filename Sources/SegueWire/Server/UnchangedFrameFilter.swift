import Motion
import SegueKit

/// The rule that makes an idle scene free to stream: a frame that would look exactly like the last
/// one sent (same nodes, viewport, transition, input sequence and slow-animation flag) is not sent.
/// Change-only encoding alone would still spend a 41-byte header and 4 bytes a node on it.
///
/// Sessions apply it through `FrameStream`; `segue bench` applies it alone, to count what a session
/// would send without a connection.
public struct UnchangedFrameFilter: Sendable {
    /// The last admitted frame's nodes, copied into storage the filter owns so the caller's list
    /// is never shared and its reuse never copies.
    private var sentNodes: [DisplayNode] = []
    private var sent: (viewport: Size, transition: TransitionStatus?, inputSequence: UInt32, slowAnimations: Bool)?

    public init() {}

    /// Whether a frame of `list` under `header` would look different from the last one admitted;
    /// if so, it becomes the last one. The header's sequence number and times are not compared:
    /// they differ in every frame.
    public mutating func admit(_ list: DisplayList, header: FrameHeader) -> Bool {
        if let sent, sent.viewport == list.viewport, sent.transition == header.transition,
           sent.inputSequence == header.inputSequence, sent.slowAnimations == header.slowAnimations,
           sentNodes == list.nodes {
            return false
        }
        sentNodes.removeAll(keepingCapacity: true)
        sentNodes.append(contentsOf: list.nodes)
        sent = (list.viewport, header.transition, header.inputSequence, header.slowAnimations)
        return true
    }

    /// Forgets the last frame, so the next one is admitted: a new connection, scene or viewport.
    public mutating func reset() {
        sent = nil
    }
}
