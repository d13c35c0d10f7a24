// swift-tools-version:6.2
import PackageDescription

// An app whose transitions are written for iOS (App/) and built for Linux by porting them with
// SeguePortPlugin. PluginAppTests in SeguePortTests builds and runs it.
let package = Package(
    name: "PluginApp",
    dependencies: [
        .package(name: "SeguePort", path: "../../.."),
    ],
    targets: [
        .executableTarget(
            name: "PluginApp",
            // segue-port.json is read by the plugin, not built.
            exclude: ["segue-port.json"],
            plugins: [.plugin(name: "SeguePortPlugin", package: "SeguePort")]
        ),
    ]
)
