import Motion
import ReferenceMath
@testable import UIKit
import Testing

/// Counts its `tintColorDidChange()` calls into a log shared by a tree, in call order.
private final class TintWatcher: UIView {
    let log: TintLog

    init(_ name: String, log: TintLog) {
        self.log = log
        super.init(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        accessibilityIdentifier = name
    }

    required init?(coder: NSCoder) { nil }

    override func tintColorDidChange() {
        super.tintColorDidChange()
        log.calls.append(accessibilityIdentifier ?? "")
    }
}

private final class TintLog {
    var calls: [String] = []
}

/// `tintColor` and `tintAdjustmentMode` as UIKit has them: inherited up the superview chain,
/// `.dimmed` dimming what is drawn in the tint and nothing else, `tintColorDidChange()` on each
/// view whose tint changed.
@Suite struct TintTests {
    @Test func theEffectiveModeIsTheFirstNonAutomaticUpTheChain() {
        let root = UIView()
        let child = UIView()
        let normal = UIView()
        let grandchild = UIView()
        root.addSubview(child)
        child.addSubview(normal)
        normal.addSubview(grandchild)
        normal.tintAdjustmentMode = .normal
        #expect(UIView().tintAdjustmentMode == .normal)
        #expect(child.tintAdjustmentMode == .normal)
        root.tintAdjustmentMode = .dimmed
        #expect(root.tintAdjustmentMode == .dimmed)
        #expect(child.tintAdjustmentMode == .dimmed)
        #expect(normal.tintAdjustmentMode == .normal)
        #expect(grandchild.tintAdjustmentMode == .normal)
        child.removeFromSuperview()
        #expect(child.tintAdjustmentMode == .normal)
        root.tintAdjustmentMode = .automatic
        #expect(root.tintAdjustmentMode == .normal)
    }

    @Test func theTintColorIsInheritedAndTheSystemBlueByDefault() {
        let root = UIView()
        let child = UIView()
        root.addSubview(child)
        #expect(child.tintColor == .systemBlue)
        root.tintColor = .systemRed
        #expect(child.tintColor == .systemRed)
        child.tintColor = .systemGreen
        #expect(child.tintColor == .systemGreen && root.tintColor == .systemRed)
        child.tintColor = nil
        #expect(child.tintColor == .systemRed)
    }

    /// Dimmed, `tintColor` is the dimmed tint: gray, fainter, the same for the view and the
    /// subviews that inherit it.
    @Test func aDimmedViewsTintColorIsItsTintDimmed() {
        let root = UIView()
        let child = UIView()
        root.addSubview(child)
        root.tintColor = .systemRed
        root.tintAdjustmentMode = .dimmed
        let dimmed = TintDimming.dimmed(.systemRed)
        #expect(root.tintColor == dimmed && child.tintColor == dimmed)
        #expect(dimmed.red == dimmed.green && dimmed.green == dimmed.blue)
        #expect(dimmed.alpha < 1)
        root.tintAdjustmentMode = .normal
        #expect(child.tintColor == .systemRed)
    }

