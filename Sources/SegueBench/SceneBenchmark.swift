import Foundation
import Scenes
import UIKit
import SegueWire

/// Each scene mid-transition: what `host.frame()` costs per view, what encoding costs, and how many
/// bytes a session would send, while the scene's transition cycle (`TransitionWorkload`) repeats.
///
/// The workload is deterministic, so it runs twice: once timed, once with a heap probe around each
/// measured step (probing costs more than a frame and would skew the times).
@MainActor public enum SceneBenchmark {
    public nonisolated struct Result: Codable, Sendable {
        /// Empty when decoded: the name is the key a result is written under.
        public var scene = ""
        /// Frames the workload ran after the warm-up, in and out of transitions.
        var framesStepped: Int
        /// Actions that left the scene unsettled past `TransitionWorkload.settleLimit`: 0, or the
        /// figures describe a stuck scene.
        var unsettledActions: Int
        var engine: Engine
        var encode: Encode
        var frameSize: FrameSize
        var memory: SessionMemoryBenchmark.Result

        /// The scene's name is the key it is written under, not a field.
        private enum CodingKeys: String, CodingKey {
            case framesStepped, unsettledActions, engine, encode, frameSize, memory
        }

        /// `host.frame()` on the frames drawn mid-transition.
        nonisolated struct Engine: Codable, Sendable {
            var frames: Int
            /// Nodes per frame, the window included.
            var viewsMin: Int
            var viewsMean: Double
            var viewsMax: Int
            var nsPerFrame: Double
            var nsPerViewPerFrame: Double
            /// Net heap bytes added by those frames, summed: 0 when the frame path keeps nothing.
            var heapGrowthBytes: Int
            /// How many of those frames changed the heap's size at all.
            var framesGrowingHeap: Int
        }

        /// `FrameEncoder` on the mid-transition frames a session would send.
        nonisolated struct Encode: Codable, Sendable {
            var frames: Int
            var nsPerFrame: Double
            var nsPerViewPerFrame: Double
            var heapGrowthBytes: Int
            var framesGrowingHeap: Int
        }

        nonisolated struct FrameSize: Codable, Sendable {
            /// The connection's first frame: a keyframe, every node in full.
            var keyframeBytes: Int
            /// Mid-transition frames a session would send (an interactive frame whose finger did
            /// not move the world is still sent: its input sequence number is new).
            var framesSent: Int
            var meanBytes: Double
            var maxBytes: Int
            /// Per mid-transition frame sent: records (views whose own values changed at the wire's
            /// steps), header bytes, and record bytes per record; frames that change the tree carry
            /// the paint order too (`structureFrames`, their bytes in `meanBytes`).
            var changedViewsMean: Double
            var headerBytesMean: Double
            var bytesPerChangedView: Double
            var structureFrames: Int
            /// Frames evaluated while the scene was settled and untouched.
            var idleFrames: Int
            /// How many of those would be sent, and their bytes: 0 and 0 when idle is free.
            var idleFramesSent: Int
            var idleBytes: Int
        }
    }

