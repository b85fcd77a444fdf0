public import Foundation

/// A snooze the user asked for: when its request fires and which texts it repeats.
public struct SnoozeRecord: Hashable, Sendable, Codable {
    /// When the snoozed request fires (the snooze instant + 15 minutes).
    public var fireAt: Date
    /// The type whose texts it repeats: ``HydracatNotificationType/reminder`` or
    /// ``HydracatNotificationType/followup``.
    public var repeating: HydracatNotificationType

    /// Creates a record.
    ///
    /// - Parameters:
    ///   - fireAt: When the snoozed request fires.
    ///   - repeating: The type whose texts it repeats.
    public init(fireAt: Date, repeating: HydracatNotificationType) {
        self.fireAt = fireAt
        self.repeating = repeating
    }
}
