import Motion
@testable import UIKit
import Testing

/// `view.layer`: CALayer's defaults, the properties it shares with its view, and what the display
/// list draws of them.
@Suite struct CALayerTests {
    @Test func aLayerHasCALayersDefaults() {
        let layer = UIView().layer
        #expect(layer.cornerRadius == 0)
        #expect(layer.masksToBounds == false)
        #expect(layer.shadowColor == UIColor.black.cgColor)
        #expect(layer.shadowOpacity == 0)
        #expect(layer.shadowRadius == 3)
        #expect(layer.shadowOffset == CGSize(width: 0, height: -3))
        #expect(layer.borderWidth == 0)
        #expect(layer.borderColor == UIColor.black.cgColor)
        #expect(layer.backgroundColor == nil)
        #expect(layer.opacity == 1)
        #expect(layer.maskedCorners == [.layerMinXMinYCorner, .layerMaxXMinYCorner,
                                        .layerMinXMaxYCorner, .layerMaxXMaxYCorner])
    }

    @Test func aViewsLayerIsTheSameLayerEachTime() {
        let view = UIView(), other = UIView()
        #expect(view.layer == view.layer)
        #expect(view.layer != other.layer)
        let layer = view.layer
        layer.cornerRadius = 8
        #expect(view.layer.cornerRadius == 8)
    }

    @Test func masksToBoundsIsClipsToBoundsAndOpacityIsAlpha() {
        let view = UIView()
        view.layer.masksToBounds = true
        #expect(view.clipsToBounds)
        view.clipsToBounds = false
        #expect(view.layer.masksToBounds == false)
        view.layer.opacity = 0.3
        #expect(view.alpha == 0.3)
        view.alpha = 0.5
        #expect(view.layer.opacity == 0.5)
    }

    @Test func theLayersBackgroundColorIsTheViews() {
        let view = UIView()
        view.layer.backgroundColor = UIColor.systemBlue.cgColor
        #expect(view.backgroundColor == .systemBlue)
        view.backgroundColor = .systemRed
        #expect(view.layer.backgroundColor == UIColor.systemRed.cgColor)
        view.layer.backgroundColor = nil
        #expect(view.backgroundColor == nil)
    }

    @Test func theLayersGeometryIsTheViews() {
        let view = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 50))
        #expect(view.layer.frame == view.frame)
        #expect(view.layer.bounds == CGRect(x: 0, y: 0, width: 100, height: 50))
        #expect(view.layer.position == CGPoint(x: 60, y: 45))
        view.layer.position = CGPoint(x: 0, y: 0)
        #expect(view.frame == CGRect(x: -50, y: -25, width: 100, height: 50))
        view.layer.setAffineTransform(CGAffineTransform(scaleX: 2, y: 2))
        #expect(view.transform == CGAffineTransform(scaleX: 2, y: 2))
        #expect(view.layer.affineTransform() == view.transform)
    }

    @Test func shadowAndBorderAreDrawnAsSet() throws {
        let stage = Stage()
        let card = stage.add(CGRect(x: 20, y: 20, width: 200, height: 100), name: "card")
        card.backgroundColor = .white
        card.layer.cornerRadius = 12
        card.layer.masksToBounds = true
        card.layer.shadowColor = UIColor.systemIndigo.cgColor
        card.layer.shadowOpacity = 0.3
        card.layer.shadowRadius = 16
        card.layer.shadowOffset = CGSize(width: 0, height: 8)
        card.layer.borderWidth = 1.5
        card.layer.borderColor = UIColor.separator.cgColor
        let node = try #require(stage.frame(at: 0).node(named: "card"))
        #expect(node.cornerRadius == 12)
        #expect(node.clipsToBounds)
        #expect(node.shadow == Shadow(color: .systemIndigo, opacity: 0.3, radius: 16, offset: CGSize(width: 0, height: 8)))
        #expect(node.border == Border(width: 1.5, color: .separator))
    }

    /// `shadowOpacity` is a Float, as CALayer's: 0.3 reads back as 0.3, and the view holds the
    /// Double that 0.3 is, as its own Double-valued shadows would.
    @Test func aFloatShadowOpacityReachesTheDisplayListAsWritten() throws {
        let stage = Stage()
        let view = stage.add(CGRect(x: 0, y: 0, width: 10, height: 10), name: "v")
        view.layer.shadowOpacity = 0.3
        #expect(view.layer.shadowOpacity == 0.3)
        #expect(try #require(stage.frame(at: 0).node(named: "v")).shadow.opacity == 0.3)
        view.layer.shadowOpacity = 2
        #expect(view.layer.shadowOpacity == 1)
    }

    @Test func aNilShadowOrBorderColorDrawsNothingAndReadsBackNil() throws {
        let stage = Stage()
        let view = stage.add(CGRect(x: 0, y: 0, width: 10, height: 10), name: "v")
        view.layer.shadowOpacity = 1
        view.layer.borderWidth = 2
        view.layer.shadowColor = nil
        view.layer.borderColor = nil
        #expect(view.layer.shadowColor == nil)
        #expect(view.layer.borderColor == nil)
        let node = try #require(stage.frame(at: 0).node(named: "v"))
        #expect(!node.shadow.isVisible)
        #expect(!node.border.isVisible)
    }

    /// Inside an animation block, UIKit animates a layer's corner radius (iOS 11), opacity and
    /// background color.
    @Test func cornerRadiusOpacityAndBackgroundColorAnimateInABlock() throws {
        let stage = Stage()
        let view = stage.add(CGRect(x: 0, y: 0, width: 100, height: 100), name: "v")
        view.layer.backgroundColor = UIColor.black.cgColor
        stage.perform {
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                view.layer.cornerRadius = 20
                view.layer.opacity = 0
                view.layer.backgroundColor = UIColor.white.cgColor
            })
        }
        let half = try #require(stage.frame(at: 0.5).node(named: "v"))
        #expect(abs(half.cornerRadius - 10) < 1e-9)
        #expect(abs(half.alpha - 0.5) < 1e-9)
        #expect(abs(half.backgroundColor.red - 0.5) < 1e-9)
        #expect(view.layer.cornerRadius == 20)
        stage.frame(at: 1)
        #expect(view.presentation.cornerRadius == 20 && view.presentation.alpha == 0)
    }

    /// `maskedCorners` (iOS 11) names the corners `cornerRadius` rounds; the node carries them,
    /// with CACornerMask's bits, and a view that rounds all four (the default) keeps no layer box.
    @Test func maskedCornersReachTheNode() throws {
        let stage = Stage()
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        view.accessibilityIdentifier = "card"
        view.layer.cornerRadius = 16
        stage.window.addSubview(view)
        #expect(try #require(stage.frame(at: 0).node(named: "card")).roundedCorners == .all)
        #expect(!view.hasLayerStyle)
        view.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
        #expect(view.layer.maskedCorners == [.layerMinXMinYCorner, .layerMaxXMinYCorner])
        #expect(try #require(stage.frame(at: 0.1).node(named: "card")).roundedCorners == [.topLeft, .topRight])
        view.layer.maskedCorners = [.layerMaxXMaxYCorner]
        #expect(try #require(stage.frame(at: 0.2).node(named: "card")).roundedCorners == [.bottomRight])
        view.layer.maskedCorners = []
        #expect(try #require(stage.frame(at: 0.3).node(named: "card")).roundedCorners == [])
        view.layer.maskedCorners = CACornerMask(rawValue: 0xFF)
        #expect(view.layer.maskedCorners.rawValue == 15)
        #expect(try #require(stage.frame(at: 0.4).node(named: "card")).roundedCorners == .all)
        #expect(!view.hasLayerStyle)
        #expect(CACornerMask.layerMinXMinYCorner.rawValue == 1)
        #expect(CACornerMask.layerMaxXMinYCorner.rawValue == 2)
        #expect(CACornerMask.layerMinXMaxYCorner.rawValue == 4)
        #expect(CACornerMask.layerMaxXMaxYCorner.rawValue == 8)
    }

    /// A snapshot keeps its view's layer: shadow, border and how their colors were set.
    @Test func aSnapshotKeepsTheLayersLook() throws {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.layer.shadowOpacity = 0.5
        view.layer.borderColor = nil
        view.layer.maskedCorners = [.layerMaxXMaxYCorner]
        let copy = try #require(view.snapshotView(afterScreenUpdates: true))
        #expect(copy.layer.shadowOpacity == 0.5)
        #expect(copy.layer.borderColor == nil)
        #expect(copy.layer.maskedCorners == [.layerMaxXMaxYCorner])
    }
}
