// swift-tools-version:6.0
// libFuzzer targets over Segue's untrusted-input parsers. Build and run them with `scripts/fuzz`
// (README.md here): the fuzzer and address sanitizers come from its command line, so that every
// module, the main package's included, is instrumented for coverage.
import PackageDescription

// A fuzz target is a library-style module: no top-level code, so no Swift `main`.
let fuzzTarget: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

let package = Package(
    name: "SegueFuzz",
    dependencies: [
        .package(name: "Segue", path: ".."),
    ],
    targets: [
        // libFuzzer's `LLVMFuzzerRunDriver`, declared for Swift. SwiftPM (tools 5.5+) links an
        // executable with `--defsym main=<Module>_main`; each target defines that symbol in its
        // Entry.swift and hands over to libFuzzer's driver, exactly what libFuzzer's own `main` does.
        .systemLibrary(name: "CLibFuzzer"),
        // ClientMessage(decoding:): every page → server WebSocket message, plus the encode round trip.
        .executableTarget(name: "FuzzClientMessage",
                          dependencies: ["CLibFuzzer", .product(name: "SegueWire", package: "Segue")],
                          swiftSettings: fuzzTarget),
        // InputScript(json:): the pointer script `segue record --input` reads.
        .executableTarget(name: "FuzzInputScript",
                          dependencies: ["CLibFuzzer", .product(name: "Recorder", package: "Segue")],
                          swiftSettings: fuzzTarget),
    ]
)
