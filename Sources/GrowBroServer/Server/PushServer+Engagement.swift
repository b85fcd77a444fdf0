public import Foundation
internal import GrowBroNotifications
internal import WaveNotifications

extension PushServer {
    /// Records that a push was delivered, opened or dismissed on an installation (once per kind; a repeat is ignored).
    ///
    /// - Parameters:
    ///   - kind: `delivered` (FCM delivery data), `opened` (the app reports the `messageId`) or `dismissed`
    ///     (Android's `deleteIntent`); `accepted` is recorded by the dispatcher.
    ///   - messageID: The payload's `messageId`.
    ///   - installationID: The installation that reports it.
    ///   - instant: When it happened.
    /// - Returns: `true` when recorded, `false` when already recorded.
    /// - Throws: ``GrowBroServerError``: `unknownMessage` when no push of the message was recorded, `notSentTo` when
    ///   none was recorded for that installation, `invalidValue` for a malformed id; ``PushStoreError``.
    @discardableResult
    public func recordEngagement(
        _ kind: EngagementKind, messageID: String, installationID: String, at instant: Date
    ) throws -> Bool {
        let installationID = try Validation.identifier(installationID, field: "installation")
        let messageID = try Validation.shortID(messageID, field: "messageId")
        return try store.transaction { transaction in
            try EngagementRecorder.record(
                kind, messageID: messageID, installationID: installationID, at: instant, in: transaction)
        }
    }

    /// The engagement report over sends recorded in `[from, to)`; opt-in rates are the current state.
    ///
    /// - Parameters:
    ///   - from: The window's start.
    ///   - to: The window's end.
    /// - Returns: The report, with an alert for each category whose delivery rate is below
    ///   ``GrowBroServerConfiguration/alertDeliveryRate`` over at least ``GrowBroServerConfiguration/alertMinimumSends``
    ///   measurable sends.
    /// - Throws: ``PushStoreError``.
    public func report(from: Date, to: Date) throws -> EngagementReport {
        let channels = GrowBroChannel.allCases.map(\.rawValue)
        let counts = try store.reportCounts(
            channels: channels, optInPermissions: PermissionStatus.allCases.filter(\.allowsDelivery), from: from,
            to: to)
        let categories = EngagementRecorder.categoryReports(counts, channels: channels)
        let alerts = categories.compactMap { report -> EngagementReport.Alert? in
            guard let rate = report.deliveryRate, report.measurableAccepted >= configuration.alertMinimumSends,
                rate < configuration.alertDeliveryRate
            else { return nil }
            return EngagementReport.Alert(
                channelID: report.channelID, deliveryRate: rate, sends: report.measurableAccepted,
                threshold: configuration.alertDeliveryRate)
        }
        return EngagementReport(from: from, to: to, categories: categories, alerts: alerts)
    }
}
