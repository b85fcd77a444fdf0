/// The platform seam: schedules, delivers and cancels notification requests.
///
/// Implement this once per platform (iOS's `UNUserNotificationCenter`, an Android bridge to WorkManager,
/// `WaveLinuxAdapter`'s timer queue). The scheduler decides *what* to schedule; a manager only carries it out.
///
/// Implementation requirements:
/// - A request is identified by its event id and trigger (see ``NotificationIdentifier``). Scheduling an
///   identifier that is already pending replaces the earlier request; it never adds a second one.
/// - `scheduleNotification` fires once, `delay` after the call (as the manager's clock measures it).
/// - `deliverNow` shows the notification immediately, without touching pending requests.
/// - `cancelNotification` removes one pending request; `cancelAllNotifications` removes every pending
///   request of the event. Cancelling something that is not pending is not an error.
/// - `content` carries localization keys; resolve them in the user's language when the notification is
///   shown, not when it is scheduled.
/// - Throw when the request could not be carried out (an invalid event id, a full platform queue, a
///   storage failure); never fail silently. Callers keep going after one call fails.
/// - Be safe to call from many tasks at once.
/// - The batch calls, ``scheduleNotifications(_:)`` and ``cancelAllNotifications(eventIDs:)``, have the effect of
///   the single calls made in order; their defaults make exactly those calls. A manager that can do better (one
///   hop, one transaction) implements them itself, and may then refuse a whole batch before changing anything
///   (an invalid event id anywhere in it) rather than stop part-way.
/// - ``replaceAllNotifications(eventID:with:)`` has the effect of ``cancelAllNotifications(eventID:)`` followed by
///   ``scheduleNotifications(_:)``; its default makes exactly those two calls. A manager that implements it itself
///   may carry both out in one step (re-adding an identifier that was pending by updating it in place), and must
///   then report, list and count exactly what the two calls would have; when it throws before changing anything,
///   the caller may make the two calls instead.
public protocol NotificationManager: Sendable {
    /// Schedules a notification to fire `delay` from now, replacing any pending one with the same identifier.
    ///
    /// - Parameters:
    ///   - eventID: The event's id.
    ///   - trigger: Why it fires; with `eventID`, its identity.
    ///   - delay: How long from now it fires.
    ///   - content: The localization keys, arguments and deep link.
    /// - Throws: When the request could not be scheduled.
    func scheduleNotification(
        eventID: String, trigger: NotificationTrigger, delay: Duration, content: NotificationContent
    ) async throws

    /// Shows a notification immediately.
    ///
    /// - Parameters:
    ///   - eventID: The event's id.
    ///   - trigger: Why it is shown, usually ``NotificationTrigger/waveHit``.
    ///   - content: The localization keys, arguments and deep link.
    /// - Throws: When the notification could not be shown.
    func deliverNow(eventID: String, trigger: NotificationTrigger, content: NotificationContent) async throws

    /// Cancels one pending notification, if it is pending.
    ///
    /// - Parameters:
    ///   - eventID: The event's id.
    ///   - trigger: The trigger it was scheduled with.
    /// - Throws: When the cancellation could not be carried out.
    func cancelNotification(eventID: String, trigger: NotificationTrigger) async throws

    /// Cancels every pending notification of an event.
    ///
    /// - Parameter eventID: The event's id.
    /// - Throws: When the cancellation could not be carried out.
    func cancelAllNotifications(eventID: String) async throws

    /// Schedules many notifications, each as ``scheduleNotification(eventID:trigger:delay:content:)`` would, in
    /// order (a later one replaces an earlier one with the same identifier); each delay counts from the moment its
    /// notification is scheduled, which for a manager taking the batch at once is this call.
    ///
    /// - Parameter schedules: The notifications.
    /// - Throws: When they could not be scheduled.
    func scheduleNotifications(_ schedules: [NotificationSchedule]) async throws

    /// Cancels every pending notification of each event, as ``cancelAllNotifications(eventID:)`` would.
    ///
    /// - Parameter eventIDs: The events' ids.
    /// - Throws: When the cancellations could not be carried out.
    func cancelAllNotifications(eventIDs: [String]) async throws

    /// Cancels every pending notification of an event, then schedules `schedules`, with the effect of
    /// ``cancelAllNotifications(eventID:)`` followed by ``scheduleNotifications(_:)``: what a sync does for an event
    /// it keeps, usually re-adding the identifiers it cancels.
    ///
    /// Contract: afterwards exactly `schedules` are pending for the event (a later one replacing an earlier one with
    /// the same identifier), each delay counted from this call, each re-added notification ordered after everything
    /// scheduled before the call (as a new schedule is); observers and listings see the cancellation, then the
    /// schedules, as the two calls would show them. An implementation of its own may update the re-added identifiers
    /// in place rather than remove and insert them. One that throws before changing anything (an invalid event id,
    /// a stopped manager) lets the caller fall back to the two calls; one that can throw after a change (a storage
    /// commit) says so in its documentation.
    ///
    /// - Parameters:
    ///   - eventID: The event's id.
    ///   - schedules: The notifications to schedule once the event's pending ones are cancelled; usually the
    ///     event's own.
    /// - Throws: When the cancellation or the schedules could not be carried out.
    func replaceAllNotifications(eventID: String, with schedules: [NotificationSchedule]) async throws
}

extension NotificationManager {
    /// Makes one ``scheduleNotification(eventID:trigger:delay:content:)`` call per notification, in order,
    /// stopping at the first that throws.
    ///
    /// - Parameter schedules: The notifications.
    /// - Throws: The first error a call threw.
    public func scheduleNotifications(_ schedules: [NotificationSchedule]) async throws {
        for schedule in schedules {
            try await scheduleNotification(
                eventID: schedule.eventID, trigger: schedule.trigger, delay: schedule.delay, content: schedule.content)
        }
    }

    /// Makes one ``cancelAllNotifications(eventID:)`` call per event, in order, stopping at the first that throws.
    ///
    /// - Parameter eventIDs: The events' ids.
    /// - Throws: The first error a call threw.
    public func cancelAllNotifications(eventIDs: [String]) async throws {
        for eventID in eventIDs {
            try await cancelAllNotifications(eventID: eventID)
        }
    }

    /// Makes the two calls ``replaceAllNotifications(eventID:with:)`` stands for: ``cancelAllNotifications(eventID:)``,
    /// then ``scheduleNotifications(_:)`` when there is anything to schedule; it stops at the first that throws.
    ///
    /// - Parameters:
    ///   - eventID: The event's id.
    ///   - schedules: The notifications to schedule afterwards.
    /// - Throws: The first error a call threw.
    public func replaceAllNotifications(eventID: String, with schedules: [NotificationSchedule]) async throws {
        try await cancelAllNotifications(eventID: eventID)
        if !schedules.isEmpty {
            try await scheduleNotifications(schedules)
        }
    }
}
