// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "SeguePort",
    products: [
        .executable(name: "segue-port", targets: ["segue-port"]),
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
        .testTarget(
            name: "SeguePortTests",
            // segue-port: the exit-status tests run the built executable.
            dependencies: ["SeguePort", "segue-port"]
        ),
    ]
)
