import Foundation
import Testing

/// SeguePortPlugin, applied as a team applies it: Tests/Fixtures/PluginApp keeps its transitions
/// as written for iOS in App/ (with `@objc`, `@IBAction`, `dynamic` and `#selector`, none of which
/// build on Linux) and builds an executable target from their ported copies and a `main.swift`
/// that uses them. The build succeeding shows that the plugin's copies are ported and compiled;
/// running the app shows that each `Selector(Type.method)` calls its method.
///
/// It builds the fixture with `swift build` in its own scratch folder under .build/, once in full
/// (a couple of minutes: swift-syntax for the host) and incrementally after.
@Suite struct PluginAppTests {
    @Test(.timeLimit(.minutes(20)))
    func theAppBuildsFromThePortedCopiesAndRuns() throws {
        let fixture = Paths.package.appending(path: "Tests/Fixtures/PluginApp")
        let scratch = Paths.package.appending(path: ".build/fixtures/PluginApp")
        let build = try run(URL(fileURLWithPath: "/usr/bin/env"),
                            ["swift", "build", "--package-path", fixture.path, "--scratch-path", scratch.path])
        try #require(build.status == 0, "swift build failed:\n\(build.stdout)\n\(build.stderr)")

        let app = try run(scratch.appending(path: "debug/PluginApp"), [])
        #expect(app.status == 0)
        #expect(app.stdout == """
            progress 0.5
            progress 0.0
            handlePan(0.5) close() reset()
            taps 2

            """)
    }
}
