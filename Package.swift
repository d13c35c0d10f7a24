// swift-tools-version:6.2
// 6.2: the first SwiftPM that builds the `unsafeFlags` (engineSettings below) of a dependency
// fetched by URL, as a package of your own may fetch this one.
import PackageDescription

/// `SingleThreadedEngine` (opt-in): release builds of the engine's layers and the built-in scenes
/// count references without atomic instructions, and the engine's layers skip Swift's run-time
/// exclusivity checks.
/// It promises that one thread per process touches worlds, as `segue serve` does (docs/
/// performance.md, "Reference counts without atomics"). Without it, what a package that depends on
/// Segue gets by default, code generation is Swift's ordinary, thread-safe one. `scripts/run`,
/// `scripts/bench` and the release `segue serve` build opt in with `--traits SingleThreadedEngine`.
let singleThreadedSettings: [SwiftSetting] = [
    .unsafeFlags(["-Xfrontend", "-assume-single-threaded"], .when(configuration: .release, traits: ["SingleThreadedEngine"])),
]
let engineSettings: [SwiftSetting] = [
    .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release, traits: ["SingleThreadedEngine"])),
] + singleThreadedSettings

/// The layers that run a world: UIKit's declarations are `@MainActor` as UIKit's are, and what
/// drives a world runs where UIKit code runs, on the main actor. Release builds leave out Swift 6's
/// run-time isolation checks (SE-0423), which every closure these modules hand the standard library
/// would otherwise make: an executor check at each call, +11% server CPU per frame, against +2.8%
/// without them (docs/performance.md, "The main actor, checked once per connection"). Debug builds
/// keep them.
let mainActorSettings: [SwiftSetting] = [
    .defaultIsolation(MainActor.self),
    .unsafeFlags(["-Xfrontend", "-disable-dynamic-actor-isolation"], .when(configuration: .release)),
]

/// Test code builds unoptimized in release too: what a release test run checks is the libraries'
/// release code, built with the flags above; its own bodies need no optimizing, which would take a
/// fifth of the release build's time (scripts/test builds and runs the suites in release).
let testSettings: [SwiftSetting] = [.unsafeFlags(["-Onone"], .when(configuration: .release))]

