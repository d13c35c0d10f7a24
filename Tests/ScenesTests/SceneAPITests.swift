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

    @Test func everyBuiltInSceneHasAHintAndAUniqueName() {
        #expect(Scene.all.allSatisfy { !$0.hint.isEmpty })
        #expect(Set(Scene.all.map(\.name)).count == Scene.all.count)
    }
}
