import Motion
import Scenes
import SegueValues
@testable import SegueWire
import Testing

/// Version 4 over every built-in scene's whole transition cycle (the frames `segue bench` sends):
/// the page's reading equals the quantised display list in every frame, and a mid-transition frame
/// costs at most `bytesPerChangedView` per view whose own values changed plus `headerBudget`.
@Suite("v5 frames of every scene")
@MainActor struct SceneFrameTests {
    /// The goal of issue 14: bytes per view whose own values changed, and of header.
    static let bytesPerChangedView = 12
    static let headerBudget = 20
    /// At most this share of mid-transition frames may add or remove views or change the hint
    /// (a transition's first and last frames do; 3% at most in the built-in scenes).
    static let reshapingShare = 0.05
    /// Frames per scene: the bench's count, enough for every scene's cycle of actions.
    static let frames = 1200
    /// How far the page's absolute geometry may sit from the server's: half a 1/64 pt step per
    /// level and half a 1/1024 matrix step across the widest offset (a phone, 844 pt) per level,
    /// over the deepest tree a scene builds (6 levels).
    static let absoluteTolerance = 6 * (1.0 / 128 + 844.0 / 2048)

    @Test(arguments: Scene.all.map(\.name))
    func everyFrameDecodesToTheQuantisedListWithinTheByteGoal(_ name: String) throws {
        let scene = try #require(Scene.named(name))
        let workload = TransitionWorkload(scene: scene)
        var encoder = FrameEncoder()
        var decoder = FrameDecoder()
        var buffer: [UInt8] = []
        var sequence: UInt32 = 0
        var previous: [UInt32: DisplayNode] = [:]
        var midTransitionFrames = 0
        var reshapingFrames = 0
        for _ in 0..<Self.frames {
            _ = workload.advance()
            let list = workload.host.frame()
            let header = FrameHeader(sequence: sequence &+ 1, serverTime: workload.time, buildDuration: 0,
                                     transition: workload.host.transition, inputSequence: workload.inputCount)
            guard encoder.encode(list, header: header, into: &buffer) else { continue }
            sequence &+= 1
            let frame = try decoder.decodeFrame(buffer)
            let expected = quantised(list)
            try #require(frame.displayList == expected, "\(name) frame \(sequence)")
            for (sent, seen) in zip(list.nodes, frame.displayList.nodes) {
                #expect(abs(seen.transform.tx - sent.transform.tx) <= Self.absoluteTolerance)
                #expect(abs(seen.transform.ty - sent.transform.ty) <= Self.absoluteTolerance)
            }

            // Views whose own values changed, counted from the display lists.
            var changed = 0
            var current: [UInt32: DisplayNode] = [:]
            for node in expected.nodes {
                let own = Self.ownValues(node)
                if frame.isKeyframe || previous[node.id] != own { changed += 1 }
                current[node.id] = own
            }
            let composition = encoder.lastComposition
            if !frame.isKeyframe {
                let defaults = current.filter { previous[$0.key] == nil && $0.value == Self.ownValues(Self.newNode($0.key)) }
                #expect(composition.recordCount == changed - defaults.count)
            }
            previous = current

            guard header.transition != nil, !frame.isKeyframe else { continue }
            midTransitionFrames += 1
            // New views and a new hint are content, not overhead: those frames are counted apart.
            if composition.structureBytes > 0 || buffer[2] & FrameFlags.hint.rawValue != 0 {
                reshapingFrames += 1
                continue
            }
            #expect(composition.headerBytes <= Self.headerBudget)
            #expect(composition.recordBytes <= Self.bytesPerChangedView * composition.recordCount)
            #expect(buffer.count <= Self.bytesPerChangedView * changed + Self.headerBudget)
        }
        #expect(midTransitionFrames > 20)
        #expect(Double(reshapingFrames) <= Self.reshapingShare * Double(midTransitionFrames))
    }

    /// A node's own values: what a record carries, with the composed and tree fields cleared.
    static func ownValues(_ node: DisplayNode) -> DisplayNode {
        var own = node
        own.transform = .identity
        own.alpha = 1
        own.depth = 0
        own.descendantCount = 0
        return own
    }

    /// A node at the wire's defaults: a new id costs no record when it is one.
    static func newNode(_ id: UInt32) -> DisplayNode {
        DisplayNode(id: id, name: "")
    }
}
