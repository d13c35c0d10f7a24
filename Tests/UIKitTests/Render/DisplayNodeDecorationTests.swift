import Motion
import UIKit
import Testing

/// A node keeps its shadow and border in a box it may share with its copies (`DisplayNode`'s
/// layout); it must still behave as a plain value.
@Suite struct DisplayNodeDecorationTests {
    static let shadow = Shadow(color: .systemBlue, opacity: 0.4, radius: 6, offset: CGSize(width: 0, height: 3))
    static let border = Border(width: 2, color: .systemRed)

    /// Every session keeps a node per visible view: the text alignment rides in the padding beside
    /// the glyph, so a node stays 264 bytes.
    @Test func aNodeStaysItsSize() {
        #expect(MemoryLayout<DisplayNode>.size == 264)
        #expect(DisplayNode(id: 1, name: "n").textAlignment == .center)
    }

    @Test func shadowAndBorderReadBackAsWritten() {
        var node = DisplayNode(id: 1, name: "n", shadow: Self.shadow)
        #expect(node.shadow == Self.shadow && node.border == .none)
        node.border = Self.border
        #expect(node.shadow == Self.shadow && node.border == Self.border)
        node.shadow = .none
        #expect(node.shadow == .none && node.border == Self.border)
        node.border = .none
        #expect(node == DisplayNode(id: 1, name: "n"))
    }

    @Test func aCopyIsIndependentOfTheOriginal() {
        let original = DisplayNode(id: 1, name: "n", shadow: Self.shadow, border: Self.border)
        var copy = original
        copy.border.width = 5
        copy.shadow.opacity = 1
        #expect(original.border == Self.border && original.shadow == Self.shadow)
        #expect(copy.border.width == 5 && copy.shadow.opacity == 1)
        #expect(copy != original)
    }

    @Test func nodesWithEqualDecorationsAreEqual() {
        let one = DisplayNode(id: 1, name: "n", shadow: Self.shadow, border: Self.border)
        var other = DisplayNode(id: 1, name: "n")
        other.shadow = Self.shadow
        other.border = Self.border
        #expect(one == other)
        // Set to none by field, not by assigning `.none`: still equal to a node that never had one.
        var cleared = one
        cleared.shadow.opacity = 0
        cleared.shadow = Shadow()
        cleared.border = Border()
        #expect(cleared == DisplayNode(id: 1, name: "n"))
    }
}
