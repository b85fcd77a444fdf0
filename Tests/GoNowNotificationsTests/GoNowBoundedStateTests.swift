import Foundation
import GoNowNotifications
import Testing
import WaveNotifications
import WaveNotificationsTesting

private typealias F = GoNowFixtures

/// What GoNow's service keeps stays as long as its rules look back, however long the app runs (docs/core.md,
/// "Bounded state"), and the rules decide as before at the edge of what is kept.
struct GoNowBoundedStateTests {
    /// Today's and tomorrow's hours, 06:00–20:00 local, with a morning and an afternoon window for both modes.
    private static func forecast(on date: LocalDate, fetchedAt: Date) -> GoNowForecast {
        let day = [50, 80, 85, 60, 50, 50, 90, 75, 50, 50, 72, 72, 50, 50, 50]
        let hours = [date, date.adding(days: 1)].flatMap { date in
            let start = "\(date)T06:00"
            return F.merge(
                F.hours(from: start, day, mode: .swimSolo), F.hours(from: start, day.reversed(), mode: .runSolo))
        }
        return GoNowForecast(fetchedAt: fetchedAt, hours: hours)
    }

    /// `days` days on a simulated Android phone in Jerusalem, a forecast fetched every day at 05:00.
    private static func run(
        days: Int
    ) async throws -> (ServiceDeviceRun<GoNowNotificationService>, [NotificationEvent]) {
        let first = try LocalDate(parsing: "2026-01-01")
        let start = F.local("2026-01-01T00:00")
        let clock = ManualWaveClock(now: start)
        let center = SimulatedAndroidCenter(clock: clock)
        let service = GoNowNotificationService(settings: F.settings([.swimSolo, .runSolo]), center: center)
        let run = ServiceDeviceRun(service: service, center: center, clock: clock, timeZone: F.zone)
        let actions = (0..<days).map { day in
            let date = first.adding(days: day)
            return ServiceDeviceRun<GoNowNotificationService>.Action(at: F.local("\(date)T05:00")) { device in
                try await service.receiveForecast(Self.forecast(on: date, fetchedAt: device.now), device: device)
            }
        }
        let events = try await run.run(until: start.addingTimeInterval(Double(days) * 86_400), actions: actions)
        return (run, events)
    }

    @Test func theHistoryTheScreenAndTheSuppressionsStayBoundedOverMonths() async throws {
        let (run, events) = try await Self.run(days: 60)
        let delivered = events.filter { if case .delivered = $0 { true } else { false } }.count
        let perDay = Double(delivered) / 60
        let saved = await run.service.savedState
        // The last reconcile: the last forecast, at 05:00 on the 60th day.
        let horizon = F.local("2026-03-01T05:00").addingTimeInterval(-4 * 86_400)

        // Each day, per mode: the best and the backup; the heads-up for tomorrow's best is held back (`daily_cap`).
        #expect(delivered >= 4 * 60)
        // Kept: what was shown in the last four days, on screen or not.
        #expect(Double(saved.log.history.records.count) <= 5 * perDay)
        #expect(Double(saved.log.lastShownAt.count) <= 5 * perDay)
        #expect(Double(saved.log.onScreen.count) <= 5 * perDay)
        #expect(saved.log.history.records.allSatisfy { $0.shownAt >= horizon })
        // Kept: the suppressions of candidates due from four days ago on (two a day; 120 after 60 days before).
        #expect(saved.reportedSuppressions.count <= 6 * 2)
        #expect(saved.reportedSuppressions.allSatisfy { $0.fireAt >= horizon })
    }

    /// The edge: a heads-up shown at 06:30 in the westernmost zone (UTC−12) for a window starting at 23:00 the next
    /// day; after a flight to the easternmost (UTC+14) that window starts at 01:00 and runs to midnight, and with
    /// quiet hours 06:00–23:59 its best fires at 23:59. At 23:00 there, 62.5 hours after the heads-up (reconciles
    /// every 12 hours in between), the history still knows the window was announced: `already_notified`.
    @Test func aWindowAnnouncedBeforeTheLongestZoneMoveIsNotAnnouncedAgain() async throws {
        let west = TimeZone(identifier: "Etc/GMT+12")!
        let east = TimeZone(identifier: "Etc/GMT-14")!
        let windowStart = F.instant("2026-06-11T11:00:00Z")
        let center = RecordingRequestCenter()
        let service = GoNowNotificationService(settings: F.settings([.swimSolo]), center: center)
        func device(_ instant: String, _ zone: TimeZone) -> DeviceState {
            DeviceState(now: F.instant(instant), timeZone: zone)
        }
        func hours(_ count: Int) -> [GoNowForecastHour] {
            (0..<count).map {
                GoNowForecastHour(start: windowStart.addingTimeInterval(Double($0) * 3600), scores: [.swimSolo: 80])
            }
        }

        // 06:00 on the 9th in UTC−12: the window is 23:00–24:00 on the 10th; its heads-up fires at 06:30 on the 9th.
        let fetched = F.instant("2026-06-09T18:00:00Z")
        try await service.receiveForecast(
            GoNowForecast(fetchedAt: fetched, hours: hours(1)), device: device("2026-06-09T18:00:00Z", west))
        let headsUp = try #require(center.pending.first { $0.identifier == "swim_solo_2026-06-10_tomorrow" })
        #expect(headsUp.fireAt == F.instant("2026-06-09T18:30:00Z"))
        try await service.notificationShown(headsUp, device: device("2026-06-09T18:30:00Z", west))
        var now = F.instant("2026-06-09T19:00:00Z")
        while now < F.instant("2026-06-12T09:00:00Z") {
            try await service.reconcile(device: DeviceState(now: now, timeZone: west), cause: .launch)
            now = now.addingTimeInterval(12 * 3600)
        }

        await service.replaceSettings(F.settings([.swimSolo], quiet: ("06:00", "23:59")))
        let arrival = device("2026-06-12T09:00:00Z", east)
        let report = try await service.receiveForecast(
            GoNowForecast(fetchedAt: arrival.now, hours: hours(23)), device: arrival)

        #expect(
            report.events == [
                .suppressed(
                    Suppression(
                        identifier: "swim_solo_2026-06-12_best", fireAt: F.instant("2026-06-12T09:59:00Z"),
                        reason: .alreadyNotified),
                    at: arrival.now)
            ])
        #expect(center.pending.isEmpty)
        #expect(arrival.now.timeIntervalSince(headsUp.fireAt) == 62.5 * 3600)
    }
}
