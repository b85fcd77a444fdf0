import Foundation
import Testing

/// `wavesim replay` of Hydracat scenarios, end to end through the engine, the planner and the Linux manager.
struct HydracatReplayTests {
    @Test func aWeekendAcrossTheSpringForward() async {
        let run = await ReplayRun.app("hydracat-week.json")
        #expect(run.status == 0)
        let withdrawn = run.lines("withdrawn")
        // Logged, snoozed twice (the second replaces the first), yesterday's cleared at local midnight.
        #expect(withdrawn.contains("2026-03-28T07:10:00Z u1|p1|s1|2026-03-28T08:00|reminder responded"))
        #expect(withdrawn.contains("2026-03-28T19:05:00Z u1|p1|s1|2026-03-28T20:00|reminder snoozed"))
        #expect(withdrawn.contains("2026-03-28T19:20:00Z u1|p1|s1|2026-03-28T20:00|snooze snoozed"))
        #expect(withdrawn.contains("2026-03-28T23:00:00Z u1|p1|-|2026-03-28T21:00|eod expired"))
        let delivered = run.lines("delivered")
        #expect(delivered.contains("2026-03-28T19:20:00Z u1|p1|s1|2026-03-28T20:00|snooze"))
        #expect(delivered.contains("2026-03-28T19:35:00Z u1|p1|s1|2026-03-28T20:00|snooze"))
        // The 02:30 slot on the spring-forward night would fire at 03:30 local (01:30Z); permission was denied then,
        // and at 08:20 it is long past the 30-minute grace: missed. The 08:00 reminder is 20 minutes late: shown.
        let suppressed = run.lines("suppressed")
        #expect(suppressed.contains("2026-03-29T06:20:00Z u1|p1|s2|2026-03-29T02:30|reminder missed"))
        let late = run.deliveries.first { $0["identifier"] as? String == "u1|p1|s1|2026-03-29T08:00|reminder" }
        #expect(late?["at"] as? String == "2026-03-29T06:20:00Z")
        #expect(late?["late"] as? Bool == true)
        // The 23:00 follow-up (01:00) moves to 08:00 the next day.
        #expect(delivered.contains("2026-03-30T06:00:00Z u1|p1|s2|2026-03-29T23:00|followup"))
        // Monday 09:00 summary of the week (the replay started on Saturday): 2 of the due ones were logged.
        let weekly = run.deliveries.first { ($0["identifier"] as? String)?.hasSuffix("|weekly") == true }
        #expect(weekly?["at"] as? String == "2026-03-30T07:00:00Z")
        #expect((weekly?["body"] as? String)?.hasPrefix("Treatments logged this week: 2 of ") == true)
        #expect(weekly?["interruptionLevel"] as? String == "passive")
        #expect(run.summary("peakPending").map { $0 <= 64 } == true)
    }

    @Test func theMidnightCleanupWithdrawsASnoozeShownAgain() async {
        let run = await ReplayRun.app("hydracat-week.json")
        // Shown at 20:20 and, snoozed again, at 20:35: on screen at local midnight (23:00Z), so expired then.
        #expect(run.lines("withdrawn").contains("2026-03-28T23:00:00Z u1|p1|s1|2026-03-28T20:00|snooze expired"))
    }

