import Foundation
import Testing
import WaveNotifications
import WaveNotificationsTesting

/// Fifty callers at once on one WorldWideWaves service: favorites, removals, moves, syncs, wave hits and reads, the
/// calls an app's threads make. CI runs it under ThreadSanitizer too (`.ci/run`), where a data race in the service,
/// its scheduler or their memos fails the step. The calls of one caller touch its own event only, so the outcome is
/// that of the same calls made one after another, which a second service computes.
struct WorldWideWavesNotificationServiceStressTests {
    private static let callers = 50
    /// The first half of the events are favorites from the start, with a wave hit due; the callers of the second
    /// half change their event's favorite.
    private static let stableCount = callers / 2
    private static let zone = TimeZone(identifier: "UTC")!
    private static let device = DeviceState(now: Fixtures.now, timeZone: zone)

    private static func eventID(_ caller: Int) -> String { "event\(caller)" }

    private static func makeService(
        manager: RecordingNotificationManager
    ) -> WorldWideWavesNotificationService {
        let events = (0..<callers).map {
            Fixtures.event(id: eventID($0), startsIn: .seconds(2 * 86_400 + 600 * $0))
        }
        // Each stable event's wave reached the user in the minute before now: due at the first own moment.
        let waveHits = Dictionary(
            uniqueKeysWithValues: (0..<stableCount).map {
                (eventID($0), Fixtures.now.addingTimeInterval(-1 - Double($0)))
            })
        return WorldWideWavesNotificationService(
            events: events, waveHits: waveHits, start: Fixtures.now.addingTimeInterval(-3600), manager: manager,
            favorites: InMemoryFavoriteEventsStore(favoriteIDs: Set((0..<stableCount).map(eventID))),
            clock: ManualWaveClock(now: Fixtures.now))
    }

    /// The first round: each caller acts on its own event, and shows the wave hits due.
    private static func act(caller: Int, on service: WorldWideWavesNotificationService) async throws -> [String] {
        let id = eventID(caller)
        var shown: [String] = []
        if caller < stableCount {
            shown += try await service.reconcile(device: device, cause: .ownMoment).events.map(\.identifier)
            if caller % 2 == 0 {
                await service.update(id, startDate: Fixtures.now.addingTimeInterval(3 * 86_400), device: device)
            }
            _ = service.nextOwnMoment(after: Fixtures.now, in: zone)
        } else {
            await service.favorite(id, device: device)
            switch caller % 3 {
            case 0: await service.unfavorite(id, device: device)
            case 1: await service.update(id, endDate: Fixtures.now.addingTimeInterval(4 * 86_400), device: device)
            default: _ = try await service.desiredRequests(device: device)
            }
            shown += try await service.reconcile(device: device, cause: .ownMoment).events.map(\.identifier)
        }
        return shown
    }

    /// The second round: every caller syncs, as at an app run, and reads what the app saves.
    private static func sync(on service: WorldWideWavesNotificationService) async throws {
        try await service.reconcile(device: device, cause: .launch)
        _ = await service.savedState
        _ = await service.events
    }

    @Test func fiftyConcurrentCallersEndAsTheSameCallsOneAfterAnother() async throws {
        let manager = RecordingNotificationManager()
        let service = Self.makeService(manager: manager)
        let reference = RecordingNotificationManager()
        let serial = Self.makeService(manager: reference)
        try await service.reconcile(device: Self.device, cause: .launch)
        try await serial.reconcile(device: Self.device, cause: .launch)

        let shown = try await withThrowingTaskGroup(of: [String].self) { group in
            for caller in 0..<Self.callers {
                group.addTask { try await Self.act(caller: caller, on: service) }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        var serialShown: [String] = []
        for caller in 0..<Self.callers {
            serialShown += try await Self.act(caller: caller, on: serial)
        }
        // Each stable favorite's wave hit shown once, however many callers asked at the same moment.
        #expect(shown.count == Self.stableCount)
        #expect(Set(shown) == Set((0..<Self.stableCount).map { "event_\(Self.eventID($0))_wave_hit" }))
        #expect(manager.delivered.count == Self.stableCount)
        #expect(Set(manager.delivered) == Set(reference.delivered))
        #expect(Set(serialShown) == Set(shown))
        #expect(manager.pending == reference.pending)
        #expect(!manager.pending.isEmpty)

        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<Self.callers {
                group.addTask { try await Self.sync(on: service) }
            }
            try await group.waitForAll()
        }
        try await Self.sync(on: serial)
        #expect(manager.pending == reference.pending)
        let (saved, serialSaved) = (await service.savedState, await serial.savedState)
        #expect(saved == serialSaved)
        #expect(manager.delivered.count == Self.stableCount)
    }
}
