import Foundation
import HydracatNotifications
import Testing
import WaveNotifications

struct HydracatPrivacyTests {
    typealias F = HydracatFixtures

    /// Medication names and doses that are also ordinary words of the texts, links and identifiers.
    static let ordinaryWords: [(name: String, dose: String)] = [
        ("Time", "2 ml"), ("Log", "Reminder"), ("Reminder", "morning"), ("morning", "Log"),
    ]

    private static func settings(name: String, dose: String) -> HydracatSettings {
        HydracatSettings(
            userID: "u1", endOfDay: EndOfDaySettings(isEnabled: true),
            pets: [
                HydracatPet(
                    id: "p1", name: "Luna",
                    schedules: [
                        TreatmentSchedule(
                            id: "s1", kind: .medication, medicationName: PrivateText(name), dose: PrivateText(dose),
                            times: F.times("08:00", "20:00")),
                        TreatmentSchedule(
                            id: "s2", kind: .fluid, medicationName: PrivateText(name), dose: PrivateText(dose),
                            times: F.times("02:30")),
                    ])
            ])
    }

    /// Every field of every request, withdrawal, suppression and error a scenario produces, texts rendered in
    /// English from `Hydracat.strings`, plus the descriptions of the inputs.
    private static func transcript(
        name: String, dose: String
    ) throws -> (fields: [String], keys: [String], rendered: [String]) {
        var fields: [String] = []
        var keys: [String] = []
        var rendered: [String] = []
        func add(_ request: NotificationRequest) {
            fields += [request.identifier, request.threadID, request.deepLink, request.channel.id]
            fields += request.metadata.sorted { $0.key < $1.key }.flatMap { [$0.key, $0.value] }
            for text in [request.title, request.body, request.channel.name] + request.actions.map(\.title) {
                // Keys name texts ("hydracat_reminder_title_morning_medication") and are never shown.
                keys.append(text.key)
                fields += [text.table] + text.arguments
                rendered.append(F.render(text) ?? "missing \(text.key)")
            }
        }
        let settings = Self.settings(name: name, dose: dose)
        var sut = HydracatPlanner(settings: settings, replayStart: F.local("2026-03-23T00:00"))
        sut.logs = [TreatmentLog(petID: "p1", scheduleID: "s1", slot: F.slot("2026-03-23T08:00"))]
        var shown = DeliveryLog()
        for (now, permission) in [
            ("2026-03-23T08:10", PermissionStatus.authorized), ("2026-03-24T12:00", .provisional),
            ("2026-03-29T01:00", .denied), ("2026-03-29T20:05", .authorized),
        ] {
            let plan = sut.plan(at: F.local(now), in: F.berlin, permission: permission, shown: shown)
            (plan.plan.desired + plan.plan.showNow).forEach(add)
            fields += plan.plan.suppressed.map { "\($0.identifier) \($0.reason)" }
            fields += plan.withdrawals.map { "\($0)" }
            fields += plan.plan.removalReasons.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
            for request in plan.plan.showNow { shown.recordShown(request.identifier, at: F.local(now)) }
        }
        shown.recordShown("u1|p1|s2|2026-03-29T02:30|reminder", at: F.local("2026-03-29T03:30"))
        let snooze = try #require(
            try sut.snooze(
                identifier: "u1|p1|s2|2026-03-29T02:30|reminder", at: F.local("2026-03-29T03:31"), in: F.berlin,
                permission: .authorized, shown: shown))
        add(snooze.request)
        fields.append(String(describing: snooze.withdrawal))
        for bad in ["u1|p1|\(name)|2026-03-29T02:30|reminder", "u1|\(dose)|s1|2026-03-29T02:30|reminder", name, dose] {
            do {
                _ = try sut.snooze(
                    identifier: bad, at: F.local("2026-03-29T03:31"), in: F.berlin, permission: .authorized,
                    shown: shown)
            } catch {
                fields += [error.description, String(describing: error), String(reflecting: error)]
            }
        }
        var broken = settings
        broken.pets[0].schedules[1].id = "s|2"
        do { try broken.validate() } catch { fields.append(error.description) }
        let schedule = settings.pets[0].schedules[0]
        fields += [
            String(describing: settings), String(reflecting: settings), String(describing: settings.pets),
            String(describing: schedule), String(reflecting: schedule), "\(schedule.medicationName)",
            String(reflecting: schedule.dose),
        ]
        var dumped = ""
        dump(schedule, to: &dumped)
        fields.append(dumped)
        return (fields, keys, rendered)
    }

    @Test func aUniqueMedicationNameAndDoseNeverAppearAnywhere() throws {
        let (fields, keys, rendered) = try Self.transcript(name: "Zq7Benazepril", dose: "Zq7Dose 5 mg")
        #expect(fields.count > 100)
        #expect(!rendered.contains { $0.hasPrefix("missing") })
        for text in fields + keys + rendered {
            #expect(!text.contains("Zq7"), "leak in \(text)")
            #expect(!text.contains("Benazepril"))
        }
    }

    @Test(arguments: ordinaryWords.map { "\($0.name)/\($0.dose)" })
    func ordinaryWordNamesChangeNothingAndAppearInNoField(pair: String) throws {
        let parts = pair.split(separator: "/").map(String.init)
        let (name, dose) = (parts[0], parts[1])
        let plain = try Self.transcript(name: name, dose: dose)
        let sentinel = try Self.transcript(name: "Zq7Benazepril", dose: "Zq7Dose 5 mg")
        // The rendered texts hold "Time", "Reminder", "morning" of their own: they must not depend on the name.
        #expect(plain.rendered == sentinel.rendered)
        #expect(plain.keys == sentinel.keys)
        #expect(plain.fields.count == sentinel.fields.count)
        for (index, field) in plain.fields.enumerated() where index < sentinel.fields.count {
            // Errors from the bad identifiers quote nothing of them; every other field is identical.
            #expect(field == sentinel.fields[index] || !field.contains(name) && !field.contains(dose), "\(field)")
        }
        for field in plain.fields {
            #expect(!field.contains(name), "\(name) in \(field)")
            #expect(!field.contains(dose), "\(dose) in \(field)")
        }
    }
}
