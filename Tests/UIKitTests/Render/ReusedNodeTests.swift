import Motion
@testable import UIKit
import Testing

/// The builder keeps a node's own values when its view's `drawRevision` has not moved (and nothing
/// else they depend on has): every write to something drawn must move it, and a list built that
/// way must equal one built from scratch.
@Suite struct ReusedNodeTests {
    /// One write to each property a node draws, each to a value other than the default.
    static let writes: [(String, @MainActor @Sendable (UIView) -> Void)] = [
        ("name", { $0.name = "renamed" }),
        ("text", { $0.text = "Hello" }),
        ("textColor", { $0.textColor = .systemBlue }),
        ("fontSize", { $0.fontSize = 24 }),
        ("fontWeight", { $0.fontWeight = .bold }),
        ("glyph", { $0.glyph = .star }),
        ("shadowOpacity", { $0.shadowOpacity = 0.3 }),
        ("shadowColor", { $0.shadowColor = .systemBlue }),
        ("shadowRadius", { $0.shadowRadius = 8 }),
        ("shadowOffset", { $0.shadowOffset = CGSize(width: 2, height: 2) }),
        ("borderWidth", { $0.borderWidth = 2 }),
        ("borderColor", { $0.borderColor = .systemBlue }),
        ("clipsToBounds", { $0.clipsToBounds = true }),
        ("isHidden", { $0.isHidden = true }),
        ("tintAdjustmentMode", { $0.tintAdjustmentMode = .dimmed }),
        ("textColorIsTint", { $0.textColorIsTint = true }),
        ("center", { $0.center = CGPoint(x: 7, y: 9) }),
        ("bounds", { $0.bounds = CGRect(x: 3, y: 4, width: 50, height: 60) }),
        ("transform", { $0.transform = CGAffineTransform(scaleX: 2, y: 2) }),
        ("alpha", { $0.alpha = 0.5 }),
        ("backgroundColor", { $0.backgroundColor = .systemBlue }),
        ("cornerRadius", { $0.cornerRadius = 6 }),
    ]

    @Test func everyWriteToSomethingDrawnMovesTheRevision() {
        for (property, write) in Self.writes {
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            let before = view.drawRevision
            write(view)
            #expect(view.drawRevision != before, "\(property)")
        }
    }

