import CoreMetrics
import Prometheus

/// swift-prometheus's registry as a swift-metrics backend that writes each family's `# HELP` line
/// and gives the frame-build histogram its buckets; swift-prometheus's own factory has neither
/// (it registers every family with empty help, and the registry refuses two helps for one name).
struct DescribedPrometheusFactory: MetricsFactory {
    let registry: PrometheusCollectorRegistry

    /// One sentence per family, as `/metrics` has always described it.
    static let help: [String: String] = [
        "segue_sessions": "Open WebSocket sessions.",
        "segue_watchers": "Sessions watching another's shared session.",
        "segue_connections_total": "WebSocket sessions opened.",
        "segue_frames_sent_total": "WebSocket messages sent.",
        "segue_frames_waited_total": "Frames not written at once (the socket still held part of an earlier one, or a Close was being answered); sent from a writeable callback instead.",
        "segue_bytes_sent_total": "WebSocket payload bytes sent.",
        "segue_input_messages_total": "Client messages accepted.",
        "segue_bad_messages_total": "Client messages rejected.",
        "segue_rate_limited_messages_total": "Client messages dropped unread for exceeding the per-session rate.",
        "segue_refused_handshakes_total": "WebSocket handshakes refused, by reason.",
        "segue_transitions_started_total": "Transitions started, reported as sessions settle.",
        "segue_transitions_completed_total": "Transitions completed, reported as sessions settle.",
        "segue_transitions_rescued_total": "Transitions the watchdog completed because the animator never did.",
        "segue_transition_duplicate_completions_total": "Extra completeTransition calls, ignored.",
        "segue_invariant_violations_total": "Rules broken by a settled world; any is a bug.",
        "segue_frame_build_seconds": "Time to build one outgoing frame.",
    ]

    private func descriptor(_ label: String) -> MetricNameDescriptor {
        // The unit is part of each name already (`_seconds`, `_total`); an empty one adds nothing.
        MetricNameDescriptor(metricName: label, unitName: "", helpText: Self.help[label] ?? "")
    }

    func makeCounter(label: String, dimensions: [(String, String)]) -> any CounterHandler {
        registry.makeCounter(descriptor: descriptor(label), labels: dimensions)
    }

    func makeFloatingPointCounter(label: String, dimensions: [(String, String)]) -> any FloatingPointCounterHandler {
        registry.makeCounter(descriptor: descriptor(label), labels: dimensions)
    }

    func makeRecorder(label: String, dimensions: [(String, String)], aggregate: Bool) -> any RecorderHandler {
        guard aggregate else { return registry.makeGauge(descriptor: descriptor(label), labels: dimensions) }
        return registry.makeValueHistogram(descriptor: descriptor(label), labels: dimensions,
                                           buckets: ServerMetrics.frameBuildBuckets)
    }

    func makeMeter(label: String, dimensions: [(String, String)]) -> any MeterHandler {
        registry.makeGauge(descriptor: descriptor(label), labels: dimensions)
    }

    func makeTimer(label: String, dimensions: [(String, String)]) -> any TimerHandler {
        registry.makeDurationHistogram(descriptor: descriptor(label), labels: dimensions,
                                       buckets: ServerMetrics.frameBuildBuckets.map { .nanoseconds(Int64($0 * 1e9)) })
    }

    func destroyCounter(_ handler: any CounterHandler) {
        if let counter = handler as? Prometheus.Counter { registry.unregisterCounter(counter) }
    }

    func destroyFloatingPointCounter(_ handler: any FloatingPointCounterHandler) {
        if let counter = handler as? Prometheus.Counter { registry.unregisterCounter(counter) }
    }

    func destroyRecorder(_ handler: any RecorderHandler) {
        if let gauge = handler as? Prometheus.Gauge { registry.unregisterGauge(gauge) }
        if let histogram = handler as? ValueHistogram { registry.unregisterValueHistogram(histogram) }
    }

    func destroyMeter(_ handler: any MeterHandler) {
        if let gauge = handler as? Prometheus.Gauge { registry.unregisterGauge(gauge) }
    }

    func destroyTimer(_ handler: any TimerHandler) {
        if let histogram = handler as? DurationHistogram { registry.unregisterDurationHistogram(histogram) }
    }
}
