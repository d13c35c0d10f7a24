import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif
import Motion
import SegueKit

/// `segue bench`: how long a frame of display-list evaluation takes, and whether it allocates.
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Time display-list evaluation: 50 views, 20 running animations, a 60 Hz manual clock.",
        discussion: "Build with -c release for meaningful figures.")

    @Option(help: "Frames to time, after the warm-up.")
    var frames: Int = 20_000

    @Option(help: "Untimed frames first, so caches and buffers reach their steady state.")
    var warmup: Int = 1_000

    @Option(help: "Also write the results as JSON to this path.")
    var json: String?

    func validate() throws {
        guard frames > 0, warmup >= 0 else { throw ValidationError("--frames must be positive, --warmup not negative") }
    }

    func run() throws {
        let result = DisplayListBenchmark.run(frames: frames, warmup: warmup)
        print(result.summary)
        if let json {
            guard let file = fopen(json, "w") else { throw ValidationError("cannot write \(json)") }
            defer { fclose(file) }
            fputs(result.json + "\n", file)
        }
    }
}

/// The measurement itself, independent of the command line.
enum DisplayListBenchmark {
    struct Result {
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

        var json: String {
            """
            {"frames":\(frames),"views":\(views),"animations":\(animations),\
            "nsPerFrame":\(format(nanosecondsPerFrame)),"nsPerViewPerFrame":\(format(nanosecondsPerViewPerFrame)),\
            "heapGrowthBytes":\(heapGrowthBytes),"nodeStorageReused":\(nodeStorageReused),"nodeCapacity":\(nodeCapacity)}
            """
        }

        private func format(_ value: Double) -> String { String(Double(Int((value * 10).rounded())) / 10) }
    }

    static let frameInterval = 1.0 / 60
    /// The animations' timeline loops over this many seconds, so they run for ever at a steady cost.
    static let loopPeriod = 2.0

    static func run(frames: Int, warmup: Int) -> Result {
        let scene = Scene()
        for _ in 0..<warmup { _ = scene.step() }
        let storage = scene.step().storage
        var reused = true
        var checksum = 0
        let heapBefore = heapInUse()
        let start = ContinuousClock.now
        for _ in 0..<frames {
            let frame = scene.step()
            checksum &+= frame.checksum
            // Cheap: one pointer compare per frame, and it catches a reallocated or copied buffer.
            reused = reused && frame.storage == storage
        }
        let elapsed = ContinuousClock.now - start
        let heapAfter = heapInUse()
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        precondition(checksum != 0)
        return Result(frames: frames, views: scene.window.displayList().nodes.count,
                      animations: scene.window.engine.runningAnimationCount,
                      nanosecondsPerFrame: seconds * 1e9 / Double(frames),
                      heapGrowthBytes: heapAfter - heapBefore, nodeStorageReused: reused,
                      nodeCapacity: storage.capacity)
    }

    /// glibc's `mallinfo2().uordblks`: bytes in allocated chunks (0 where it cannot be read).
    ///
    /// <malloc.h> is not in the Glibc module, so the function is looked up at run time. It returns a
    /// 10 × size_t struct, which the x86-64 SysV ABI returns through a hidden pointer passed as the
    /// first argument: exactly a C function taking that pointer. Other ABIs differ; they read 0.
    private static func heapInUse() -> Int {
        #if canImport(Glibc) && arch(x86_64)
        typealias MallInfo2 = @convention(c) (UnsafeMutableRawPointer) -> UnsafeMutableRawPointer
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallinfo2") else { return 0 }
        let mallinfo2 = unsafeBitCast(symbol, to: MallInfo2.self)
        var fields = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        return withUnsafeMutableBytes(of: &fields) { buffer in
            _ = mallinfo2(buffer.baseAddress!)
            // arena, ordblks, smblks, hblks, hblkhd, usmblks, fsmblks, uordblks, fordblks, keepcost
            return buffer.load(fromByteOffset: 7 * MemoryLayout<Int>.stride, as: Int.self)
        }
        #else
        return 0
        #endif
    }

    /// 50 views under a window: 5 cards (rotated, scaled, translucent), each with a header label and
    /// 4 rows holding a label; 20 animations on a looping timeline (7 curves, 7 springs, 6 keyframes).
    final class Scene {
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
