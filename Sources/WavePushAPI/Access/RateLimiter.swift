package import Foundation
internal import WaveNotifications

/// A token bucket per key name, shared by the server's threads: each key's own budget, so one noisy caller does not
/// use up another's.
package final class RateLimiter: Sendable {
    /// Requests per second each key may keep up.
    package let rate: Double
    /// Requests each key may send at once.
    package let burst: Double
    private let buckets = WaveLock([String: TokenBucket]())

    /// Creates a limiter.
    ///
    /// - Parameters:
    ///   - rate: Requests per second per key.
    ///   - burst: The burst per key.
    package init(rate: Double, burst: Double) {
        self.rate = rate
        self.burst = burst
    }

    /// Admits one request of a key, or says how long to wait.
    ///
    /// - Parameters:
    ///   - keyName: The key's name.
    ///   - now: The request's instant.
    /// - Returns: `nil` when admitted, else the seconds until the key may send again.
    package func admit(keyName: String, at now: Date) -> Double? {
        buckets.withLock { buckets in
            buckets[keyName, default: TokenBucket(capacity: burst, rate: rate, now: now)].take(at: now)
        }
    }
}
