import Foundation
import Testing
import WaveNotifications
import WaveNotificationsTesting

struct DefaultNotificationSchedulerReconcileTests {
    /// The requests the scheduler must want for an event: each reminder still ahead, then the finished one.
    private static func expected(for event: WaveEventRecord, now: Date = Fixtures.now) throws -> [NotificationRequest] {
        let provider = DefaultNotificationContentProvider()
        var requests: [NotificationRequest] = []
        for interval in NotificationTrigger.standardStartingIntervals {
            let fireAt = event.startDate.addingTimeInterval(-Fixtures.seconds(interval))
            guard fireAt > now else { continue }
            requests.append(
                NotificationManagerBridge.request(
                    for: try NotificationIdentifier(eventID: event.id, trigger: .eventStarting(interval)),
                    fireAt: fireAt,
                    content: provider.startingNotification(for: event, before: interval)))
        }
        requests.append(
            NotificationManagerBridge.request(
                for: try NotificationIdentifier(eventID: event.id, trigger: .eventFinished), fireAt: event.endDate,
                content: provider.finishedNotification(for: event)))
        return requests
    }

    @Test func aFirstRunAddsEveryRequestInOneCallAndASecondRunMakesNone() async throws {
        let harness = SchedulerHarness(favoriteIDs: ["paris"])
        let center = RecordingRequestCenter()
        let event = Fixtures.event()
        let first = try await harness.scheduler.reconcileNotifications(
            favoriteIDs: ["paris"], currentEvents: [event], center: center)
        let expected = try Self.expected(for: event)
        #expect(expected.count == 6)
        #expect(first == [.add(expected)])
        center.clearCalls()
        let second = try await harness.scheduler.reconcileNotifications(
            favoriteIDs: ["paris"], currentEvents: [event], center: center)
        #expect(second.isEmpty)
        #expect(center.changes.isEmpty)
        #expect(harness.manager.calls.isEmpty)
    }

