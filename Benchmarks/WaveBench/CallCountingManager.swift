internal import Synchronization
internal import WaveNotifications

/// Forwards every call to another manager and counts the calls, for managers that do not record them. A batch
/// call is forwarded as a batch and counts as one call: what the wrapped manager received.
final class CallCountingManager<Wrapped: NotificationManager>: NotificationManager {
    private let wrapped: Wrapped
    private let calls = Atomic<Int>(0)

    init(wrapping wrapped: Wrapped) {
        self.wrapped = wrapped
    }

    /// Calls forwarded since the last ``reset()``.
    var count: Int { calls.load(ordering: .relaxed) }

    func reset() {
        calls.store(0, ordering: .relaxed)
    }

    func scheduleNotification(
        eventID: String, trigger: NotificationTrigger, delay: Duration, content: NotificationContent
    ) async throws {
        calls.add(1, ordering: .relaxed)
        try await wrapped.scheduleNotification(eventID: eventID, trigger: trigger, delay: delay, content: content)
    }

    func deliverNow(eventID: String, trigger: NotificationTrigger, content: NotificationContent) async throws {
        calls.add(1, ordering: .relaxed)
        try await wrapped.deliverNow(eventID: eventID, trigger: trigger, content: content)
    }

    func cancelNotification(eventID: String, trigger: NotificationTrigger) async throws {
        calls.add(1, ordering: .relaxed)
        try await wrapped.cancelNotification(eventID: eventID, trigger: trigger)
    }

    func cancelAllNotifications(eventID: String) async throws {
        calls.add(1, ordering: .relaxed)
        try await wrapped.cancelAllNotifications(eventID: eventID)
    }

    func scheduleNotifications(_ schedules: [NotificationSchedule]) async throws {
        calls.add(1, ordering: .relaxed)
        try await wrapped.scheduleNotifications(schedules)
    }

    func cancelAllNotifications(eventIDs: [String]) async throws {
        calls.add(1, ordering: .relaxed)
        try await wrapped.cancelAllNotifications(eventIDs: eventIDs)
    }

    func replaceAllNotifications(eventID: String, with schedules: [NotificationSchedule]) async throws {
        calls.add(1, ordering: .relaxed)
        try await wrapped.replaceAllNotifications(eventID: eventID, with: schedules)
    }
}

/// Takes batches whole exactly when the wrapped manager does.
extension CallCountingManager: BatchingNotificationManager where Wrapped: BatchingNotificationManager {}

/// Replaces an event's notifications in one call exactly when the wrapped manager does.
extension CallCountingManager: ReplacingNotificationManager where Wrapped: ReplacingNotificationManager {}