    public static func run(_ scene: Scene, frames: Int, warmup: Int) -> Result {
        let timed = Tally.measure(scene, frames: frames, warmup: warmup, probingHeap: false)
        let probed = Tally.measure(scene, frames: frames, warmup: warmup, probingHeap: true)
        precondition(probed.engineFrames == timed.engineFrames && probed.bytes == timed.bytes,
                     "the \(scene.name) workload should repeat exactly")
        let views = Double(timed.views)
        return Result(
            scene: scene.name, framesStepped: frames, unsettledActions: timed.unsettledActions,
            engine: .init(frames: timed.engineFrames, viewsMin: timed.viewsMin,
                          viewsMean: tenths(views / Double(max(timed.engineFrames, 1))), viewsMax: timed.viewsMax,
                          nsPerFrame: tenths(timed.engineNanoseconds / Double(max(timed.engineFrames, 1))),
                          nsPerViewPerFrame: tenths(timed.engineNanoseconds / max(views, 1)),
                          heapGrowthBytes: probed.engineHeapGrowth, framesGrowingHeap: probed.engineFramesGrowingHeap),
            encode: .init(frames: timed.framesSent,
                          nsPerFrame: tenths(timed.encodeNanoseconds / Double(max(timed.framesSent, 1))),
                          nsPerViewPerFrame: tenths(timed.encodeNanoseconds / Double(max(timed.sentViews, 1))),
                          heapGrowthBytes: probed.encodeHeapGrowth,
                          framesGrowingHeap: probed.encodeFramesGrowingHeap),
            frameSize: .init(keyframeBytes: timed.keyframeBytes, framesSent: timed.framesSent,
                             meanBytes: tenths(Double(timed.bytes) / Double(max(timed.framesSent, 1))),
                             maxBytes: timed.maxBytes,
                             changedViewsMean: tenths(Double(timed.records) / Double(max(timed.framesSent, 1))),
                             headerBytesMean: tenths(Double(timed.headerBytes) / Double(max(timed.framesSent, 1))),
                             bytesPerChangedView: tenths(Double(timed.recordBytes) / Double(max(timed.records, 1))),
                             structureFrames: timed.structureFrames, idleFrames: timed.idleFrames,
                             idleFramesSent: timed.idleFramesSent, idleBytes: timed.idleBytes),
            memory: SessionMemoryBenchmark.run(scene))
    }

    /// The two tables `segue bench` prints after the 50-view benchmark.
    public static func table(_ results: [Result], frames: Int) -> String {
        let engine = Table(["scene", "frames", "views min/mean/max", "ns/frame", "ns/view/frame", "heap B (frames)",
                            "encode ns/frame", "encode ns/view", "encode heap B (frames)"],
                           results.map { r in
            [r.scene, "\(r.engine.frames)", "\(r.engine.viewsMin)/\(r.engine.viewsMean)/\(r.engine.viewsMax)",
             "\(r.engine.nsPerFrame)", "\(r.engine.nsPerViewPerFrame)",
             "\(r.engine.heapGrowthBytes) (\(r.engine.framesGrowingHeap))", "\(r.encode.nsPerFrame)",
             "\(r.encode.nsPerViewPerFrame)", "\(r.encode.heapGrowthBytes) (\(r.encode.framesGrowingHeap))"]
        })
        let sizes = Table(["scene", "keyframe B", "sent/mid-transition", "mean B", "max B", "changed views",
                           "header B", "B/changed view", "tree frames", "idle frames", "idle sent", "idle B"],
                          results.map { r in
            let s = r.frameSize
            return [r.scene, "\(s.keyframeBytes)", "\(s.framesSent)/\(r.engine.frames)", "\(s.meanBytes)",
                    "\(s.maxBytes)", "\(s.changedViewsMean)", "\(s.headerBytesMean)", "\(s.bytesPerChangedView)",
                    "\(s.structureFrames)", "\(s.idleFrames)", "\(s.idleFramesSent)", "\(s.idleBytes)"]
        })
        let memory = Table(["scene", "sessions", "frames", "heap B/session", "heap B/world"], results.map { r in
            let m = r.memory
            return [r.scene, "\(m.sessions)", "\(m.frames)", "\(m.heapBytesPerSession)", "\(m.heapBytesPerWorld)"]
        })
        var lines = [
            "scenes mid-transition: \(frames) frames each on a 60 Hz virtual clock; only host.frame() is timed",
            engine.text,
            "",
            "frame sizes as a session sends them (protocol v7: a record per view whose own values changed, "
                + "no frame when nothing changed); per mid-transition frame sent",
            sizes.text,
            "",
            "heap per session mid-transition (glibc mallinfo2, sessions kept alive together; lws's buffers not "
                + "included): a session as the server makes it, and its world alone (views, controllers, display list)",
            memory.text,
        ]
        for r in results where r.unsettledActions > 0 {
            lines.append("warning: \(r.scene) did not settle after \(r.unsettledActions) actions")
        }
        return lines.joined(separator: "\n")
    }
}

