internal import WaveNotifications

/// A manager that validates the event id and does nothing else: the scheduler's own cost, with no manager
/// behind it, as the floor under every other sync figure. It takes batches whole, as the Linux manager does, so the
/// scheduler takes the same path as against that manager.
struct DiscardingManager: BatchingNotificationManager {
    func scheduleNotification(
        eventID: String, trigger: NotificationTrigger, delay: Duration, content: NotificationContent
    ) async throws {
        try EventID.validate(eventID)
    }

    func deliverNow(eventID: String, trigger: NotificationTrigger, content: NotificationContent) async throws {
        try EventID.validate(eventID)
    }

    func cancelNotification(eventID: String, trigger: NotificationTrigger) async throws {
        try EventID.validate(eventID)
    }

    func cancelAllNotifications(eventID: String) async throws {
        try EventID.validate(eventID)
    }

    func scheduleNotifications(_ schedules: [NotificationSchedule]) async throws {
        for schedule in schedules {
            try EventID.validate(schedule.eventID)
        }
    }

    func cancelAllNotifications(eventIDs: [String]) async throws {
        for eventID in eventIDs {
            try EventID.validate(eventID)
        }
    }
}
