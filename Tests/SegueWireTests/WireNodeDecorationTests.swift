import Motion
import SegueValues
@testable import SegueWire
import Testing

/// What the encoder holds per node keeps its shadow and border in a box (`WireNode`'s layout); it
/// must compare and copy as a plain value.
@Suite struct WireNodeDecorationTests {
    static let shadow = Shadow(color: .black, opacity: 0.25, radius: 16, offset: CGSize(width: 0, height: 8))

    @Test func aShadowAndBorderSetOneFieldAtATimeReadBackAndClearToTheDefaults() {
        var node = WireNode()
        node.shadowColor = 0x0000_00FF
        node.shadow = SIMD4(0.25, 16, 0, 8)
        node.borderWidth = 0.5
        node.borderColor = 0x0000_0033
        #expect(node.shadowColor == 0x0000_00FF && node.shadow == SIMD4(0.25, 16, 0, 8))
        #expect(node.borderWidth == 0.5 && node.borderColor == 0x0000_0033)
        #expect(node != WireNode())
        node.shadowColor = 0
        node.shadow = SIMD4()
        node.borderWidth = 0
        node.borderColor = 0
        #expect(node == WireNode())
    }

    @Test func aCopyIsIndependentOfTheOriginal() {
        var original = WireNode()
        _ = original.update(to: DisplayNode(id: 1, name: "card", shadow: Self.shadow))
        var copy = original
        copy.borderWidth = 2
        #expect(original.borderWidth == 0 && copy.borderWidth == 2)
        #expect(original.shadow == copy.shadow)
    }

    @Test func updatingToTheSameShadowChangesNothing() {
        var node = WireNode()
        let first = node.update(to: DisplayNode(id: 1, name: "card", shadow: Self.shadow))
        #expect(first.contains(.shadow))
        #expect(node.update(to: DisplayNode(id: 1, name: "card", shadow: Self.shadow)).isEmpty)
        #expect(node.update(to: DisplayNode(id: 1, name: "card")) == [.shadow])
        #expect(node == { var fresh = WireNode(); _ = fresh.update(to: DisplayNode(id: 1, name: "card")); return fresh }())
    }
}

private extension WireNode {
    /// `update(to:)` for a node held by value, as a test makes it.
    mutating func update(to node: DisplayNode) -> NodeFields {
        withUnsafePointer(to: node) { update(to: $0) }
    }
}
