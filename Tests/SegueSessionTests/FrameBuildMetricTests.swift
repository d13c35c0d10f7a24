import Logging
import Motion
import SegueSession
import SegueWire
import Testing

/// The build time a session reports to its metrics is the one its frame carries to the page: one
/// reading of the clock serves both.
@Suite struct FrameBuildMetricTests {
    /// A clock whose every reading is `step` after the one before: a duration measured on it
    /// counts the readings taken meanwhile, so an extra one shows.
    final class SteppingClock: Clock {
        static let step = 1e-4
        private var readings = 0
        var now: Double {
            readings += 1
            return 100 + Double(readings) * Self.step
        }
    }

    /// The header carries whole microseconds.
    static let headerResolution = 1e-6

    @Test func theMetricIsTheBuildTimeTheFrameCarries() throws {
        let clock = SteppingClock()
        let observer = RecordingObserver()
        let session = SceneSession(sceneName: "slides", framesPerSecond: 60, clock: clock, observer: observer,
                                   logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }),
                                   shares: nil)
        session.receive(ClientMessage.viewport(Viewport(size: PageStandIn.viewport, devicePixelRatio: 2)).encoded(),
                        isBinary: true)
        var decoder = FrameDecoder()
        var carried: [Double] = []
        for _ in 0..<5 {
            session.tick()
            while let bytes = session.nextOutgoing() {
                if case .frame(let frame) = try decoder.decode(bytes) { carried.append(frame.header.buildDuration) }
            }
        }
        try #require(!carried.isEmpty)
        #expect(carried.allSatisfy { $0 > 0 })
        #expect(observer.frameBuilds.count == carried.count)
        for (reported, sent) in zip(observer.frameBuilds, carried) {
            #expect(abs(reported - sent) < Self.headerResolution, "reported \(reported) s, the frame carries \(sent) s")
        }
    }
}
