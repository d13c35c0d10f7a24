import Motion
@testable import UIKit
import Testing
import ReferenceMath

@Suite struct DisplayListBuilderTests {
    /// window ─ a (rotated 90°, alpha 0.5, bounds origin (10, 0)) ─ b (moved by (5, 0), alpha 0.4)
    ///        ├ hidden ─ underHidden
    ///        ├ clear (alpha 0) ─ underClear
    ///        └ c
    struct Tree {
        let stage = Stage()
        let a: UIView, b: UIView, c: UIView, hidden: UIView, clear: UIView

        init() {
            a = stage.add(CGRect(x: 50, y: 100, width: 200, height: 100), name: "a")
            a.transform = CGAffineTransform(rotationAngle: .pi / 2)
            a.alpha = 0.5
            a.bounds.origin = CGPoint(x: 10, y: 0)
            a.backgroundColor = UIColor(hex: 0x336699)
            b = UIView(frame: CGRect(x: 10, y: 20, width: 40, height: 30), name: "b")
            b.transform = CGAffineTransform(translationX: 5, y: 0)
            b.alpha = 0.4
            a.addSubview(b)
            hidden = stage.add(CGRect(x: 0, y: 0, width: 10, height: 10), name: "hidden")
            hidden.isHidden = true
            hidden.addSubview(UIView(frame: CGRect(x: 0, y: 0, width: 5, height: 5), name: "underHidden"))
            clear = stage.add(CGRect(x: 0, y: 0, width: 10, height: 10), name: "clear")
            clear.alpha = 0
            clear.addSubview(UIView(frame: CGRect(x: 0, y: 0, width: 5, height: 5), name: "underClear"))
            c = stage.add(CGRect(x: 300, y: 300, width: 20, height: 20), name: "c")
        }
    }

