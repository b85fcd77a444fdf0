import Foundation
import Testing
import WaveNotifications
import WaveNotificationsTesting

/// The service's calls run one at a time, in the order they arrived, even when one waits on the platform: a call
/// that arrives while a sync waits on the manager runs after the sync, never inside it.
struct WorldWideWavesNotificationServiceOrderTests {
    private static let device = DeviceState(now: Fixtures.now, timeZone: TimeZone(identifier: "UTC")!)

    /// A manager that holds the first schedule call it gets until the test lets it go; every other call goes
    /// straight to the recording manager.
    private final class HoldingManager: NotificationManager {
        let recorder = RecordingNotificationManager()
        let hold = FirstCallHold()

        func scheduleNotification(
            eventID: String, trigger: NotificationTrigger, delay: Duration, content: NotificationContent
        ) async throws {
            await hold.passThrough()
            try await recorder.scheduleNotification(eventID: eventID, trigger: trigger, delay: delay, content: content)
        }

        func deliverNow(eventID: String, trigger: NotificationTrigger, content: NotificationContent) async throws {
            try await recorder.deliverNow(eventID: eventID, trigger: trigger, content: content)
        }

        func cancelNotification(eventID: String, trigger: NotificationTrigger) async throws {
            try await recorder.cancelNotification(eventID: eventID, trigger: trigger)
        }

        func cancelAllNotifications(eventID: String) async throws {
            try await recorder.cancelAllNotifications(eventID: eventID)
        }
    }

    /// A sync has found the event a favorite and is scheduling its reminders when the user unfavorites it: the
    /// unfavorite waits for the sync, then cancels everything the sync scheduled.
    @Test func anUnfavoriteArrivingDuringASyncCancelsWhatTheSyncScheduled() async throws {
        let manager = HoldingManager()
        let service = WorldWideWavesNotificationService(
            events: [Fixtures.event(id: "paris")], start: Fixtures.now, manager: manager,
            favorites: InMemoryFavoriteEventsStore(favoriteIDs: ["paris"]), clock: ManualWaveClock(now: Fixtures.now))

        let sync = Task { try await service.reconcile(device: Self.device, cause: .launch) }
        await manager.hold.firstHeld()
        let callsBefore = manager.recorder.calls.count
        let unfavorite = Task { await service.unfavorite("paris", device: Self.device) }
        // The unfavorite has arrived once it waits at the service's gate or (without one) has cancelled already.
        try await ServiceCallOrder.waitForArrival(
            waitingCalls: { await service.waitingCallCount },
            finished: { manager.recorder.calls.count != callsBefore })
        manager.hold.release()
        _ = try await sync.value
        #expect(await unfavorite.value == .applied)

        #expect(manager.recorder.pending.isEmpty)
        #expect(manager.recorder.calls.last == .cancelAll(eventID: "paris"))
        #expect(await service.savedState.favoriteIDs.isEmpty)
    }

    /// Calls that arrive while one waits run in the order they arrived.
    @Test func callsWaitingRunInTheOrderTheyArrived() async throws {
        let manager = HoldingManager()
        let events = ["paris", "rome", "oslo"].map { Fixtures.event(id: $0) }
        let service = WorldWideWavesNotificationService(
            events: events, start: Fixtures.now, manager: manager,
            favorites: InMemoryFavoriteEventsStore(favoriteIDs: ["paris"]), clock: ManualWaveClock(now: Fixtures.now))

        let first = Task { await service.favorite("rome", device: Self.device) }
        await manager.hold.firstHeld()
        var later: [Task<WorldWideWavesNotificationService.ActionOutcome, Never>] = []
        for (index, id) in ["oslo", "rome", "oslo"].enumerated() {
            later.append(
                Task {
                    index == 1
                        ? await service.unfavorite(id, device: Self.device)
                        : await service.favorite(id, device: Self.device)
                })
            var turns = 0
            while await service.waitingCallCount < index + 1 {
                turns += 1
                try #require(turns < 1_000_000, "call \(index) never arrived")
                await Task.yield()
            }
        }
        manager.hold.release()
        _ = await first.value
        for task in later { _ = await task.value }

        // rome scheduled, oslo scheduled, rome cancelled, oslo scheduled again.
        let order = manager.recorder.calls.compactMap { call -> String? in
            switch call {
            case .cancelAll(let eventID): "cancel \(eventID)"
            case .schedule(let eventID, _, _, _): "schedule \(eventID)"
            default: nil
            }
        }
        var collapsed: [String] = []
        for step in order where step != collapsed.last { collapsed.append(step) }
        #expect(collapsed == ["schedule rome", "schedule oslo", "cancel rome", "schedule oslo"])
        #expect(Set(manager.recorder.pending.keys.map(\.eventID)) == ["oslo"])
    }
}