/// Columns right-aligned to their widest cell, the first left-aligned.
nonisolated struct Table {
    var text: String

    init(_ header: [String], _ rows: [[String]]) {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        text = all.map { cells in
            cells.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}

/// Sums over one run of a scene's workload. Only frames after the warm-up count.
private struct Tally {
    var engineFrames = 0
    var views = 0
    var viewsMin = Int.max
    var viewsMax = 0
    var engineNanoseconds = 0.0
    var engineHeapGrowth = 0
    var engineFramesGrowingHeap = 0
    var framesSent = 0
    var sentViews = 0
    var encodeNanoseconds = 0.0
    var encodeHeapGrowth = 0
    var encodeFramesGrowingHeap = 0
    var bytes = 0
    var maxBytes = 0
    var keyframeBytes = 0
    var records = 0
    var headerBytes = 0
    var recordBytes = 0
    var structureFrames = 0
    var idleFrames = 0
    var idleFramesSent = 0
    var idleBytes = 0
    var unsettledActions = 0

    /// Plays `warmup + frames` frames as a session at 60 fps would: advance, evaluate, encode, and
    /// count the frame as sent unless the encoder found it shows nothing new.
    @MainActor static func measure(_ scene: Scene, frames: Int, warmup: Int, probingHeap: Bool) -> Tally {
        var tally = Tally()
        let workload = TransitionWorkload(scene: scene)
        var encoder = FrameEncoder()
        var buffer: [UInt8] = []
        var sequence: UInt32 = 0
        func heap() -> Int { probingHeap ? HeapUsage.bytesInUse() : 0 }
        for index in 0..<(warmup + frames) {
            let stage = workload.advance()
            let heapBeforeFrame = heap()
            let start = ContinuousClock.now
            let list = workload.host.frame()
            let built = ContinuousClock.now
            let heapAfterFrame = heap()
            let transition = workload.host.transition
            let header = FrameHeader(sequence: sequence &+ 1, serverTime: workload.time,
                                     buildDuration: seconds(built - start), transition: transition,
                                     inputSequence: workload.inputCount)
            let heapBeforeEncode = heap()
            let encodeStart = ContinuousClock.now
            let sent = encoder.encode(list, header: header, into: &buffer)
            let encodeTime = ContinuousClock.now - encodeStart
            let encodeHeapGrowth = heap() - heapBeforeEncode
            if sent {
                sequence &+= 1
                if sequence == 1 { tally.keyframeBytes = buffer.count }
            }
            guard index >= warmup else { continue }
            if transition != nil {
                let engineHeapGrowth = heapAfterFrame - heapBeforeFrame
                tally.engineFrames += 1
                tally.views += list.nodes.count
                tally.viewsMin = min(tally.viewsMin, list.nodes.count)
                tally.viewsMax = max(tally.viewsMax, list.nodes.count)
                tally.engineNanoseconds += seconds(built - start) * 1e9
                tally.engineHeapGrowth += engineHeapGrowth
                if engineHeapGrowth != 0 { tally.engineFramesGrowingHeap += 1 }
                if sent {
                    tally.framesSent += 1
                    tally.sentViews += list.nodes.count
                    tally.encodeNanoseconds += seconds(encodeTime) * 1e9
                    tally.encodeHeapGrowth += encodeHeapGrowth
                    if encodeHeapGrowth != 0 { tally.encodeFramesGrowingHeap += 1 }
                    tally.bytes += buffer.count
                    tally.maxBytes = max(tally.maxBytes, buffer.count)
                    let composition = encoder.lastComposition
                    tally.records += composition.recordCount
                    tally.headerBytes += composition.headerBytes
                    tally.recordBytes += composition.recordBytes
                    if composition.structureBytes > 0 { tally.structureFrames += 1 }
                }
            } else if stage == .idle {
                tally.idleFrames += 1
                if sent {
                    tally.idleFramesSent += 1
                    tally.idleBytes += buffer.count
                }
            }
        }
        tally.unsettledActions = workload.unsettledActions
        if tally.engineFrames == 0 { tally.viewsMin = 0 }
        return tally
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }
}
