import Foundation
import Testing

/// Two Hydracat pets with a schedule `s1` each: a `log` names its pet and never touches the other pet's notifications.
struct HydracatTwoPetsReplayTests {
    @Test(arguments: [[], ["--platform", "ios"], ["--platform", "android"]])
    func loggingLunasDoseStillDeliversMilosReminderAndFollowUp(flags: [String]) async {
        let run = await ReplayRun.app("hydracat-two-pets.json", flags)
        #expect(run.status == 0, "\(run.standardError)")
        let delivered = run.lines("delivered")
        #expect(delivered.contains("2026-03-10T07:00:00Z u1|p2|s1|2026-03-10T08:00|reminder"))
        #expect(delivered.contains("2026-03-10T09:00:00Z u1|p2|s1|2026-03-10T08:00|followup"))
        #expect(!delivered.contains { $0.contains("u1|p1|s1|2026-03-10T08:00|followup") })
        #expect(run.lines("withdrawn").contains("2026-03-10T07:10:00Z u1|p1|s1|2026-03-10T08:00|reminder responded"))
        // A log without `pet` names the one pet with that schedule: Milo's 11:00.
        #expect(run.lines("withdrawn").contains("2026-03-10T10:05:00Z u1|p2|s2|2026-03-10T11:00|reminder responded"))
        let milosOwn = (run.lines("withdrawn") + run.lines("cancelled")).filter { $0.contains("|p2|s1|") }
        #expect(milosOwn.isEmpty)
    }

    @Test func aLogWithoutPetOfAScheduleIdTwoPetsHaveIsAnErrorNamingItsPath() async throws {
        let run = try await ReplayRun.app("hydracat-two-pets.json", arguments: []) { scenario in
            var actions = scenario["actions"] as! [[String: Any]]
            actions[0]["pet"] = nil
            scenario["actions"] = actions
        }
        #expect(run.status == 65)
        #expect(run.standardOutput.isEmpty)
        #expect(
            run.standardError.contains(
                "actions[0].pet: is required: pets 'p1' and 'p2' have a schedule 's1'; name the pet whose treatment was done"
            ), "\(run.standardError)")
    }

    @Test(arguments: [
        ("p7", "s1", "actions[0].pet: no pet 'p7' in the settings at that time"),
        ("p1", "s2", "actions[0].schedule: pet 'p1' has no schedule 's2' at that time"),
        ("p|1", "s1", "actions[0].pet: 'p|1' contains '|'"),
    ])
    func aLogNamingAnUnknownPetOrAnotherPetsScheduleIsAnError(
        pet: String, schedule: String, message: String
    )
        async throws
    {
        let run = try await ReplayRun.app("hydracat-two-pets.json", arguments: []) { scenario in
            var actions = scenario["actions"] as! [[String: Any]]
            actions[0]["pet"] = pet
            actions[0]["schedule"] = schedule
            scenario["actions"] = actions
        }
        #expect(run.status == 65)
        #expect(run.standardError.contains(message), "\(run.standardError)")
    }

    @Test func aPetLessLogIsAnErrorWhenLaterSettingsGiveTheScheduleIdToAnotherPet() async throws {
        let run = try await ReplayRun.app("hydracat-two-pets.json", arguments: []) { scenario in
            var actions = scenario["actions"] as! [[String: Any]]
            actions.append([
                "at": "2026-03-10T11:30:00+01:00", "type": "settings",
                "value": [
                    "pets": [
                        [
                            "id": "p1", "name": "Luna",
                            "schedules": [["id": "s2", "kind": "fluid", "times": ["11:00"]]],
                        ],
                        [
                            "id": "p2", "name": "Milo",
                            "schedules": [["id": "s2", "kind": "fluid", "times": ["11:00"]]],
                        ],
                    ]
                ],
            ])
            scenario["actions"] = actions
        }
        #expect(run.status == 65)
        #expect(
            run.standardError.contains(
                "actions[1].pet: is required: pets 'p2' and 'p1' have a schedule 's2' (in later settings)"),
            "\(run.standardError)")
    }
}
