import Foundation
import Testing

/// `segue bench --json` end to end: the keys its help documents, and the frame sizes it measures.
///
/// Sizes need the scenes and the wire encoder together, which only the `segue` executable links
/// (no test target depends on both), so this runs the binary that `swift build --build-tests`
/// puts beside the test bundle. Nothing here reads a time.
@Suite("segue bench --json")
struct BenchCommandTests {
    /// The documented keys; decoding fails if one goes missing.
    struct Report: Decodable {
        var frames: Int
        var views: Int
        var animations: Int
        var nsPerFrame: Double
        var nsPerViewPerFrame: Double
        var heapGrowthBytes: Int
        var nodeStorageReused: Bool
        var nodeCapacity: Int
        var scenes: [String: SceneReport]
    }

    struct SceneReport: Decodable {
        var framesStepped: Int
        var unsettledActions: Int
        var engine: Engine
        var encode: Encode
        var frameSize: FrameSize

        struct Engine: Decodable {
            var frames: Int
            var viewsMin: Int
            var viewsMean: Double
            var viewsMax: Int
            var nsPerFrame: Double
            var nsPerViewPerFrame: Double
            var heapGrowthBytes: Int
            var framesGrowingHeap: Int
        }

        struct Encode: Decodable {
            var frames: Int
            var nsPerFrame: Double
            var nsPerViewPerFrame: Double
            var heapGrowthBytes: Int
            var framesGrowingHeap: Int
        }

        struct FrameSize: Decodable {
            var keyframeBytes: Int
            var framesSent: Int
            var meanBytes: Double
            var maxBytes: Int
            var idleFrames: Int
            var idleFramesSent: Int
            var idleBytes: Int
        }
    }

    /// Enough frames for every scene's cycle to run once, few enough for a debug build.
    static let sceneFrames = 1_500
    /// docs/protocol.md: the frame header, an unchanged node's record, and a full record without
    /// its name and text.
    static let headerBytes = 41
    static let unchangedNodeBytes = 4
    static let fullNodeBytesBesidesStrings = 59
    /// The scenes' longest view name and text are well under this many bytes.
    static let longestString = 32

    static func runBench() throws -> Report {
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let segue = exe.deletingLastPathComponent().appendingPathComponent("segue")
        try #require(FileManager.default.isExecutableFile(atPath: segue.path),
                     "no segue binary beside the tests at \(segue.path): build with swift build --build-tests")
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("segue-bench-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = segue
        process.arguments = ["bench", "--frames", "10", "--warmup", "60", "--scene-frames", "\(sceneFrames)",
                             "--json", output.path]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        return try JSONDecoder().decode(Report.self, from: Data(contentsOf: output))
    }

    @Test func everySceneIsMeasuredWithSaneFrameSizesAndFreeIdleFrames() throws {
        let report = try Self.runBench()
        #expect(report.frames == 10)
        #expect(Set(report.scenes.keys) == ["slides", "menu", "stack", "fade", "settings"])
        for (name, scene) in report.scenes.sorted(by: { $0.key < $1.key }) {
            let engine = scene.engine, size = scene.frameSize
            #expect(scene.framesStepped == Self.sceneFrames, "\(name)")
            #expect(scene.unsettledActions == 0, "\(name)")
            #expect(engine.frames > 0 && engine.frames < Self.sceneFrames, "\(name)")
            #expect(engine.viewsMin <= Int(engine.viewsMean.rounded(.down)) && engine.viewsMean <= Double(engine.viewsMax),
                    "\(name)")
            // A sent frame holds at least a header and every node's fixed part, at most every
            // node in full.
            let smallest = Double(Self.headerBytes + Self.unchangedNodeBytes * engine.viewsMin)
            let largest = Double(Self.headerBytes
                + (Self.fullNodeBytesBesidesStrings + 2 * Self.longestString) * engine.viewsMax)
            #expect(size.framesSent > 0 && size.framesSent <= engine.frames, "\(name)")
            #expect(scene.encode.frames == size.framesSent, "\(name)")
            #expect(smallest <= size.meanBytes && size.meanBytes <= Double(size.maxBytes), "\(name)")
            #expect(Double(size.maxBytes) <= largest, "\(name)")
            // Change-only encoding pays: a frame mid-transition costs less than the keyframe.
            #expect(size.meanBytes < Double(size.keyframeBytes), "\(name)")
            #expect(size.idleFrames > 0, "\(name)")
            #expect(size.idleFramesSent == 0 && size.idleBytes == 0, "\(name)")
        }
    }
}
