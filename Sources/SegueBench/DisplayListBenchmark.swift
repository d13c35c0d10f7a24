import Foundation
import Motion
import UIKit

/// Everything one run measured, as `--json` writes it and tests read it back.
public nonisolated struct BenchReport: Codable, Sendable {
    /// Nil, and `scenes` empty, when the run was the service benchmark alone.
    public var displayList: DisplayListBenchmark.Result?
    public var scenes: [String: SceneBenchmark.Result]
    /// Empty when the run skipped the sessions in service.
    public var service: [String: ServiceBenchmark.Result]

    public init(displayList: DisplayListBenchmark.Result?, scenes: [String: SceneBenchmark.Result],
                service: [String: ServiceBenchmark.Result]) {
        self.displayList = displayList
        self.scenes = scenes
        self.service = service
    }

    private enum CodingKeys: String, CodingKey { case scenes, service }
    /// A key of the 50-view benchmark's, present when it ran.
    private enum DisplayListKey: String, CodingKey { case frames }

    public func encode(to encoder: any Encoder) throws {
        // The 50-view benchmark's keys stay at the top level, where readers found them before.
        try displayList?.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(scenes, forKey: .scenes)
        try container.encode(service, forKey: .service)
    }

    public init(from decoder: any Decoder) throws {
        let ran = try decoder.container(keyedBy: DisplayListKey.self).contains(.frames)
        displayList = ran ? try DisplayListBenchmark.Result(from: decoder) : nil
        let container = try decoder.container(keyedBy: CodingKeys.self)
        scenes = try container.decode([String: SceneBenchmark.Result].self, forKey: .scenes)
        service = try container.decode([String: ServiceBenchmark.Result].self, forKey: .service)
    }
}

/// The measurement itself, independent of the command line.
@MainActor public enum DisplayListBenchmark {
    public nonisolated struct Result: Codable, Sendable {
        public var frames: Int
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

        public var summary: String {
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

        public func encode(to encoder: any Encoder) throws {
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

    public static func run(frames: Int, warmup: Int) -> Result {
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
    @MainActor final class Cards {
        let clock = ManualClock()
        let window: UIWindow
        let timeline: Timeline

        init() {
            window = UIWindow(size: CGSize(width: 390, height: 844), clock: clock)
            timeline = Timeline(parent: window.engine.rootTimeline)
            timeline.endBehavior = .hold
            var cards: [UIView] = []
            var rows: [UIView] = []
            for c in 0..<5 {
                let card = UIView(frame: CGRect(x: 20, y: 20 + Double(c) * 160, width: 350, height: 150), name: "card\(c)")
                card.backgroundColor = UIColor(hex: [0x007AFF, 0x34C759, 0xFF9500, 0xAF52DE, 0xFF2D55][c])
                card.cornerRadius = 12
                card.alpha = 0.9
                card.transform = CGAffineTransform(rotationAngle: 0.02 * Double(c - 2)).scaledBy(x: 0.98, y: 0.98)
                card.clipsToBounds = true
                window.addSubview(card)
                let header = UIView(frame: CGRect(x: 12, y: 8, width: 326, height: 24), name: "header\(c)")
                header.text = "Card \(c)"
                header.textColor = .white
                card.addSubview(header)
                for r in 0..<4 {
                    let row = UIView(frame: CGRect(x: 12, y: 36 + Double(r) * 28, width: 326, height: 24), name: "row\(c).\(r)")
                    row.backgroundColor = UIColor(white: 1, alpha: 0.2)
                    row.cornerRadius = 6
                    let label = UIView(frame: CGRect(x: 8, y: 2, width: 200, height: 20), name: "label\(c).\(r)")
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
                        UIView.animate(withDuration: 1 + 0.1 * Double(i), delay: 0, options: .curveEaseInOut,
                                     animations: { row.alpha = 0.4 })
                    }
                    for (i, row) in rows.dropFirst(7).prefix(7).enumerated() {
                        UIView.animate(withDuration: 1.5, delay: 0, usingSpringWithDamping: 0.5 + 0.05 * Double(i),
                                     initialSpringVelocity: 0.5, animations: {
                            row.transform = CGAffineTransform(translationX: 20, y: 0)
                        })
                    }
                    for (i, row) in rows.dropFirst(14).prefix(6).enumerated() {
                        UIView.animateKeyframes(withDuration: 1.8, delay: 0, options: .calculationModeCubic, animations: {
                            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) {
                                row.center.x += 30 + Double(i)
                            }
                            UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) {
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

extension DisplayListBenchmark.Result {
    /// `nsPerViewPerFrame` is derived, so it is not read back.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        frames = try container.decode(Int.self, forKey: .frames)
        views = try container.decode(Int.self, forKey: .views)
        animations = try container.decode(Int.self, forKey: .animations)
        nanosecondsPerFrame = try container.decode(Double.self, forKey: .nsPerFrame)
        heapGrowthBytes = try container.decode(Int.self, forKey: .heapGrowthBytes)
        nodeStorageReused = try container.decode(Bool.self, forKey: .nodeStorageReused)
        nodeCapacity = try container.decode(Int.self, forKey: .nodeCapacity)
    }
}