    @Test func loggingASlotWithdrawsItsSnoozeShownASecondTime() async {
        let run = await ReplayRun.app("hydracat-log-after-second-snooze.json")
        #expect(run.status == 0)
        let snooze = "u1|p1|s1|2026-03-28T20:00|snooze"
        #expect(
            run.lines("delivered").filter { $0.hasSuffix(snooze) } == [
                "2026-03-28T19:20:00Z \(snooze)", "2026-03-28T19:35:00Z \(snooze)",
            ])
        #expect(
            run.lines("withdrawn").filter { $0.contains(snooze) } == [
                "2026-03-28T19:20:00Z \(snooze) snoozed", "2026-03-28T19:40:00Z \(snooze) responded",
            ])
    }

    @Test func aReconcileBeforeASecondSnoozeFiresKeepsIt() async {
        let run = await ReplayRun.app("hydracat-launch-before-second-snooze.json")
        #expect(run.status == 0)
        let snooze = "u1|p1|s1|2026-03-28T20:00|snooze"
        // The launch at 20:25 reconciles: the snooze asked for at 20:20 is the user's own request, kept pending.
        #expect(!run.lines("cancelled").contains { $0.contains(snooze) })
        #expect(run.lines("delivered").contains("2026-03-28T19:35:00Z \(snooze)"))
    }

    @Test func aSnoozeOfSomethingNotShownWarnsNamingThePathAndDoesNothing() async throws {
        let run = try await ReplayRun.app("hydracat-week.json", arguments: ["--format", "json"]) {
            $0["actions"] = [
                [
                    "at": "2026-03-28T09:00:00+01:00", "type": "snooze",
                    "identifier": "u1|p1|s1|2026-03-28T20:00|reminder",
                ]
            ]
        }
        #expect(run.status == 0)
        #expect(
            run.standardError.contains("actions[0].identifier: 'u1|p1|s1|2026-03-28T20:00|reminder' is not shown now"))
        #expect(!run.standardOutput.contains("snoozed"))
    }

    @Test func aWrongScenarioExits65NamingEveryPathAndPrintsNothing() async {
        let run = await ReplayRun.app("hydracat-invalid.json")
        #expect(run.status == 65)
        #expect(run.standardOutput.isEmpty)
        for expected in [
            "hydracat.pets[0].schedules[0].times[1]: '25:00' is not valid", "actions[0].schedule: no schedule 's9'",
            "actions[1].identifier: names pet 'p7'",
        ] {
            #expect(run.standardError.contains(expected), "\(expected)")
        }
    }

    @Test func unknownKeysAreErrorsNamingTheirPathAndNothingIsReplayed() async throws {
        let run = try await Self.runEdited("hydracat-week.json", scenario: { $0["extra"] = true }) {
            $0[0]["medicatoinName"] = "x"
        }
        #expect(run.status == 65)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError.contains("extra: unknown key"))
        #expect(
            run.standardError.contains(
                "hydracat.pets[0].schedules[0].medicatoinName: unknown key (did you mean 'medicationName'?)"))
    }

    /// Runs the week with the given medication name and dose, in a language and format.
    private static func privateRun(name: String, dose: String, flags: [String]) async throws -> ReplayRun {
        try await runEdited("hydracat-week.json", flags: flags) { schedules in
            for index in 0..<2 {
                schedules[index]["medicationName"] = name
                schedules[index]["dose"] = dose
            }
        }
    }

    /// Replays an app fixture after editing the scenario and its first pet's schedules, from a temporary file whose
    /// path reads `FILE` in both outputs.
    private static func runEdited(
        _ fixture: String, flags: [String] = [], scenario editScenario: (inout [String: Any]) -> Void = { _ in },
        schedules editSchedules: (inout [[String: Any]]) -> Void
    ) async throws -> ReplayRun {
        try await ReplayRun.app(fixture, arguments: flags) { scenario in
            editScenario(&scenario)
            var settings = scenario["hydracat"] as! [String: Any]
            var pets = settings["pets"] as! [[String: Any]]
            var schedules = pets[0]["schedules"] as! [[String: Any]]
            editSchedules(&schedules)
            pets[0]["schedules"] = schedules
            settings["pets"] = pets
            scenario["hydracat"] = settings
        }
    }

    @Test(arguments: [["--format", "json"], ["--format", "text"], ["--format", "json", "--lang", "he"]])
    func noMedicationNameOrDoseReachesAnyOutput(flags: [String]) async throws {
        let reference = try await Self.privateRun(name: "Zorbaxil", dose: "7 qz", flags: flags)
        #expect(reference.status == 0)
        #expect(!reference.standardOutput.contains("Zorbaxil") && !reference.standardError.contains("Zorbaxil"))
        #expect(!reference.standardOutput.contains("7 qz") && !reference.standardError.contains("7 qz"))
        // Names that are also ordinary words ("Time for Luna's …") cannot be searched for: the output must simply be
        // the same, byte for byte, whatever the name and dose are.
        for (name, dose) in [("Time", "2 ml"), ("Log", "morning"), ("Reminder", "1"), ("morning", "Luna")] {
            let run = try await Self.privateRun(name: name, dose: dose, flags: flags)
            #expect(run.standardOutput == reference.standardOutput, "\(name)")
            #expect(run.standardError == reference.standardError, "\(name)")
        }
    }

    @Test func noMedicationNameOrDoseInErrors() async throws {
        let run = try await Self.runEdited("hydracat-invalid.json") { schedules in
            schedules[0]["medicationName"] = "Zorbaxil"
            schedules[0]["dose"] = 987_654
            schedules[1]["dose"] = "7 qz"
        }
        #expect(run.status == 65)
        #expect(run.standardError.contains("schedules[0].dose"))
        #expect(!run.standardError.contains("Zorbaxil") && !run.standardError.contains("7 qz"))
        #expect(!run.standardError.contains("987654"))
    }
}
