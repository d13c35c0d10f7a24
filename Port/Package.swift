// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "SeguePort",
    products: [
        .library(name: "SeguePort", targets: ["SeguePort"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "602.0.0"),
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
        .testTarget(
            name: "SeguePortTests",
            dependencies: ["SeguePort"]
        ),
    ]
)
