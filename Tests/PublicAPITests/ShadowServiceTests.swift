import Foundation
import ShadowNotifications
import Testing
import WaveNotifications

/// A day of Shadow as the app runs it: the service over an outside platform conformer, public API only.
struct ShadowServiceTests {
    private static let zone = TimeZone(identifier: "Europe/Berlin")!

    private static func local(_ text: String) -> Date {
        zone.instant(for: try! LocalDateTime(parsing: text))
    }

    private static func device(_ text: String, _ permission: PermissionStatus = .authorized) -> DeviceState {
        DeviceState(now: local(text), timeZone: zone, permission: permission)
    }

    /// Food at breakfast, lunch and dinner; vitals at wake-up; both expire after an hour.
    private static let settings = ShadowSettings(categories: [
        .food: try! ShadowCategorySettings(enabled: true), .vitals: try! ShadowCategorySettings(enabled: true),
    ])

    /// Hands every request due by `text` to the service, as the platform's delegate would, and returns the events.
    private static func fire(
        until text: String, on center: OutsideCenter, service: ShadowNotificationService
    ) async throws -> [NotificationEvent] {
        var events: [NotificationEvent] = []
        for request in await center.fire(until: local(text)) {
            events += try await service.notificationShown(request, device: device(text)).events
        }
        return events
    }

    @Test func aDayOfCheckInsAnsweredExpiredAndSwitchedOff() async throws {
        let center = OutsideCenter()
        let service = ShadowNotificationService(settings: Self.settings, center: center)

        try await service.reconcile(device: Self.device("2026-06-01T06:00"), cause: .start)
        #expect(
            await center.pendingIdentifiers == [
                "shadow_vitals_2026-06-01_07:00", "shadow_food_2026-06-01_08:00", "shadow_food_2026-06-01_12:00",
                "shadow_food_2026-06-01_18:00", "shadow_vitals_2026-06-02_07:00", "shadow_food_2026-06-02_08:00",
                "shadow_food_2026-06-02_12:00", "shadow_food_2026-06-02_18:00",
            ])

        // 07:00: the vitals check-in shows; answered ten minutes later it leaves the screen and never expires.
        let vitals = try await Self.fire(until: "2026-06-01T07:00", on: center, service: service)
        #expect(vitals.map(\.identifier) == ["shadow_vitals_2026-06-01_07:00"])
        let answered = try await service.respond(
            to: "shadow_vitals_2026-06-01_07:00", device: Self.device("2026-06-01T07:10")
        ).events
        #expect(
            answered == [
                .withdrawn(
                    identifier: "shadow_vitals_2026-06-01_07:00", reason: .responded,
                    at: Self.local("2026-06-01T07:10"))
            ])
        #expect(
            try await service.respond(to: "shadow_vitals_2026-06-01_07:00", device: Self.device("2026-06-01T07:11"))
                .events
                .isEmpty)

        // 08:00: breakfast shows and, unanswered, expires at 09:00.
        _ = try await Self.fire(until: "2026-06-01T08:00", on: center, service: service)
        #expect(await service.nextExpiry == Self.local("2026-06-01T09:00"))
        let expired = try await service.withdrawExpired(device: Self.device("2026-06-01T09:00")).events
        #expect(
            expired == [
                .withdrawn(
                    identifier: "shadow_food_2026-06-01_08:00", reason: .expired, at: Self.local("2026-06-01T09:00"))
            ])
        #expect(await center.onScreen.isEmpty)

        // A launch moves the 48-hour horizon (two check-ins of June 3 join); the same reconcile again makes no call,
        // and what was shown is not scheduled again.
        try await service.reconcile(device: Self.device("2026-06-01T09:30"), cause: .launch)
        #expect(await center.calls.last == "add shadow_vitals_2026-06-03_07:00,shadow_food_2026-06-03_08:00")
        let callsBefore = await center.calls.count
        #expect(try await service.reconcile(device: Self.device("2026-06-01T09:30"), cause: .launch).events.isEmpty)
        #expect(await center.calls.count == callsBefore)

        // 10:00: food switched off: its pending check-ins go, each with the reason.
        await service.replaceSettings(
            ShadowSettings(categories: [.vitals: try! ShadowCategorySettings(enabled: true)]))
        let switchedOff = try await service.reconcile(device: Self.device("2026-06-01T10:00"), cause: .settings).events
        #expect(switchedOff.allSatisfy { if case .cancelled(_, .userDisabled, _) = $0 { true } else { false } })
        #expect(switchedOff.count == 6)
        #expect(
            await center.pendingIdentifiers == ["shadow_vitals_2026-06-02_07:00", "shadow_vitals_2026-06-03_07:00"])

        // 11:00: the permission is denied: nothing stays pending, and the reason says why.
        let denied = try await service.reconcile(device: Self.device("2026-06-01T11:00", .denied), cause: .permission)
            .events
        #expect(
            denied.contains(
                .cancelled(
                    identifier: "shadow_vitals_2026-06-02_07:00", reason: .permissionDenied,
                    at: Self.local("2026-06-01T11:00"))))
        #expect(await center.pendingIdentifiers.isEmpty)
    }
}
