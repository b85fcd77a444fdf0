/// The bridge's batch calls: an event's notifications reach the center in one ``NotificationRequestCenter/add(_:)``
/// (a center takes a list's requests one by one, in order), not one call each, which on a phone is one IPC each.
///
/// Every event id of a batch is checked before the center is called, so a batch with an invalid one changes nothing.
/// A center that fails part of the way through a call may have carried out some of it before throwing; the single
/// calls a caller then makes add the same requests again, which replaces them, and remove threads already removed,
/// which does nothing.
extension NotificationManagerBridge: BatchingNotificationManager {
    /// Schedules each notification as ``scheduleNotification(eventID:trigger:delay:content:)`` would, every delay
    /// counted from one reading of the clock, with one `add` of all their requests; an empty batch calls nothing.
    ///
    /// - Parameter schedules: The notifications.
    /// - Throws: ``EventIDError`` for an invalid event id (nothing added), or what the center's `add` throws.
    public func scheduleNotifications(_ schedules: [NotificationSchedule]) async throws {
        guard !schedules.isEmpty else { return }
        let now = clock.now
        var requests: [NotificationRequest] = []
        requests.reserveCapacity(schedules.count)
        for schedule in schedules {
            requests.append(
                try Self.scheduledRequest(
                    eventID: schedule.eventID, trigger: schedule.trigger, delay: schedule.delay,
                    content: schedule.content, now: now, channel: channel))
        }
        try await center.add(requests)
    }

    /// Removes every pending request of each event's thread, in order, once every event id has been checked.
    ///
    /// - Parameter eventIDs: The events' ids.
    /// - Throws: ``EventIDError`` for an invalid event id (nothing removed), or what the center throws.
    public func cancelAllNotifications(eventIDs: [String]) async throws {
        var threadIDs: [String] = []
        threadIDs.reserveCapacity(eventIDs.count)
        for eventID in eventIDs { threadIDs.append(try Self.threadID(eventID: eventID)) }
        for threadID in threadIDs {
            try await center.removePending(threadID: threadID, reason: .reschedule)
        }
    }
}
