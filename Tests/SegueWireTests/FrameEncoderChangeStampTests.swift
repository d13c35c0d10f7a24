import Motion
import Scenes
import SegueValues
@testable import SegueWire
import Testing

/// The encoder compares only the nodes a window's builder stamped as changed since the last frame
/// it encoded (`NodeChanges`); these runs prove it sends exactly the bytes of an encoder that
/// compares every node, including one that encodes only some frames, as a share watcher does.
@Suite("Encoding only the nodes stamped as changed")
@MainActor struct FrameEncoderChangeStampTests {
    /// Frames per scene: `SceneFrameTests`' count, enough for every scene's cycle of actions.
    static let frames = 1200
    /// Frames a skipping encoder leaves out between two it encodes, in turn: runs long enough to
    /// span a transition's first frames, where views join and leave the tree.
    static let skippedRuns = [0, 1, 3, 0, 7, 2, 19]

    /// A copy of `list` whose nodes were edited by hand: it keeps nothing of its change stamps.
    static func unstamped(_ list: DisplayList) -> DisplayList {
        var copy = list
        copy.nodes = list.nodes
        return copy
    }

    static func header(_ sequence: UInt32, _ workload: TransitionWorkload) -> FrameHeader {
        FrameHeader(sequence: sequence, serverTime: workload.time, buildDuration: 0,
                    transition: workload.host.transition, inputSequence: workload.inputCount)
    }

    @Test(arguments: Scene.all.map(\.name))
    func everyFrameMatchesAFullComparison(_ name: String) throws {
        let workload = TransitionWorkload(scene: try #require(Scene.named(name)))
        var stamped = FrameEncoder()
        var full = FrameEncoder()
        var stampedBytes: [UInt8] = []
        var fullBytes: [UInt8] = []
        var sequence: UInt32 = 0
        var framesComparingFewer = 0
        for frame in 0..<Self.frames {
            _ = workload.advance()
            let list = workload.host.frame()
            sequence &+= 1
            let header = Self.header(sequence, workload)
            let sent = stamped.encode(list, header: header, into: &stampedBytes)
            #expect(full.encode(Self.unstamped(list), header: header, into: &fullBytes) == sent, "\(name) frame \(frame)")
            try #require(stampedBytes == fullBytes, "\(name) frame \(frame)")
            #expect(full.lastComposition.comparedNodeCount == list.nodes.count)
            #expect(stamped.lastComposition.comparedNodeCount >= stamped.lastComposition.recordCount)
            if stamped.lastComposition.comparedNodeCount < list.nodes.count { framesComparingFewer += 1 }
        }
        // Only a keyframe and the frames that change the tree compare every node.
        #expect(framesComparingFewer > Self.frames * 9 / 10)
    }

    /// A watcher's encoder: handed a copy of the controller's list (as a shared world publishes it)
    /// only now and then, so several builds lie between two frames it encodes.
    @Test(arguments: Scene.all.map(\.name))
    func anEncoderSkippingFramesMatchesAFullComparison(_ name: String) throws {
        let workload = TransitionWorkload(scene: try #require(Scene.named(name)))
        var stamped = FrameEncoder()
        var full = FrameEncoder()
        var published = DisplayList()
        var stampedBytes: [UInt8] = []
        var fullBytes: [UInt8] = []
        var sequence: UInt32 = 0
        var skipped = 0
        var run = 0
        var encodedAfterSkipping = 0
        for frame in 0..<Self.frames {
            _ = workload.advance()
            let list = workload.host.frame()
            if skipped < Self.skippedRuns[run % Self.skippedRuns.count] {
                skipped += 1
                continue
            }
            if skipped > 0 { encodedAfterSkipping += 1 }
            skipped = 0
            run += 1
            published.copyContents(of: list)
            sequence &+= 1
            let header = Self.header(sequence, workload)
            let sent = stamped.encode(published, header: header, into: &stampedBytes)
            #expect(full.encode(Self.unstamped(list), header: header, into: &fullBytes) == sent, "\(name) frame \(frame)")
            try #require(stampedBytes == fullBytes, "\(name) frame \(frame)")
        }
        #expect(encodedAfterSkipping > 100)
    }

    /// Two windows' builders count builds alike; an encoder handed lists from both in turn must not
    /// take one's stamps for the other's.
    @Test func listsFromTwoWindowsInTurnMatchAFullComparison() throws {
        let scene = try #require(Scene.named("slides"))
        let workloads = [TransitionWorkload(scene: scene), TransitionWorkload(scene: scene)]
        // The second window runs a few frames ahead, so the two differ at equal build counts.
        for _ in 0..<20 {
            _ = workloads[1].advance()
            _ = workloads[1].host.frame()
        }
        var stamped = FrameEncoder()
        var full = FrameEncoder()
        var stampedBytes: [UInt8] = []
        var fullBytes: [UInt8] = []
        for frame in 0..<Self.frames {
            let workload = workloads[frame % 2]
            _ = workload.advance()
            let list = workload.host.frame()
            let header = Self.header(UInt32(frame + 1), workload)
            let sent = stamped.encode(list, header: header, into: &stampedBytes)
            #expect(full.encode(Self.unstamped(list), header: header, into: &fullBytes) == sent, "frame \(frame)")
            try #require(stampedBytes == fullBytes, "frame \(frame)")
        }
    }
}
