// swift-tools-version:6.0
import PackageDescription

// A transition Segue does not ship, written against its public API only: views that share an
// identifier fly between screens (Hero's matched geometry). Depends on Segue by relative path, so
// a copy next to this one (Examples/<yours>) builds the same way.
let package = Package(
    name: "MatchedGeometry",
    dependencies: [
        .package(name: "Segue", path: "../.."),
    ],
    targets: [
        // The transition and its scene.
        .target(name: "MatchedGeometry", dependencies: [
            .product(name: "UIKit", package: "Segue"),
            .product(name: "Scenes", package: "Segue"),
        ]),
        // `swift run matched-geometry record --scene album ...`: Segue's command line over this
        // package's scene and the built-in ones.
        .executableTarget(name: "matched-geometry", dependencies: [
            "MatchedGeometry",
            .product(name: "SegueCLI", package: "Segue"),
        ]),
        .testTarget(name: "MatchedGeometryTests", dependencies: [
            "MatchedGeometry",
            .product(name: "SegueTesting", package: "Segue"),
        ]),
    ]
)
