import Foundation
import Testing
import WaveNotifications
import WaveNotificationsTesting

/// WorldWideWaves' wave hits shown stay as many as the events listed, however many launches the app has (docs/core.md,
/// "Bounded state"), and a wave hit is still shown once per event while its event is listed.
struct WorldWideWavesBoundedStateTests {
    private static let start = Date(timeIntervalSince1970: 1_790_000_000)
    private static let utc = TimeZone(identifier: "UTC")!
    private static let week: TimeInterval = 7 * 86_400

    private static func event(_ id: String, startingAt start: Date) -> WaveEventRecord {
        WaveEventRecord(
            id: id, name: "Wave \(id)", location: "Paris", startDate: start, endDate: start.addingTimeInterval(3600))
    }

    /// One launch of the app: lists `events`, syncs, shows the wave hits due by `until`, and saves its state.
    private static func launch(
        at now: Date, events: [WaveEventRecord], waveHits: [String: Date], until: Date,
        restoring saved: WorldWideWavesNotificationService.SavedState?, center: OutsideCenter = OutsideCenter()
    ) async throws -> (saved: WorldWideWavesNotificationService.SavedState, shown: [String]) {
        let clock = ManualWaveClock(now: now)
        let service = WorldWideWavesNotificationService(
            events: events, waveHits: waveHits, start: now,
            manager: NotificationManagerBridge(center: center, clock: clock),
            favorites: InMemoryFavoriteEventsStore(favoriteIDs: Set(events.map(\.id))), clock: clock, restoring: saved)
        try await service.reconcile(device: DeviceState(now: now, timeZone: utc), cause: .launch)
        var shown: [String] = []
        while let hit = service.nextOwnMoment(after: clock.now, in: utc), hit <= until {
            await clock.advance(to: hit)
            let report = try await service.reconcile(device: DeviceState(now: hit, timeZone: utc), cause: .ownMoment)
            shown += report.events.map(\.identifier)
        }
        let state = try JSONDecoder().decode(
            WorldWideWavesNotificationService.SavedState.self, from: JSONEncoder().encode(await service.savedState))
        return (state, shown)
    }

    /// A launch a week for two years, each listing this week's and next week's events: the wave hits remembered are
    /// those of the events still listed, not one per week ever.
    @Test func theWaveHitsSavedStayAsManyAsTheEventsListedOverYears() async throws {
        var saved: WorldWideWavesNotificationService.SavedState?
        var shownCount = 0
        for week in 0..<104 {
            let now = Self.start.addingTimeInterval(Double(week) * Self.week)
            let events = [week, week + 1].map {
                Self.event(
                    "wave-\($0)",
                    startingAt: now.addingTimeInterval(
                        Double($0 - week) * Self.week + 3600))
            }
            let hits = Dictionary(uniqueKeysWithValues: events.map { ($0.id, $0.startDate.addingTimeInterval(600)) })
            let launch = try await Self.launch(
                at: now, events: events, waveHits: hits, until: now.addingTimeInterval(Self.week - 1), restoring: saved)
            shownCount += launch.shown.count
            saved = launch.saved
        }
        #expect(shownCount == 104)
        #expect(try #require(saved).waveHitsShown.count <= 2)
    }

    /// An event the event service removes can no longer hit in this process: its wave hit is forgotten at once.
    @Test func aRemovedEventsWaveHitIsForgotten() async throws {
        let clock = ManualWaveClock(now: Self.start)
        let paris = Self.event("paris", startingAt: Self.start.addingTimeInterval(3600))
        let service = WorldWideWavesNotificationService(
            events: [paris], waveHits: ["paris": paris.startDate], start: Self.start,
            manager: NotificationManagerBridge(center: OutsideCenter(), clock: clock),
            favorites: InMemoryFavoriteEventsStore(favoriteIDs: ["paris"]), clock: clock)
        await clock.advance(to: paris.startDate)
        try await service.reconcile(device: DeviceState(now: clock.now, timeZone: Self.utc), cause: .ownMoment)
        #expect(await service.savedState.waveHitsShown == ["paris"])

        await service.remove("paris", device: DeviceState(now: clock.now, timeZone: Self.utc))
        #expect(await service.savedState.waveHitsShown.isEmpty)
    }

    /// The edge: an event still listed keeps its wave hit, in this process and the next, even after a reconcile
    /// forgot the others and when its wave hit moves later: it is not shown a second time.
    @Test func aListedEventsWaveHitIsShownOnceEvenWhenItMoves() async throws {
        let paris = Self.event("paris", startingAt: Self.start.addingTimeInterval(3600))
        let lyon = Self.event("lyon", startingAt: Self.start.addingTimeInterval(3600))
        let hits = ["paris": paris.startDate, "lyon": lyon.startDate]
        let first = try await Self.launch(
            at: Self.start, events: [paris, lyon], waveHits: hits, until: paris.endDate, restoring: nil)
        #expect(Set(first.shown) == ["event_paris_wave_hit", "event_lyon_wave_hit"])

        // The next launch lists Paris alone, its wave hit moved after this launch's start.
        let next = paris.endDate.addingTimeInterval(60)
        let second = try await Self.launch(
            at: next, events: [paris], waveHits: ["paris": next.addingTimeInterval(600)],
            until: next.addingTimeInterval(3600), restoring: first.saved)
        #expect(second.shown.isEmpty)
        #expect(second.saved.waveHitsShown == ["paris"])

        // In the same process, the event service moves it again: still not shown a second time.
        let clock = ManualWaveClock(now: next)
        let service = WorldWideWavesNotificationService(
            events: [paris], start: next, manager: NotificationManagerBridge(center: OutsideCenter(), clock: clock),
            favorites: InMemoryFavoriteEventsStore(favoriteIDs: ["paris"]), clock: clock, restoring: first.saved)
        let device = DeviceState(now: next, timeZone: Self.utc)
        try await service.reconcile(device: device, cause: .launch)
        await service.update("paris", waveHitAt: next.addingTimeInterval(900), device: device)
        await clock.advance(to: next.addingTimeInterval(900))
        let report = try await service.reconcile(
            device: DeviceState(now: clock.now, timeZone: Self.utc), cause: .ownMoment)
        #expect(report.events.isEmpty)
        #expect(await service.savedState.waveHitsShown == ["paris"])
    }
}
