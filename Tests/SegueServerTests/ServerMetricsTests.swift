@testable import SegueServer
import SegueSession
import Testing

@Suite struct ServerMetricsTests {
    /// Every sample line of the exposition, keyed by name and labels as written.
    func samples(_ metrics: ServerMetrics) -> [String: Double] {
        let text = String(decoding: metrics.exposition(), as: UTF8.self)
        var samples: [String: Double] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: " ")
            samples[String(parts[0])] = Double(parts[1])
        }
        return samples
    }

    @Test func everyFamilyIsShownAtZeroBeforeAnythingHappens() {
        let shown = samples(ServerMetrics())
        #expect(shown["segue_sessions"] == 0 && shown["segue_frames_sent_total"] == 0)
        for reason in ServerMetrics.HandshakeRefusal.allCases {
            #expect(shown["segue_refused_handshakes_total{reason=\"\(reason.rawValue)\"}"] == 0)
        }
        #expect(shown["segue_frame_build_seconds_bucket{le=\"+Inf\"}"] == 0)
        let text = String(decoding: ServerMetrics().exposition(), as: UTF8.self)
        #expect(text.contains("# HELP segue_frames_sent_total WebSocket messages sent.\n"))
        #expect(text.contains("# TYPE segue_frame_build_seconds histogram\n"))
    }

    @Test func theWatchersGaugeFollowsJoinsAndLeaves() {
        let metrics = ServerMetrics()
        #expect(samples(metrics)["segue_watchers"] == 0)
        metrics.watchersChanged(by: 1)
        metrics.watchersChanged(by: 1)
        metrics.watchersChanged(by: 1)
        metrics.watchersChanged(by: -1)
        #expect(samples(metrics)["segue_watchers"] == 2)
        let text = String(decoding: metrics.exposition(), as: UTF8.self)
        #expect(text.contains("# HELP segue_watchers Sessions watching another's shared session.\n"))
    }

    @Test func countsKeepTheirNamesAndMeanings() {
        let metrics = ServerMetrics()
        metrics.countSessionOpened()
        metrics.countSessionOpened()
        metrics.countSessionClosed()
        metrics.countFrameSent(bytes: 300)
        metrics.countFrameSent(bytes: 73)
        metrics.countFrameWaited()
        metrics.countInputMessage()
        metrics.countBadMessage()
        metrics.countRateLimitedMessage()
        metrics.countRefusedHandshake(.addressFull)
        metrics.recordSettled(transitions: TransitionCounts(started: 3, completed: 2, rescued: 1), invariantViolations: 0)
        metrics.recordFrameBuild(seconds: 0.0003)
        metrics.recordFrameBuild(seconds: 0.02)
        let shown = samples(metrics)
        #expect(shown["segue_sessions"] == 1 && shown["segue_connections_total"] == 2)
        #expect(shown["segue_frames_sent_total"] == 2 && shown["segue_bytes_sent_total"] == 373)
        #expect(shown["segue_frames_waited_total"] == 1)
        #expect(shown["segue_input_messages_total"] == 1 && shown["segue_bad_messages_total"] == 1)
        #expect(shown["segue_rate_limited_messages_total"] == 1)
        #expect(shown["segue_refused_handshakes_total{reason=\"address_full\"}"] == 1)
        #expect(shown["segue_transitions_started_total"] == 3 && shown["segue_transitions_completed_total"] == 2)
        #expect(shown["segue_transitions_rescued_total"] == 1 && shown["segue_invariant_violations_total"] == 0)
        // Cumulative buckets: 0.3 ms falls in ≤ 0.5 ms, 20 ms in ≤ 25 ms.
        #expect(shown["segue_frame_build_seconds_bucket{le=\"0.00025\"}"] == 0)
        #expect(shown["segue_frame_build_seconds_bucket{le=\"0.0005\"}"] == 1)
        #expect(shown["segue_frame_build_seconds_bucket{le=\"0.025\"}"] == 2)
        #expect(shown["segue_frame_build_seconds_count"] == 2)
    }

    /// A session whose bookkeeping went backwards must not crash the server through a counter.
    @Test func aNegativeDeltaIsIgnored() {
        let metrics = ServerMetrics()
        metrics.recordSettled(transitions: TransitionCounts(started: -1), invariantViolations: -2)
        #expect(samples(metrics)["segue_transitions_started_total"] == 0)
    }
}
