import Motion
import Recorder
import Scenes
import UIKit
import Testing

/// A scene defined outside Scenes, as a package would, with nothing but the public API.
@Suite("Scene: the public API")
struct SceneAPITests {
    static let outside = Scene(name: "outside", hint: "Nothing to do",
                               transitionCycle: [.tap("outside-button")]) {
        let controller = UIViewController(name: "outside")
        controller.view.backgroundColor = UIColor(hex: 0x123456)
        return controller
    }

    @Test func aPackagesSceneKeepsWhatItWasGiven() {
        #expect(Self.outside.name == "outside")
        #expect(Self.outside.hint == "Nothing to do")
        #expect(Self.outside.transitionCycle.count == 1)
    }

    @Test func eachRootControllerIsFresh() {
        #expect(Self.outside.makeRootViewController() !== Self.outside.makeRootViewController())
    }

    @Test func theRecorderRecordsASceneItDoesNotKnowByName() throws {
        let recorder = try Recorder(scene: Self.outside, options: .init(scene: "ignored", duration: 0), script: InputScript())
        #expect(recorder.options.scene == "outside")
        var lines: [String] = []
        recorder.run { lines.append($0) }
        #expect(lines.count == 1)
        #expect(lines[0].contains("\"top\":\"outside\""))
        #expect(lines[0].contains("\"color\":\"#123456ff\""))
    }

    /// A scene's controllers are made in its world, so one that reads `UIScreen.main` as it is made
    /// (as transition code does) gets the window's screen, not the default phone's.
    @Test func aRootControllerIsMadeInItsWorld() throws {
        final class ScreenReadingController: UIViewController {
            let widthWhenMade = UIScreen.main.bounds.width
        }
        let scene = Scene(name: "screen", hint: "Nothing to do", transitionCycle: []) {
            ScreenReadingController(nibName: nil, bundle: nil)
        }
        let host = SceneHost(scene: scene, size: CGSize(width: 820, height: 1180), clock: ManualClock())
        let root = try #require(host.window.rootViewController as? ScreenReadingController)
        #expect(root.widthWhenMade == 820)
    }

    /// A label's alignment is recorded where it is not the centred default.
    @Test func theRecorderPrintsALabelsAlignment() throws {
        let scene = Scene(name: "aligned", hint: "Nothing to do", transitionCycle: []) {
            let controller = UIViewController(name: "aligned")
            let label = UILabel(frame: CGRect(x: 20, y: 100, width: 300, height: 30))
            label.accessibilityIdentifier = "aligned-label"
            label.text = "Leading"
            controller.view.addSubview(label)
            let centred = UILabel(frame: CGRect(x: 20, y: 140, width: 300, height: 30))
            centred.text = "Centred"
            centred.textAlignment = .center
            controller.view.addSubview(centred)
            return controller
        }
        let recorder = try Recorder(scene: scene, options: .init(scene: "aligned", duration: 0), script: InputScript())
        var lines: [String] = []
        recorder.run { lines.append($0) }
        let line = try #require(lines.first)
        #expect(line.contains(#""name":"aligned-label""#))
        #expect(line.contains(#""text":"Leading","align":"left""#))
        #expect(line.contains(#""text":"Centred"}"#))
    }

    /// A label's line count and a layer's rounded corners are recorded where they are not the
    /// defaults (one line; all four corners).
    @Test func theRecorderPrintsLinesAndRoundedCorners() throws {
        let scene = Scene(name: "shaped", hint: "Nothing to do", transitionCycle: []) {
            let controller = UIViewController(name: "shaped")
            let label = UILabel(frame: CGRect(x: 20, y: 100, width: 300, height: 60))
            label.text = "Two lines"
            label.textAlignment = .center
            label.numberOfLines = 2
            controller.view.addSubview(label)
            let card = UIView(frame: CGRect(x: 20, y: 200, width: 300, height: 200))
            card.accessibilityIdentifier = "card"
            card.layer.cornerRadius = 16
            card.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
            controller.view.addSubview(card)
            return controller
        }
        let recorder = try Recorder(scene: scene, options: .init(scene: "shaped", duration: 0), script: InputScript())
        var lines: [String] = []
        recorder.run { lines.append($0) }
        let line = try #require(lines.first)
        #expect(line.contains(#""text":"Two lines","lines":2}"#))
        #expect(line.contains(#""radius":16,"corners":3}"#))
    }

    @Test func everyBuiltInSceneHasAHintAndAUniqueName() {
        #expect(Scene.all.allSatisfy { !$0.hint.isEmpty })
        #expect(Set(Scene.all.map(\.name)).count == Scene.all.count)
    }
}
