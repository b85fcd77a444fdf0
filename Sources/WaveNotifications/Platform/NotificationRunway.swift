public import Foundation

/// What a platform with a limit on pending requests keeps of what an app hands it, and how long the app may stay
/// closed before a notification is lost.
///
/// iOS keeps the 64 soonest-firing requests it is handed (equal instants: the one handed over first) and silently
/// discards the rest; the app can hand over more only while it runs. Give this the requests the app wants pending,
/// in the order it hands them over, and the limit: ``held`` is what to hand over, ``notHeld`` what the platform
/// would drop, and ``refreshDeadline`` the instant by which the app must run again to lose nothing (the first
/// request not held, or, when every one is held, the last one). An iOS app sets its background refresh's
/// `earliestBeginDate` before ``refreshDeadline``.
public struct NotificationRunway: Hashable, Sendable {
    /// The requests the platform keeps: the soonest `limit`, soonest first (ties in hand-over order).
    public let held: [NotificationRequest]
    /// The requests beyond the limit, soonest first: lost unless the app runs again before each one's instant.
    public let notHeld: [NotificationRequest]
    /// When the app must run again to lose nothing: the instant of the first request not held, or, when the
    /// platform holds every one, of the last one held; `nil` when nothing is wanted.
    public let refreshDeadline: Date?

    /// Splits the wanted requests at a limit.
    ///
    /// - Parameters:
    ///   - desired: The requests the app wants pending, in the order it hands them over.
    ///   - limit: How many pending requests the platform keeps (64 on iOS); a negative limit counts as 0.
    public init(desired: [NotificationRequest], limit: Int) {
        let ordered = desired.enumerated()
            .sorted { ($0.element.fireAt, $0.offset) < ($1.element.fireAt, $1.offset) }
            .map(\.element)
        let count = min(max(limit, 0), ordered.count)
        held = Array(ordered.prefix(count))
        notHeld = Array(ordered.dropFirst(count))
        refreshDeadline = Self.refreshDeadline(firstNotHeld: notHeld.first?.fireAt, lastHeld: held.last?.fireAt)
    }

    /// Whole minutes from an app run to ``refreshDeadline``: how long the app may stay closed without a loss.
    ///
    /// - Parameter now: The instant of the app run.
    /// - Returns: The minutes, rounded down; 0 when nothing is wanted or the deadline is not after `now`.
    public func minutes(from now: Date) -> Int {
        Self.minutes(until: refreshDeadline, from: now)
    }

    /// The runway rule, the one place it is written: the app must run again by the first instant it wants that the
    /// platform does not hold, else by the last one it holds. A simulated phone that tracks what it holds (a heap,
    /// Android's removed alarms) answers with it without building the split.
    ///
    /// - Parameters:
    ///   - firstNotHeld: The soonest instant wanted and not held (discarded, not armed, or removed), if any.
    ///   - lastHeld: The latest instant held, if any.
    /// - Returns: The deadline; `nil` when nothing is wanted.
    package static func refreshDeadline(firstNotHeld: Date?, lastHeld: Date?) -> Date? {
        firstNotHeld ?? lastHeld
    }

    /// Whole minutes from an app run to a refresh deadline (``refreshDeadline(firstNotHeld:lastHeld:)``).
    ///
    /// - Parameters:
    ///   - deadline: The deadline, or `nil` when nothing is wanted.
    ///   - now: The instant of the app run.
    /// - Returns: The minutes, rounded down; 0 when nothing is wanted or the deadline is not after `now`.
    package static func minutes(until deadline: Date?, from now: Date) -> Int {
        guard let deadline, deadline > now else { return 0 }
        return deadline.wholeMinutes(since: now)
    }
}
