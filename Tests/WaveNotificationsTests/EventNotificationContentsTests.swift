import Foundation
import Testing
import WaveNotifications
import WaveNotificationsTesting

/// The batch content call: the same payloads as the single calls, asked once per event by the scheduler.
struct EventNotificationContentsTests {
    /// Counts the calls the scheduler makes, answering with the default provider.
    final class CountingProvider: NotificationContentProvider {
        let batches = WaveLock(0)
        let singles = WaveLock(0)
        private let base = DefaultNotificationContentProvider()

        func startingNotification(for event: some WaveEvent, before interval: Duration) -> NotificationContent {
            singles.withLock { $0 += 1 }
            return base.startingNotification(for: event, before: interval)
        }

        func finishedNotification(for event: some WaveEvent) -> NotificationContent {
            singles.withLock { $0 += 1 }
            return base.finishedNotification(for: event)
        }

        func waveHitNotification(for event: some WaveEvent) -> NotificationContent {
            base.waveHitNotification(for: event)
        }

        func scheduledNotifications(
            for event: some WaveEvent, before intervals: [Duration], includesFinished: Bool
        ) -> EventNotificationContents {
            batches.withLock { $0 += 1 }
            return base.scheduledNotifications(for: event, before: intervals, includesFinished: includesFinished)
        }
    }

    @Test(arguments: [true, false])
    func theBatchEqualsTheSingleCalls(includesFinished: Bool) {
        let provider = DefaultNotificationContentProvider()
        let event = Fixtures.event(id: "tokyo-1", name: "Tokyo Wave", location: "Tokyo")
        let intervals = NotificationTrigger.standardStartingIntervals + [.seconds(120)]
        let contents = provider.scheduledNotifications(
            for: event, before: intervals, includesFinished: includesFinished)
        #expect(contents.starting == intervals.map { provider.startingNotification(for: event, before: $0) })
        #expect(contents.finished == (includesFinished ? provider.finishedNotification(for: event) : nil))
        #expect(contents.starting.allSatisfy { $0.deepLink == "worldwidewaves://event?id=tokyo-1" })
    }

    @Test func theSchedulerAsksForAllOfAnEventsPayloadsInOneCall() async {
        let provider = CountingProvider()
        let manager = RecordingNotificationManager()
        let scheduler = DefaultNotificationScheduler(
            manager: manager, contentProvider: provider, favorites: InMemoryFavoriteEventsStore(favoriteIDs: ["paris"]),
            simulation: SimulationSettingsStore(simulation: nil), clock: ManualWaveClock(now: Fixtures.now))
        await scheduler.scheduleAllNotifications(for: Fixtures.event())
        #expect(provider.batches.withLock { $0 } == 1)
        #expect(provider.singles.withLock { $0 } == 0)
        #expect(manager.calls.count == 6)
    }
}
