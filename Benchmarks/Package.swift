// swift-tools-version:6.1
// Side-by-side benchmarks (issue 5): the same scene service built the way most Swift server
// developers would, on Hummingbird 2 and its WebSocket support. A separate package so the main
// build stays lean; it uses the main package's libraries through a path dependency.
import PackageDescription

let package = Package(
    name: "SegueBenchmarks",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "segue-hummingbird", targets: ["segue-hummingbird"]),
    ],
    dependencies: [
        // Without the default SingleThreadedEngine trait: this server runs worlds on several threads,
        // so their reference counts must stay atomic.
        .package(name: "Segue", path: "..", traits: []),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        // The Segue protocol v1 scene service on Hummingbird: Router + WebSocket upgrade, one
        // structured task per connection.
        .executableTarget(name: "segue-hummingbird", dependencies: [
            .product(name: "Scenes", package: "Segue"),
            .product(name: "SegueWire", package: "Segue"),
            .product(name: "SegueSession", package: "Segue"),
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOCore", package: "swift-nio"),
        ]),
    ]
)
