public import Foundation

/// How a ``PostgresConnection`` reconnects after losing the server: the clock it reads, the backoff between failed
/// attempts, and where it reports each ``PostgresConnectionEvent``.
///
/// Nothing sleeps: an attempt is made by the first call at or after its instant, and a call before it fails at once
/// (the connection's lock is never held through a wait, so a metrics scrape reads "down" at once rather than
/// waiting). The first call after a loss attempts at once (a restarted server is often back by then); after the n-th
/// failed attempt the next waits `delay(n)`. The backoff is the caller's: the push server passes its
/// `RetryPolicy` (capped exponential with equal jitter), so the formula is written once.
public struct PostgresReconnection: Sendable {
    /// The instant now.
    public var now: @Sendable () -> Date
    /// The wait after the given number of failed attempts (from 1).
    public var delay: @Sendable (_ failedAttempts: Int) -> Duration
    /// Called with each event, on the calling thread, with the connection's lock held by the caller: write a line,
    /// never call the connection.
    public var onEvent: @Sendable (PostgresConnectionEvent) -> Void

    /// Creates a reconnection.
    ///
    /// - Parameters:
    ///   - now: The clock (a manual one in tests).
    ///   - delay: The backoff after n failed attempts.
    ///   - onEvent: The log.
    public init(
        now: @escaping @Sendable () -> Date, delay: @escaping @Sendable (_ failedAttempts: Int) -> Duration,
        onEvent: @escaping @Sendable (PostgresConnectionEvent) -> Void
    ) {
        self.now = now
        self.delay = delay
        self.onEvent = onEvent
    }

    /// Every call after a loss tries once to reconnect, with no wait and no report: for short-lived tools and tests,
    /// which have no clock to give.
    public static let eachCall = PostgresReconnection(
        now: { Date(timeIntervalSince1970: 0) }, delay: { _ in .zero }, onEvent: { _ in })
}
