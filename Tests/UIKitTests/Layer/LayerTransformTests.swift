import Motion
@testable import UIKit
import Testing

/// `layer.transform` and `UIView.transform3D` (iOS 13): one 3-D transform about the view's center,
/// whose affine part is `view.transform` ("transform3D … and transform … both map onto the layer's
/// transform"); drawn flat, as Core Animation draws a layer without perspective.
@Suite struct LayerTransformTests {
    /// Products of a few trigonometric entries.
    let tolerance = 1e-9

    @Test func anAffineLayerTransformIsTheViewsTransform() {
        let stage = Stage()
        let view = stage.add(CGRect(x: 100, y: 100, width: 200, height: 100))
        view.layer.transform = CATransform3DMakeScale(0.5, 0.5, 1)
        #expect(view.transform == CGAffineTransform(scaleX: 0.5, y: 0.5))
        #expect(view.frame == CGRect(x: 150, y: 125, width: 100, height: 50))
        #expect(CATransform3DEqualToTransform(view.transform3D, CATransform3DMakeScale(0.5, 0.5, 1)))
        view.transform = CGAffineTransform(translationX: 10, y: -5)
        #expect(view.layer.transform == CATransform3DMakeTranslation(10, -5, 0))
        view.transform3D = CATransform3DIdentity
        #expect(view.transform.isIdentity)
    }

    /// A turn about y without perspective is drawn as its orthographic projection: the view narrows
    /// by the cosine, and past a quarter turn its back shows, mirrored (a layer is double-sided by
    /// default). The turn reads back whole, so turns applied one after another add up.
    @Test func aTurnAboutYNarrowsTheViewAndAddsUp() throws {
        let stage = Stage()
        let view = stage.add(CGRect(x: 100, y: 100, width: 200, height: 100), name: "card")
        view.layer.transform = CATransform3DMakeRotation(.pi / 3, 0, 1, 0)
        #expect(abs(view.transform.a - 0.5) < tolerance && view.transform.d == 1)
        #expect(abs(view.frame.width - 100) < tolerance && abs(view.frame.midX - 200) < tolerance)
        #expect(abs(view.layer.transform.m13 + (3 as Double).squareRoot() / 2) < tolerance)
        view.layer.transform = CATransform3DRotate(view.layer.transform, .pi / 3, 0, 1, 0)
        #expect(abs(view.transform.a + 0.5) < tolerance)
        let node = try #require(stage.frame(at: 0).node(named: "card"))
        #expect(abs(node.transform.a + 0.5) < tolerance)
        #expect(abs(node.transform.tx - 250) < tolerance)
        // Setting the affine transform replaces the turn.
        view.transform = .identity
        #expect(CATransform3DIsIdentity(view.layer.transform))
    }

    /// The card-flip idiom: m34 = −1/500, then a turn applied before it. Perspective is not drawn
    /// yet: the view is drawn by the affine part, and the first such transform on it is logged, once.
    @Test func perspectiveIsLoggedOnceAndDrawnWithoutIt() {
        let log = CapturedLog()
        let window = UIWindow(size: CGSize(width: 400, height: 800), clock: ManualClock(), logger: log.logger)
        let view = UIView(frame: CGRect(x: 100, y: 100, width: 200, height: 100), name: "card")
        window.addSubview(view)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1 / 500
        view.layer.transform = perspective
        #expect(view.layer.transform.m34 == -0.002)
        #expect(view.transform.isIdentity)
        #expect(log.errors.isEmpty, "m34 alone moves no point of the layer's plane")
        view.layer.transform = CATransform3DRotate(view.layer.transform, .pi / 4, 0, 1, 0)
        #expect(abs(view.transform.a - (0.5 as Double).squareRoot()) < tolerance)
        // Read back whole: the turn before the perspective gives x its share of w (m14 = sin 45° / 500).
        #expect(abs(view.layer.transform.m14 - (0.5 as Double).squareRoot() / 500) < tolerance)
        view.layer.transform = CATransform3DRotate(view.layer.transform, .pi / 4, 0, 1, 0)
        #expect(log.errors == [
            "card's transform has perspective (m34), which Segue does not draw yet: drawn without it, by its affine part",
        ])
    }

    /// "isDoubleSided … When the value of this property is false, the layer hides its content when
    /// it faces away from the viewer." A card's back, single-sided and turned half a turn about y,
    /// is left out with its subviews; turned back on a linear curve, it shows from a quarter turn on.
    /// The front, double-sided by default, shows from behind, mirrored.
    @Test func aSingleSidedLayerIsLeftOutWhileItFacesAway() throws {
        let stage = Stage()
        let front = stage.add(CGRect(x: 100, y: 100, width: 200, height: 100), name: "front")
        let back = stage.add(CGRect(x: 100, y: 100, width: 200, height: 100), name: "back")
        back.addSubview(UIView(frame: CGRect(x: 10, y: 10, width: 50, height: 20), name: "back-label"))
        #expect(back.layer.isDoubleSided && front.layer.isDoubleSided)
        back.layer.isDoubleSided = false
        back.layer.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
        front.layer.transform = CATransform3DMakeRotation(.pi * 3 / 4, 0, 1, 0)
        let turned = stage.frame(at: 0)
        #expect(turned.node(named: "back") == nil && turned.node(named: "back-label") == nil)
        #expect(try #require(turned.node(named: "front")).transform.a < 0)
        stage.perform {
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                back.layer.transform = CATransform3DIdentity
            })
        }
        // A quarter of the way its back still faces the viewer; three quarters of the way, its front.
        #expect(stage.frame(at: 0.25).node(named: "back") == nil)
        let facing = stage.frame(at: 0.75)
        #expect(try #require(facing.node(named: "back")).transform.a > 0)
        #expect(facing.node(named: "back-label") != nil)
        back.layer.isDoubleSided = true
        back.transform = CGAffineTransform(scaleX: -1, y: 1)
        #expect(stage.frame(at: 2).node(named: "back") != nil)
    }

    /// Inside an animation block the layer's transform animates, as UIKit animates the view's own
    /// layer there: by its affine part, on the block's curve.
    @Test func aLayerTransformAnimatesInABlock() {
        let stage = Stage()
        let view = stage.add(CGRect(x: 0, y: 0, width: 100, height: 100))
        stage.perform {
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                view.layer.transform = CATransform3DMakeScale(0.5, 0.5, 1)
            })
        }
        stage.frame(at: 0)
        stage.frame(at: 0.5)
        #expect(abs(view.presentation.transform.a - 0.75) < tolerance)
        #expect(view.transform.a == 0.5)
    }
}
