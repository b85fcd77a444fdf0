internal import Foundation
internal import WaveNotifications

/// What a reconcile forgets, so that what the service keeps and saves stays bounded (docs/core.md, "Bounded state").
extension GrowBroNotificationService {
    /// How far back a reconcile keeps what was shown (not on screen), the suppressions reported and the reminders
    /// and digests suppressed (docs/core.md, "Bounded state"): a week. A reminder or digest comes due at or after its
    /// instant, and its instant moves later only with the zone (at most 26 h, UTC+14 → UTC−12) or quiet hours
    /// switched on (to their end, less than 24 h later); the plan wants a candidate only while its instant is ahead,
    /// and its digests are yesterday's to tomorrow's. A push's message id is used once.
    static let lookBack: TimeInterval = 7 * 86_400
    /// How many shown notifications the log keeps on screen at most after a reconcile: the latest ones. GrowBro never
    /// withdraws a push or a reminder itself, so what is on screen would leave the log only as the platform takes
    /// it away; no platform the package models shows more (the simulated iOS and Android centers show the latest
    /// 1,000, `ShownNotifications.capacity`; the Linux adapter's registry keeps 512). A like or a response on one
    /// taken off the log finds nothing to collapse or open, as on the platform (docs/core.md, "Bounded state").
    static let onScreenKept = 1_000
    /// More on screen than this makes a reconcile take the oldest off the log, down to ``onScreenKept``: a trim (a
    /// sort of what is on screen) every 50 showings, not at every reconcile, and a saved state within 5% of its size
    /// at the bound.
    static let onScreenBeyond = 1_050

    /// Forgets what no rule reads any more: what was shown more than a week ago and is neither on screen nor the
    /// reminder of a task listed (a task listed again, or moved back to the same due time, reads it), the
    /// suppressions of candidates due more than a week ago, the reminders and digests suppressed whose due time
    /// (digests: their date) is more than a week back, past 1,050 on screen all but the latest 1,000, and the inbox
    /// entries past its purge age (``InboxStore/purgeArchived(now:)``).
    func forgetWhatNoRuleReads(device: DeviceState) async throws {
        let cutoff = device.now.addingTimeInterval(-Self.lookBack)
        let listed = Set(settings.tasks.map { GrowBroLinks.taskIdentifier($0.id) })
        await session.forget(
            shownBefore: cutoff, suppressionsDueBefore: cutoff, keeping: listed, onScreenBeyond: Self.onScreenBeyond,
            keepingOnScreen: Self.onScreenKept)
        // Housekeeping, not the call's work: a purge that fails removes nothing (the entries stay, still archived) and
        // the next reconcile tries again; a store that cannot be written fails its next `add`, which is reported.
        _ = try? await inbox.purgeArchived(now: device.now)
        let oldest = device.timeZone.localDate(for: cutoff).adding(days: -1)
        let isRead = { (key: DueKey) -> Bool in
            if let due = key.due { return due.date >= oldest }
            guard let date = GrowBroLinks.digestDate(ofIdentifier: key.identifier) else { return false }
            return date >= oldest
        }
        if !suppressedDue.allSatisfy(isRead) { suppressedDue = suppressedDue.filter(isRead) }
    }
}
