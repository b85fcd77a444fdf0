internal import Foundation
internal import WaveNotifications

/// What an app's rules may read at a moment of the replay: the device, the permission and what was shown.
struct AppReplayContext: Sendable {
    /// The current instant.
    var now: Date
    /// The device's time zone.
    var timeZone: TimeZone
    /// The platform permission.
    var permission: PermissionStatus
    /// When the replay started; occurrences before it do not count.
    var replayStart: Date
    /// Every notification shown so far in the replay, in the order shown.
    var shown: [ShownRequest]
    /// The same, as the app's planner reads it (``AppReplayRules/historyRecord(for:)``), kept as shows happen.
    var history: NotificationHistory
    /// The requests pending on the platform, soonest first.
    var pending: [NotificationRequest]
    /// Resolves a text in the replay's language (GrowBro's inbox and payload lines print resolved texts).
    var render: @Sendable (LocalizedText) -> String
}

/// A notification the replay showed, with the request it came from.
struct ShownRequest: Sendable, Hashable {
    /// The request as shown.
    var request: NotificationRequest
    /// When it was shown.
    var shownAt: Date
    /// When it was withdrawn, if it was.
    var withdrawnAt: Date?
    /// Why it was withdrawn, if it was.
    var withdrawalReason: NotificationReason?

    /// The record the core's policies read: dedupe and cap keys come from the request's metadata
    /// (`dedupeKey`, `capKey`), as the app's rules set them.
    var record: ShownNotification {
        ShownNotification(
            identifier: request.identifier, dedupeKey: request.metadataValue(forKey: "dedupeKey"),
            capKey: request.metadataValue(forKey: "capKey"), shownAt: shownAt)
    }
}
