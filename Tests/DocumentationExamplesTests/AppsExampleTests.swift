import Foundation
import GoNowNotifications
import GrowBroNotifications
import ShadowNotifications
import Testing
import WaveNotifications
import WaveNotificationsTesting

/// Runs the examples of README.md and docs/apps.md over a recording center and a manual clock.
struct AppsExampleTests {
    private static let newYork = TimeZone(identifier: "America/New_York")!
    private static let berlin = TimeZone(identifier: "Europe/Berlin")!

    private static func instant(_ text: String) throws -> Date {
        try Date(text, strategy: .iso8601)
    }

    private static func vitalsService(center: RecordingRequestCenter) throws -> ShadowNotificationService {
        ShadowNotificationService(
            settings: ShadowSettings(categories: [.vitals: try ShadowCategorySettings(enabled: true)]), center: center)
    }

    @Test func anAppRunSavesStateAndAsksForARefreshByTheLastRequestHeld() async throws {
        let center = RecordingRequestCenter()
        let device = DeviceState(now: try Self.instant("2026-06-01T10:00:00Z"), timeZone: Self.newYork)
        let (state, refreshBy) = try await appRun(
            try Self.vitalsService(center: center), cause: .launch, device: device, shownWhileClosed: [])
        #expect(!center.pending.isEmpty)
        #expect(refreshBy == center.pending.map(\.fireAt).max())
        _ = try JSONDecoder().decode(NotificationSession.State.self, from: state)
    }

    @Test func aProcessWakesAtTheNextLocalMidnight() async throws {
        let center = RecordingRequestCenter()
        let service = try Self.vitalsService(center: center)
        let device = DeviceState(now: try Self.instant("2026-06-01T10:00:00Z"), timeZone: Self.newYork)
        #expect(await nextWake(of: service, device: device) == (try Self.instant("2026-06-02T04:00:00Z")))
        try await wake(service, device: device, ownMoment: true)
        #expect(center.pending.contains { $0.identifier == "shadow_vitals_2026-06-02_07:00" })
    }

    @Test func aSecondShadowLaunchFromTheStoredStateChangesNothing() async throws {
        let center = RecordingRequestCenter()
        let clock = ManualWaveClock(now: try Self.instant("2026-06-01T10:00:00Z"))
        let stored = try await launchShadow(storedState: nil, center: center, clock: clock, zone: Self.newYork)
        #expect(center.pending.contains { $0.identifier == "shadow_vitals_2026-06-01_07:00" })
        center.clearCalls()
        _ = try await launchShadow(storedState: stored, center: center, clock: clock, zone: Self.newYork)
        #expect(center.changes.isEmpty)
    }

    @Test func worldWideWavesSchedulesTheFavoriteParisWave() async throws {
        let center = RecordingRequestCenter()
        let clock = ManualWaveClock(now: try Self.instant("2026-06-21T12:00:00Z"))
        let service = try await launchWorldWideWaves(center: center, clock: clock, zone: Self.berlin)
        #expect(await service.savedState.favoriteIDs == ["paris-solstice"])
        let oneMinute = try #require(center.pending.first { $0.identifier == "event_paris-solstice_start_1m" })
        #expect(oneMinute.fireAt == (try Self.instant("2026-06-21T15:59:00Z")))
    }

    @Test func goNowSchedulesTheDogRunOfTheForecast() async throws {
        let center = RecordingRequestCenter()
        let clock = ManualWaveClock(now: try Self.instant("2026-05-31T20:00:00Z"))  // 23:00 in Jerusalem
        let report = try await launchGoNow(center: center, clock: clock)
        #expect(report.analytics.contains { $0.name == .scheduled })
        #expect(!center.pending.isEmpty)
    }

    @Test func loggingLunasMorningDoseLeavesOnlyHerEveningReminder() async throws {
        let center = RecordingRequestCenter()
        let now = try Self.instant("2026-06-01T05:00:00Z")  // 07:00 in Berlin
        try await launchHydracat(center: center, firstRun: now, clock: ManualWaveClock(now: now), zone: Self.berlin)
        let today = center.pending.map(\.identifier).filter { $0.contains("|2026-06-01T") }
        #expect(!today.isEmpty)
        #expect(today.allSatisfy { $0.contains("|2026-06-01T20:00|") })
    }

    @Test func answeringShadowsCheckInWithdrawsIt() async throws {
        let center = RecordingRequestCenter()
        let clock = ManualWaveClock(now: try Self.instant("2026-06-01T10:00:00Z"))  // 06:00 in New York
        let service = try await launchShadowWithCheckIns(center: center, clock: clock, zone: Self.newYork)
        let identifier = "shadow_supplements_2026-06-01_06:30"
        let checkIn = try #require(center.pending.first { $0.identifier == identifier })
        await clock.advance(to: checkIn.fireAt)  // the platform shows it
        _ = try await service.notificationShown(checkIn, device: DeviceState(now: clock.now, timeZone: Self.newYork))
        await clock.advance(by: .seconds(10 * 60))
        try await userAnswered(identifier, on: service, clock: clock, zone: Self.newYork)
        #expect(center.calls.last == .withdrawShown(identifiers: [identifier], reason: .responded))
    }

    @Test func growBroShowsMiasReply() async throws {
        let center = RecordingRequestCenter()
        let clock = ManualWaveClock(now: try Self.instant("2026-05-04T07:00:00Z"))  // 09:00 in Berlin
        let result = try await launchGrowBro(center: center, clock: clock, zone: Self.berlin)
        guard case .shown(let request) = result.delivery else {
            Issue.record("the reply was not shown: \(result.delivery)")
            return
        }
        #expect(center.shown.map(\.identifier) == [request.identifier])
    }
}
