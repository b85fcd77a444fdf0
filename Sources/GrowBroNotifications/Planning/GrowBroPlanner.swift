public import Foundation
public import WaveNotifications

/// GrowBro's pure planner for task reminders and the overdue digest at a reconcile instant.
///
/// At `now` it wants:
/// - for every task not completed, a reminder `task_<id>` at its due instant (channel reminders, "Task due" / the
///   task's title, `growbro://task/<id>`);
/// - for the local date of `now`, the one before and the next one, a digest `overdue_<YYYY-MM-DD>` at 09:00 local
///   when at least one task not completed is due before that 09:00 instant ("Overdue tasks" / "Tasks waiting: {n}",
///   `growbro://calendar`, channel reminders). Yesterday's counts because quiet hours can move its 09:00 past
///   midnight (quiet 08:30–01:00 moves it to 01:00 the next day); it is wanted only while that instant is ahead.
///
/// A fire instant inside enabled quiet hours moves to the quiet end (the core ``QuietHours`` with `deferToEnd`);
/// the digest's count is still taken at its 09:00. The planner does not know what was shown: the never-again rule
/// (an identifier shown once is not scheduled again unless the user asked for it, as a `reschedule` does) is the
/// session's, applied once to the plan by ``NotificationSession/removingDone(from:)``. A candidate
/// whose (moved) instant is before `now` is not wanted and gives no output, unless it is still pending: then it was
/// held (quiet hours switched off after its due time, or a pending task rescheduled to a time already past) and
/// never came due, so it goes to ``NotificationPlan/showNow`` to be shown at once, late, instead of being silently
/// removed. Gates and channel switches are not applied
/// here: they decide when the notification fires (``GrowBroDeliveryRules/decideAtFire(_:at:settings:permission:timeZone:)``),
/// so pending reminders survive a denied permission or a channel switched off. A pending request no longer wanted
/// (a completed or rescheduled task) is removed by the reconcile with `reschedule`.
public enum GrowBroPlanner {
    /// The local time of the daily overdue digest.
    public static let digestTime = try! LocalTime(hour: 9, minute: 0)

    /// The requests GrowBro's tasks want at a reconcile instant.
    ///
    /// - Parameters:
    ///   - settings: The user's settings (tasks, quiet hours).
    ///   - now: The reconcile instant.
    ///   - timeZone: The device's zone.
    ///   - pending: The identifiers pending on the platform now: one whose instant has passed is shown now.
    /// - Returns: The plan: the desired requests ordered by fire instant then identifier, and in `showNow` the pending
    ///   ones whose instant has passed, in the same order; nothing suppressed, no removal reasons (removals are
    ///   `reschedule`). Identifiers already shown are in it too: the session takes out the ones that are done.
    public static func plan(
        settings: GrowBroSettings, now: Date, timeZone: TimeZone, pending: Set<String> = []
    ) -> NotificationPlan {
        plan(
            candidates: candidates(settings: settings, today: timeZone.localDate(for: now), timeZone: timeZone),
            now: now, pending: pending)
    }

    /// The reminders of the open tasks and the digests of yesterday, today and tomorrow, moved out of quiet hours: what
    /// a plan is made of on a local date, whatever the instant.
    static func candidates(settings: GrowBroSettings, today: LocalDate, timeZone: TimeZone) -> [NotificationRequest] {
        let open = settings.tasks.filter { !$0.isCompleted }
        var candidates = open.map { reminder(for: $0, in: timeZone) }
        for date in [today.adding(days: -1), today, today.adding(days: 1)] {
            if let digest = digest(on: date, tasks: open, in: timeZone) { candidates.append(digest) }
        }
        // Quiet hours move a request by its local time, not by the instant it is planned at.
        let context = PolicyContext(now: .distantPast, timeZone: timeZone)
        guard let quietHours = settings.quietHours.policy(.deferToEnd) else { return candidates }
        return candidates.map { candidate in
            let proposed = ProposedRequest(candidate)
            return proposed.applying(quietHours.decision(for: proposed, in: context)).request
        }
    }

    /// The plan of the candidates at an instant: those still to come are desired, a pending one whose instant has
    /// passed is shown now.
    static func plan(candidates: [NotificationRequest], now: Date, pending: Set<String>) -> NotificationPlan {
        var desired: [NotificationRequest] = []
        var showNow: [NotificationRequest] = []
        for request in candidates {
            if request.fireAt >= now {
                desired.append(request)
            } else if pending.contains(request.identifier) {
                showNow.append(request)
            }
        }
        let order = { (a: NotificationRequest, b: NotificationRequest) in
            (a.fireAt, a.identifier) < (b.fireAt, b.identifier)
        }
        return NotificationPlan(desired: desired.sorted(by: order), showNow: showNow.sorted(by: order))
    }

    /// A task's reminder at its due instant, before quiet hours.
    ///
    /// - Parameters:
    ///   - task: The task.
    ///   - timeZone: The device's zone (DST gap and overlap rules of the core).
    /// - Returns: `task_<id>` on the reminders channel, "Task due" / the task's title, `growbro://task/<id>`.
    public static func reminder(for task: GrowBroTask, in timeZone: TimeZone) -> NotificationRequest {
        NotificationRequest(
            identifier: GrowBroLinks.taskIdentifier(task.id), channel: GrowBroChannel.reminders.channel,
            fireAt: timeZone.instant(for: task.due), title: GrowBroTexts.taskTitle,
            body: GrowBroTexts.taskBody(title: task.title), deepLink: GrowBroLinks.task(task.id),
            metadata: ["taskId": task.id])
    }

    /// The overdue digest of a local date, before quiet hours, when any task is overdue at its 09:00.
    ///
    /// - Parameters:
    ///   - date: The local date.
    ///   - tasks: The tasks; completed ones are not counted.
    ///   - timeZone: The device's zone.
    /// - Returns: `overdue_<date>` at 09:00 with the count of tasks not completed and due before that instant, or
    ///   `nil` when there is none.
    public static func digest(on date: LocalDate, tasks: [GrowBroTask], in timeZone: TimeZone) -> NotificationRequest? {
        let fireAt = timeZone.instant(for: LocalDateTime(date: date, time: digestTime))
        let count = tasks.filter { !$0.isCompleted && timeZone.instant(for: $0.due) < fireAt }.count
        guard count > 0 else { return nil }
        return NotificationRequest(
            identifier: GrowBroLinks.digestIdentifier(date), channel: GrowBroChannel.reminders.channel,
            fireAt: fireAt, title: GrowBroTexts.digestTitle, body: GrowBroTexts.digestBody(count: count),
            deepLink: GrowBroLinks.calendar)
    }
}
