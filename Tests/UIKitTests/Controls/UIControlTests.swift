import Motion
@testable import UIKit
import Testing

/// A screen's handlers, reached through target-action as in an iOS app.
private final class Handlers {
    var log: [String] = []
    func buttonTapped(_ sender: UIButton) { log.append("tapped \(sender.currentTitle ?? "")") }
    func touchedDown() { log.append("down") }
}

@Suite("UIControl and UIButton")
struct UIControlTests {
    private let clock = ManualClock()
    private let window: UIWindow

    init() {
        window = UIWindow(size: CGSize(width: 390, height: 844), clock: clock)
    }

    private func tap(at point: CGPoint, hold: Double = 0.1) {
        let t = clock.now + 0.1
        clock.set(t)
        window.handle(PointerEvent(phase: .down, pointerID: 1, kind: .touch, location: point, timestamp: t))
        clock.set(t + hold)
        window.handle(PointerEvent(phase: .up, pointerID: 1, kind: .touch, location: point, timestamp: t + hold))
    }

    /// `addTarget(_:action:for:)`: `.touchDown` as the finger lands, `.touchUpInside` when it
    /// lifts inside, each calling its method with the control as sender.
    @Test func targetActionsAreCalledForTheirEventsInOrder() {
        let handlers = Handlers()
        let button = UIButton(type: .system)
        button.setTitle("Go", for: .normal)
        button.frame = CGRect(x: 100, y: 400, width: 190, height: 44)
        button.addTarget(handlers, action: Selector(Handlers.buttonTapped(_:)), for: .touchUpInside)
        button.addTarget(handlers, action: Selector(Handlers.touchedDown), for: .touchDown)
        window.addSubview(button)
        tap(at: CGPoint(x: 150, y: 420))
        #expect(handlers.log == ["down", "tapped Go"])
        button.removeTarget(handlers, action: nil, for: .touchUpInside)
        tap(at: CGPoint(x: 150, y: 420))
        #expect(handlers.log == ["down", "tapped Go", "down"])
    }

    /// `UIButton(type:primaryAction:)`: the action's title is the button's, and it runs on a tap.
    @Test func aPrimaryActionTitlesTheButtonAndRunsOnATap() {
        var runs = 0
        let button = UIButton(type: .system, primaryAction: UIAction(title: "Open Menu") { _ in runs += 1 })
        button.frame = CGRect(x: 0, y: 0, width: 200, height: 50)
        window.addSubview(button)
        #expect(button.title(for: .normal) == "Open Menu")
        #expect(button.accessibilityIdentifier == nil)
        #expect(button.name == "button-open-menu")
        tap(at: CGPoint(x: 100, y: 25))
        #expect(runs == 1)
    }

    /// A system button's title is tinted and fades while highlighted; a disabled control takes
    /// no touches.
    @Test func highlightFadesTheTitleAndDisabledTakesNoTouches() {
        var runs = 0
        let button = UIButton(type: .system, primaryAction: UIAction(title: "Go") { _ in runs += 1 })
        button.frame = CGRect(x: 0, y: 0, width: 200, height: 50)
        window.addSubview(button)
        #expect(button.textColor == .systemBlue)
        window.handle(PointerEvent(phase: .down, pointerID: 1, kind: .touch, location: CGPoint(x: 10, y: 10), timestamp: 0))
        #expect(button.isHighlighted && button.state == .highlighted)
        #expect(button.textColor == UIColor.systemBlue.withAlphaComponent(UIButton.highlightedTitleAlpha))
        window.handle(PointerEvent(phase: .up, pointerID: 1, kind: .touch, location: CGPoint(x: 10, y: 10), timestamp: 0.1))
        #expect(!button.isHighlighted && button.textColor == .systemBlue)
        button.isEnabled = false
        tap(at: CGPoint(x: 10, y: 10))
        #expect(runs == 1)
        #expect(button.state == .disabled)
    }

    /// `setTitle(_:for:)`: a state without a title shows `.normal`'s.
    @Test func titlesFallBackToNormal() {
        let button = UIButton(type: .custom)
        button.setTitle("Play", for: .normal)
        button.setTitle("Playing", for: .selected)
        #expect(button.currentTitle == "Play")
        button.isSelected = true
        #expect(button.currentTitle == "Playing")
        #expect(button.title(for: .highlighted) == "Play")
        #expect(button.textColor == .white)
    }
}
