package import Foundation
internal import WaveNotifications

/// The counts printed at the end of an app replay.
package struct AppReplaySummary: Sendable, Equatable {
    /// The app's name.
    package var app: String
    /// Notifications shown.
    package var delivered = 0
    /// Suppressed lines printed, by reason name.
    package var suppressed: [String: Int] = [:]
    /// Pending requests removed.
    package var cancelled = 0
    /// The most requests armed at once.
    package var peakPending = 0
    /// The platform's budget.
    package var pendingLimit = 0
    /// The platform, printed with `lost` and `minRunwayMinutes` on iOS and Android; `nil` on Linux (whose output
    /// stays as it was before platforms were modelled).
    package var platform: String?
    /// Requests the user lost: the system did not hold them at their instant (discarded by the limit, removed by a
    /// reboot).
    package var lost = 0
    /// The smallest runway of an app run that wanted something; `nil` when none did.
    package var minRunwayMinutes: Int?
    /// Requests the platform was handed (WorldWideWaves' `scheduled`).
    package var added = 0
    /// Pending requests the platform removed (WorldWideWaves' `cancelled`, which counts every removal).
    package var removed = 0
    /// Notifications the desktop refused.
    package var failed = 0
    /// What the app's service would save between launches at the end of the replay, encoded
    /// (``AppReplayDriver/encodedSavedState()``), when ``ReplayOptions/measuresSavedState`` asked for it; not printed.
    package var savedState: Data?

    /// Counts a fact: a delivery, a suppression by its reason, a cancellation.
    ///
    /// - Parameter event: The fact printed.
    mutating func count(_ event: NotificationEvent) {
        switch event {
        case .delivered: delivered += 1
        case .suppressed(let suppression, _): suppressed[suppression.reason.rawValue, default: 0] += 1
        case .cancelled: cancelled += 1
        case .withdrawn: break
        }
    }

    /// The summary as the last output line.
    var line: AppOutputLine {
        let reasons = suppressed.keys.sorted().map { ($0, AppOutputLine.Value.integer(suppressed[$0]!)) }
        return AppOutputLine(
            type: "summary",
            fields: [
                ("app", .string(app)), ("delivered", .integer(delivered)), ("suppressed", .object(reasons)),
                ("cancelled", .integer(cancelled)), ("peakPending", .integer(peakPending)),
                ("pendingLimit", pendingLimit == Int.max ? .null : .integer(pendingLimit)),
            ]
                + (platform.map {
                    [
                        ("platform", .string($0)), ("lost", .integer(lost)),
                        ("minRunwayMinutes", minRunwayMinutes.map(AppOutputLine.Value.integer) ?? .null),
                    ]
                } ?? []))
    }
}
