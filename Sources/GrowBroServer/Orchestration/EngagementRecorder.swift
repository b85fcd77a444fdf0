internal import Foundation
internal import WavePushPayloads

/// Engagement events, written once over every store's primitives: an event is for a message sent to that
/// installation, and is recorded once per message, installation and kind.
enum EngagementRecorder {
    /// Records an engagement event in the caller's transaction.
    ///
    /// - Returns: `false` when already recorded.
    /// - Throws: ``GrowBroServerError/unknownMessage(_:)`` for a message of which no push was recorded,
    ///   ``GrowBroServerError/notSentTo(messageID:installationID:)`` for one never sent to that installation.
    static func record(
        _ kind: EngagementKind, messageID: String, installationID: String, at instant: Date,
        in transaction: any PushStoreTransaction
    ) throws -> Bool {
        let sent = try transaction.sendCounts(messageID: messageID, installationID: installationID)
        guard sent.message > 0 else { throw GrowBroServerError.unknownMessage(messageID) }
        guard sent.installation > 0 else {
            throw GrowBroServerError.notSentTo(messageID: messageID, installationID: installationID)
        }
        return try transaction.insertEngagements([
            EngagementEvent(kind: kind, messageID: messageID, installationID: installationID, at: instant)
        ]) == 1
    }
}

extension EngagementRecorder {
    /// Each channel's report from the store's counts: a send is finished once it left `pending`; delivery is
    /// measurable on FCM only (its delivery data), so the delivery rate is over accepted FCM sends; opens and
    /// dismissals count over accepted sends on either platform.
    ///
    /// - Parameters:
    ///   - counts: The store's counts over the window.
    ///   - channels: The channel ids, in the report's order.
    /// - Returns: One report per channel, in that order.
    static func categoryReports(_ counts: ReportCounts, channels: [String]) -> [CategoryReport] {
        channels.map { channel in
            let sends = counts.sends.filter { $0.channelID == channel }
            let engaged = counts.engagements.filter { $0.channelID == channel && $0.state == .accepted }
            func total<T>(_ rows: [T], _ count: KeyPath<T, Int>, where include: (T) -> Bool) -> Int {
                rows.filter(include).reduce(0) { $0 + $1[keyPath: count] }
            }
            return CategoryReport(
                channelID: channel, usersWithInstallation: counts.usersWithInstallation,
                usersOptedIn: counts.usersOptedIn[channel] ?? 0, sends: total(sends, \.count) { _ in true },
                finished: total(sends, \.count) { $0.state != .pending },
                accepted: total(sends, \.count) { $0.state == .accepted },
                measurableAccepted: total(sends, \.count) { $0.state == .accepted && $0.platform == .fcm },
                delivered: total(engaged, \.count) { $0.kind == .delivered && $0.platform == .fcm },
                opened: total(engaged, \.count) { $0.kind == .opened },
                dismissed: total(engaged, \.count) { $0.kind == .dismissed })
        }
    }
}
