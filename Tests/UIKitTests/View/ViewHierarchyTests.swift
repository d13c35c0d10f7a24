import Motion
@testable import UIKit
import Testing

@Suite struct ViewHierarchyTests {
    func parent(_ names: String...) -> (UIView, [String: UIView]) {
        let parent = UIView(frame: .zero, name: "parent")
        var views: [String: UIView] = [:]
        for name in names {
            let v = UIView(frame: .zero, name: name)
            parent.addSubview(v)
            views[name] = v
        }
        return (parent, views)
    }

    func names(_ view: UIView) -> [String] { view.subviews.map(\.name) }

    @Test func addSubviewAppendsAndMovesBetweenParents() {
        let (p, v) = parent("a", "b")
        #expect(names(p) == ["a", "b"])
        #expect(v["a"]!.superview === p)
        let other = UIView(frame: .zero, name: "other")
        other.addSubview(v["a"]!)
        #expect(names(p) == ["b"])
        #expect(v["a"]!.superview === other)
        p.addSubview(v["b"]!)
        #expect(names(p) == ["b"])
    }

    @Test func insertAtIndexClampsAndReorders() {
        let (p, v) = parent("a", "b", "c")
        p.insertSubview(UIView(frame: .zero, name: "x"), at: 1)
        #expect(names(p) == ["a", "x", "b", "c"])
        p.insertSubview(UIView(frame: .zero, name: "y"), at: 99)
        p.insertSubview(UIView(frame: .zero, name: "z"), at: -3)
        #expect(names(p) == ["z", "a", "x", "b", "c", "y"])
        p.insertSubview(v["c"]!, at: 0)
        #expect(names(p) == ["c", "z", "a", "x", "b", "y"])
        p.insertSubview(p, at: 0)
        #expect(names(p).count == 6)
    }

    @Test(arguments: [
        // (move, sibling, expected) for insertSubview(_:aboveSubview:)
        ("a", "c", ["b", "c", "a", "d"]),
        ("d", "a", ["a", "d", "b", "c"]),
        ("c", "b", ["a", "b", "c", "d"]),
        ("new", "b", ["a", "b", "new", "c", "d"]),
    ])
    func insertAboveSibling(move: String, sibling: String, expected: [String]) {
        let (p, v) = parent("a", "b", "c", "d")
        p.insertSubview(v[move] ?? UIView(frame: .zero, name: move), aboveSubview: v[sibling]!)
        #expect(names(p) == expected)
    }

    @Test(arguments: [
        ("a", "c", ["b", "a", "c", "d"]),
        ("d", "a", ["d", "a", "b", "c"]),
        ("c", "d", ["a", "b", "c", "d"]),
        ("new", "b", ["a", "new", "b", "c", "d"]),
    ])
    func insertBelowSibling(move: String, sibling: String, expected: [String]) {
        let (p, v) = parent("a", "b", "c", "d")
        p.insertSubview(v[move] ?? UIView(frame: .zero, name: move), belowSubview: v[sibling]!)
        #expect(names(p) == expected)
    }

    @Test func insertRelativeToAStrangerFallsBackToTheEnds() {
        let (p, _) = parent("a", "b")
        let stranger = UIView(frame: .zero, name: "stranger")
        p.insertSubview(UIView(frame: .zero, name: "top"), aboveSubview: stranger)
        p.insertSubview(UIView(frame: .zero, name: "bottom"), belowSubview: stranger)
        #expect(names(p) == ["bottom", "a", "b", "top"])
    }

    @Test func bringToFrontAndSendToBack() {
        let (p, v) = parent("a", "b", "c")
        p.bringSubviewToFront(v["a"]!)
        #expect(names(p) == ["b", "c", "a"])
        p.sendSubviewToBack(v["c"]!)
        #expect(names(p) == ["c", "b", "a"])
        p.bringSubviewToFront(UIView(frame: .zero, name: "stranger"))
        #expect(names(p) == ["c", "b", "a"])
    }

    @Test func removeFromSuperviewAndDescendants() {
        let (p, v) = parent("a", "b")
        let child = UIView(frame: .zero, name: "child")
        v["a"]!.addSubview(child)
        #expect(child.isDescendant(of: p) && child.isDescendant(of: child) && !p.isDescendant(of: child))
        #expect(child.rootView === p)
        v["a"]!.removeFromSuperview()
        #expect(names(p) == ["b"])
        #expect(v["a"]!.superview == nil)
        #expect(!child.isDescendant(of: p))
    }

    /// `superview` and a recognizer's `view` are unretained (not weak): a parent going away must
    /// clear them in what outlives it, or they would point at freed memory.
    @Test func childrenAndRecognizersOutlivingTheirViewNoLongerPointAtIt() {
        let child = UIView(frame: .zero, name: "child")
        let recognizer = UITapGestureRecognizer { _ in }
        weak var gone: UIView?
        do {
            let parent = UIView(frame: .zero, name: "parent")
            parent.addSubview(child)
            parent.addGestureRecognizer(recognizer)
            #expect(child.superview === parent && recognizer.view === parent)
            gone = parent
        }
        #expect(gone == nil, "the parent is owned by nothing here and should be gone")
        #expect(child.superview == nil)
        #expect(recognizer.view == nil)
        #expect(child.rootView === child)
    }
}