    /// The gray of the tint's Rec. 601 luma, at three quarters of its alpha.
    @Test func theDimmedTintIsTheGrayOfItsLumaAtThreeQuartersOfItsAlpha() {
        let blue = TintDimming.dimmed(.systemBlue)
        let luma = 0.587 * 122 / 255 + 0.114
        #expect(isClose(blue, UIColor(red: luma, green: luma, blue: luma, alpha: 0.75), 1e-12))
        // Over white, the system blue dims to #8b8b8b.
        #expect(Int((luma * 0.75 + 0.25) * 255 + 0.5) == 0x8B)
        let gray = UIColor(white: 0.5, alpha: 0.8)
        #expect(isClose(TintDimming.dimmed(gray), UIColor(white: 0.5, alpha: 0.6), 1e-12))
        // Half way, as a dimming animates: each component half way there.
        let half = TintDimming.dim(.systemBlue, by: 0.5)
        #expect(isClose(half, UIColor(red: luma / 2, green: (122.0 / 255 + luma) / 2, blue: (1 + luma) / 2,
                                      alpha: 0.875), 1e-12))
        #expect(TintDimming.dim(.systemBlue, by: 0) == .systemBlue)
    }

    @Test func tintColorDidChangeReachesTheViewsWhoseTintChanged() {
        let log = TintLog()
        let root = TintWatcher("root", log: log)
        let child = TintWatcher("child", log: log)
        let ownMode = TintWatcher("own-mode", log: log)
        let ownColor = TintWatcher("own-color", log: log)
        let below = TintWatcher("below", log: log)
        root.addSubview(child)
        root.addSubview(ownMode)
        root.addSubview(ownColor)
        child.addSubview(below)
        ownMode.tintAdjustmentMode = .normal
        ownColor.tintColor = .systemGreen
        log.calls = []
        // A mode change: parents before their subviews; not a view that keeps its own mode.
        root.tintAdjustmentMode = .dimmed
        #expect(log.calls == ["root", "child", "below", "own-color"])
        log.calls = []
        root.tintAdjustmentMode = .dimmed
        #expect(log.calls.isEmpty)
        // A color change: not a view that keeps its own color.
        root.tintColor = .systemRed
        #expect(log.calls == ["root", "child", "below", "own-mode"])
        log.calls = []
        root.tintColor = .systemRed
        #expect(log.calls.isEmpty)
        // A move to a superview of another tint, and out of it.
        let elsewhere = UIView()
        elsewhere.addSubview(child)
        #expect(log.calls == ["child", "below"])
        log.calls = []
        // A move between superviews of the same tint, to the front of the same one, and out of a
        // superview of the default tint: no change.
        UIView().addSubview(child)
        root.addSubview(ownMode)
        child.removeFromSuperview()
        #expect(log.calls.isEmpty)
    }

    /// Moving a system button under a tinted superview draws its title in that tint.
    @Test func aSystemButtonsTitleIsItsTintColor() {
        let stage = Stage()
        let container = stage.add(CGRect(x: 0, y: 0, width: 200, height: 200), name: "container")
        let button = UIButton(type: .system)
        button.setTitle("Go", for: .normal)
        button.accessibilityIdentifier = "go"
        button.frame = CGRect(x: 0, y: 0, width: 100, height: 44)
        #expect(button.currentTitleColor == .systemBlue)
        container.tintColor = .systemRed
        container.addSubview(button)
        #expect(button.currentTitleColor == .systemRed)
        #expect(stage.frame(at: 0).node(named: "go")?.textColor == .systemRed)
        container.tintColor = .systemGreen
        #expect(stage.frame(at: 0).node(named: "go")?.textColor == .systemGreen)
    }

    /// Dimming changes what is drawn in the tint (a system button's title, the back chevron's
    /// glyph) and nothing else: backgrounds, borders, explicit text and title colors stay.
    @Test func dimmingChangesOnlyTintColors() throws {
        let stage = Stage()
        let screen = stage.add(CGRect(x: 0, y: 0, width: 400, height: 800), name: "screen")
        screen.backgroundColor = UIColor(hex: 0x34495E)
        let system = UIButton(type: .system)
        system.setTitle("System", for: .normal)
        system.backgroundColor = .white
        system.layer.borderWidth = 1
        system.layer.borderColor = UIColor.systemOrange.cgColor
        let explicit = UIButton(type: .system)
        explicit.setTitle("Explicit", for: .normal)
        explicit.setTitleColor(.black, for: .normal)
        let custom = UIButton(type: .custom)
        custom.setTitle("Custom", for: .normal)
        let label = UILabel()
        label.text = "Heading"
        label.textColor = .white
        for (name, view) in [("system", system), ("explicit", explicit), ("custom", custom), ("label", label)] {
            view.accessibilityIdentifier = name
            view.frame = CGRect(x: 0, y: 0, width: 100, height: 44)
            screen.addSubview(view)
        }
        let undimmed = stage.frame(at: 0)
        screen.tintAdjustmentMode = .dimmed
        let dimmed = stage.frame(at: 0)
        #expect(dimmed.node(named: "screen")?.backgroundColor == UIColor(hex: 0x34495E))
        let button = try #require(dimmed.node(named: "system"))
        #expect(button.backgroundColor == .white)
        #expect(button.border.color == .systemOrange)
        #expect(button.textColor == TintDimming.dimmed(.systemBlue))
        #expect(undimmed.node(named: "system")?.textColor == .systemBlue)
        #expect(dimmed.node(named: "explicit")?.textColor == .black)
        #expect(dimmed.node(named: "custom")?.textColor == .white)
        #expect(dimmed.node(named: "label")?.textColor == .white)
        #expect(system.tintColor == TintDimming.dimmed(.systemBlue))
    }

    @Test func aDimmedNavigationBarDimsItsBackChevronAndTitleButNotItself() throws {
        let stage = Stage(width: 390, height: 844)
        let root = UIViewController()
        root.title = "Root"
        let navigation = UINavigationController(rootViewController: root)
        stage.window.rootViewController = navigation
        navigation.pushViewController(UIViewController(), animated: false)
        let before = stage.frame(at: 0)
        navigation.view.tintAdjustmentMode = .dimmed
        let after = stage.frame(at: 0)
        let chevron = try #require(after.node(named: "navigation-back-chevron"))
        #expect(chevron.glyph == .chevronLeft)
        #expect(before.node(named: "navigation-back-chevron")?.textColor == .systemBlue)
        #expect(chevron.textColor == TintDimming.dimmed(.systemBlue))
        #expect(after.node(named: "navigation-back")?.textColor == TintDimming.dimmed(.systemBlue))
        #expect(after.node(named: "navigation-bar")?.backgroundColor == UINavigationBar.barColor)
        #expect(after.node(named: "navigation-title")?.textColor == .black)
    }

    /// Set inside an animation block, the mode's change animates what it dims.
    @Test func dimmingInsideAnAnimationBlockFadesTheTint() throws {
        let stage = Stage()
        let screen = stage.add(CGRect(x: 0, y: 0, width: 400, height: 800), name: "screen")
        screen.backgroundColor = .white
        let button = UIButton(type: .system)
        button.setTitle("Go", for: .normal)
        button.accessibilityIdentifier = "go"
        button.frame = CGRect(x: 0, y: 0, width: 100, height: 44)
        screen.addSubview(button)
        stage.frame(at: 0)
        stage.perform {
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: {
                screen.tintAdjustmentMode = .dimmed
            })
        }
        let half = try #require(stage.frame(at: 0.5).node(named: "go")).textColor
        #expect(isClose(half, TintDimming.dim(.systemBlue, by: 0.5), 1e-12))
        #expect(stage.frame(at: 1).node(named: "go")?.textColor == TintDimming.dimmed(.systemBlue))
        #expect(stage.frame(at: 1).node(named: "screen")?.backgroundColor == .white)
    }
}
