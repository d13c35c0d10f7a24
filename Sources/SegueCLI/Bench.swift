import ArgumentParser
import Foundation
import Scenes
import SegueBench

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
            is timed apart. Bytes are what a session would send: protocol v7, a \
            record only for a view whose own (parent-relative, quantised) values \
            changed, and no frame at all when it would look like the last one sent.

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
              maxBytes (mid-transition frames sent), changedViewsMean (records per
              frame), headerBytesMean, bytesPerChangedView (record bytes per record),
              structureFrames (frames that changed the tree), idleFrames (evaluated while
              settled and untouched), idleFramesSent, idleBytes (0 when idle is free)
            heapGrowthBytes is net: an allocation freed in the same frame does not show.
            service.<name>, sessions in service (every session's turn each interval:
            input bytes and their answer, a tick and its frame; no sockets), the same
            run with one session beside it:
              sessions, intervals, framesSent, inputMessages, nsPerFrame,
              inCacheNsPerFrame
            """)

    @Option(help: "Frames to time in the 50-view benchmark, after the warm-up.")
    var frames: Int = 20_000

    @Option(help: "Untimed frames first, so caches and buffers reach their steady state.")
    var warmup: Int = 1_000

    @Option(help: "Frames each scene's workload runs after the warm-up; those drawn mid-transition are timed.")
    var sceneFrames: Int = 20_000

    @Option(help: "Sessions taking turns in the service benchmark (0 skips it).")
    var serviceSessions: Int = ServiceBenchmark.defaultSessions

    @Option(help: "Frame intervals the service benchmark times, after as many of warm-up.")
    var serviceIntervals: Int = ServiceBenchmark.defaultIntervals

    @Option(help: "Run the service benchmark for this scene only (scripts/cache-profile uses it).")
    var serviceScene: String?

    @Flag(help: """
        Run the service benchmark alone (scripts/cache-profile: under cachegrind the others take \
        most of the run); with --service-sessions 0, nothing but the process's start.
        """)
    var serviceOnly = false

    @Option(help: "Also write the results as JSON to this path.")
    var json: String?

    func validate() throws {
        guard frames > 0, sceneFrames > 0, warmup >= 0 else {
            throw ValidationError("--frames and --scene-frames must be positive, --warmup not negative")
        }
        guard serviceSessions >= 0, serviceIntervals > 0 else {
            throw ValidationError("--service-sessions must not be negative, --service-intervals must be positive")
        }
        if let serviceScene, !SegueCommandLine.scenes.contains(where: { $0.name == serviceScene }) {
            let names = SegueCommandLine.scenes.map(\.name).joined(separator: ", ")
            throw ValidationError("unknown scene \"\(serviceScene)\" for --service-scene; scenes: \(names)")
        }
    }

    func run() throws {
        try MainActor.assumeIsolated { try measure() }
    }

    /// The benchmarks run worlds, on the main actor: `segue bench` runs on the main thread.
    @MainActor private func measure() throws {
        let displayList = serviceOnly ? nil : DisplayListBenchmark.run(frames: frames, warmup: warmup)
        let scenes = serviceOnly ? [] : SegueCommandLine.scenes.map {
            SceneBenchmark.run($0, frames: sceneFrames, warmup: warmup)
        }
        if let displayList {
            print(displayList.summary)
            print()
            print(SceneBenchmark.table(scenes, frames: sceneFrames))
        }
        let serviced = SegueCommandLine.scenes.filter { scene in serviceScene.map { $0 == scene.name } ?? true }
        let service = serviceSessions == 0 ? [] : serviced.map {
            ServiceBenchmark.run($0, sessions: serviceSessions, intervals: serviceIntervals)
        }
        if !service.isEmpty {
            if displayList != nil { print() }
            print(ServiceBenchmark.table(service))
        }
        if let json {
            let report = BenchReport(displayList: displayList,
                                     scenes: Dictionary(uniqueKeysWithValues: scenes.map { ($0.scene, $0) }),
                                     service: Dictionary(uniqueKeysWithValues: service.map { ($0.scene, $0) }))
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

