import Foundation
import HydracatNotifications
import Testing
import WaveNotifications
import WaveNotificationsTesting

/// What Hydracat's service keeps (the treatments logged, the snoozes, the history, the suppressions reported) stays
/// as long as its rules look back, however long the app runs (docs/core.md, "Bounded state"), and the rules decide
/// as before at the edge of what is kept.
struct HydracatBoundedStateTests {
    private static let settings = HydracatFixtures.settings(
        times: HydracatFixtures.times("08:00", "20:00"), endOfDay: EndOfDaySettings(isEnabled: true))

    private static func makeRun(
        from start: String, permission: PermissionStatus = .authorized
    ) -> ServiceDeviceRun<HydracatNotificationService> {
        let clock = ManualWaveClock(now: HydracatFixtures.local(start))
        let center = SimulatedAndroidCenter(clock: clock)
        let service = HydracatNotificationService(settings: settings, start: clock.now, center: center)
        return ServiceDeviceRun(
            service: service, center: center, clock: clock, timeZone: HydracatFixtures.berlin, permission: permission)
    }

    /// Every day from `first` for `days` days: the evening reminder snoozed at 20:05, each slot logged at :10.
    private static func actions(
        for service: HydracatNotificationService, from first: LocalDate, days: Int
    ) -> [ServiceDeviceRun<HydracatNotificationService>.Action] {
        var actions: [ServiceDeviceRun<HydracatNotificationService>.Action] = []
        for day in 0..<days {
            let date = first.adding(days: day)
            for time in ["08:00", "20:00"] {
                let slot = LocalDateTime(date: date, time: try! LocalTime(parsing: time))
                let at = HydracatFixtures.berlin.instant(for: slot)
                if time == "20:00" {
                    let identifier = "u1|p1|s1|\(slot)|reminder"
                    actions.append(
                        .init(at: at.addingTimeInterval(300)) { device in
                            try await service.snooze(identifier, device: device)
                        })
                }
                actions.append(
                    .init(at: at.addingTimeInterval(600)) { device in
                        try await service.log(TreatmentLog(petID: "p1", scheduleID: "s1", slot: slot), device: device)
                    })
            }
        }
        return actions
    }

    @Test func logsSnoozesAndTheHistoryStayBoundedOverMonths() async throws {
        let run = Self.makeRun(from: "2026-01-01T07:00")
        let first = try LocalDate(parsing: "2026-01-01")
        let events = try await run.run(
            until: HydracatFixtures.local("2026-03-01T23:00"),
            actions: Self.actions(for: run.service, from: first, days: 60))
        let saved = await run.service.savedState

        #expect(events.filter { if case .delivered = $0 { true } else { false } }.count >= 120)
        // Kept: the logs of the last two weeks (the weekly summary reads the week before a Monday), the snoozes and
        // what was shown in the last week (the plan reads yesterday's slots to next week's Monday).
        #expect(saved.logs.count <= 2 * 16)
        #expect(saved.snoozes.count <= 8)
        #expect(saved.session.log.history.records.count <= 8 * 4)
        #expect(saved.session.log.lastShownAt.count <= 8 * 4)
    }

    @Test func theSuppressionsReportedStayBoundedOverMonths() async throws {
        let run = Self.makeRun(from: "2026-01-01T07:00", permission: .denied)
        let events = try await run.run(until: HydracatFixtures.local("2026-03-01T23:00"))
        let saved = await run.service.savedState

        let suppressed = events.filter { if case .suppressed = $0 { true } else { false } }.count
        #expect(suppressed >= 120)
        // Kept: the candidates due from a week ago to tomorrow.
        #expect(Double(saved.session.reportedSuppressions.count) <= 10 * Double(suppressed) / 60)
    }

    /// The edge of the logs kept: Monday's summary counts the week before it, down to its first slot, a week old.
    @Test func theWeeklySummaryStillCountsAWeekOldLog() async throws {
        let run = Self.makeRun(from: "2026-03-02T07:00")
        let monday = try LocalDate(parsing: "2026-03-02")
        let events = try await run.run(
            until: HydracatFixtures.local("2026-03-09T09:00"),
            actions: Self.actions(for: run.service, from: monday, days: 7))

        let summaries = events.compactMap { event -> NotificationRequest? in
            if case .delivered(let request, _, _) = event, request.identifier.hasSuffix("|weekly") {
                request
            } else {
                nil
            }
        }
        #expect(summaries.map(\.identifier) == ["u1|p1|-|2026-03-09T09:00|weekly"])
        #expect(summaries.first?.body == HydracatContent.weeklyTexts(petName: "Luna", logged: 14, due: 14).body)
    }

    /// The edge of the history kept: yesterday's reminder, shown and never logged, is still done after the
    /// midnight's prune: not shown again, and not reported missed.
    @Test func yesterdaysShownReminderStaysDoneAfterMidnight() async throws {
        let run = Self.makeRun(from: "2026-03-10T07:00")
        let events = try await run.run(until: HydracatFixtures.local("2026-03-12T07:00"))

        let delivered = events.compactMap { event -> String? in
            if case .delivered(let request, _, _) = event { request.identifier } else { nil }
        }
        #expect(delivered.count == Set(delivered).count)
        #expect(delivered.contains("u1|p1|s1|2026-03-10T20:00|reminder"))
        #expect(!events.contains { if case .suppressed = $0 { true } else { false } })
    }
}
