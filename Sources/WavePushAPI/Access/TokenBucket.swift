package import Foundation

/// A token bucket: up to `capacity` requests at once, refilled at `rate` per second; a rule on instants given to
/// it, so a test moves a manual clock.
package struct TokenBucket: Sendable, Equatable {
    /// The most tokens held (the burst).
    package let capacity: Double
    /// Tokens added per second.
    package let rate: Double
    private var tokens: Double
    private var updated: Date

    /// A full bucket.
    ///
    /// - Parameters:
    ///   - capacity: The burst, at least 1.
    ///   - rate: Tokens per second, above 0.
    ///   - now: The instant it starts full.
    package init(capacity: Double, rate: Double, now: Date) {
        self.capacity = max(capacity, 1)
        self.rate = max(rate, .leastNonzeroMagnitude)
        self.tokens = self.capacity
        self.updated = now
    }

    /// Takes one token when there is one.
    ///
    /// - Parameter now: The request's instant (an earlier instant than the last is taken as the last).
    /// - Returns: `nil` when taken, else the seconds until one is there.
    package mutating func take(at now: Date) -> Double? {
        let elapsed = max(now.timeIntervalSince(updated), 0)
        tokens = min(capacity, tokens + elapsed * rate)
        updated = max(updated, now)
        guard tokens >= 1 else { return (1 - tokens) / rate }
        tokens -= 1
        return nil
    }
}
