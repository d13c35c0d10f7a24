import Scenes
@testable import UIKit
import Testing

/// Every scene's transition cycle drawn twice a frame: by a builder that keeps the nodes of views
/// that did not change (as a window's does) and by one that starts from nothing each frame. The
/// two lists must be equal, node for node, on every frame.
@Suite("Reused nodes draw what a full build draws")
struct ReusedNodeSceneTests {
    /// Frames per scene: `FrameEncoderChangeStampTests`' count, enough for every scene's cycle.
    static let frames = 1200

    @Test(arguments: Scene.all.map(\.name))
    func everyFrameMatchesAFullBuild(_ name: String) throws {
        let workload = TransitionWorkload(scene: try #require(Scene.named(name)))
        var reusing = DisplayListBuilder()
        var reused = DisplayList()
        var nodes = 0
        var reusedNodes = 0
        var midTransitionNodes = 0
        var midTransitionReusedNodes = 0
        var midTransitionSkippedNodes = 0
        for frame in 0..<Self.frames {
            _ = workload.advance()
            let window = workload.host.frame()
            reusing.build(root: workload.host.window, into: &reused)
            var full = DisplayList()
            var fresh = DisplayListBuilder()
            fresh.build(root: workload.host.window, into: &full)
            try #require(reused.nodes == full.nodes, "\(name) frame \(frame)")
            try #require(window.nodes == full.nodes, "\(name) frame \(frame): the window's own list")
            nodes += full.nodes.count
            reusedNodes += reusing.reusedNodeCount
            if workload.host.transition != nil {
                midTransitionNodes += full.nodes.count
                midTransitionReusedNodes += reusing.reusedNodeCount
                midTransitionSkippedNodes += reusing.skippedNodeCount
            }
        }
        // Reuse is the common case, in transitions too: most views do not move on their own
        // (settings, the least, reuses 74% of its nodes over the cycle).
        #expect(reusedNodes * 3 > nodes * 2, "\(name): \(reusedNodes) of \(nodes) nodes reused")
        #expect(midTransitionReusedNodes * 2 > midTransitionNodes,
                "\(name): \(midTransitionReusedNodes) of \(midTransitionNodes) mid-transition nodes reused")
        // Most of those are not even visited: they lie in subtrees where nothing changed (settings,
        // the least, skips 40% of its nodes mid-transition).
        #expect(midTransitionSkippedNodes * 3 > midTransitionNodes,
                "\(name): \(midTransitionSkippedNodes) of \(midTransitionNodes) mid-transition nodes skipped")
    }
}
