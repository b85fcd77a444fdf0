import Foundation
import HydracatNotifications
import Testing
import WaveNotifications

/// A day of Hydracat as the app runs it: the service over an outside platform conformer, public API only.
struct HydracatServiceTests {
    private static let zone = TimeZone(identifier: "Europe/Berlin")!

    private static func local(_ text: String) -> Date {
        zone.instant(for: try! LocalDateTime(parsing: text))
    }

    private static func device(_ text: String, _ permission: PermissionStatus = .authorized) -> DeviceState {
        DeviceState(now: local(text), timeZone: zone, permission: permission)
    }

    /// Luna's medication at 08:00 and 20:00; the weekly summary off so the day's requests stay few (also the settings
    /// the saved-state fixture was made with: `SavedStateFixtureTests`).
    static let settings = HydracatSettings(
        userID: "u1", isWeeklySummaryEnabled: false,
        pets: [
            HydracatPet(
                id: "p1", name: "Luna",
                schedules: [
                    TreatmentSchedule(
                        id: "s1", kind: .medication, medicationName: "Benazepril", dose: "2.5 mg",
                        times: [try! LocalTime(parsing: "08:00"), try! LocalTime(parsing: "20:00")])
                ])
        ])

    private static func id(_ slot: String, _ type: String) -> String { "u1|p1|s1|\(slot)|\(type)" }

    /// Hands every request due by `text` to the service, as the platform's delegate would, and returns the events.
    private static func fire(
        until text: String, on center: OutsideCenter, service: HydracatNotificationService
    ) async throws -> [NotificationEvent] {
        var events: [NotificationEvent] = []
        for request in await center.fire(until: local(text)) {
            events += try await service.notificationShown(request, device: device(text)).events
        }
        return events
    }

    @Test func aDayOfRemindersSnoozedTwiceLoggedAndSwitchedOff() async throws {
        let center = OutsideCenter()
        let service = HydracatNotificationService(
            settings: Self.settings, start: Self.local("2026-03-10T07:00"), center: center)
        let morning = Self.id("2026-03-10T08:00", "reminder")
        let snooze = Self.id("2026-03-10T08:00", "snooze")

        try await service.reconcile(device: Self.device("2026-03-10T07:00"), cause: .start)
        var handedOver = await center.pendingRequests()
        #expect(
            await center.pendingIdentifiers == [
                morning, Self.id("2026-03-10T08:00", "followup"), Self.id("2026-03-10T20:00", "reminder"),
                Self.id("2026-03-10T20:00", "followup"), Self.id("2026-03-11T08:00", "reminder"),
                Self.id("2026-03-11T08:00", "followup"), Self.id("2026-03-11T20:00", "reminder"),
                Self.id("2026-03-11T20:00", "followup"),
            ])

