import Foundation
import ShadowNotifications
import Testing
import WaveNotifications
import WaveNotificationsTesting

private typealias F = ShadowFixtures

struct ShadowPlanCacheTests {
    private let zone = F.zone
    private let settings = F.settings([.food: F.on, .fluids: F.on, .journal: F.on])

    private func device(_ local: String, permission: PermissionStatus = .authorized) -> DeviceState {
        DeviceState(now: F.local(local), timeZone: F.zone, permission: permission)
    }

    @Test func reconcileWithNothingChangedPlansNothingAndCallsNothing() async throws {
        let center = RecordingRequestCenter()
        let service = ShadowNotificationService(settings: settings, center: center)
        try await service.reconcile(device: device("2026-06-01T06:00"), cause: .start)
        let first = await service.planningCounts
        center.clearCalls()

        let events = try await service.reconcile(device: device("2026-06-01T06:00"), cause: .launch).events
        // Later, before the next check-in (08:00) and with nothing new at the horizon's end: the same plan.
        try await service.reconcile(device: device("2026-06-01T07:30"), cause: .backgroundRefresh)

        let counts = await service.planningCounts
        #expect(events.isEmpty)
        #expect(center.changes.isEmpty)
        #expect(counts.checkInRuns == first.checkInRuns)
        #expect(counts.requestsBuilt == first.requestsBuilt)
        #expect(counts.plansReused == first.plansReused + 2)
    }

    @Test func settingsChangeIsPlannedAgain() async throws {
        let center = RecordingRequestCenter()
        let service = ShadowNotificationService(settings: settings, center: center)
        try await service.reconcile(device: device("2026-06-01T06:00"), cause: .start)
        let before = await service.planningCounts

        var fewer = settings
        fewer.categories[.fluids] = try ShadowCategorySettings(enabled: false)
        await service.replaceSettings(fewer)
        let events = try await service.reconcile(device: device("2026-06-01T06:00"), cause: .settings).events

        #expect(await service.planningCounts.checkInRuns == before.checkInRuns + 1)
        #expect(!center.pending.contains { $0.identifier.hasPrefix("shadow_fluids_") })
        #expect(center.pending.contains { $0.identifier.hasPrefix("shadow_food_") })
        #expect(
            events.contains(
                .cancelled(
                    identifier: "shadow_fluids_2026-06-01_08:00", reason: .userDisabled, at: F.local("2026-06-01T06:00")
                )))
    }

    @Test func shownCheckInIsNotPlannedAgainAtTheSameInstant() async throws {
        let center = RecordingRequestCenter()
        let service = ShadowNotificationService(settings: settings, center: center)
        let eight = device("2026-06-01T08:00")
        try await service.reconcile(device: eight, cause: .start)
        let shown = try #require(center.pending.first { $0.identifier == "shadow_fluids_2026-06-01_08:00" })
        try await service.notificationShown(shown, device: eight)
        let reused = await service.planningCounts.plansReused

        try await service.reconcile(device: eight, cause: .launch)

        #expect(await service.planningCounts.plansReused == reused)
        #expect(!center.pending.contains { $0.identifier == shown.identifier })
    }

    @Test func permissionChangeIsPlannedAgain() async throws {
        let center = RecordingRequestCenter()
        let service = ShadowNotificationService(settings: settings, center: center)
        try await service.reconcile(device: device("2026-06-01T06:00"), cause: .start)

        let events = try await service.reconcile(
            device: device("2026-06-01T06:00", permission: .denied), cause: .permission
        ).events

        #expect(center.pending.isEmpty)
        #expect(events.contains { if case .suppressed = $0 { true } else { false } })
    }

    /// Reconciles at uneven steps across Berlin's spring-forward night, with check-ins shown as they come due: every
    /// cached plan equals the one planned from nothing, and its requests are the check-ins of [now, now + 48 h).
    @Test(arguments: [0, 3600, 24 * 3600] as [TimeInterval])
    func cachedPlansEqualPlansFromNothing(lookahead: TimeInterval) {
        var settings = settings
        settings.categories[.supplements] = F.on
        settings.supplements = [ShadowSupplement(id: "d", name: "Vitamin D", anchors: [.wake, .dinner])]
        var cache = ShadowPlanCache(lookahead: lookahead)
        var history = NotificationHistory()
        var now = F.local("2026-03-27T05:00")
        var pending: [NotificationRequest] = []
        var step = 0
        while now < F.local("2026-04-01T00:00") {
            let permission: PermissionStatus = step % 7 == 5 ? .provisional : .authorized
            let cached = cache.plan(
                settings: settings, now: now, timeZone: zone, permission: permission, history: history,
                pending: pending)
            let fresh = ShadowPlanner.plan(
                settings: settings, now: now, timeZone: zone, permission: permission, history: history,
                pending: pending)
            #expect(cached == fresh)
            let expected = ShadowPlanner.checkIns(
                settings: settings, from: now, to: now.addingTimeInterval(ShadowPlanner.horizon), in: zone
            ).filter { !history.wasShown(identifier: $0.identifier) }
            #expect(cached.desired.map(\.identifier) == expected.map(\.identifier))
            pending = cached.desired
            step += 1
            now = now.addingTimeInterval(Double(step % 5) * 3 * 3600 + 17 * 60)
            for request in pending where request.fireAt <= now {
                history.append(ShownNotification(identifier: request.identifier, shownAt: request.fireAt))
            }
        }
        #expect(cache.counts.plans == step)
    }
}