    @Test func onlyRemindersStillAheadAreWanted() async throws {
        let harness = SchedulerHarness(favoriteIDs: ["paris"])
        let event = Fixtures.event(startsIn: .seconds(20 * 60))  // 60 and 30 minute reminders have passed
        let desired = await harness.scheduler.desiredRequests(favoriteIDs: ["paris"], currentEvents: [event])
        #expect(desired == (try Self.expected(for: event)))
        #expect(
            desired.map(\.identifier) == [
                "event_paris_start_10m", "event_paris_start_5m", "event_paris_start_1m", "event_paris_finished",
            ])
    }

    @Test func anEventNoLongerFavoriteIsRemovedAndOtherThreadsAreLeftAlone() async throws {
        let harness = SchedulerHarness(favoriteIDs: ["paris"])
        let center = RecordingRequestCenter()
        let paris = Fixtures.event()
        let other = PolicyFixtures.request("gonow_swim", at: Fixtures.now.addingTimeInterval(60))
        try await center.add([other])
        try await harness.scheduler.reconcileNotifications(
            favoriteIDs: ["paris"], currentEvents: [paris], center: center)
        await harness.favorites.setFavorite(false, eventID: "paris")
        center.clearCalls()
        let calls = try await harness.scheduler.reconcileNotifications(
            favoriteIDs: ["paris"], currentEvents: [paris], center: center)
        #expect(
            calls == [.removePending(identifiers: try Self.expected(for: paris).map(\.identifier), reason: .reschedule)]
        )
        #expect(center.pending == [other])
    }

    @Test func aMovedEventReplacesItsRequestsInOneAdd() async throws {
        let harness = SchedulerHarness(favoriteIDs: ["paris"])
        let center = RecordingRequestCenter()
        try await harness.scheduler.reconcileNotifications(
            favoriteIDs: ["paris"], currentEvents: [Fixtures.event()], center: center)
        center.clearCalls()
        let moved = Fixtures.event(startsIn: .seconds(3 * 60 * 60))
        let calls = try await harness.scheduler.reconcileNotifications(
            favoriteIDs: ["paris"], currentEvents: [moved], center: center)
        #expect(calls == [.add(try Self.expected(for: moved))])
        #expect(Set(center.pending) == Set(try Self.expected(for: moved)))
    }

    @Test func theSyncThroughTheBridgeAndTheReconcileWantTheSameIdentifiers() async throws {
        let event = Fixtures.event()
        let syncCenter = RecordingRequestCenter()
        let clock = ManualWaveClock(now: Fixtures.now)
        let favorites = InMemoryFavoriteEventsStore(favoriteIDs: ["paris"])
        let scheduler = DefaultNotificationScheduler(
            manager: NotificationManagerBridge(center: syncCenter, clock: clock), favorites: favorites, clock: clock)
        await scheduler.syncNotifications(favoriteIDs: ["paris"], currentEvents: [event])
        let desired = await scheduler.desiredRequests(favoriteIDs: ["paris"], currentEvents: [event])
        #expect(syncCenter.pending.map(\.identifier) == desired.map(\.identifier))
        #expect(syncCenter.changes.first == .removePendingThread(threadID: "event_paris", reason: .reschedule))
    }

    @Test func invalidAndMissingIDsWantNothing() async throws {
        let harness = SchedulerHarness(favoriteIDs: ["paris", "bad id"])
        let center = RecordingRequestCenter()
        let calls = try await harness.scheduler.reconcileNotifications(
            favoriteIDs: ["bad id", "rome"], currentEvents: [Fixtures.event()], center: center)
        #expect(calls.isEmpty)
        #expect(harness.observer.reports.count == 1)
    }

    /// Requests of an unchanged event are reused between runs; any change of the event or the channel builds them
    /// again, so a renamed event is never reconciled with the old text.
    @Test func aRenamedEventOrAnotherChannelBuildsItsRequestsAgain() async throws {
        let harness = SchedulerHarness(favoriteIDs: ["paris"])
        let center = RecordingRequestCenter()
        try await harness.scheduler.reconcileNotifications(
            favoriteIDs: ["paris"], currentEvents: [Fixtures.event()], center: center)
        center.clearCalls()
        let renamed = Fixtures.event(name: "Paris Night Wave", location: "Paris 11e")
        let calls = try await harness.scheduler.reconcileNotifications(
            favoriteIDs: ["paris"], currentEvents: [renamed], center: center)
        #expect(calls == [.add(try Self.expected(for: renamed))])

        center.clearCalls()
        let quiet = NotificationChannel(
            id: "wave_quiet", importance: .low, categoryID: "WAVE_QUIET", interruptionLevel: .passive,
            name: LocalizedText(table: "Notifications", key: "channel_name"),
            channelDescription: LocalizedText(table: "Notifications", key: "channel_description"))
        let onQuiet = try await harness.scheduler.reconcileNotifications(
            favoriteIDs: ["paris"], currentEvents: [renamed], center: center, channel: quiet)
        #expect(onQuiet.count == 1)
        #expect(center.pending.count == 6 && center.pending.allSatisfy { $0.channel == quiet })
    }

    /// As time passes, reused requests whose instant is no longer ahead are not wanted: a reminder the platform
    /// already showed is not added again, and one it still holds is removed.
    @Test func reusedRequestsThatAreNoLongerAheadAreNotWanted() async throws {
        let harness = SchedulerHarness(favoriteIDs: ["paris"])
        let center = RecordingRequestCenter()
        let event = Fixtures.event()
        try await harness.scheduler.reconcileNotifications(
            favoriteIDs: ["paris"], currentEvents: [event], center: center)
        // 70 minutes on: the 60-minute reminder's instant has passed and it is still pending on the platform.
        await harness.clock.advance(by: .seconds(70 * 60))
        center.clearCalls()
        let calls = try await harness.scheduler.reconcileNotifications(
            favoriteIDs: ["paris"], currentEvents: [event], center: center)
        #expect(calls == [.removePending(identifiers: ["event_paris_start_60m"], reason: .reschedule)])
        let now = Fixtures.now.addingTimeInterval(70 * 60)
        #expect(center.pending == (try Self.expected(for: event, now: now)))
        center.clearCalls()
        let again = try await harness.scheduler.reconcileNotifications(
            favoriteIDs: ["paris"], currentEvents: [event], center: center)
        #expect(again.isEmpty)
    }
}
