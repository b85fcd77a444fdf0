import Foundation
import Testing
import WaveNotifications
import WaveNotificationsTesting

/// The reconcile reuses an event's requests while its six `WaveEvent` properties are unchanged only when the content
/// provider says it reads nothing else. `WaveEvent` is meant for an app's own event model, and a pure provider may
/// read more of it (found by an independent review: these tests failed when every provider's content was reused).
struct DefaultNotificationSchedulerReconcileProviderTests {
    /// An app's event model with one more property than `WaveEvent` asks for.
    struct MeetingEvent: WaveEvent {
        var id: String
        var name: String
        var location: String
        var startDate: Date
        var endDate: Date
        var timeZone: TimeZone? { nil }
        /// Where participants meet; the app's reminders say it.
        var meetingPoint: String
    }

    /// A pure provider (same event and interval, same content) that puts the meeting point in the reminder body.
    struct MeetingPointProvider: NotificationContentProvider {
        func startingNotification(for event: some WaveEvent, before interval: Duration) -> NotificationContent {
            NotificationContent(
                titleKey: "notification_event_starting_soon", bodyKey: "notification_meet_at",
                bodyArgs: [(event as? MeetingEvent)?.meetingPoint ?? event.location],
                deepLink: "worldwidewaves://event?id=\(event.id)")
        }

        func finishedNotification(for event: some WaveEvent) -> NotificationContent {
            NotificationContent(
                titleKey: "notification_event_finished", bodyKey: "notification_event_finished_body",
                bodyArgs: [event.name], deepLink: "worldwidewaves://event?id=\(event.id)")
        }

        func waveHitNotification(for event: some WaveEvent) -> NotificationContent {
            finishedNotification(for: event)
        }
    }

    static let now = Date(timeIntervalSince1970: 1_780_000_000)

    static func event(meetingPoint: String) -> MeetingEvent {
        MeetingEvent(
            id: "paris", name: "Paris Wave", location: "Paris", startDate: now.addingTimeInterval(2 * 3600),
            endDate: now.addingTimeInterval(3 * 3600), meetingPoint: meetingPoint)
    }

    static func scheduler() -> DefaultNotificationScheduler {
        let clock = ManualWaveClock(now: now)
        return DefaultNotificationScheduler(
            manager: NotificationManagerBridge(center: RecordingRequestCenter(), clock: clock),
            contentProvider: MeetingPointProvider(),
            favorites: InMemoryFavoriteEventsStore(favoriteIDs: ["paris"]), clock: clock)
    }

    @Test func desiredRequestsFollowAPropertyTheProviderReads() async {
        let scheduler = Self.scheduler()
        let fresh = Self.scheduler()
        _ = await scheduler.desiredRequests(
            favoriteIDs: ["paris"], currentEvents: [Self.event(meetingPoint: "Trocadéro")])
        let moved = Self.event(meetingPoint: "Champ de Mars")
        let reused = await scheduler.desiredRequests(favoriteIDs: ["paris"], currentEvents: [moved])
        let built = await fresh.desiredRequests(favoriteIDs: ["paris"], currentEvents: [moved])
        #expect(built.first?.body.arguments == ["Champ de Mars"])
        #expect(reused == built)
    }

    @Test func reconcileAddsTheRemindersOfAMovedMeetingPoint() async throws {
        let scheduler = Self.scheduler()
        let center = RecordingRequestCenter()
        try await scheduler.reconcileNotifications(
            favoriteIDs: ["paris"], currentEvents: [Self.event(meetingPoint: "Trocadéro")], center: center)
        center.clearCalls()
        let calls = try await scheduler.reconcileNotifications(
            favoriteIDs: ["paris"], currentEvents: [Self.event(meetingPoint: "Champ de Mars")], center: center)
        #expect(calls.count == 1)
        #expect(center.pending.filter { $0.body.arguments == ["Champ de Mars"] }.count == 5)
    }

    @Test func onlyTheDefaultProviderSaysItReadsNothingButWaveEventProperties() {
        #expect(DefaultNotificationContentProvider().readsOnlyWaveEventProperties)
        #expect(!MeetingPointProvider().readsOnlyWaveEventProperties)
    }
}
