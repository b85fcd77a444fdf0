import Foundation
import GoNowNotifications
import Testing
import WaveNotifications
import WaveNotificationsTesting

private typealias F = GoNowFixtures

struct GoNowPlanCacheTests {
    private let settings = F.settings([.swimSolo, .runSolo], dogName: "Luna")

    /// Two days of hours, 06:00–20:00, with a morning and an afternoon window each day for both modes.
    private func forecast(fetchedAt: String, bump: Int = 0) -> GoNowForecast {
        let day = [50, 80, 85, 60, 50, 50, 90, 75, 50, 50, 72, 72, 50, 50, 50].map { $0 + bump }
        let hours = ["2026-06-01T06:00", "2026-06-02T06:00"].flatMap { start in
            F.merge(F.hours(from: start, day, mode: .swimSolo), F.hours(from: start, day.reversed(), mode: .runSolo))
        }
        return GoNowForecast(fetchedAt: F.local(fetchedAt), hours: hours)
    }

    private func device(_ local: String, permission: PermissionStatus = .authorized) -> DeviceState {
        DeviceState(now: F.local(local), timeZone: F.zone, permission: permission)
    }

    @Test func reconcileWithNothingChangedPlansNothingAndCallsNothing() async throws {
        let center = RecordingRequestCenter()
        let service = GoNowNotificationService(settings: settings, center: center)
        try await service.receiveForecast(forecast(fetchedAt: "2026-06-01T05:00"), device: device("2026-06-01T05:00"))
        let first = await service.planningCounts
        center.clearCalls()

        let report = try await service.reconcile(device: device("2026-06-01T05:00"), cause: .launch)
        // Later, before anything fires and while the forecast is under 3 hours old: the same plan.
        try await service.reconcile(device: device("2026-06-01T06:00"), cause: .launch)

        let counts = await service.planningCounts
        #expect(report.entries.isEmpty)
        #expect(center.changes.isEmpty)
        #expect(counts.candidateRuns == first.candidateRuns)
        #expect(counts.requestsBuilt == first.requestsBuilt)
        #expect(counts.plansReused == first.plansReused + 2)
    }

    @Test func agingForecastIsPlannedAgain() async throws {
        let center = RecordingRequestCenter()
        let service = GoNowNotificationService(settings: settings, center: center)
        try await service.receiveForecast(forecast(fetchedAt: "2026-06-01T00:00"), device: device("2026-06-01T00:00"))
        #expect(!center.pending.isEmpty)

        // 6 h 30 min later, in front: the forecast is too old and everything pending goes (`stale_data`).
        try await service.reconcile(device: device("2026-06-01T06:30"), cause: .launch)

        #expect(center.pending.isEmpty)
        #expect(center.removed.allSatisfy { $0.reason == .staleData })
    }

    @Test func newForecastWithTheSameWindowsReusesItsRequests() async throws {
        let center = RecordingRequestCenter()
        let service = GoNowNotificationService(settings: settings, center: center)
        try await service.receiveForecast(forecast(fetchedAt: "2026-06-01T04:00"), device: device("2026-06-01T04:00"))
        let first = await service.planningCounts
        center.clearCalls()

        try await service.receiveForecast(forecast(fetchedAt: "2026-06-01T05:00"), device: device("2026-06-01T05:00"))
        #expect(await service.planningCounts.candidateRuns == first.candidateRuns + 1)
        #expect(await service.planningCounts.requestsBuilt == first.requestsBuilt)
        #expect(center.changes.isEmpty)

        // Other scores: other windows, other texts.
        try await service.receiveForecast(
            forecast(fetchedAt: "2026-06-01T05:30", bump: 5), device: device("2026-06-01T05:30"))
        #expect(await service.planningCounts.requestsBuilt > first.requestsBuilt)
        #expect(!center.changes.isEmpty)
    }

    @Test func settingsAndPermissionChangesArePlannedAgain() async throws {
        let center = RecordingRequestCenter()
        let service = GoNowNotificationService(settings: settings, center: center)
        try await service.receiveForecast(forecast(fetchedAt: "2026-06-01T05:00"), device: device("2026-06-01T05:00"))
        #expect(center.pending.contains { $0.identifier.hasPrefix("run_solo_") })

        await service.replaceSettings(F.settings([.swimSolo], dogName: "Luna"))
        try await service.reconcile(device: device("2026-06-01T05:00"), cause: .settings)
        #expect(!center.pending.contains { $0.identifier.hasPrefix("run_solo_") })
        #expect(center.pending.contains { $0.identifier.hasPrefix("swim_solo_") })

        try await service.reconcile(device: device("2026-06-01T05:00", permission: .provisional), cause: .permission)
        #expect(!center.pending.isEmpty)
        #expect(center.pending.allSatisfy { $0.interruptionLevel == .passive })
    }

    /// A day of reconciles every 40 minutes, forecasts every 3 hours, a notification shown whenever one is due:
    /// every cached plan equals the one planned from nothing.
    @Test func cachedPlansEqualPlansFromNothing() {
        var cache = GoNowPlanCache()
        var history = NotificationHistory()
        var pending: [NotificationRequest] = []
        var now = F.local("2026-06-01T00:10")
        var revision = 0
        var current: GoNowForecast?
        var step = 0
        while now < F.local("2026-06-02T12:00") {
            if step % 5 == 1 {
                revision += 1
                current = forecast(fetchedAt: "2026-06-01T00:00", bump: step % 3)
                current?.fetchedAt = now
            }
            let moment: GoNowPlanner.Moment = step % 4 == 3 ? .background : .foreground
            let cached = cache.plan(
                settings: settings, forecast: current, forecastRevision: revision, now: now, moment: moment,
                timeZone: F.zone, permission: .authorized, history: history, pending: pending)
            let fresh = GoNowPlanner.plan(
                settings: settings, forecast: current, now: now, moment: moment, timeZone: F.zone,
                permission: .authorized, history: history, pending: pending)
            #expect(cached == fresh)
            pending = cached.desired
            step += 1
            now = now.addingTimeInterval(40 * 60)
            for request in pending where request.fireAt <= now {
                history.append(GoNowShownNotification(request: request, shownAt: request.fireAt).shownNotification)
            }
            pending.removeAll { $0.fireAt <= now }
        }
        #expect(cache.counts.plansReused > 0)
        #expect(cache.counts.plans == step)
    }
}
