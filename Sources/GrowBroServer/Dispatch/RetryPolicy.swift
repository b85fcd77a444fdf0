internal import WaveNotifications

/// Exponential backoff with jitter: the delay before attempt n + 1 after attempt n failed.
///
/// The nominal delay is `base × 2^(n−1)`, at most `cap`; the delay is half of it plus a uniformly random part of
/// the other half ("equal jitter"), so retries of many sends spread out but never come sooner than half the
/// nominal delay. A provider's `Retry-After` is a floor.
public struct RetryPolicy: Hashable, Sendable {
    /// The first retry's nominal delay.
    public var base: Duration
    /// The largest nominal delay.
    public var cap: Duration

    /// Creates a policy.
    ///
    /// - Parameters:
    ///   - base: The first retry's nominal delay.
    ///   - cap: The largest nominal delay.
    public init(base: Duration, cap: Duration) {
        self.base = base
        self.cap = cap
    }

    /// The delay after a failed attempt.
    ///
    /// - Parameters:
    ///   - attempt: The attempt that failed, from 1.
    ///   - retryAfter: The provider's `Retry-After`, if any.
    ///   - random: The jitter's source.
    /// - Returns: The delay, in whole milliseconds.
    public func delay(
        afterAttempt attempt: Int, retryAfter: Duration?, using random: inout some RandomNumberGenerator
    ) -> Duration {
        let baseMilliseconds = max(1, base.wholeMilliseconds)
        let capMilliseconds = max(baseMilliseconds, cap.wholeMilliseconds)
        let shift = min(max(attempt - 1, 0), 40)
        let nominal = min(capMilliseconds, baseMilliseconds << Int64(shift))
        let half = nominal / 2
        let jittered = half + Int64.random(in: 0...(nominal - half), using: &random)
        let floor = retryAfter?.wholeMilliseconds ?? 0
        return .milliseconds(max(jittered, floor))
    }
}
