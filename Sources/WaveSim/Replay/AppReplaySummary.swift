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
    /// What the system did not run, by cause (`skipped` lines); printed when any.
    package var skipped: [String: Int] = [:]
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
    /// Whether the scenario gave device conditions: only then are ``late`` and ``quiet`` printed.
    package var hasDeviceConditions = false
    /// The deliveries shown after the app's instant: each one's whole minutes late, and the count by cause.
    package var late = LateDeliveries()
    /// iOS: the deliveries told later, by what held them (`focus`, `scheduled_summary`); `nil` elsewhere.
    package var quiet: [String: Int]?

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

    /// The summary's device fields: when the scenario gave conditions `late`, and on iOS `quiet`; with any `skipped`
    /// line, `skipped` by cause.
    var deviceFields: [(String, AppOutputLine.Value)] {
        var fields: [(String, AppOutputLine.Value)] = []
        if hasDeviceConditions {
            fields.append(("late", late.value))
            if let quiet {
                fields.append(
                    ("quiet", .object(["focus", "scheduled_summary"].map { ($0, .integer(quiet[$0] ?? 0)) })))
            }
        }
        if !skipped.isEmpty {
            fields.append(("skipped", .object(skipped.keys.sorted().map { ($0, .integer(skipped[$0]!)) })))
        }
        return fields
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
                } ?? []) + deviceFields)
    }
}

/// The deliveries a device showed after the app's instant, for the summary's `late`.
package struct LateDeliveries: Sendable, Equatable {
    /// Each one's whole minutes late, in the order shown.
    package private(set) var minutes: [Int] = []
    /// How many each cause delayed, by cause name.
    package private(set) var byCause: [String: Int] = [:]

    /// Counts one late delivery.
    ///
    /// - Parameters:
    ///   - minutes: Whole minutes late.
    ///   - cause: The rule that set the instant shown.
    mutating func count(minutes: Int, cause: String) {
        self.minutes.append(minutes)
        byCause[cause, default: 0] += 1
    }

    /// `{"count","p50Minutes","p95Minutes","maxMinutes","byCause"}`: nearest-rank percentiles, `null` when none.
    var value: AppOutputLine.Value {
        let sorted = minutes.sorted()
        func rank(_ percent: Int) -> AppOutputLine.Value {
            guard !sorted.isEmpty else { return .null }
            // Nearest rank: the smallest value with at least `percent` % of the values at or below it.
            let index = (percent * sorted.count + 99) / 100
            return .integer(sorted[max(index, 1) - 1])
        }
        return .object([
            ("count", .integer(sorted.count)), ("p50Minutes", rank(50)), ("p95Minutes", rank(95)),
            ("maxMinutes", sorted.last.map(AppOutputLine.Value.integer) ?? .null),
            ("byCause", .object(byCause.keys.sorted().map { ($0, .integer(byCause[$0]!)) })),
        ])
    }
}
