import Motion
@testable import UIKit
import Testing

@Suite struct ViewSnapshotTests {
    @Test func snapshotKeepsTheLookAfterTheOriginalChanges() {
        let stage = Stage()
        let card = stage.add(CGRect(x: 20, y: 40, width: 200, height: 100), name: "card")
        card.backgroundColor = .systemBlue
        card.cornerRadius = 12
        let label = UIView(frame: CGRect(x: 10, y: 10, width: 100, height: 20), name: "label")
        label.text = "Title"
        card.addSubview(label)
        let snapshot = card.snapshotView(afterScreenUpdates: true)!
        card.backgroundColor = .systemRed
        card.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        label.text = "Changed"
        label.alpha = 0.3
        #expect(snapshot.name == "card-snapshot")
        #expect(snapshot.backgroundColor == .systemBlue)
        #expect(snapshot.cornerRadius == 12)
        #expect(snapshot.frame == CGRect(x: 20, y: 40, width: 200, height: 100))
        #expect(snapshot.subviews.count == 1)
        #expect(snapshot.subviews[0].text == "Title")
        #expect(snapshot.subviews[0].alpha == 1)
        #expect(snapshot.subviews[0].superview === snapshot)
        #expect(!snapshot.isUserInteractionEnabled)
        // Drawn, it looks like the original did.
        stage.window.addSubview(snapshot)
        let node = stage.frame(at: 0).node(named: "card-snapshot")!
        #expect(node.transform == CGAffineTransform(translationX: 20, y: 40))
        #expect(node.backgroundColor == .systemBlue)
    }

    @Test func snapshotBeforeScreenUpdatesTakesThePresentationValues() {
        let stage = Stage()
        let view = stage.add(CGRect(x: 0, y: 0, width: 10, height: 10))
        stage.perform {
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                view.center.x = 105
                view.alpha = 0
            })
        }
        stage.frame(at: 0.5)
        let onScreen = view.snapshotView(afterScreenUpdates: false)!
        let pending = view.snapshotView(afterScreenUpdates: true)!
        #expect(onScreen.center.x == 55 && onScreen.alpha == 0.5)
        #expect(pending.center.x == 105 && pending.alpha == 0)
    }
}
