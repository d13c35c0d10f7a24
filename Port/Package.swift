// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "SeguePort",
    products: [
        .executable(name: "segue-port", targets: ["segue-port"]),
        .plugin(name: "SeguePortPlugin", targets: ["SeguePortPlugin"]),
        .library(name: "SeguePort", targets: ["SeguePort"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "602.0.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // The rules and the file handling: everything `segue-port` does, as a library to test.
        .target(
            name: "SeguePort",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        .executableTarget(
            name: "segue-port",
            dependencies: [
                "SeguePort",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Ports a target's iOS source folders (named in its segue-port.json) before each build.
        .plugin(
            name: "SeguePortPlugin",
            capability: .buildTool(),
            dependencies: ["segue-port"]
        ),
        .testTarget(
            name: "SeguePortTests",
            // segue-port: the exit-status tests run the built executable. SwiftParser: the table
            // of optional requirements is checked against Sources/UIKit, parsed.
            dependencies: [
                "SeguePort", "segue-port",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
    ]
)
