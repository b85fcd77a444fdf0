public import WaveNotifications

/// A button the user picked on a notification ``DesktopSink`` showed (or the notification itself, `default`).
public struct DesktopAction: Hashable, Sendable {
    /// The id of the action: `default` for a click on the notification, otherwise a ``NotificationAction/id``.
    public var actionID: String
    /// The request the notification was shown for; its metadata routes the action inside the app.
    public var request: NotificationRequest
    /// The notification server's id of the notification.
    public var serverID: UInt32

    /// Creates an action report.
    ///
    /// - Parameters:
    ///   - actionID: The action's id.
    ///   - request: The request shown.
    ///   - serverID: The server's notification id.
    public init(actionID: String, request: NotificationRequest, serverID: UInt32) {
        self.actionID = actionID
        self.request = request
        self.serverID = serverID
    }

    /// The request's identifier.
    public var identifier: String { request.identifier }
}
