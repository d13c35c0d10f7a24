import Logging
import Motion
import Scenes
import UIKit
import SegueSession
import SegueWire

/// Heap bytes one session holds mid-transition: what the server keeps per connection apart from
/// lws's own buffers, measured in process (glibc's count of allocated bytes), so that a change to
/// a view, a node or the encoder's table shows here to the byte instead of in a load test's RSS.
///
/// Sessions are made as the server makes them (`SceneSession` on a clock, an observer and a
/// logger) and fed, as binary client messages, the pointer events of the scene's own transition
/// cycle (`TransitionWorkload`) up to the middle of its first action, asking for every frame as a
/// transport would. Many are kept alive at once and the heap's growth is divided by their number,
/// so the allocator's rounding and per-chunk overhead count as they do in a server. The same run
/// without the session (a world drawn into its display list, no encoder) splits the figure.
@MainActor public enum SessionMemoryBenchmark {
    /// Sessions (and worlds) alive at once: enough that one-off allocations fall below a byte per
    /// session, few enough that the measurement takes a fraction of a second per scene.
    public static let defaultSessions = 64
    /// Frames into the first action of the cycle at which the heap is read: a drag is then held
    /// half way (15 frames to get there) and a tap's transition (5 frames of tap) is under way,
    /// which is when a world holds both screens, as every session of a busy server does.
    static let framesIntoFirstAction = 40

    public nonisolated struct Result: Codable, Sendable {
        /// Sessions measured together.
        var sessions: Int
        /// Frames each one ran, the first action's included.
        var frames: Int
        /// Heap growth per session: world, display list, encoder, session state.
        var heapBytesPerSession: Int
        /// Heap growth per world drawn into its display list, without a session or an encoder.
        var heapBytesPerWorld: Int
    }

    public static func run(_ scene: Scene, sessions: Int = defaultSessions) -> Result {
        let inputs = firstActionInputs(scene)
        // One of each first, so what is made once per process (metadata, shared tables) is not counted.
        _ = runSessions(scene, inputs: inputs, count: 1)
        _ = runWorlds(scene, frames: inputs.count, count: 1)
        return Result(sessions: sessions, frames: inputs.count,
                      heapBytesPerSession: runSessions(scene, inputs: inputs, count: sessions),
                      heapBytesPerWorld: runWorlds(scene, frames: inputs.count, count: sessions))
    }

    /// The workload's input frame by frame (nil: none that frame), up to `framesIntoFirstAction`
    /// frames after its first action began.
    private static func firstActionInputs(_ scene: Scene) -> [PointerEvent?] {
        let workload = TransitionWorkload(scene: scene)
        var inputs: [PointerEvent?] = []
        var actingFrames = 0
        while actingFrames < framesIntoFirstAction {
            if workload.advance() == .acting || actingFrames > 0 { actingFrames += 1 }
            inputs.append(workload.lastInput)
        }
        return inputs
    }

    private static func runSessions(_ scene: Scene, inputs: [PointerEvent?], count: Int) -> Int {
        let logger = Logger(label: "segue-bench") { _ in SwiftLogNoOpLogHandler() }
        let observer = QuietObserver()
        var kept: [SceneSession] = []
        kept.reserveCapacity(count)
        let before = HeapUsage.bytesInUse()
        for _ in 0..<count {
            let clock = ManualClock()
            let session = SceneSession(sceneName: scene.name, scenes: [scene], framesPerSecond: 60, clock: clock,
                                       observer: observer, logger: logger)
            var sequence: UInt32 = 0
            for input in inputs {
                clock.advance(by: TransitionWorkload.frameInterval)
                if let input {
                    sequence &+= 1
                    session.receive(ClientMessage.pointer(input, sequence: sequence).encoded(), isBinary: true)
                }
                session.tick()
                while session.nextOutgoing() != nil {}
            }
            kept.append(session)
        }
        return (HeapUsage.bytesInUse() - before) / count
    }

    private static func runWorlds(_ scene: Scene, frames: Int, count: Int) -> Int {
        var kept: [TransitionWorkload] = []
        kept.reserveCapacity(count)
        let before = HeapUsage.bytesInUse()
        for _ in 0..<count {
            let workload = TransitionWorkload(scene: scene)
            for _ in 0..<frames {
                workload.advance()
                _ = workload.host.frame()
            }
            kept.append(workload)
        }
        return (HeapUsage.bytesInUse() - before) / count
    }
}

/// Counts nothing: the measurements want the session's own bytes and time, not a metrics registry's.
final class QuietObserver: SessionObserver {
    func countInputMessage() {}
    func countBadMessage() {}
    func recordFrameBuild(seconds: Double) {}
    func recordSettled(transitions: TransitionCounts, invariantViolations: Int) {}
}