    @Test func writingTheValueAlreadyThereIsNoChange() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10), name: "same")
        view.text = "Same"
        let before = view.drawRevision
        view.name = "same"
        view.text = "Same"
        view.textColor = .black
        view.fontSize = 17
        view.isHidden = false
        view.center = CGPoint(x: 5, y: 5)
        #expect(view.drawRevision == before)
    }

    @Test func noTwoViewsShareARevision() {
        let first = UIView(), second = UIView()
        for _ in 0..<3 { first.alpha = first.alpha / 2 }
        #expect(first.drawRevision != second.drawRevision)
        #expect(first.drawRevision >> UIView.revisionBlockBits != second.drawRevision >> UIView.revisionBlockBits)
    }

    /// After each write, and on the frames after it, the window's list (whose builder reuses nodes)
    /// is the list a builder with nothing to reuse makes.
    /// The write is made to a view with a child and to a leaf two levels down: both lie in subtrees
    /// the frames before it skipped.
    @Test(arguments: ["view", "child"])
    func aWriteBetweenFramesIsDrawnAsAFullBuildDrawsIt(_ target: String) {
        for (property, write) in Self.writes {
            let stage = Stage()
            let parent = stage.add(CGRect(x: 20, y: 30, width: 200, height: 100), name: "parent")
            let view = UIView(frame: CGRect(x: 10, y: 10, width: 40, height: 20), name: "view")
            parent.addSubview(view)
            let child = UIView(frame: CGRect(x: 1, y: 2, width: 5, height: 5), name: "child")
            child.backgroundColor = .systemBlue
            view.addSubview(child)
            for time in [0.0, 1.0 / 60] { stage.frame(at: time) }
            write(target == "view" ? view : child)
            for time in [2.0 / 60, 3.0 / 60] {
                #expect(Self.matchesAFullBuild(stage.frame(at: time), stage), "\(property) of \(target)")
            }
        }
    }

    /// A subtree in which nothing changed is not visited: its nodes stay where they are, and their
    /// viewport transforms and alphas follow the ancestor that moved.
    @Test func anUnchangedSubtreeIsSkippedAndFollowsItsAncestors() {
        let stage = Stage()
        let parent = Self.rowOfLeaves(in: stage).superview!
        var builder = DisplayListBuilder()
        var list = DisplayList()
        builder.build(root: stage.window, into: &list)
        #expect(builder.skippedNodeCount == 0)
        // Nothing changed: every node below the window stays.
        builder.build(root: stage.window, into: &list)
        #expect(builder.skippedNodeCount == list.nodes.count - 1)
        // The parent moves and fades: the window and its children are visited, the row and its
        // leaves are not, and they follow.
        parent.center.x += 50
        parent.alpha = 0.5
        builder.build(root: stage.window, into: &list)
        let windowChildren = list.nodes.filter { $0.depth == 1 }.count
        #expect(builder.skippedNodeCount == list.nodes.count - 1 - windowChildren)
        let leaves = list.nodes.filter { $0.name == "leaf" }
        #expect(leaves.map(\.transform.tx) == [50, 70, 90])
        #expect(leaves.map(\.transform.ty) == [50, 50, 50])
        #expect(leaves.map(\.alpha) == [0.5, 0.5, 0.5])
        #expect(Self.matchesAFullBuild(list, stage))
    }

    /// A skipped subtree whose root kept its viewport transform and alpha is not read at all (its
    /// nodes stand as the last build left them); one whose root moved is redrawn, also where the
    /// root was visited (a sibling below the moving view changed in the same frame).
    @Test func aSkippedSubtreeUnderAStillRootIsNotRead() {
        let stage = Stage()
        let row = Self.rowOfLeaves(in: stage)
        let moving = row.superview!
        row.subviews[1].addSubview(UIView(frame: CGRect(x: 2, y: 2, width: 4, height: 4), name: "dot"))
        let still = stage.add(CGRect(x: 0, y: 200, width: 200, height: 100), name: "still")
        for index in 0..<2 {
            still.addSubview(UIView(frame: CGRect(x: Double(index) * 30, y: 10, width: 20, height: 20), name: "tile"))
        }
        var builder = DisplayListBuilder()
        var list = DisplayList()
        builder.build(root: stage.window, into: &list)
        #expect(builder.unreadNodeCount == 0)
        for step in 1...3 {
            moving.center.x += 10
            builder.build(root: stage.window, into: &list)
            // The row, its leaves and the dot follow the moving parent, read and redrawn (after a
            // leaf's change, only the dot is skipped: the rest is visited). The still view's two
            // tiles, and the chrome's subtrees, are left as they were.
            let redrawn = step == 1 ? 5 : 1
            #expect(builder.unreadNodeCount == builder.skippedNodeCount - redrawn, "step \(step)")
            #expect(list.nodes.filter { $0.name == "tile" }.map(\.transform.tx) == [0, 30])
            #expect(list.nodes.filter { $0.name == "dot" }.map(\.transform.tx) == [CGFloat(10 * step + 22)])
            #expect(Self.matchesAFullBuild(list, stage), "step \(step)")
            // In the same frame as the next move, the first leaf changes: the moving parent's
            // subtree is visited, and the second leaf's (the dot) is skipped but must follow.
            row.subviews[0].backgroundColor = step.isMultiple(of: 2) ? .systemBlue : .systemRed
        }
        // The still view moves after all: its tiles are read and follow it.
        still.center.y += 5
        builder.build(root: stage.window, into: &list)
        #expect(list.nodes.filter { $0.name == "tile" }.map(\.transform.ty) == [215, 215])
        #expect(Self.matchesAFullBuild(list, stage))
    }

    /// Changes that move no view's own `drawRevision` but change what a subtree draws: each must
    /// bring back the visit of the subtrees above it.
    static let treeChanges: [(String, @MainActor @Sendable (Stage, UIView, UIView) -> Void)] = [
        ("a subview added to a leaf", { _, _, leaf in leaf.addSubview(UIView(frame: CGRect(x: 1, y: 1, width: 2, height: 2))) }),
        ("a leaf removed", { _, _, leaf in leaf.removeFromSuperview() }),
        ("a leaf brought to the front", { _, row, leaf in row.bringSubviewToFront(leaf) }),
        ("a leaf inserted at the back", { _, row, _ in row.insertSubview(UIView(frame: CGRect(x: 0, y: 0, width: 4, height: 4)), at: 0) }),
        ("a leaf hidden", { _, _, leaf in leaf.isHidden = true }),
        ("a transparent leaf faded in", { stage, _, leaf in
            // The animation's first frame still leaves the leaf out; the frames after it need it.
            stage.perform { UIView.animate(withDuration: 1) { leaf.alpha = 1 } }
        }),
    ]

    @Test func everyChangeBelowASkippedSubtreeIsDrawn() {
        for (change, apply) in Self.treeChanges {
            let stage = Stage()
            let row = Self.rowOfLeaves(in: stage)
            row.subviews[1].alpha = change.contains("transparent") ? 0 : 1
            for time in [0.0, 1.0 / 60] { stage.frame(at: time) }
            apply(stage, row, row.subviews[1])
            // The first frame at the change's time, when an animation starts from where it is.
            for time in [1.0 / 60, 0.25, 0.5, 0.75] {
                #expect(Self.matchesAFullBuild(stage.frame(at: time), stage), "\(change), at \(time) s")
            }
        }
    }

    /// What the builder's skipping rests on: any change below a view moves its
    /// `descendantsRevision`, and those of all its ancestors, and nothing else's.
    @Test func aChangeBelowMovesEveryAncestorsDescendantsRevision() {
        let changes: [(String, (UIView) -> Void)] = Self.writes.map { ($0.0, $0.1) } + [
            ("a subview added", { $0.addSubview(UIView()) }),
            // A running animation moves a view without any write (a driven animator's, a keyframe's).
            ("an animation started", { $0.animationDidStart() }),
        ]
        for (change, apply) in changes {
            let root = UIView(name: "root"), parent = UIView(name: "parent"), leaf = UIView(name: "leaf")
            let sibling = UIView(name: "sibling")
            root.addSubview(parent)
            root.addSubview(sibling)
            parent.addSubview(leaf)
            let before = [root, parent, leaf, sibling].map(\.descendantsRevision)
            apply(leaf)
            let after = [root, parent, leaf, sibling].map(\.descendantsRevision)
            #expect(after[0] != before[0] && after[1] != before[1], "\(change): the ancestors")
            #expect(after[3] == before[3], "\(change): a sibling of the parent")
            // A view's own change is its `drawRevision`'s; its subviews are its descendants'.
            #expect((after[2] != before[2]) == (change == "a subview added"), "\(change): the view itself")
        }
    }

    /// A parent in the window with one row inside it and three blue leaves in the row, 20 pt apart:
    /// returns the row.
    static func rowOfLeaves(in stage: Stage) -> UIView {
        let parent = stage.add(CGRect(x: 0, y: 0, width: 200, height: 100), name: "parent")
        let row = UIView(frame: CGRect(x: 0, y: 50, width: 200, height: 20), name: "row")
        parent.addSubview(row)
        for index in 0..<3 {
            let leaf = UIView(frame: CGRect(x: Double(index) * 20, y: 0, width: 10, height: 10), name: "leaf")
            leaf.backgroundColor = .systemBlue
            row.addSubview(leaf)
        }
        return row
    }

    /// Whether `list` (a window's, whose builder reuses and skips) is what a builder with nothing to
    /// reuse makes of the same tree.
    static func matchesAFullBuild(_ list: DisplayList, _ stage: Stage) -> Bool {
        var fresh = DisplayList(viewport: list.viewport, hint: list.hint)
        var builder = DisplayListBuilder()
        builder.build(root: stage.window, into: &fresh)
        return list.nodes == fresh.nodes
    }

    @Test func unchangedViewsKeepTheirNodesAndMovingOnesAreRecomputed() {
        let stage = Stage()
        let parent = stage.add(CGRect(x: 0, y: 0, width: 200, height: 100), name: "parent")
        for index in 0..<4 {
            parent.addSubview(UIView(frame: CGRect(x: Double(index) * 20, y: 0, width: 10, height: 10), name: "leaf"))
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
        let only = stage.add(CGRect(x: 0, y: 0, width: 10, height: 10), name: "only")
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
