public import Foundation

/// A service whose own moment is local midnight: the next day's plan, a cleanup of the day before, a horizon that
/// moves (each service says which). The next midnight is written once, here.
public protocol MidnightReconciling: AppNotificationService {}

extension MidnightReconciling {
    /// The next local midnight after an instant: the service's own reconcile moment.
    ///
    /// - Parameters:
    ///   - instant: The current instant.
    ///   - zone: The device's zone.
    /// - Returns: The next local 00:00 (shifted forward when midnight is in a DST gap).
    public nonisolated static func nextOwnMoment(after instant: Date, in zone: TimeZone) -> Date {
        zone.nextMidnight(after: instant)
    }

    /// The next local midnight after an instant (``nextOwnMoment(after:in:)-swift.type.method``).
    ///
    /// - Parameters:
    ///   - instant: The current instant.
    ///   - zone: The device's zone.
    /// - Returns: The next local 00:00.
    public nonisolated func nextOwnMoment(after instant: Date, in zone: TimeZone) -> Date? {
        Self.nextOwnMoment(after: instant, in: zone)
    }
}
