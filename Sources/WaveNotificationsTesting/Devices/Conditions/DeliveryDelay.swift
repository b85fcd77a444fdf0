public import Foundation
internal import WaveNotifications

/// Why a phone showed a notification after the app's instant (`docs/scenario-format.md`, Device conditions).
public enum DelayCause: String, Hashable, Sendable, CaseIterable {
    /// Deep Doze held it until a maintenance window or the end of the idle stretch.
    case doze
    /// Light Doze held it (work only) until a light maintenance window.
    case dozeLight = "doze_light"
    /// An inexact alarm fires at the end of its window.
    case inexactWindow = "inexact_window"
    /// The allow-while-idle quota (72 an hour) or the 9-minute spacing of inexact alarms in deep Doze.
    case whileIdleQuota = "while_idle_quota"
    /// The app's App Standby bucket allowed no more alarms or work runs yet.
    case standbyBucket = "standby_bucket"

    /// The cause in words, for a timeline: `deep Doze`, `standby bucket`.
    public var words: String {
        switch self {
        case .doze: "deep Doze"
        case .dozeLight: "light Doze"
        case .inexactWindow: "inexact alarm window"
        case .whileIdleQuota: "allow-while-idle quota"
        case .standbyBucket: "standby bucket"
        }
    }
}

/// How late a notification reached the user, and why.
public struct DeliveryDelay: Hashable, Sendable {
    /// The app's instant: when it asked for it to be shown.
    public var dueAt: Date
    /// The rule that set the instant it was shown.
    public var cause: DelayCause

    /// Creates a delay.
    ///
    /// - Parameters:
    ///   - dueAt: The app's instant.
    ///   - cause: The rule that set the instant shown.
    public init(dueAt: Date, cause: DelayCause) {
        self.dueAt = dueAt
        self.cause = cause
    }

    /// Whole minutes from ``dueAt`` to the instant shown, rounded down.
    ///
    /// - Parameter shownAt: When it was shown.
    /// - Returns: The minutes, 0 or more.
    public func minutes(shownAt: Date) -> Int {
        max(0, shownAt.wholeMinutes(since: dueAt))
    }
}

/// Why iOS showed a notification quietly, in Notification Center, and told the user later.
public enum QuietReason: String, Hashable, Sendable, CaseIterable {
    /// A Focus was on: the user is told when it ends.
    case focus
    /// The app is in the Scheduled Summary: the user is told at its next time.
    case scheduledSummary = "scheduled_summary"

    /// The reason in words, for a timeline: `Focus`, `Scheduled Summary`.
    public var words: String {
        switch self {
        case .focus: "Focus"
        case .scheduledSummary: "Scheduled Summary"
        }
    }
}

/// A notification iOS showed quietly: when the user is told, and why not at once.
public struct QuietDelivery: Hashable, Sendable {
    /// When the user is told (the Focus's end, or the summary's time).
    public var toldAt: Date
    /// What held it first.
    public var reason: QuietReason

    /// Creates a quiet delivery.
    ///
    /// - Parameters:
    ///   - toldAt: When the user is told.
    ///   - reason: What held it first.
    public init(toldAt: Date, reason: QuietReason) {
        self.toldAt = toldAt
        self.reason = reason
    }
}
