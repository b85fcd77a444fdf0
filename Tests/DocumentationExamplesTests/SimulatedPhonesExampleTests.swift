import Foundation
import HydracatNotifications
import Testing
import WaveNotifications

/// Runs the simulated-phone examples of docs/conformers.md: what a Hydracat user loses on an iPhone, which keeps 64
/// pending requests and runs the app only when it is opened or refreshed, and on an Android phone that restarts.
struct SimulatedPhonesExampleTests {
    private static let zone = TimeZone(identifier: "Europe/Berlin")!
    private static let start = zone.instant(for: try! LocalDateTime(parsing: "2026-03-09T07:00"))

    /// Five cats, each treated four times a day: more reminders and follow-ups than an iPhone holds for two days.
    private static let fiveCats = HydracatSettings(
        userID: "u1", isWeeklySummaryEnabled: false,
        pets: ["Luna", "Milo", "Nala", "Simba", "Coco"].enumerated().map { index, name in
            HydracatPet(
                id: "p\(index + 1)", name: name,
                schedules: [
                    TreatmentSchedule(
                        id: "s1", kind: .fluid, medicationName: "Lactated Ringer's", dose: "100 ml",
                        times: ["08:00", "12:00", "16:00", "20:00"].map { try! LocalTime(parsing: $0) })
                ])
        })

    @Test func launchedOnceTheUserLosesWhatTheIPhoneCouldNotHold() async throws {
        let once = try await weekOnIPhone(
            settings: Self.fiveCats, start: Self.start, zone: Self.zone, runningEvery: nil)
        // 5 cats x 4 treatments x (reminder, follow-up) for today and tomorrow: 80 wanted, 64 held, 16 lost.
        #expect(once.lost.count == 16, "\(once.lost)")
        #expect(once.delivered.count == 64)
        #expect(once.lost.allSatisfy { $0.hasPrefix("u1|p") && $0.contains("2026-03-10") })
        // Its one run said so: the app had to run again within 33 hours (by 16:00 the next day).
        #expect(once.shortestRunwayMinutes == 33 * 60)
    }

    @Test func refreshedEverySixHoursTheUserLosesNothing() async throws {
        let refreshed = try await weekOnIPhone(
            settings: Self.fiveCats, start: Self.start, zone: Self.zone, runningEvery: 6)
        #expect(refreshed.lost.isEmpty, "\(refreshed.lost)")
        // Every reminder and follow-up of the week, none logged.
        #expect(refreshed.delivered.filter { $0.hasSuffix("|reminder") }.count == 5 * 4 * 7)
        // After every run it could have stayed closed 27 hours: far more than the 6 until its next run.
        #expect(refreshed.shortestRunwayMinutes == 27 * 60)
    }

    @Test func onAndroidOnlyARebootWithoutABootReceiverLosesSomething() async throws {
        let reboot = Self.start.addingTimeInterval((24 + 2) * 3600)  // Tuesday 09:00
        let withReceiver = try await weekOnAndroid(
            settings: Self.fiveCats, start: Self.start, zone: Self.zone, runningEvery: 6, reboot: reboot,
            bootReceiver: true)
        #expect(withReceiver.lost.isEmpty, "\(withReceiver.lost)")
        #expect(withReceiver.delivered.filter { $0.hasSuffix("|reminder") }.count == 5 * 4 * 7)
        let without = try await weekOnAndroid(
            settings: Self.fiveCats, start: Self.start, zone: Self.zone, runningEvery: 6, reboot: reboot,
            bootReceiver: false)
        // Asleep from the 09:00 restart to its 13:00 run: the 08:00 follow-ups and the 12:00 reminders are lost.
        #expect(without.lost.count == 10, "\(without.lost)")
        #expect(
            without.lost.allSatisfy {
                $0.hasSuffix("2026-03-10T08:00|followup") || $0.hasSuffix("2026-03-10T12:00|reminder")
            })
        #expect(without.delivered.count == withReceiver.delivered.count - 10)
    }

    @Test func withExactAlarmsDeniedTheMorningReminderComesAnHourLate() async throws {
        let evening = Self.zone.instant(for: try LocalDateTime(parsing: "2026-03-09T22:00"))
        let oneCat = HydracatSettings(
            userID: "u1", isWeeklySummaryEnabled: false,
            pets: [
                HydracatPet(
                    id: "p1", name: "Luna",
                    schedules: [
                        TreatmentSchedule(
                            id: "s1", kind: .medication, medicationName: "Benazepril", dose: "2.5 mg",
                            times: [try LocalTime(parsing: "08:00")])
                    ])
            ])
        // Handed over at 22:00, ten hours ahead: an inexact alarm's window is ¾ of that, at most an hour.
        let denied = try await minutesLateOnAPixelOvernight(
            settings: oneCat, start: evening, zone: Self.zone, exactAlarmsAllowed: false)
        #expect(denied == 60)
        // An exact allow-while-idle alarm fires in deep Doze at its instant.
        let allowed = try await minutesLateOnAPixelOvernight(
            settings: oneCat, start: evening, zone: Self.zone, exactAlarmsAllowed: true)
        #expect(allowed == 0)
    }

    @Test func aForceStopOnMondayNightLosesTheRemindersBeforeWednesdaysLaunch() async throws {
        let oneCat = HydracatSettings(
            userID: "u1", isWeeklySummaryEnabled: false,
            pets: [
                HydracatPet(
                    id: "p1", name: "Luna",
                    schedules: [
                        TreatmentSchedule(
                            id: "s1", kind: .medication, medicationName: "Benazepril", dose: "2.5 mg",
                            times: [try LocalTime(parsing: "08:00"), try LocalTime(parsing: "20:00")])
                    ])
            ])
        let lost = try await remindersLostAfterAForceStop(
            settings: oneCat, start: Self.start, zone: Self.zone,
            mondayNight: Self.zone.instant(for: try LocalDateTime(parsing: "2026-03-09T22:00")),
            wednesdayMorning: Self.zone.instant(for: try LocalDateTime(parsing: "2026-03-11T07:00")))
        // Tuesday's 08:00 and 20:00 reminders are lost; Wednesday's 08:00 is handed over again at the launch.
        #expect(
            lost.filter { $0.hasSuffix("|reminder") } == [
                "u1|p1|s1|2026-03-10T08:00|reminder", "u1|p1|s1|2026-03-10T20:00|reminder",
            ])
    }
}