let package = Package(
    name: "Segue",
    products: [
        .executable(name: "segue", targets: ["segue"]),
        // The layers below the server, for the out-of-tree packages in Benchmarks/ and Fuzz/.
        .library(name: "UIKit", targets: ["UIKit"]),
        .library(name: "CoreGraphics", targets: ["CoreGraphics"]),
        .library(name: "QuartzCore", targets: ["QuartzCore"]),
        .library(name: "Scenes", targets: ["Scenes"]),
        .library(name: "Recorder", targets: ["Recorder"]),
        .library(name: "SegueValues", targets: ["SegueValues"]),
        .library(name: "SegueWire", targets: ["SegueWire"]),
        .library(name: "SegueSession", targets: ["SegueSession"]),
        // Tests for any scene, a package's own included: gestures and frames on a virtual clock.
        .library(name: "SegueTesting", targets: ["SegueTesting"]),
        // The command line for a package's own scenes: `SegueCommandLine.main(scenes:)`.
        .library(name: "SegueCLI", targets: ["SegueCLI"]),
    ],
    traits: [
        .trait(name: "SingleThreadedEngine",
               description: "Release builds of the engine's layers count references without atomics and skip exclusivity checks: one thread per process."),
        .default(enabledTraits: []),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
        // Test targets only: the transition snapshots' comparison and recording.
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        // `swift package generate-documentation` (scripts/docs): the DocC catalogs in Sources/*/*.docc.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // Math and animation: geometry, timing curves, springs, keyframes, clocks, timelines.
        .target(name: "Motion", swiftSettings: engineSettings),
        // Core Animation's 3-D transform and its functions, which QuartzCore and UIKit both bring.
        .target(name: "CoreAnimationMath", dependencies: ["Motion"], swiftSettings: engineSettings),
        // The values that cross layers: what a world looks like (DisplayList), what a person does
        // (PointerEvent), where a transition is (TransitionStatus). A leaf, so the wire needs no UIKit layer.
        .target(name: "SegueValues", dependencies: ["Motion"], swiftSettings: engineSettings),
        // Core Graphics' values, for code that imports CoreGraphics (UIKit brings them too).
        .target(name: "CoreGraphics", dependencies: ["Motion", "_Testing_CoreGraphics"]),
        .target(name: "_Testing_CoreGraphics", swiftSettings: [
            .unsafeFlags(["-Xfrontend", "-disable-autolink-library", "-Xfrontend", "Testing",
                          "-Xfrontend", "-disable-autolink-library", "-Xfrontend", "_TestingInterop"]),
        ]),
        // The module Swift Testing imports beside UIKit (see its one file).
        .target(name: "_Testing_UIKit", swiftSettings: [
            .unsafeFlags(["-Xfrontend", "-disable-autolink-library", "-Xfrontend", "Testing",
                          "-Xfrontend", "-disable-autolink-library", "-Xfrontend", "_TestingInterop"]),
        ]),
        // Views, the animation engine, controllers, transitions, gestures, the display list.
        .target(name: "UIKit", dependencies: ["Motion", "SegueValues", "CoreGraphics", "CoreAnimationMath", "_Testing_UIKit", .product(name: "Logging", package: "swift-log")], swiftSettings: engineSettings + mainActorSettings),
        // Core Animation's names, for code that imports QuartzCore (UIKit brings them too).
        .target(name: "QuartzCore", dependencies: ["CoreGraphics", "CoreAnimationMath", "UIKit"]),
        // The tutorials' apps, each a named scene, and the host that runs one against a clock.
        .target(name: "Scenes", dependencies: ["UIKit", .product(name: "Logging", package: "swift-log")],
                swiftSettings: singleThreadedSettings + mainActorSettings),
        // `segue record`: a scene on a virtual clock, pointer script in, JSON Lines out.
        .target(name: "Recorder", dependencies: ["Scenes"]),
        // The testing kit: a scene on a virtual clock, driven by gestures, every frame kept.
        .target(name: "SegueTesting", dependencies: ["Recorder", "Scenes", "UIKit", "Motion"], swiftSettings: mainActorSettings),
        // The wire protocol: binary frames out, validated client messages in. No I/O.
        .target(name: "SegueWire", dependencies: ["Motion", "SegueValues"], swiftSettings: engineSettings),
        // One browser tab's session with no I/O: messages in, frames out, time from an injected clock.
        // Every transport is a thin adapter over it.
        .target(name: "SegueSession", dependencies: [
            "Scenes", "SegueWire", .product(name: "Logging", package: "swift-log"),
        ], swiftSettings: engineSettings + mainActorSettings),
        // libwebsockets from Debian, through pkg-config.
        .systemLibrary(name: "CLibWebSockets", pkgConfig: "libwebsockets",
                       providers: [.apt(["libwebsockets-dev"])]),
        // The live viewer's server: HTTP + WebSocket on one port, a session per connection.
        .target(name: "SegueServer", dependencies: [
            "CLibWebSockets", "SegueSession", "SegueValues", "SegueWire", "Scenes", "UIKit",
            .product(name: "Logging", package: "swift-log"),
            .product(name: "CoreMetrics", package: "swift-metrics"),
            .product(name: "Prometheus", package: "swift-prometheus"),
        ], swiftSettings: engineSettings),
        // `segue bench`'s measurements: the engine, the encoder and frame sizes, scene by scene.
        .target(name: "SegueBench", dependencies: [
            "Scenes", "SegueValues", "SegueWire", "SegueSession", .product(name: "Logging", package: "swift-log"),
        ]),
        // The command line over a scene list: serve, record, bench (segue's own, and a package's).
        .target(name: "SegueCLI", dependencies: [
            "Recorder", "Scenes", "UIKit", "Motion", "SegueServer", "SegueBench",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        .executableTarget(name: "segue", dependencies: ["SegueCLI", "Scenes"]),
        // scripts/filmstrips: each built-in scene's transition cycle drawn under docs/filmstrips.
        .executableTarget(name: "segue-filmstrips", dependencies: ["SegueTesting"]),
        // `segue-echo`: the server's transport with an echo handler, for the transport tests and
        // the Autobahn|Testsuite. In no product.
        .executableTarget(name: "segue-echo", dependencies: [
            "SegueServer",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ], path: "Tests/EchoServer"),
        // Reference math and tolerances the test targets share, derived independently of Motion.
        .target(name: "ReferenceMath", dependencies: ["Motion"], path: "Tests/ReferenceMath"),
        .testTarget(name: "MotionTests", dependencies: ["Motion", "ReferenceMath"], swiftSettings: testSettings),
        .testTarget(name: "UIKitTests", dependencies: [
            "UIKit", "QuartzCore", "ReferenceMath", .product(name: "Logging", package: "swift-log"),
        ], swiftSettings: mainActorSettings + testSettings),
        .testTarget(name: "ScenesTests", dependencies: [
            "Scenes", "Recorder", "SegueTesting", "SegueBench",
            .product(name: "PropertyBased", package: "swift-property-based"),
        ], swiftSettings: mainActorSettings + testSettings),
        .testTarget(name: "SegueTestingTests", dependencies: ["SegueTesting", "Recorder", "Scenes", "UIKit", "Motion"], swiftSettings: mainActorSettings + testSettings),
        // Every built-in scene's main transitions as SVG filmstrips and JSON geometry, compared
        // with the references in __Snapshots__ (SNAPSHOT_TESTING_RECORD=all re-records them).
        .testTarget(name: "TransitionSnapshotTests", dependencies: [
            "SegueTesting",
            .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ], exclude: ["__Snapshots__"], swiftSettings: mainActorSettings + testSettings),
        .testTarget(name: "SegueCLITests", dependencies: [
            "SegueCLI", "Scenes", "UIKit",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], swiftSettings: mainActorSettings + testSettings),
        // The README's "Write your own transition", compiled and run; its test keeps the README's
        // copy of the code identical.
        .testTarget(name: "ReadmeExampleTests", dependencies: ["SegueTesting"], swiftSettings: testSettings),
        .testTarget(name: "SegueWireTests", dependencies: ["SegueWire", "Scenes"], swiftSettings: testSettings),
        .testTarget(name: "SegueSessionTests", dependencies: [
            "SegueSession", "SegueWire", "Scenes", .product(name: "Logging", package: "swift-log"),
        ], swiftSettings: mainActorSettings + testSettings),
        // One file of transition code written for iOS's main actor, built in Swift 6 and in Swift 5
        // (a link to the same file), with no default isolation: UIKit's own isolation carries it.
        .testTarget(name: "MainActorCodeTests", dependencies: ["SegueTesting"], swiftSettings: testSettings),
        .testTarget(name: "MainActorCodeSwift5Tests", dependencies: ["SegueTesting"],
                    swiftSettings: [.swiftLanguageMode(.v5)] + testSettings),
        .testTarget(name: "SegueServerTests", dependencies: ["SegueServer", "SegueSession", "Scenes"], swiftSettings: mainActorSettings + testSettings),
    ]
)
