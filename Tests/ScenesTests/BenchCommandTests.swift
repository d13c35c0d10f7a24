import Foundation
import Scenes
@testable import SegueBench
import Testing

/// `segue bench --json` end to end: the keys its help documents, and the frame sizes it measures.
///
/// Sizes need the scenes and the wire encoder together, which only the `segue` executable links
/// (no test target depends on both), so this runs the binary that `swift build --build-tests`
/// puts beside the test bundle. Nothing here reads a time.
@Suite("segue bench --json")
struct BenchCommandTests {
    /// What `--json` wrote, read back through the report's own type: decoding fails if a
    /// documented key goes missing.
    typealias Report = BenchReport

    /// Enough frames for every scene's cycle to run once, few enough for a debug build.
    static let sceneFrames = 1_500
    /// Sessions in service spread over 300 frames of the cycle: each of three starts 100 apart.
    static let serviceSessions = 3
    static let serviceIntervals = 400
    /// docs/protocol.md, version 7: the smallest frame (fixed header and a one-byte time step), the
    /// largest header besides the hint (every part at its longest varint), a structure entry at its
    /// longest, and a record with every section at its longest besides its name and text (the
    /// glyph's 16 bytes are "magnifyingglass", the longest glyph name, and its length).
    static let smallestFrameBytes = 6
    static let largestHeaderBytesBesidesHint = 5 + 5 + 8 + 10 + 1 + 2 + 5
    static let largestStructureEntryBytes = 5 + 3
    static let largestRecordBytesBesidesStrings = 5 + 3 + 10 + 10 + 20 + 1 + 4 + 4 + 6 + 5 + 5 + 4 + 20 + 8 + 16 + 1 + 2 + 1
    /// Issue 14's goal for a mid-transition frame.
    static let bytesPerChangedView = 12.0
    static let headerBudget = 20.0
    /// Below what a view object and a display-list node take together (hundreds of bytes each).
    static let smallestBytesPerNode = 256
    /// The scenes' longest view name and text are well under this many bytes.
    static let longestString = 32

    /// One run serves every test: the bench takes a while in a debug build.
    static let bench = Result { try runBench() }

    static func runBench() throws -> Report {
        try runBench(["--frames", "10", "--warmup", "60", "--scene-frames", "\(sceneFrames)",
                      "--service-sessions", "\(serviceSessions)", "--service-intervals", "\(serviceIntervals)"])
    }

