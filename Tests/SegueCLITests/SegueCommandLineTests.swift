import ArgumentParser
import Foundation
import Scenes
import SegueCLI
import UIKit
import Testing

@Suite("SegueCommandLine: record over a package's scenes")
struct SegueCommandLineTests {
    static let own = Scene(name: "own", hint: "Nothing moves") { UIViewController(name: "own") }

    private func svgPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("segue-cli-\(UUID().uuidString).svg").path
    }

    @Test func recordFindsAPackagesSceneByName() throws {
        let path = svgPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try SegueCommandLine.$scenes.withValue([Self.own]) {
            let command = try Record.parse(["--scene", "own", "--duration", "0", "--svg", path, "--svg-times", "0"])
            try command.run()
        }
        let svg = try String(contentsOfFile: path, encoding: .utf8)
        #expect(svg.contains("segue record --scene own"))
        #expect(svg.contains(">own</text>"))  // the frame's label: its top controller
    }

    @Test func aBuiltInSceneIsUnknownWhenThePackageLeavesItOut() throws {
        try SegueCommandLine.$scenes.withValue([Self.own]) {
            let command = try Record.parse(["--scene", "slides", "--duration", "0"])
            #expect(throws: ExitCode(2)) { try command.run() }
        }
    }

    @Test func withoutAListTheBuiltInScenesAreOffered() {
        #expect(SegueCommandLine.scenes.map(\.name) == Scene.all.map(\.name))
    }
}
