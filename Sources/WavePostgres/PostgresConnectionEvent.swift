public import Foundation

/// Something that happened to a ``PostgresConnection``'s link to the server, for one log line: the connection lost,
/// an attempt to reconnect that failed, the connection back.
///
/// Never carries the connection string (it may hold a password): only the host and database names and libpq's or the
/// server's first line.
public struct PostgresConnectionEvent: Hashable, Sendable, CustomStringConvertible {
    /// What happened.
    public enum Kind: String, Hashable, Sendable {
        /// A call found the connection gone (a restart, a failover, a network cut); that call failed.
        case lost
        /// An attempt to reconnect failed; the next is at ``PostgresConnectionEvent/nextAttempt``.
        case reconnectFailed = "reconnect_failed"
        /// The connection is back.
        case reconnected
    }

    /// What happened.
    public var kind: Kind
    /// When.
    public var at: Date
    /// `postgresql host/database`.
    public var database: String
    /// The attempts to reconnect made since the loss, this one included (0 for ``Kind-swift.enum/lost``).
    public var attempts: Int
    /// libpq's or the server's first line (the loss's or the failed attempt's), `nil` for a reconnection.
    public var reason: String?
    /// When the connection was lost.
    public var lostAt: Date
    /// The earliest instant of the next attempt (after a failed attempt; at once after a loss).
    public var nextAttempt: Date?

    /// Creates an event.
    ///
    /// - Parameters:
    ///   - kind: What happened.
    ///   - at: When.
    ///   - database: `postgresql host/database`.
    ///   - attempts: The attempts made since the loss.
    ///   - reason: libpq's or the server's words.
    ///   - lostAt: When the connection was lost.
    ///   - nextAttempt: The earliest next attempt.
    public init(
        kind: Kind, at: Date, database: String, attempts: Int, reason: String?, lostAt: Date, nextAttempt: Date?
    ) {
        self.kind = kind
        self.at = at
        self.database = database
        self.attempts = attempts
        self.reason = reason
        self.lostAt = lostAt
        self.nextAttempt = nextAttempt
    }

    /// How long the connection had been lost at this event, in seconds.
    public var secondsWithoutConnection: Double { max(0, at.timeIntervalSince(lostAt)) }

    /// One line: `postgresql 127.0.0.1/growbro: connection lost (…); reconnecting`, `… reconnect attempt 3 failed
    /// (…); next in 2.1 s`, `… reconnected after 4 attempts, 12.3 s without a connection`.
    public var description: String {
        let seconds = { (value: Double) in String(format: "%.1f s", value) }
        switch kind {
        case .lost:
            return "\(database): connection lost (\(reason ?? "")); reconnecting"
        case .reconnectFailed:
            let next = nextAttempt.map { "; next in \(seconds(max(0, $0.timeIntervalSince(at))))" } ?? ""
            return "\(database): reconnect attempt \(attempts) failed (\(reason ?? ""))\(next)"
        case .reconnected:
            return
                "\(database): reconnected after \(attempts) attempt\(attempts == 1 ? "" : "s"), "
                + "\(seconds(secondsWithoutConnection)) without a connection"
        }
    }
}
