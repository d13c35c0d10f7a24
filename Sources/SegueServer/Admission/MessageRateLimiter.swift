/// A token bucket over client messages: `rate` per second sustained, bursts of up to `burst`.
///
/// The page sends one pointer message per coalesced sample, which a 1000 Hz mouse turns into 1000
/// messages a second; anything far beyond that is a client trying to make the single service
/// thread busy. Messages over the limit are dropped before they are decoded, so a flood costs the
/// server the read and nothing else. Time is passed in, so the bucket is testable without a clock.
struct MessageRateLimiter: Sendable {
    let rate: Double
    let burst: Double
    private var tokens: Double
    private var lastRefill: Int64?

    init(messagesPerSecond: Int) {
        rate = Double(messagesPerSecond)
        burst = Double(messagesPerSecond)
        tokens = burst
    }

    /// Whether a message arriving at `now` (microseconds, monotonic) may be handled; takes a token
    /// if so.
    mutating func allow(atMicroseconds now: Int64) -> Bool {
        if let lastRefill, now > lastRefill {
            tokens = min(burst, tokens + Double(now - lastRefill) * rate / 1_000_000)
        }
        lastRefill = max(lastRefill ?? now, now)
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }
}
