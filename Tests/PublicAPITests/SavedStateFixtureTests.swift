import Foundation
import GoNowNotifications
import GrowBroNotifications
import HydracatNotifications
import ShadowNotifications
import Testing
import WaveNotifications
import WaveNotificationsTesting

/// A state each app saved between launches, stored in the format of the release that wrote it, still loads.
///
/// The fixtures in `Fixtures/SavedState` are each service's ``AppNotificationService/savedState`` at the end of
/// `wavesim replay` of its example scenario (`Examples/<app>.json`, `events.json` for WorldWideWaves, on iOS),
/// encoded as an app saves it (`JSONEncoder`, sorted keys), written before the state was bounded (docs/core.md,
/// "Bounded state"). They are never regenerated: each test restores one through the service's `restoring:`
/// initializer, as an app does at launch, and checks what came back.
struct SavedStateFixtureTests {
    private static func fixture<State: Decodable>(_ name: String, as type: State.Type) throws -> State {
        let url = try #require(
            Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures/SavedState"))
        return try JSONDecoder().decode(State.self, from: Data(contentsOf: url))
    }

    private static func instant(_ text: String) -> Date {
        try! Date(text, strategy: .iso8601)
    }

    @Test func shadowSessionLoads() async throws {
        let saved = try Self.fixture("shadow", as: NotificationSession.State.self)
        let service = ShadowNotificationService(settings: ShadowSettings(), center: OutsideCenter(), restoring: saved)

        let restored = await service.savedState
        #expect(restored == saved)
        #expect(restored.log.history.records.count == 35)
        #expect(restored.log.isDone("shadow_vitals_2026-06-02_06:30"))
        #expect(restored.log.isOnScreen("shadow_supplements_2026-06-02_06:30"))
        // The check-in still on screen expires as it would have in the process that saved it.
        let expiry = try #require(await service.nextExpiry)
        let report = try await service.withdrawExpired(
            device: DeviceState(now: expiry, timeZone: TimeZone(identifier: "America/New_York")!))
        #expect(
            report.events == [
                .withdrawn(identifier: "shadow_supplements_2026-06-02_06:30", reason: .expired, at: expiry)
            ])
    }

    @Test func hydracatSessionLoads() async throws {
        let saved = try Self.fixture("hydracat", as: HydracatNotificationService.SavedState.self)
        let zone = TimeZone(identifier: "Europe/Berlin")!
        let center = OutsideCenter()
        let service = HydracatNotificationService(
            settings: HydracatServiceTests.settings, start: Self.instant("2026-03-28T06:30:00Z"), center: center,
            restoring: saved)

        let restored = await service.savedState
        #expect(restored == saved)
        #expect(restored.logs.count == 2)
        #expect(restored.snoozes.keys.sorted() == ["u1|p1|s1|2026-03-28T20:00|snooze"])
        #expect(restored.session.log.history.records.count == 6)
        #expect(restored.session.reportedSuppressions.count == 2)

        // The next launch plans from it: the logged 08:00 of the 29th wants nothing, what was shown is not handed
        // over again, and the evening's reminder is.
        try await service.reconcile(
            device: DeviceState(now: Self.instant("2026-03-29T07:00:00Z"), timeZone: zone), cause: .launch)
        let pending = Set(await center.pendingRequests().map(\.identifier))
        #expect(pending.isDisjoint(with: restored.session.log.lastShownAt.keys))
        #expect(!pending.contains("u1|p1|s1|2026-03-29T08:00|followup"))
        #expect(pending.contains("u1|p1|s1|2026-03-29T20:00|reminder"))
    }

    @Test func goNowSessionLoads() async throws {
        let saved = try Self.fixture("gonow", as: NotificationSession.State.self)
        let service = GoNowNotificationService(
            settings: GoNowSettings(enabledModes: [.swimSolo, .runDog]), center: OutsideCenter(), restoring: saved)

        let restored = await service.savedState
        #expect(restored == saved)
        #expect(restored.log.history.records.count == 4)
        #expect(restored.log.history.wasShown(dedupeKey: "swim_solo@2026-03-27T11:00Z"))
        #expect(restored.log.isDone("swim_solo_2026-03-27_backup"))
        #expect(restored.log.onScreen.keys.sorted().first == "run_dog_2026-03-27_backup")
        #expect(restored.reportedSuppressions.count == 6)
        // A launch four days after the first of it was shown and due keeps it all (GoNow looks four days back); four
        // days after the last of it, it is all forgotten.
        let zone = TimeZone(identifier: "Asia/Jerusalem")!
        try await service.reconcile(
            device: DeviceState(now: Self.instant("2026-03-31T04:00:00Z"), timeZone: zone), cause: .launch)
        #expect(await service.savedState == saved)
        try await service.reconcile(
            device: DeviceState(now: Self.instant("2026-04-01T09:00:01Z"), timeZone: zone), cause: .launch)
        #expect(await service.savedState == NotificationSession.State())
    }

    @Test func growBroSessionLoads() async throws {
        let saved = try Self.fixture("growbro", as: GrowBroNotificationService.SavedState.self)
        let service = GrowBroNotificationService(settings: GrowBroSettings(), center: OutsideCenter(), restoring: saved)

        let restored = await service.savedState
        #expect(restored == saved)
        #expect(restored.session.log.history.records.count == 9)
        #expect(restored.session.log.onScreen.keys.sorted().prefix(3) == ["msg_m1", "msg_m3", "msg_m6"])
        #expect(restored.session.log.isDone("msg_m7"))
        #expect(restored.session.reportedSuppressions.count == 2)
    }

    @Test func worldWideWavesStateLoads() async throws {
        let saved = try Self.fixture("worldwidewaves", as: WorldWideWavesNotificationService.SavedState.self)
        let clock = ManualWaveClock(now: Self.instant("2026-06-21T14:00:00Z"))
        let service = WorldWideWavesNotificationService(
            events: [], start: clock.now, manager: NotificationManagerBridge(center: OutsideCenter(), clock: clock),
            clock: clock, restoring: saved)

        let restored = await service.savedState
        #expect(restored == saved)
        #expect(restored.favoriteIDs.count == 6)
        #expect(restored.waveHitsShown == ["lagos-unity", "paris-solstice"])
    }
}