    static func runBench(_ arguments: [String]) throws -> Report {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("segue-bench-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: output) }
        let (status, _) = try bench(arguments + ["--json", output.path])
        try #require(status == 0)
        return try JSONDecoder().decode(Report.self, from: Data(contentsOf: output))
    }

    /// Runs `segue bench` beside the tests: its exit status and what it wrote to standard error.
    static func bench(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let segue = BuiltProducts.segue
        try #require(FileManager.default.isExecutableFile(atPath: segue.path),
                     "no segue binary beside the tests at \(segue.path): build with swift build --build-tests")
        let process = Process()
        let errors = Pipe()
        process.executableURL = segue
        process.arguments = ["bench"] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, stderr)
    }

    /// `scripts/cache-profile` runs the service benchmark alone, for one scene, under cachegrind.
    @Test func theServiceBenchmarkRunsAloneForOneSceneWhenNamed() throws {
        let report = try Self.runBench(["--service-only", "--service-sessions", "2", "--service-intervals", "30",
                                        "--service-scene", "menu"])
        #expect(Array(report.service.keys) == ["menu"])
        #expect(report.service["menu"]?.sessions == 2)
        #expect(report.service["menu"]?.intervals == 30)
        #expect(report.displayList == nil && report.scenes.isEmpty)
        let nothing = try Self.runBench(["--service-only", "--service-sessions", "0"])
        #expect(nothing.displayList == nil && nothing.scenes.isEmpty && nothing.service.isEmpty)
        let unknown = try Self.bench(["--frames", "1", "--scene-frames", "1", "--service-scene", "nowhere"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("unknown scene \"nowhere\" for --service-scene; scenes: slides, menu"))
    }

    @Test func everySceneIsMeasuredWithSaneFrameSizesAndFreeIdleFrames() throws {
        let report = try Self.bench.get()
        #expect(report.displayList?.frames == 10)
        #expect(Set(report.scenes.keys) == Set(Scene.all.map(\.name)))
        for (name, scene) in report.scenes.sorted(by: { $0.key < $1.key }) {
            let engine = scene.engine, size = scene.frameSize
            #expect(scene.framesStepped == Self.sceneFrames, "\(name)")
            #expect(scene.unsettledActions == 0, "\(name)")
            #expect(engine.frames > 0 && engine.frames < Self.sceneFrames, "\(name)")
            #expect(engine.viewsMin <= Int(engine.viewsMean.rounded(.down)) && engine.viewsMean <= Double(engine.viewsMax),
                    "\(name)")
            // A sent frame holds at least a header, at most a header, the paint order and every
            // node in full.
            let smallest = Double(Self.smallestFrameBytes)
            let largest = Double(Self.largestHeaderBytesBesidesHint + 5 + Self.longestString + 5
                + (Self.largestStructureEntryBytes + Self.largestRecordBytesBesidesStrings + 2 * Self.longestString)
                * engine.viewsMax)
            #expect(size.framesSent > 0 && size.framesSent <= engine.frames, "\(name)")
            #expect(scene.encode.frames == size.framesSent, "\(name)")
            #expect(smallest <= size.meanBytes && size.meanBytes <= Double(size.maxBytes), "\(name)")
            #expect(Double(size.maxBytes) <= largest, "\(name)")
            // Change-only encoding pays: a frame mid-transition costs less than the keyframe, and
            // on average at most 12 B per view whose own values changed + 20 B.
            #expect(size.meanBytes < Double(size.keyframeBytes), "\(name)")
            #expect(size.meanBytes <= Self.bytesPerChangedView * size.changedViewsMean + Self.headerBudget, "\(name)")
            #expect(size.changedViewsMean > 0 && size.changedViewsMean <= Double(engine.viewsMax), "\(name)")
            #expect(size.headerBytesMean >= Double(Self.smallestFrameBytes) && size.headerBytesMean <= Self.headerBudget,
                    "\(name)")
            #expect(size.bytesPerChangedView > 0 && size.bytesPerChangedView <= Self.bytesPerChangedView, "\(name)")
            #expect(size.structureFrames < size.framesSent, "\(name)")
            #expect(size.idleFrames > 0, "\(name)")
            #expect(size.idleFramesSent == 0 && size.idleBytes == 0, "\(name)")
            #expect(scene.memory.sessions > 1 && scene.memory.frames > 0, "\(name)")
        }
    }

    /// The heap is read from malloc's statistics (glibc's `mallinfo2`), which AddressSanitizer's
    /// allocator, standing in for malloc's, leaves at zero.
    @Test(.disabled(if: BuiltProducts.isAddressSanitized,
                    "everySceneReportsTheHeapItsSessionsAndWorldsHold reads malloc's statistics (mallinfo2), which are zero under AddressSanitizer"))
    func everySceneReportsTheHeapItsSessionsAndWorldsHold() throws {
        let report = try Self.bench.get()
        for (name, scene) in report.scenes.sorted(by: { $0.key < $1.key }) {
            // A session holds its world and more (its encoder's table and buffer); a world holds at
            // least a view object and a display-list node per node drawn.
            let memory = scene.memory
            #expect(memory.heapBytesPerWorld > Self.smallestBytesPerNode * scene.engine.viewsMin, "\(name)")
            #expect(memory.heapBytesPerSession > memory.heapBytesPerWorld, "\(name)")
        }
    }

    @Test func sessionsInServiceAnswerEveryInputAndTickWhileTheirWorldsMove() throws {
        let report = try Self.bench.get()
        #expect(Set(report.service.keys) == Set(Scene.all.map(\.name)))
        for (name, service) in report.service.sorted(by: { $0.key < $1.key }) {
            #expect(service.sessions == Self.serviceSessions && service.intervals == Self.serviceIntervals, "\(name)")
            // Every session is in its cycle for the whole timed half, so pointers came and moved
            // the world; each turn sends at most an answer to its input and a tick's frame.
            #expect(service.inputMessages > 0, "\(name)")
            #expect(service.framesSent > service.inputMessages, "\(name)")
            #expect(service.framesSent <= service.inputMessages + service.sessions * service.intervals, "\(name)")
            #expect(service.nsPerFrame > 0 && service.inCacheNsPerFrame > 0, "\(name)")
        }
    }
}
