import Motion
@testable import SegueKit
import Testing

/// The builder keeps a node's own values when its view's `drawRevision` has not moved (and nothing
/// else they depend on has): every write to something drawn must move it, and a list built that
/// way must equal one built from scratch.
@Suite struct ReusedNodeTests {
    /// One write to each property a node draws, each to a value other than the default.
    static let writes: [(String, @Sendable (View) -> Void)] = [
        ("name", { $0.name = "renamed" }),
        ("text", { $0.text = "Hello" }),
        ("textColor", { $0.textColor = .systemBlue }),
        ("fontSize", { $0.fontSize = 24 }),
        ("fontWeight", { $0.fontWeight = .bold }),
        ("glyph", { $0.glyph = .star }),
        ("shadowOpacity", { $0.shadowOpacity = 0.3 }),
        ("shadowColor", { $0.shadowColor = .systemBlue }),
        ("shadowRadius", { $0.shadowRadius = 8 }),
        ("shadowOffset", { $0.shadowOffset = Size(width: 2, height: 2) }),
        ("borderWidth", { $0.borderWidth = 2 }),
        ("borderColor", { $0.borderColor = .systemBlue }),
        ("clipsToBounds", { $0.clipsToBounds = true }),
        ("isHidden", { $0.isHidden = true }),
        ("tintAdjustmentMode", { $0.tintAdjustmentMode = .dimmed }),
        ("center", { $0.center = Point(x: 7, y: 9) }),
        ("bounds", { $0.bounds = Rect(x: 3, y: 4, width: 50, height: 60) }),
        ("transform", { $0.transform = AffineTransform(scaleX: 2, y: 2) }),
        ("alpha", { $0.alpha = 0.5 }),
        ("backgroundColor", { $0.backgroundColor = .systemBlue }),
        ("cornerRadius", { $0.cornerRadius = 6 }),
    ]

    @Test func everyWriteToSomethingDrawnMovesTheRevision() {
        for (property, write) in Self.writes {
            let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
            let before = view.drawRevision
            write(view)
            #expect(view.drawRevision != before, "\(property)")
        }
    }

    @Test func writingTheValueAlreadyThereIsNoChange() {
        let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10), name: "same")
        view.text = "Same"
        let before = view.drawRevision
        view.name = "same"
        view.text = "Same"
        view.textColor = .black
        view.fontSize = 17
        view.isHidden = false
        view.center = Point(x: 5, y: 5)
        #expect(view.drawRevision == before)
    }

    @Test func noTwoViewsShareARevision() {
        let first = View(), second = View()
        for _ in 0..<3 { first.alpha = first.alpha / 2 }
        #expect(first.drawRevision != second.drawRevision)
        #expect(first.drawRevision >> View.revisionBlockBits != second.drawRevision >> View.revisionBlockBits)
    }

    /// After each write, and on the frames after it, the window's list (whose builder reuses nodes)
    /// is the list a builder with nothing to reuse makes.
    @Test func aWriteBetweenFramesIsDrawnAsAFullBuildDrawsIt() {
        for (property, write) in Self.writes {
            let stage = Stage()
            let parent = stage.add(Rect(x: 20, y: 30, width: 200, height: 100), name: "parent")
            let view = View(frame: Rect(x: 10, y: 10, width: 40, height: 20), name: "view")
            parent.addSubview(view)
            let child = View(frame: Rect(x: 1, y: 2, width: 5, height: 5), name: "child")
            child.backgroundColor = .systemBlue
            view.addSubview(child)
            for time in [0.0, 1.0 / 60] { stage.frame(at: time) }
            write(view)
            for time in [2.0 / 60, 3.0 / 60] {
                let list = stage.frame(at: time)
                var fresh = DisplayList(viewport: list.viewport, hint: list.hint)
                var builder = DisplayListBuilder()
                builder.build(root: stage.window, into: &fresh)
                #expect(list.nodes == fresh.nodes, "\(property)")
            }
        }
    }

    @Test func unchangedViewsKeepTheirNodesAndMovingOnesAreRecomputed() {
        let stage = Stage()
        let parent = stage.add(Rect(x: 0, y: 0, width: 200, height: 100), name: "parent")
        for index in 0..<4 {
            parent.addSubview(View(frame: Rect(x: Double(index) * 20, y: 0, width: 10, height: 10), name: "leaf"))
        }
        var builder = DisplayListBuilder()
        var list = DisplayList()
        builder.build(root: stage.window, into: &list)
        #expect(builder.reusedNodeCount == 0)
        builder.build(root: stage.window, into: &list)
        #expect(builder.reusedNodeCount == list.nodes.count)
        // The parent moves: its node is recomputed, its children's own values stay and their
        // viewport transforms follow it.
        parent.center.x += 50
        builder.build(root: stage.window, into: &list)
        #expect(builder.reusedNodeCount == list.nodes.count - 1)
        #expect(list.nodes.filter { $0.name == "leaf" }.map(\.transform.tx) == [50, 70, 90, 110])
    }

    /// A list edited outside its builder, or another builder's, has nothing to reuse.
    @Test func aListTheBuilderDidNotWriteLastIsBuiltInFull() throws {
        let stage = Stage()
        let only = stage.add(Rect(x: 0, y: 0, width: 10, height: 10), name: "only")
        only.backgroundColor = .systemRed
        var builder = DisplayListBuilder()
        var list = DisplayList()
        builder.build(root: stage.window, into: &list)
        let index = try #require(list.nodes.firstIndex { $0.name == "only" })
        list.nodes[index].backgroundColor = .systemBlue
        builder.build(root: stage.window, into: &list)
        #expect(builder.reusedNodeCount == 0)
        #expect(list.nodes[index].backgroundColor == .systemRed)
    }
}
