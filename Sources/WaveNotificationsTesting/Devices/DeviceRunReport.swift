public import Foundation
internal import WaveNotifications

/// What a device holds, after an app run, of what the app wants pending: the `run` line of a replay.
public struct DeviceRunReport: Hashable, Sendable {
    /// How many requests the app wants pending.
    public var wanted: Int
    /// How many of them the device holds.
    public var held: Int
    /// The instant of the first wanted request the device does not hold, else of the last one it holds; `nil` when
    /// nothing is wanted. The app must run again before it to lose nothing.
    public var refreshDeadline: Date?

    /// Creates a report.
    ///
    /// - Parameters:
    ///   - wanted: How many requests the app wants pending.
    ///   - held: How many of them the device holds.
    ///   - refreshDeadline: When the app must run again.
    public init(wanted: Int, held: Int, refreshDeadline: Date?) {
        self.wanted = wanted
        self.held = held
        self.refreshDeadline = refreshDeadline
    }

    /// Whole minutes from an app run to ``refreshDeadline``: how long the app may stay closed without a loss.
    ///
    /// - Parameter now: The instant of the app run.
    /// - Returns: The minutes, rounded down; 0 when nothing is wanted or the deadline is not after `now`.
    public func runwayMinutes(from now: Date) -> Int {
        NotificationRunway.minutes(until: refreshDeadline, from: now)
    }
}
