public import Foundation

/// What a policy decides against: the decision instant, the device's zone, and what was already shown.
public struct PolicyContext: Hashable, Sendable {
    /// The instant of the decision (the reconcile moment).
    public var now: Date
    /// The device's time zone; local times and calendar days are read in it.
    public var timeZone: TimeZone
    /// The notifications shown so far.
    public var history: NotificationHistory

    /// Creates a context.
    ///
    /// - Parameters:
    ///   - now: The decision instant.
    ///   - timeZone: The device's zone.
    ///   - history: The notifications shown so far.
    public init(now: Date, timeZone: TimeZone, history: NotificationHistory = .empty) {
        self.now = now
        self.timeZone = timeZone
        self.history = history
    }
}
