import Foundation
import HydracatNotifications
import Testing
import WaveNotifications
import WaveNotificationsTesting

/// Two pets with a schedule of the same id (`s1`, both at 08:00): a log names its pet and moves nothing of the other.
struct HydracatTwoPetsTests {
    typealias F = HydracatFixtures

    private static let settings = HydracatSettings(
        userID: "u1", endOfDay: EndOfDaySettings(isEnabled: true, time: try! LocalTime(parsing: "21:00")),
        pets: [
            HydracatPet(
                id: "p1", name: "Luna",
                schedules: [
                    TreatmentSchedule(
                        id: "s1", kind: .medication, medicationName: "Benazepril", dose: "2.5 mg",
                        times: F.times("08:00"))
                ]),
            HydracatPet(
                id: "p2", name: "Milo",
                schedules: [TreatmentSchedule(id: "s1", kind: .fluid, times: F.times("08:00"))]),
        ])

    private static func device(_ text: String) -> DeviceState {
        DeviceState(now: F.local(text), timeZone: F.berlin, permission: .authorized)
    }

    /// Luna's treatment of a slot, logged.
    private static func lunasLog(_ slot: String) -> TreatmentLog {
        TreatmentLog(petID: "p1", scheduleID: "s1", slot: F.slot(slot))
    }

    private static func identifier(_ pet: String, _ type: HydracatNotificationType) -> String {
        "u1|\(pet)|s1|2026-03-10T08:00|\(type.rawValue)"
    }

    /// A service that reconciled at 07:00 and showed both 08:00 reminders at 08:00.
    private static func serviceWithBothRemindersShown() async throws -> (
        HydracatNotificationService, RecordingRequestCenter
    ) {
        let center = RecordingRequestCenter()
        let service = HydracatNotificationService(
            settings: settings, start: F.local("2026-03-10T07:00"), center: center)
        try await service.reconcile(device: device("2026-03-10T07:00"), cause: .start)
        for pet in ["p1", "p2"] {
            let reminder = try #require(center.pending.first { $0.identifier == identifier(pet, .reminder) })
            try await service.notificationShown(reminder, device: device("2026-03-10T08:00"))
            // The platform no longer holds what it showed.
            try await center.removePending(identifiers: [reminder.identifier], reason: .expired)
        }
        return (service, center)
    }

    @Test func loggingLunasDoseLeavesMilosReminderShownAndHisFollowUpPending() async throws {
        let (service, center) = try await Self.serviceWithBothRemindersShown()

        let events = try await service.log(Self.lunasLog("2026-03-10T08:00"), device: Self.device("2026-03-10T08:10"))
            .events

        let withdrawn = events.compactMap { event -> String? in
            guard case .withdrawn(let identifier, .responded, _) = event else { return nil }
            return identifier
        }
        #expect(withdrawn == [Self.identifier("p1", .reminder)])
        #expect(!events.contains { "\($0)".contains("|p2|") })
        let pending = Set(center.pending.map(\.identifier))
        #expect(pending.contains(Self.identifier("p2", .followup)))
        #expect(!pending.contains(Self.identifier("p1", .followup)))
        #expect(pending.contains("u1|p2|-|2026-03-10T21:00|eod"))
        #expect(await service.savedState.session.log.isOnScreen(Self.identifier("p2", .reminder)))
    }

    @Test func loggingLunasDoseKeepsMilosSnooze() async throws {
        let (service, center) = try await Self.serviceWithBothRemindersShown()
        try await service.snooze(Self.identifier("p2", .reminder), device: Self.device("2026-03-10T08:05"))
        #expect(center.pending.contains { $0.identifier == Self.identifier("p2", .snooze) })

        let removedBefore = center.removed.count

        try await service.log(Self.lunasLog("2026-03-10T08:00"), device: Self.device("2026-03-10T08:10"))

        #expect(center.pending.contains { $0.identifier == Self.identifier("p2", .snooze) })
        let removed = center.removed.dropFirst(removedBefore).map(\.request.identifier)
        // Luna's follow-up, and her end-of-day check with nothing left unlogged; nothing of Milo's.
        #expect(removed == [Self.identifier("p1", .followup), "u1|p1|-|2026-03-10T21:00|eod"])
    }

    @Test func weeklyCountsAndEndOfDayCountOnlyThePetsOwnLogs() {
        let start = F.local("2026-03-09T07:00")  // a Monday
        let week = (9...15).map { String(format: "2026-03-%02dT08:00", $0) }
        let planner = HydracatPlanner(
            settings: Self.settings, logs: Set(week.map(Self.lunasLog) + [Self.lunasLog("2026-03-16T08:00")]),
            replayStart: start)
        let plan = planner.plan(
            at: F.local("2026-03-16T08:30"), in: F.berlin, permission: .authorized, shown: DeliveryLog())

        let weekly = { (pet: String) in
            plan.plan.desired.first { $0.identifier == "u1|\(pet)|-|2026-03-16T09:00|weekly" }.flatMap {
                F.render($0.body)
            }
        }
        #expect(weekly("p1") == "Treatments logged this week: 7 of 7. Great job!")
        #expect(weekly("p2") == "Treatments logged this week: 0 of 7.")
        let endOfDay = plan.plan.desired.filter { $0.identifier.hasSuffix("|2026-03-16T21:00|eod") }
        #expect(endOfDay.map(\.identifier) == ["u1|p2|-|2026-03-16T21:00|eod"])
    }

    @Test func aLogSavedWithoutAPetDecodesAndCoversEveryPetWithTheSchedule() throws {
        let saved = Data(#"{"schedule":"s1","slot":"2026-03-10T08:00"}"#.utf8)
        let log = try JSONDecoder().decode(TreatmentLog.self, from: saved)
        #expect(log.petID == nil)
        #expect(log == TreatmentLog(scheduleID: "s1", slot: F.slot("2026-03-10T08:00")))
        let start = F.local("2026-03-10T07:00")
        let plan = HydracatPlanner(settings: Self.settings, logs: [log], replayStart: start)
            .plan(at: start, in: F.berlin, permission: .authorized, shown: DeliveryLog())
        #expect(!plan.plan.desired.contains { $0.identifier.contains("|s1|2026-03-10T08:00|") })
        #expect(plan.plan.desired.contains { $0.identifier == "u1|p2|s1|2026-03-11T08:00|reminder" })
    }

    @Test func aServiceStateSavedBeforeLogsNamedTheirPetStillLoads() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let current = HydracatNotificationService.SavedState(logs: [Self.lunasLog("2026-03-10T08:00")])
        let text = String(decoding: try encoder.encode(current), as: UTF8.self)
        #expect(text.contains(#"{"pet":"p1","schedule":"s1","slot":"2026-03-10T08:00"}"#))
        let saved = text.replacingOccurrences(of: #""pet":"p1","#, with: "")

        let state = try JSONDecoder().decode(HydracatNotificationService.SavedState.self, from: Data(saved.utf8))

        #expect(state.logs == [TreatmentLog(scheduleID: "s1", slot: F.slot("2026-03-10T08:00"))])
        #expect(try JSONDecoder().decode(HydracatNotificationService.SavedState.self, from: Data(text.utf8)) == current)
    }
}