    @Test func nestedTransformsComposeIntoViewportMatrices() {
        let list = Tree().stage.frame(at: 0)
        // a: local (x, y) → centered (x − 100, y − 50) → rotated (−(y − 50), x − 100) → + center (150, 150).
        let a = CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 200, ty: 50)
        #expect(isClose(list.node(named: "a")!.transform, a, 1e-12))
        // b: local → (x − 20 + 5 + 30, y − 15 + 35) in a's bounds space → minus a's bounds origin
        // (10, 0) → a's local (x + 5, y + 20) → through a: (200 − (y + 20), x + 5 + 50).
        let b = CGAffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 180, ty: 55)
        #expect(isClose(list.node(named: "b")!.transform, b, 1e-12))
        #expect(list.node(named: "b")!.size == CGSize(width: 40, height: 30))
        #expect(list.node(named: "c")!.transform == CGAffineTransform(translationX: 300, y: 300))
        #expect(list.node(named: "window")!.transform == .identity)
        #expect(list.viewport == CGSize(width: 400, height: 800))
    }

    @Test func alphaMultipliesDownTheTree() {
        let list = Tree().stage.frame(at: 0)
        #expect(list.node(named: "a")!.alpha == 0.5)
        #expect(isClose(list.node(named: "b")!.alpha, 0.2))
        #expect(list.node(named: "c")!.alpha == 1)
    }

    @Test func hiddenAndTransparentSubtreesAreAbsent() {
        let list = Tree().stage.frame(at: 0)
        for name in ["hidden", "underHidden", "clear", "underClear"] {
            #expect(list.node(named: name) == nil, "\(name) is drawn")
        }
    }

    @Test func nodesAreInPaintOrderWithDepthsAndDescendantCounts() {
        let list = Tree().stage.frame(at: 0)
        // The window's chrome (status bar, home indicator) paints last, over the content.
        let content = list.nodes.prefix { !$0.name.hasPrefix("status-bar") && $0.name != "home-indicator" }
        #expect(content.map(\.name) == ["window", "a", "b", "c"])
        #expect(content.map(\.depth) == [0, 1, 2, 1])
        #expect(list.nodes[0].descendantCount == UInt32(list.nodes.count - 1))
        #expect(content.dropFirst().map(\.descendantCount) == [1, 0, 0])
        #expect(list.nodes.last?.name == "home-indicator" || list.nodes.last?.name.hasPrefix("status-bar") == true)
    }

    @Test func idsAreStableAcrossFramesAndInsertions() {
        let tree = Tree()
        let first = tree.stage.frame(at: 0)
        let ids = Dictionary(uniqueKeysWithValues: first.nodes.map { ($0.name, $0.id) })
        #expect(Set(ids.values).count == ids.count)
        tree.a.insertSubview(UIView(frame: CGRect(x: 0, y: 0, width: 5, height: 5), name: "new"), at: 0)
        tree.hidden.isHidden = false
        let second = tree.stage.frame(at: 1)
        for node in second.nodes where ids[node.name] != nil {
            #expect(node.id == ids[node.name], "\(node.name) changed id")
        }
        #expect(Set(second.nodes.map(\.id)).count == second.nodes.count)
    }

    @Test func presentationValuesAreWhatIsDrawn() {
        let tree = Tree()
        tree.stage.perform {
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                tree.c.center.x = 410
                tree.c.alpha = 0
            })
        }
        let list = tree.stage.frame(at: 0.5)
        #expect(list.node(named: "c")!.transform == CGAffineTransform(translationX: 350, y: 300))
        #expect(list.node(named: "c")!.alpha == 0.5)
        #expect(tree.stage.frame(at: 1).node(named: "c") == nil)
    }

    /// Dimming reaches the tint colors of a dimmed view and of the subviews that follow it through
    /// `.automatic`, not through `.normal`; backgrounds stay.
    @Test func dimmingDimsTintColorsAndInheritsThroughAutomaticButNotNormal() {
        let stage = Stage()
        let color = UIColor(hex: 0x4080C0)
        let dimmed = stage.add(CGRect(x: 0, y: 0, width: 100, height: 100), name: "dimmed")
        let inheriting = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10), name: "inheriting")
        let normal = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10), name: "normal")
        let sibling = stage.add(CGRect(x: 0, y: 0, width: 10, height: 10), name: "sibling")
        for view in [dimmed, inheriting, normal, sibling] {
            view.backgroundColor = color
            view.text = "t"
            view.textColor = color
            view.textColorIsTint = true
        }
        dimmed.addSubview(inheriting)
        dimmed.addSubview(normal)
        normal.tintAdjustmentMode = .normal
        dimmed.tintAdjustmentMode = .dimmed
        let list = stage.frame(at: 0)
        for name in ["dimmed", "inheriting"] {
            #expect(list.node(named: name)!.backgroundColor == color, "\(name)")
            #expect(list.node(named: name)!.textColor == TintDimming.dimmed(color), "\(name)")
        }
        for name in ["normal", "sibling"] {
            #expect(list.node(named: name)!.backgroundColor == color, "\(name)")
            #expect(list.node(named: name)!.textColor == color, "\(name)")
        }
        // Undimming inside an animation block fades the dimming out.
        stage.perform {
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                dimmed.tintAdjustmentMode = .automatic
            })
        }
        let half = stage.frame(at: 0.5).node(named: "inheriting")!.textColor
        #expect(isClose(half, TintDimming.dim(color, by: 0.5), 1e-12))
        #expect(stage.frame(at: 1).node(named: "inheriting")!.textColor == color)
    }

    @Test func textAndStyleArePassedThrough() {
        let stage = Stage()
        let label = stage.add(CGRect(x: 0, y: 0, width: 100, height: 20), name: "label")
        label.text = "Hello"
        label.fontSize = 24
        label.cornerRadius = 4
        label.clipsToBounds = true
        let node = stage.frame(at: 0).node(named: "label")!
        #expect(node.text == "Hello" && node.fontSize == 24 && node.cornerRadius == 4 && node.clipsToBounds)
    }
}
