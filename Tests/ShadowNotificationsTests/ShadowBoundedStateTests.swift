import Foundation
import ShadowNotifications
import Testing
import WaveNotifications
import WaveNotificationsTesting

/// What Shadow's service keeps stays as long as its rules look back, however long the app runs (docs/core.md,
/// "Bounded state"), and the rules decide as before at the edge of what is kept.
struct ShadowBoundedStateTests {
    private static let settings = ShadowFixtures.settings(
        Dictionary(uniqueKeysWithValues: ShadowCategory.allCases.map { ($0, ShadowFixtures.on) }))

    private static func run(
        days: Int, permission: PermissionStatus = .authorized
    ) async throws -> (ServiceDeviceRun<ShadowNotificationService>, [NotificationEvent]) {
        let start = ShadowFixtures.local("2026-01-01T00:00")
        let clock = ManualWaveClock(now: start)
        let center = SimulatedAndroidCenter(clock: clock)
        let run = ServiceDeviceRun(
            service: ShadowNotificationService(settings: settings, center: center), center: center, clock: clock,
            timeZone: ShadowFixtures.zone, permission: permission)
        let events = try await run.run(until: start.addingTimeInterval(Double(days) * 86_400))
        return (run, events)
    }

    @Test func theHistoryAndTheShownIdentifiersStayBoundedOverMonths() async throws {
        let (run, events) = try await Self.run(days: 60)
        let delivered = events.filter { if case .delivered = $0 { true } else { false } }.count
        let perDay = Double(delivered) / 60
        let log = await run.service.savedState.log

        #expect(delivered > 600)
        // Kept: what was shown in the last three days (a zone move shifts a local slot by at most 26 hours).
        #expect(Double(log.history.records.count) <= 4 * perDay)
        #expect(Double(log.lastShownAt.count) <= 4 * perDay)
        #expect(log.history.records.allSatisfy { $0.shownAt >= run.clock.now.addingTimeInterval(-4 * 86_400) })
    }

    @Test func theSuppressionsReportedStayBoundedOverMonths() async throws {
        let (run, events) = try await Self.run(days: 60, permission: .denied)
        let suppressed = events.filter { if case .suppressed = $0 { true } else { false } }.count
        let saved = await run.service.savedState

        #expect(suppressed > 600)
        // Kept: the check-ins due from three days ago to the end of the 48-hour horizon.
        #expect(Double(saved.reportedSuppressions.count) <= 6 * Double(suppressed) / 60)
    }

    /// The edge: a check-in shown in the easternmost zone is, after a flight to the westernmost, 26 hours later
    /// again. A day and an hour after it was shown (a local midnight's prune in between), the history kept still
    /// knows it was shown, so it is not scheduled a second time.
    @Test func aCheckInShownBeforeTheLongestZoneMoveIsNotScheduledAgain() async throws {
        let east = TimeZone(identifier: "Etc/GMT-14")!
        let west = TimeZone(identifier: "Etc/GMT+12")!
        let settings = ShadowFixtures.settings([.journal: ShadowFixtures.on])
        let start = east.instant(for: try LocalDateTime(parsing: "2026-05-01T00:00"))
        let clock = ManualWaveClock(now: start)
        let center = SimulatedAndroidCenter(clock: clock)
        var run = ServiceDeviceRun(
            service: ShadowNotificationService(settings: settings, center: center), center: center, clock: clock,
            timeZone: east)
        let events = try await run.run(until: east.instant(for: try LocalDateTime(parsing: "2026-05-03T23:59")))
        let shown = events.compactMap { event -> NotificationRequest? in
            if case .delivered(let request, _, _) = event { request } else { nil }
        }
        let last = try #require(shown.last)
        try await run.run(until: last.fireAt.addingTimeInterval(25 * 3600))

        run.timeZone = west
        let report = try await run.service.reconcile(device: run.device, cause: .timeZone)
        let pending = await center.pendingRequests().map(\.identifier)

        let again = west.instant(for: east.localDateTime(for: last.fireAt))
        #expect(again == last.fireAt.addingTimeInterval(26 * 3600))
        #expect(again > run.clock.now)
        #expect(!pending.contains(last.identifier))
        #expect(!report.events.contains { $0.identifier == last.identifier })
    }
}
