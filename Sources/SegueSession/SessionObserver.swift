/// Where a session reports what a server counts: the seam between the sans-I/O session and
/// whatever collects metrics (`/metrics` in `segue serve`, nothing in the benchmark's peer).
///
/// Calls arrive on the thread that drives the session, once per message, frame or settling, so an
/// observer must be cheap: a counter increment, not a log line.
public nonisolated protocol SessionObserver: AnyObject {
    /// A client message arrived (accepted or not).
    func countInputMessage()
    /// A client message was rejected: malformed, unknown, or not binary.
    func countBadMessage()
    /// Time spent building one outgoing frame, in seconds of the session's clock.
    func recordFrameBuild(seconds: Double)
    /// Transition counts that grew since the session last reported, and how many settled-world
    /// rules its world breaks now.
    func recordSettled(transitions: TransitionCounts, invariantViolations: Int)
    /// Connections started (+1) or stopped (−1) watching a shared session.
    func watchersChanged(by delta: Int)
}

extension SessionObserver {
    /// An observer of a transport that never shares (the benchmark's peer) has no watchers to count.
    public func watchersChanged(by delta: Int) {}
}

/// Transition bookkeeping of one world, or its growth since the last report.
public nonisolated struct TransitionCounts: Sendable, Equatable {
    public var started = 0
    public var completed = 0
    /// Completed by the watchdog because the animator never called `completeTransition`.
    public var rescued = 0
    public var duplicateCompletions = 0

    public init(started: Int = 0, completed: Int = 0, rescued: Int = 0, duplicateCompletions: Int = 0) {
        self.started = started
        self.completed = completed
        self.rescued = rescued
        self.duplicateCompletions = duplicateCompletions
    }

    public static func + (lhs: Self, rhs: Self) -> Self {
        Self(started: lhs.started + rhs.started, completed: lhs.completed + rhs.completed,
             rescued: lhs.rescued + rhs.rescued,
             duplicateCompletions: lhs.duplicateCompletions + rhs.duplicateCompletions)
    }

    public static func - (lhs: Self, rhs: Self) -> Self {
        Self(started: lhs.started - rhs.started, completed: lhs.completed - rhs.completed,
             rescued: lhs.rescued - rhs.rescued,
             duplicateCompletions: lhs.duplicateCompletions - rhs.duplicateCompletions)
    }
}