        // 08:00 the reminder shows; snoozed at 08:05 it leaves the screen and comes back at 08:20.
        #expect(
            try await Self.fire(until: "2026-03-10T08:00", on: center, service: service).map(\.identifier) == [morning])
        #expect(
            try await service.snooze(morning, device: Self.device("2026-03-10T08:05")).events == [
                .withdrawn(identifier: morning, reason: .snoozed, at: Self.local("2026-03-10T08:05"))
            ])
        #expect(
            await center.pendingRequests().first { $0.identifier == snooze }?.fireAt == Self.local("2026-03-10T08:20"))

        // 08:20 the snooze shows; snoozed again at 08:25 it comes back at 08:40, and a launch in between keeps it:
        // the user asked for it, so it is not "already shown".
        #expect(
            try await Self.fire(until: "2026-03-10T08:20", on: center, service: service).map(\.identifier) == [snooze])
        #expect(try await service.snooze(snooze, device: Self.device("2026-03-10T08:25")).events.count == 1)
        handedOver += await center.pendingRequests()
        #expect(try await service.reconcile(device: Self.device("2026-03-10T08:30"), cause: .launch).events.isEmpty)
        #expect(
            await center.pendingRequests().first { $0.identifier == snooze }?.fireAt == Self.local("2026-03-10T08:40"))

        // 08:40 it shows a second time; logging the slot at 08:45 withdraws it and removes the follow-up.
        #expect(
            try await Self.fire(until: "2026-03-10T08:40", on: center, service: service).map(\.identifier) == [snooze])
        let logged = try await service.log(
            TreatmentLog(petID: "p1", scheduleID: "s1", slot: try LocalDateTime(parsing: "2026-03-10T08:00")),
            device: Self.device("2026-03-10T08:45")
        ).events
        #expect(
            logged == [
                .withdrawn(identifier: snooze, reason: .responded, at: Self.local("2026-03-10T08:45")),
                .cancelled(
                    identifier: Self.id("2026-03-10T08:00", "followup"), reason: .reschedule,
                    at: Self.local("2026-03-10T08:45")),
            ])
        #expect(await center.onScreen.isEmpty)
        // Snoozing what is no longer on screen does nothing.
        #expect(try await service.snooze(snooze, device: Self.device("2026-03-10T08:50")).events.isEmpty)

        // 12:00 the permission is denied: every pending request goes, each with the reason.
        let denied = try await service.reconcile(device: Self.device("2026-03-10T12:00", .denied), cause: .permission)
            .events
        #expect(await center.pendingIdentifiers.isEmpty)
        #expect(
            denied.compactMap { event -> String? in
                guard case .cancelled(let identifier, .permissionDenied, _) = event else { return nil }
                return identifier
            }.count == 6)

        // Nothing the platform received names the medication or its dose: not a field of any request handed over
        // (the day's first ones, the snooze): texts are keys and the pet's name.
        var fields: [String] = []
        for request in handedOver {
            fields += [request.identifier, request.threadID, request.deepLink, request.channel.id]
            fields += [request.title.key, request.body.key] + request.title.arguments + request.body.arguments
            fields += request.actions.map(\.id)
            fields += request.metadata.flatMap { [$0.key, $0.value] }
        }
        #expect(handedOver.count == 16)  // 8 at the start, 8 after the second snooze (its request included).
        #expect(fields.contains("Luna"))  // The check reads the texts' arguments: the pet's name is there.
        for secret in ["Benazepril", "2.5 mg", "2.5"] {
            #expect(!fields.contains { $0.contains(secret) })
            #expect(!"\(logged) \(denied)".contains(secret))
        }
    }

    @Test func theNextRunRestoresWhatTheLastOneRemembered() async throws {
        // First run (one process): the reminder shows, is snoozed, the snooze shows; the app saves the state.
        let center = OutsideCenter()
        let first = HydracatNotificationService(
            settings: Self.settings, start: Self.local("2026-03-10T07:00"), center: center)
        try await first.reconcile(device: Self.device("2026-03-10T07:00"), cause: .start)
        _ = try await Self.fire(until: "2026-03-10T08:00", on: center, service: first)
        try await first.snooze(Self.id("2026-03-10T08:00", "reminder"), device: Self.device("2026-03-10T08:05"))
        _ = try await Self.fire(until: "2026-03-10T08:20", on: center, service: first)
        let saved = try JSONEncoder().encode(await first.savedState)

        // Next run, a new process: the user logs the slot from the snooze still on screen.
        let second = HydracatNotificationService(
            settings: Self.settings, start: Self.local("2026-03-10T07:00"), center: center,
            restoring: try JSONDecoder().decode(HydracatNotificationService.SavedState.self, from: saved))
        #expect(await second.savedState == first.savedState)
        let logged = try await second.log(
            TreatmentLog(petID: "p1", scheduleID: "s1", slot: try LocalDateTime(parsing: "2026-03-10T08:00")),
            device: Self.device("2026-03-10T08:30")
        ).events
        #expect(
            logged == [
                .withdrawn(
                    identifier: Self.id("2026-03-10T08:00", "snooze"), reason: .responded,
                    at: Self.local("2026-03-10T08:30")),
                .cancelled(
                    identifier: Self.id("2026-03-10T08:00", "followup"), reason: .reschedule,
                    at: Self.local("2026-03-10T08:30")),
            ])
        // Nothing shown in the first run is scheduled again.
        #expect(await !center.pendingIdentifiers.contains(Self.id("2026-03-10T08:00", "reminder")))
        #expect(await center.onScreen.isEmpty)
    }

    @Test func aSnoozeNamingAnUnknownPetThrowsWithoutQuotingIt() async throws {
        let service = HydracatNotificationService(
            settings: Self.settings, start: Self.local("2026-03-10T07:00"), center: OutsideCenter())
        await #expect(throws: HydracatError.unknownPet) {
            try await service.snooze("u1|p9|s1|2026-03-10T08:00|reminder", device: Self.device("2026-03-10T08:05"))
        }
    }

    @Test func aReminderMissedByLessThanItsGraceIsShownLateAtTheNextRun() async throws {
        let center = OutsideCenter()
        let service = HydracatNotificationService(
            settings: Self.settings, start: Self.local("2026-03-10T07:00"), center: center)
        // The app first runs at 08:20: the 08:00 reminder is 20 minutes late, within the 30-minute grace.
        let events = try await service.reconcile(device: Self.device("2026-03-10T08:20"), cause: .launch).events
        guard case .delivered(let request, let at, let late) = events.last else {
            Issue.record("expected a late delivery, got \(events)")
            return
        }
        #expect(request.identifier == Self.id("2026-03-10T08:00", "reminder"))
        #expect(at == Self.local("2026-03-10T08:20"))
        #expect(late)
        #expect(await center.onScreen == [Self.id("2026-03-10T08:00", "reminder")])
    }
}
