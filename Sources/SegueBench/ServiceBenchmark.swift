import Foundation
import Logging
import Motion
import Scenes
import SegueSession
import SegueValues
import SegueWire

/// Many sessions served the way the server serves them, without the sockets: what a frame costs the
/// session core when hundreds of worlds take turns and none stays in the CPU's caches.
///
/// `segue bench`'s scene figures time one world, warm in cache; in service the same frame costs
/// more (docs/performance.md, "What grows with sessions"), because every session's
/// views, nodes and encoder table have been pushed out by the others' since its last frame. This
/// measures that directly: `sessions` sessions of one scene take their turn every frame interval
/// (pointer messages in as bytes, a tick, every outgoing message taken), each replaying the scene's
/// transition cycle (`TransitionWorkload`) from a different frame so that they are spread over it
/// as a load test's are, and the same run with one session gives the in-cache figure beside it.
/// Deterministic: the same counts on every run, and under cachegrind the same simulated cache
/// misses once Swift's hashing is seeded and the paths it is given keep their lengths
/// (`scripts/cache-profile`).
@MainActor public enum ServiceBenchmark {
    /// Sessions in the cache-cold run: 80% of the capacity `scripts/bench` finds for one worker.
    public nonisolated static let defaultSessions = 800
    /// Frame intervals timed, after as many again of warm-up.
    public nonisolated static let defaultIntervals = 600
    /// Sessions start the cycle up to this many frames apart (five seconds at 60 fps).
    static let spreadFrames = 300

    public nonisolated struct Result: Codable, Sendable {
        public var scene: String
        var sessions: Int
        /// Frame intervals timed; every session took a turn in each.
        var intervals: Int
        /// Frames the sessions sent in the timed intervals (hellos and replies not counted).
        var framesSent: Int
        /// Pointer messages the sessions received in them.
        var inputMessages: Int
        /// Session-core time per frame sent, every session's turn included.
        var nsPerFrame: Double
        /// The same run with one session: the frame's cost with its world in cache.
        var inCacheNsPerFrame: Double
    }

    public static func run(_ scene: Scene, sessions: Int = defaultSessions, intervals: Int = defaultIntervals) -> Result {
        let messages = recordedInput(scene, frames: intervals * 2 + spreadFrames)
        let cold = measure(scene, messages: messages, sessions: sessions, intervals: intervals)
        let warm = measure(scene, messages: messages, sessions: 1, intervals: intervals)
        return Result(scene: scene.name, sessions: sessions, intervals: intervals, framesSent: cold.frames,
                      inputMessages: cold.inputs, nsPerFrame: tenths(cold.nanoseconds / Double(max(cold.frames, 1))),
                      inCacheNsPerFrame: tenths(warm.nanoseconds / Double(max(warm.frames, 1))))
    }

    public static func table(_ results: [Result]) -> String {
        let table = Table(["scene", "sessions", "intervals", "frames sent", "inputs", "ns/frame", "1 session ns/frame",
                           "ratio"], results.map { r in
            [r.scene, "\(r.sessions)", "\(r.intervals)", "\(r.framesSent)", "\(r.inputMessages)", "\(r.nsPerFrame)",
             "\(r.inCacheNsPerFrame)", "\(tenths(r.nsPerFrame / max(r.inCacheNsPerFrame, 1)))"]
        })
        return "sessions in service: every session's turn each 60 Hz interval (input bytes, its answer, a tick, "
            + "its frame), no sockets; the in-cache figure is the same run with one session\n" + table.text
    }

    /// The scene's transition cycle as the page would send it: per frame, the encoded pointer
    /// message or nil.
    private static func recordedInput(_ scene: Scene, frames: Int) -> [[UInt8]?] {
        let workload = TransitionWorkload(scene: scene)
        return (0..<frames).map { _ in
            workload.advance()
            // The world moves on only when a frame is drawn: an animation's completion comes then.
            _ = workload.host.frame()
            return workload.lastInput.map {
                ClientMessage.pointer($0, sequence: workload.inputCount).encoded()
            }
        }
    }

    private struct Measurement {
        var nanoseconds = 0.0
        var frames = 0
        var inputs = 0
    }

    /// `intervals` of warm-up, then `intervals` timed. Session `i` starts the recorded cycle
    /// `delay(i)` frames late and idles until then, as a page that has not touched it yet.
    private static func measure(_ scene: Scene, messages: [[UInt8]?], sessions count: Int,
                                intervals: Int) -> Measurement {
        let logger = Logger(label: "segue-bench") { _ in SwiftLogNoOpLogHandler() }
        let observer = QuietObserver()
        let clock = ManualClock()
        let sessions = (0..<count).map { _ in
            SceneSession(sceneName: scene.name, scenes: [scene], framesPerSecond: 60, clock: clock,
                         observer: observer, logger: logger)
        }
        let delays = (0..<count).map { count > 1 ? $0 * spreadFrames / count : 0 }
        for session in sessions {
            while session.nextOutgoing() != nil {}
        }
        var measurement = Measurement()
        for interval in 0..<(2 * intervals) {
            clock.advance(by: TransitionWorkload.frameInterval)
            let timed = interval >= intervals
            let start = ContinuousClock.now
            var frames = 0
            var inputs = 0
            // In turn, as the server ticks a bucket.
            for (index, session) in sessions.enumerated() {
                let frame = interval - delays[index]
                // As the server does: input is answered in the turn it arrives, and the tick builds a frame
                // of its own while the world is not settled.
                if frame >= 0, let message = messages[frame] {
                    session.receive(message, isBinary: true)
                    inputs += 1
                    while session.nextOutgoing() != nil { frames += 1 }
                }
                session.tick()
                while session.nextOutgoing() != nil { frames += 1 }
            }
            guard timed else { continue }
            let elapsed = ContinuousClock.now - start
            measurement.nanoseconds += Double(elapsed.components.seconds) * 1e9
                + Double(elapsed.components.attoseconds) * 1e-9
            measurement.frames += frames
            measurement.inputs += inputs
        }
        return measurement
    }
}
