import ArgumentParser
import Foundation
import Motion
import Scenes
import SegueKit

/// `segue bench`: how long a frame of display-list evaluation takes, whether it allocates, and for
/// each scene what a frame mid-transition costs to evaluate, to encode and to send.
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Time display-list evaluation: 50 views, 20 running animations, a 60 Hz manual clock; then every scene mid-transition.",
        discussion: """
            Build with -c release for meaningful figures.

            Scenes: each scene's transition cycle (Scene.transitionCycle: swipes held \
            half way, releases, a cancel, taps) repeats on a 60 Hz virtual clock. Only \
            host.frame() is timed, and only on frames drawn mid-transition; encoding \
            is timed apart. Bytes are what a session would send: change-only \
            encoding, and no frame at all when it would look like the last one sent.

            --json writes one object; times in ns, sizes in bytes.
            The 50-view benchmark, at the top level as before scenes joined:
              frames, views, animations, nsPerFrame, nsPerViewPerFrame,
              heapGrowthBytes, nodeStorageReused, nodeCapacity
            scenes.<name>: framesStepped, unsettledActions (0: every action settled)
            scenes.<name>.engine, host.frame() mid-transition:
              frames, viewsMin, viewsMean, viewsMax, nsPerFrame, nsPerViewPerFrame,
              heapGrowthBytes, framesGrowingHeap
            scenes.<name>.encode, FrameEncoder on the mid-transition frames sent:
              frames, nsPerFrame, nsPerViewPerFrame, heapGrowthBytes,
              framesGrowingHeap
            scenes.<name>.frameSize:
              keyframeBytes (the connection's first frame), framesSent, meanBytes,
              maxBytes (mid-transition frames sent), idleFrames (evaluated while
              settled and untouched), idleFramesSent, idleBytes (0 when idle is free)
            heapGrowthBytes is net: an allocation freed in the same frame does not show.
            """)

    @Option(help: "Frames to time in the 50-view benchmark, after the warm-up.")
    var frames: Int = 20_000

    @Option(help: "Untimed frames first, so caches and buffers reach their steady state.")
    var warmup: Int = 1_000

    @Option(help: "Frames each scene's workload runs after the warm-up; those drawn mid-transition are timed.")
    var sceneFrames: Int = 20_000

    @Option(help: "Also write the results as JSON to this path.")
    var json: String?

    func validate() throws {
        guard frames > 0, sceneFrames > 0, warmup >= 0 else {
            throw ValidationError("--frames and --scene-frames must be positive, --warmup not negative")
        }
    }

    func run() throws {
        let displayList = DisplayListBenchmark.run(frames: frames, warmup: warmup)
        print(displayList.summary)
        let scenes = Scene.all.map { SceneBenchmark.run($0, frames: sceneFrames, warmup: warmup) }
        print()
        print(SceneBenchmark.table(scenes, frames: sceneFrames))
        if let json {
            let report = BenchReport(displayList: displayList,
                                     scenes: Dictionary(uniqueKeysWithValues: scenes.map { ($0.scene, $0) }))
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            var data = try encoder.encode(report)
            data.append(0x0A)
            do {
                try data.write(to: URL(fileURLWithPath: json))
            } catch {
                throw ValidationError("cannot write \(json): \(error.localizedDescription)")
            }
        }
    }
}

/// Everything one run measured, as `--json` writes it.
struct BenchReport: Encodable {
    var displayList: DisplayListBenchmark.Result
    var scenes: [String: SceneBenchmark.Result]

    private enum CodingKeys: String, CodingKey { case scenes }

    func encode(to encoder: any Encoder) throws {
        // The 50-view benchmark's keys stay at the top level, where readers found them before.
        try displayList.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(scenes, forKey: .scenes)
    }
}

/// The measurement itself, independent of the command line.
enum DisplayListBenchmark {
    struct Result: Encodable {
        var frames: Int
        /// Nodes in each frame's display list (the window included).
        var views: Int
        var animations: Int
        var nanosecondsPerFrame: Double
        var nanosecondsPerViewPerFrame: Double { nanosecondsPerFrame / Double(views) }
        /// Bytes in use on the glibc heap after the timed frames minus before: 0 when frames keep nothing.
        var heapGrowthBytes: Int
        /// Whether every timed frame filled the same node buffer (no reallocation, no copy).
        var nodeStorageReused: Bool
        var nodeCapacity: Int

        var summary: String {
            """
            display list: \(views) views, \(animations) running animations, \(frames) frames
              \(format(nanosecondsPerFrame)) ns/frame, \(format(nanosecondsPerViewPerFrame)) ns/view/frame
              heap growth over the timed frames: \(heapGrowthBytes) bytes (net: an allocation freed \
            in the same frame does not show); node buffer reused: \(nodeStorageReused) (capacity \(nodeCapacity))
            """
        }

        private enum CodingKeys: String, CodingKey {
            case frames, views, animations, nsPerFrame, nsPerViewPerFrame, heapGrowthBytes, nodeStorageReused,
                 nodeCapacity
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(frames, forKey: .frames)
            try container.encode(views, forKey: .views)
            try container.encode(animations, forKey: .animations)
            try container.encode(tenths(nanosecondsPerFrame), forKey: .nsPerFrame)
            try container.encode(tenths(nanosecondsPerViewPerFrame), forKey: .nsPerViewPerFrame)
            try container.encode(heapGrowthBytes, forKey: .heapGrowthBytes)
            try container.encode(nodeStorageReused, forKey: .nodeStorageReused)
            try container.encode(nodeCapacity, forKey: .nodeCapacity)
        }

