package import Foundation
package import WaveNotifications

/// Whether iOS tells the user of a notification when it is shown, or puts it in Notification Center quietly until a
/// Focus ends or the Scheduled Summary comes (`docs/scenario-format.md`, Device conditions).
///
/// - A Focus silences `passive` and `active` notifications, and `timeSensitive` ones when the Focus does not let them
///   through; the user is told when it ends (carried on through Focus windows that follow without a gap).
/// - An app in the Scheduled Summary has its `passive` and `active` notifications held for the summary's next time
///   (after the instant shown), or, when that time falls in a Focus that silences them, that Focus's end.
/// - `timeSensitive` notifications are never held by the summary, and `critical` ones are never quiet.
package struct IOSPresentation: Hashable, Sendable {
    /// iOS's conditions.
    package var conditions: DeviceConditions.IOS
    /// The zone the windows are read in.
    package var timeZone: TimeZone

    /// Creates the presentation rules of an iPhone.
    ///
    /// - Parameters:
    ///   - conditions: iOS's conditions.
    ///   - timeZone: The device's zone.
    package init(conditions: DeviceConditions.IOS, timeZone: TimeZone) {
        self.conditions = conditions
        self.timeZone = timeZone
    }

    /// How a notification shown at an instant reaches the user.
    ///
    /// - Parameters:
    ///   - shownAt: When iOS showed it.
    ///   - level: Its interruption level as shown (`passive` for everything while the permission is provisional).
    /// - Returns: When the user is told and why not at once, or `nil` when told at once.
    package func quiet(shownAt: Date, level: NotificationChannel.InterruptionLevel) -> QuietDelivery? {
        if level == .critical { return nil }
        if level != .timeSensitive, let times = conditions.scheduledSummary, !times.isEmpty {
            let summary = nextSummary(after: shownAt, times: times)
            let toldAt = focusEnd(holding: summary, level: level) ?? summary
            return QuietDelivery(toldAt: toldAt, reason: .scheduledSummary)
        }
        if let end = focusEnd(holding: shownAt, level: level) {
            return QuietDelivery(toldAt: end, reason: .focus)
        }
        return nil
    }

    /// Whether Low Power Mode is on at an instant: no background app refresh runs.
    ///
    /// - Parameter instant: The instant.
    /// - Returns: `true` inside a Low Power Mode window.
    package func isLowPower(at instant: Date) -> Bool {
        conditions.lowPower.contains { DozeSchedule.occurrence(of: $0, containing: instant, in: timeZone) != nil }
    }

    /// The end of the Focus that silences `level` at `instant`, carried through silencing windows that follow.
    private func focusEnd(holding instant: Date, level: NotificationChannel.InterruptionLevel) -> Date? {
        let silencing = conditions.focus.filter { level != .timeSensitive || !$0.allowsTimeSensitive }.map(\.window)
        return DozeSchedule.endOfWindows(silencing, containing: instant, in: timeZone)
    }

    /// The first summary time strictly after an instant.
    private func nextSummary(after instant: Date, times: [LocalTime]) -> Date {
        let date = timeZone.localDate(for: instant)
        var best: Date?
        for days in 0...2 {
            for time in times {
                let candidate = timeZone.instant(for: LocalDateTime(date: date.adding(days: days), time: time))
                if candidate > instant, best.map({ candidate < $0 }) ?? true { best = candidate }
            }
            if best != nil { break }
        }
        // Unreachable with a time in the list: one falls on one of the next two dates.
        return best ?? instant
    }
}
