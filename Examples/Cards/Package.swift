// swift-tools-version:6.2
import PackageDescription

// An app's transitions as its iOS developer wrote them (App/: target-action with #selector,
// NSObject delegates, an interaction controller, navigation and tab bar delegates), built on Linux
// against Segue's UIKit without a second copy: SeguePortPlugin ports App/ into the Cards target at
// each build. `swift run cards` serves them in the browser; `swift test` drives them headless.
let package = Package(
    name: "Cards",
    dependencies: [
        .package(name: "Segue", path: "../.."),
        .package(name: "SeguePort", path: "../../Port"),
    ],
    targets: [
        // App/, ported (segue-port.json names it), and the scene that shows it.
        .target(
            name: "Cards",
            dependencies: [
                .product(name: "UIKit", package: "Segue"),
                .product(name: "Scenes", package: "Segue"),
            ],
            exclude: ["segue-port.json"],
            plugins: [.plugin(name: "SeguePortPlugin", package: "SeguePort")]
        ),
        // `swift run cards serve`: Segue's command line over the app's scene.
        .executableTarget(name: "cards", dependencies: [
            "Cards",
            .product(name: "SegueCLI", package: "Segue"),
        ]),
        .testTarget(name: "CardsTests", dependencies: [
            "Cards",
            .product(name: "SegueTesting", package: "Segue"),
        ]),
    ]
)
