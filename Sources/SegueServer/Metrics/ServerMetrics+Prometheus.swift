extension ServerMetrics.Snapshot {
    /// The Prometheus text exposition format (version 0.0.4), served at `/metrics`.
    public var prometheusText: String {
        var text = ""
        func family(_ name: String, _ type: String, _ help: String, _ value: Int) {
            text += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n\(name) \(value)\n"
        }
        family("segue_sessions", "gauge", "Open WebSocket sessions.", openSessions)
        family("segue_connections_total", "counter", "WebSocket sessions opened.", connectionsTotal)
        family("segue_frames_sent_total", "counter", "WebSocket messages sent.", framesSent)
        family("segue_bytes_sent_total", "counter", "WebSocket payload bytes sent.", bytesSent)
        family("segue_input_messages_total", "counter", "Client messages accepted.", inputMessages)
        family("segue_bad_messages_total", "counter", "Client messages rejected.", badMessages)
        family("segue_rate_limited_messages_total", "counter",
               "Client messages dropped unread for exceeding the per-session rate.", rateLimitedMessages)

        let refused = "segue_refused_handshakes_total"
        text += "# HELP \(refused) WebSocket handshakes refused, by reason.\n# TYPE \(refused) counter\n"
        for (reason, count) in [("origin", refusedHandshakes.origin), ("server_full", refusedHandshakes.serverFull),
                                ("address_full", refusedHandshakes.addressFull),
                                ("shutting_down", refusedHandshakes.shuttingDown),
                                ("bad_request", refusedHandshakes.badRequest)] {
            text += "\(refused){reason=\"\(reason)\"} \(count)\n"
        }
        family("segue_transitions_started_total", "counter", "Transitions started, reported as sessions settle.",
               transitions.started)
        family("segue_transitions_completed_total", "counter", "Transitions completed, reported as sessions settle.",
               transitions.completed)
        family("segue_transitions_rescued_total", "counter",
               "Transitions the watchdog completed because the animator never did.", transitions.rescued)
        family("segue_transition_duplicate_completions_total", "counter",
               "Extra completeTransition calls, ignored.", transitions.duplicateCompletions)
        family("segue_invariant_violations_total", "counter",
               "Rules broken by a settled world; any is a bug.", invariantViolations)

        let name = "segue_frame_build_seconds"
        text += "# HELP \(name) Time to build one outgoing frame.\n# TYPE \(name) histogram\n"
        var cumulative = 0
        for (bound, count) in zip(frameBuild.upperBounds, frameBuild.counts) {
            cumulative += count
            text += "\(name)_bucket{le=\"\(bound)\"} \(cumulative)\n"
        }
        text += "\(name)_bucket{le=\"+Inf\"} \(frameBuild.count)\n"
        text += "\(name)_sum \(frameBuild.sum)\n\(name)_count \(frameBuild.count)\n"
        return text
    }
}
