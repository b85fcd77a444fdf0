public import Foundation
public import WaveNotifications

/// What happens to a GrowBro notification when it is due: shown as the request says, or suppressed with a reason.
///
/// Both cases keep the request: the in-app inbox records every due notification, shown or not.
public enum GrowBroDelivery: Hashable, Sendable {
    /// Shown now (with the passive interruption level while the permission is provisional).
    case shown(NotificationRequest)
    /// Not shown; the suppression's `fireAt` is the instant it was due.
    case suppressed(NotificationRequest, Suppression)

    /// The request, whether shown or suppressed.
    public var request: NotificationRequest {
        switch self {
        case .shown(let request), .suppressed(let request, _): return request
        }
    }

    /// The suppression when it was not shown, else `nil`.
    public var suppression: Suppression? {
        if case .suppressed(_, let suppression) = self { return suppression }
        return nil
    }

    /// The inbox entry this notification adds when it is due, shown or suppressed.
    ///
    /// - Parameter receivedAt: The instant it came due.
    /// - Returns: An unread, undeleted entry with the request's identifier, channel, texts and deep link.
    public func inboxEntry(receivedAt: Date) -> InboxEntry {
        InboxEntry(
            identifier: request.identifier, receivedAt: receivedAt, channelID: request.channel.id,
            title: request.title, body: request.body, deepLink: request.deepLink)
    }
}
