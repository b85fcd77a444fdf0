public import Foundation
public import WaveNotifications

/// A notification the manager has shown and not withdrawn: what ``LinuxNotificationManager/withdrawShown(identifiers:reason:)``,
/// expiry and collapsing act on.
public struct ShownNotification: Hashable, Sendable {
    /// The request that was shown.
    public var request: NotificationRequest
    /// When it was shown, on the manager's clock.
    public var shownAt: Date
    /// When the manager withdraws it (reason `expired`): its fire instant plus ``NotificationRequest/expiresAfter``,
    /// or `nil` when it does not expire.
    public var expiresAt: Date?

    /// Creates a record of a shown notification.
    ///
    /// - Parameters:
    ///   - request: The request that was shown.
    ///   - shownAt: When it was shown.
    ///   - expiresAt: When it is withdrawn as expired, or `nil`.
    public init(request: NotificationRequest, shownAt: Date, expiresAt: Date?) {
        self.request = request
        self.shownAt = shownAt
        self.expiresAt = expiresAt
    }

    /// The request's identifier.
    public var identifier: String { request.identifier }
}
