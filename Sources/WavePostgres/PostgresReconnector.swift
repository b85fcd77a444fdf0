internal import Foundation
internal import WaveNotifications

/// The reconnection's state as a value: connected, or lost since an instant with the attempts made and the instant of
/// the next; each step returns the event to report. ``PostgresConnection`` drives it with libpq's answers.
struct PostgresReconnector: Hashable, Sendable {
    /// Connected, or lost.
    enum State: Hashable, Sendable {
        case connected
        case lost(since: Date, attempts: Int, nextAttempt: Date)
    }

    private(set) var state = State.connected
    let database: String

    init(database: String) {
        self.database = database
    }

    /// Whether the connection is known lost.
    var isLost: Bool { state != .connected }

    /// The connection was found gone at `now`: the next call may attempt at once.
    mutating func lost(at now: Date, reason: String) -> PostgresConnectionEvent {
        state = .lost(since: now, attempts: 0, nextAttempt: now)
        return PostgresConnectionEvent(
            kind: .lost, at: now, database: database, attempts: 0, reason: reason, lostAt: now, nextAttempt: now)
    }

    /// The instant before which a call fails without an attempt, or `nil` when one may be made at `now`.
    func waitUntil(at now: Date) -> Date? {
        guard case .lost(_, _, let next) = state, now < next else { return nil }
        return next
    }

    /// An attempt at `now` failed; the next waits `delay(attempts)`.
    mutating func attemptFailed(
        at now: Date, reason: String, delay: (_ failedAttempts: Int) -> Duration
    ) -> PostgresConnectionEvent {
        guard case .lost(let since, let attempts, _) = state else {
            return lost(at: now, reason: reason)
        }
        let next = now.addingTimeInterval(delay(attempts + 1).timeInterval)
        state = .lost(since: since, attempts: attempts + 1, nextAttempt: next)
        return PostgresConnectionEvent(
            kind: .reconnectFailed, at: now, database: database, attempts: attempts + 1, reason: reason,
            lostAt: since, nextAttempt: next)
    }

    /// An attempt at `now` succeeded.
    mutating func reconnected(at now: Date) -> PostgresConnectionEvent {
        guard case .lost(let since, let attempts, _) = state else {
            return PostgresConnectionEvent(
                kind: .reconnected, at: now, database: database, attempts: 0, reason: nil, lostAt: now,
                nextAttempt: nil)
        }
        state = .connected
        return PostgresConnectionEvent(
            kind: .reconnected, at: now, database: database, attempts: attempts + 1, reason: nil, lostAt: since,
            nextAttempt: nil)
    }
}