        private func format(_ value: Double) -> String { String(tenths(value)) }
    }

    static let frameInterval = 1.0 / 60
    /// The animations' timeline loops over this many seconds, so they run for ever at a steady cost.
    static let loopPeriod = 2.0

    static func run(frames: Int, warmup: Int) -> Result {
        let scene = Cards()
        for _ in 0..<warmup { _ = scene.step() }
        let storage = scene.step().storage
        var reused = true
        var checksum = 0
        let heapBefore = HeapUsage.bytesInUse()
        let start = ContinuousClock.now
        for _ in 0..<frames {
            let frame = scene.step()
            checksum &+= frame.checksum
            // Cheap: one pointer compare per frame, and it catches a reallocated or copied buffer.
            reused = reused && frame.storage == storage
        }
        let elapsed = ContinuousClock.now - start
        let heapAfter = HeapUsage.bytesInUse()
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        precondition(checksum != 0)
        return Result(frames: frames, views: scene.window.displayList().nodes.count,
                      animations: scene.window.engine.runningAnimationCount,
                      nanosecondsPerFrame: seconds * 1e9 / Double(frames),
                      heapGrowthBytes: heapAfter - heapBefore, nodeStorageReused: reused,
                      nodeCapacity: storage.capacity)
    }

    /// 50 views under a window: 5 cards (rotated, scaled, translucent), each with a header label and
    /// 4 rows holding a label; 20 animations on a looping timeline (7 curves, 7 springs, 6 keyframes).
    final class Cards {
        let clock = ManualClock()
        let window: Window
        let timeline: Timeline

        init() {
            window = Window(size: Size(width: 390, height: 844), clock: clock)
            timeline = Timeline(parent: window.engine.rootTimeline)
            timeline.endBehavior = .hold
            var cards: [View] = []
            var rows: [View] = []
            for c in 0..<5 {
                let card = View(frame: Rect(x: 20, y: 20 + Double(c) * 160, width: 350, height: 150), name: "card\(c)")
                card.backgroundColor = Color(hex: [0x007AFF, 0x34C759, 0xFF9500, 0xAF52DE, 0xFF2D55][c])
                card.cornerRadius = 12
                card.alpha = 0.9
                card.transform = AffineTransform(rotationAngle: 0.02 * Double(c - 2)).scaledBy(x: 0.98, y: 0.98)
                card.clipsToBounds = true
                window.addSubview(card)
                let header = View(frame: Rect(x: 12, y: 8, width: 326, height: 24), name: "header\(c)")
                header.text = "Card \(c)"
                header.textColor = .white
                card.addSubview(header)
                for r in 0..<4 {
                    let row = View(frame: Rect(x: 12, y: 36 + Double(r) * 28, width: 326, height: 24), name: "row\(c).\(r)")
                    row.backgroundColor = Color(white: 1, alpha: 0.2)
                    row.cornerRadius = 6
                    let label = View(frame: Rect(x: 8, y: 2, width: 200, height: 20), name: "label\(c).\(r)")
                    label.text = "Row \(r)"
                    label.fontSize = 15
                    row.addSubview(label)
                    card.addSubview(row)
                    rows.append(row)
                }
                cards.append(card)
            }
            window.perform {
                window.engine.withTimeline(timeline) {
                    for (i, row) in rows.prefix(7).enumerated() {
                        View.animate(withDuration: 1 + 0.1 * Double(i), delay: 0, options: .curveEaseInOut,
                                     animations: { row.alpha = 0.4 })
                    }
                    for (i, row) in rows.dropFirst(7).prefix(7).enumerated() {
                        View.animate(withDuration: 1.5, delay: 0, usingSpringWithDamping: 0.5 + 0.05 * Double(i),
                                     initialSpringVelocity: 0.5, animations: {
                            row.transform = AffineTransform(translationX: 20, y: 0)
                        })
                    }
                    for (i, row) in rows.dropFirst(14).prefix(6).enumerated() {
                        View.animateKeyframes(withDuration: 1.8, delay: 0, options: .calculationModeCubic, animations: {
                            View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) {
                                row.center.x += 30 + Double(i)
                            }
                            View.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) {
                                row.center.x -= 30 + Double(i)
                            }
                        })
                    }
                }
            }
            _ = cards
        }

        /// Advances the clock one frame, looping the animations' timeline, and evaluates the display
        /// list. Returns something derived from every frame, so the work cannot be optimized away, and
        /// where the list's nodes live. The list is dropped before the next frame reuses its storage.
        func step() -> (checksum: Int, storage: NodeStorage) {
            clock.advance(by: DisplayListBenchmark.frameInterval)
            let local = timeline.time
            if local >= DisplayListBenchmark.loopPeriod { timeline.seek(to: local - DisplayListBenchmark.loopPeriod) }
            let list = window.displayList()
            let checksum = list.nodes.count &+ Int(list.nodes[list.nodes.count - 1].transform.tx)
            let storage = list.nodes.withUnsafeBufferPointer {
                NodeStorage(address: UInt(bitPattern: $0.baseAddress), capacity: list.nodes.capacity)
            }
            return (checksum, storage)
        }
    }

    struct NodeStorage: Equatable {
        var address: UInt
        var capacity: Int
    }
}

/// Rounds to 0.1, the precision the benchmarks report: more digits would be noise.
func tenths(_ value: Double) -> Double { (value * 10).rounded() / 10 }
