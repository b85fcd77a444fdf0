import Foundation
import Testing
import WaveNotifications
import WaveNotificationsTesting

/// `NotificationManager.replaceAllNotifications(eventID:with:)`: its default is the two calls it stands for, and the
/// scheduler syncs a kept event with it only for a manager that replaces in one call of its own.
struct ReplaceAllNotificationsTests {
    private static let eligible = Fixtures.event(id: "b-eligible", startsIn: .seconds(7200))
    private static let started = Fixtures.event(id: "c-started", startsIn: .seconds(-60))
    private static let content = NotificationContent(titleKey: "t", bodyKey: "b", deepLink: "")

    /// Records `replaceAll` and carries it out as the two calls on a recording manager; refuses it when asked to,
    /// before anything changes.
    final class ReplacingManager: ReplacingNotificationManager {
        let recording = RecordingNotificationManager()
        let refusesReplacing: Bool
        private let replaced = WaveLock<[String]>([])

        init(refusesReplacing: Bool) {
            self.refusesReplacing = refusesReplacing
        }

        var replacements: [String] { replaced.withLock { $0 } }

        func scheduleNotification(
            eventID: String, trigger: NotificationTrigger, delay: Duration, content: NotificationContent
        ) async throws {
            try await recording.scheduleNotification(eventID: eventID, trigger: trigger, delay: delay, content: content)
        }

        func deliverNow(eventID: String, trigger: NotificationTrigger, content: NotificationContent) async throws {
            try await recording.deliverNow(eventID: eventID, trigger: trigger, content: content)
        }

        func cancelNotification(eventID: String, trigger: NotificationTrigger) async throws {
            try await recording.cancelNotification(eventID: eventID, trigger: trigger)
        }

        func cancelAllNotifications(eventID: String) async throws {
            try await recording.cancelAllNotifications(eventID: eventID)
        }

        func replaceAllNotifications(eventID: String, with schedules: [NotificationSchedule]) async throws {
            replaced.withLock { $0.append("\(eventID) \(schedules.count)") }
            if refusesReplacing { throw CancellationError() }
            try await recording.replaceAllNotifications(eventID: eventID, with: schedules)
        }
    }

    @Test func theDefaultIsTheCancellationThenTheSchedules() async throws {
        let manager = RecordingNotificationManager()
        try await manager.scheduleNotification(
            eventID: "paris", trigger: .eventFinished, delay: .seconds(10), content: Self.content)
        manager.clearCalls()
        let schedules = [
            NotificationSchedule(
                eventID: "paris", trigger: .eventStarting(.seconds(600)), delay: .seconds(20), content: Self.content),
            NotificationSchedule(eventID: "paris", trigger: .waveHit, delay: .seconds(30), content: Self.content),
        ]
        try await manager.replaceAllNotifications(eventID: "paris", with: schedules)
        #expect(
            manager.calls.map(\.managerCall) == [
                .cancelAll(eventID: "paris"), .schedule(eventID: "paris", trigger: .eventStarting(.seconds(600))),
                .schedule(eventID: "paris", trigger: .waveHit),
            ])
        #expect(manager.pending.count == 2)
        manager.clearCalls()
        try await manager.replaceAllNotifications(eventID: "paris", with: [])
        #expect(manager.calls.map(\.managerCall) == [.cancelAll(eventID: "paris")])
        #expect(manager.pending.isEmpty)
    }

    /// A kept event is one `replaceAllNotifications`; one no longer kept is cancelled; a refused replacement falls
    /// back to the two calls, whose outcome is the same.
    @Test(arguments: [false, true])
    func aSyncReplacesEachKeptEventInOneCall(refusesReplacing: Bool) async throws {
        let manager = ReplacingManager(refusesReplacing: refusesReplacing)
        let observer = RecordingSchedulerObserver()
        let scheduler = DefaultNotificationScheduler(
            manager: manager,
            favorites: InMemoryFavoriteEventsStore(favoriteIDs: [Self.eligible.id, Self.started.id]),
            clock: ManualWaveClock(now: Fixtures.now), observer: observer)
        await scheduler.syncNotifications(
            favoriteIDs: [Self.eligible.id, Self.started.id], currentEvents: [Self.eligible, Self.started])
        #expect(manager.replacements == ["\(Self.eligible.id) 6"])
        #expect(
            manager.recording.calls.map(\.managerCall)
                == [.cancelAll(eventID: Self.eligible.id)]
                + (NotificationTrigger.standardStartingIntervals.map { .eventStarting($0) } + [.eventFinished]).map {
                    .schedule(eventID: Self.eligible.id, trigger: $0)
                } + [.cancelAll(eventID: Self.started.id)])
        #expect(manager.recording.pending.count == 6)
        #expect(observer.reports.isEmpty)
    }
}
