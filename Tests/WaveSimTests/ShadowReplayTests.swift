import Foundation
import Testing

/// `wavesim replay` of Shadow scenarios, end to end through the engine, the planner and the Linux manager.
struct ShadowReplayTests {
    private static func run(_ fixture: String, _ flags: [String] = []) async -> ReplayRun {
        await ReplayRun.wavesim(["replay", Fixture.url("Apps/\(fixture)").path, "--format", "json"] + flags)
    }

    private static func lines(_ run: ReplayRun, _ type: String) -> [String] {
        run.objects.filter { $0["type"] as? String == type }.map {
            "\($0["at"] as? String ?? "?") \($0["identifier"] as? String ?? "?")"
                + ($0["reason"].map { " \($0)" } ?? "")
        }
    }

    private static func delivery(_ run: ReplayRun, _ identifier: String) -> [String: Any]? {
        run.deliveries.first { $0["identifier"] as? String == identifier }
    }

    /// Runs `shadow-day.json` with its actions replaced.
    private static func dayRun(actions: [[String: Any]]) async throws -> ReplayRun {
        var scenario = try JSONSerialization.jsonObject(with: Fixture.data("Apps/shadow-day.json")) as! [String: Any]
        scenario["actions"] = actions
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("shadow-day-\(UUID()).json")
        try JSONSerialization.data(withJSONObject: scenario).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return await ReplayRun.wavesim(["replay", file.path, "--format", "json"])
    }

    @Test func anIntervalWindowWrapsPastMidnightIntoTheNextDatesSlots() async {
        let run = await Self.run("shadow-day.json")
        #expect(run.status == 0)
        // 22:00–02:00 every 2 h from 06:00 on 4 May: 22:00 of the 4th, then 00:00 and 02:00 dated the 5th.
        let fluids = run.deliveries.compactMap { $0["identifier"] as? String }.filter { $0.hasPrefix("shadow_fluids") }
        #expect(fluids == ["shadow_fluids_2026-05-04_22:00", "shadow_fluids_2026-05-05_00:00", "shadow_fluids_2026-05-05_02:00"])
        #expect(Self.delivery(run, "shadow_fluids_2026-05-05_00:00")?["at"] as? String == "2026-05-04T22:00:00Z")
        #expect(
            Self.delivery(run, "shadow_fluids_2026-05-05_02:00")?["deepLink"] as? String
                == "shadow://entry/fluids?slot=2026-05-05T02:00")
    }

    @Test func aDisabledAnchorIsSkippedByEveryAnchorCategory() async {
        let run = await Self.run("shadow-day.json")
        let identifiers = run.deliveries.compactMap { $0["identifier"] as? String }
        // Breakfast (08:00) is off: no food at breakfast and no supplements notification for Iron, its only user.
        #expect(!identifiers.contains { $0.hasSuffix("_08:00") })
        #expect(!run.deliveries.contains { ($0["body"] as? String)?.contains("Iron") == true })
        // Lunch moved to 12:30 and is on: food and supplements fire there.
        #expect(Self.delivery(run, "shadow_food_2026-05-04_12:30")?["body"] as? String == "What did you have for lunch?")
        #expect(Self.delivery(run, "shadow_food_2026-05-04_18:00")?["body"] as? String == "What did you have for dinner?")
    }

    @Test(arguments: [
        ("shadow_supplements_2026-05-04_07:00", "Time to take your Vitamin D. Did you take it?"),
        ("shadow_supplements_2026-05-04_12:30", "Time to take your Vitamin D and Omega-3. Did you take them?"),
        (
            "shadow_supplements_2026-05-04_22:00",
            "Time to take your Vitamin D, Omega-3 and Magnesium. Did you take them?"
        ),
    ])
    func supplementsDueTogetherAreGroupedInFileOrder(identifier: String, body: String) async {
        let run = await Self.run("shadow-day.json")
        let delivered = Self.delivery(run, identifier)
        #expect(delivered?["body"] as? String == body)
        #expect(delivered?["title"] as? String == "Supplements")
        #expect(delivered?["channel"] as? String == "supplements")
        #expect(delivered?["interruptionLevel"] as? String == "active")
        // Zinc does not notify, so it is never listed.
        #expect(!run.standardOutput.contains("Zinc"))
    }

    @Test func aShownCheckInExpiresAfterItsMinutesUnlessAnswered() async {
        let run = await Self.run("shadow-day.json")
        let withdrawn = Self.lines(run, "withdrawn")
        // Supplements expire after 30 minutes, the others after the default 60.
        #expect(withdrawn.contains("2026-05-04T05:30:00Z shadow_supplements_2026-05-04_07:00 expired"))
        #expect(withdrawn.contains("2026-05-04T17:00:00Z shadow_checkins_2026-05-04_18:00 expired"))
        #expect(withdrawn.contains("2026-05-04T21:00:00Z shadow_fluids_2026-05-04_22:00 expired"))
        // Answered ones are withdrawn when answered, and not again when their expiry comes.
        #expect(withdrawn.contains("2026-05-04T10:40:00Z shadow_food_2026-05-04_12:30 responded"))
        #expect(withdrawn.contains("2026-05-04T10:45:00Z shadow_supplements_2026-05-04_12:30 responded"))
        #expect(withdrawn.filter { $0.contains("_12:30") }.count == 2)
        // Every delivery is withdrawn exactly once.
        #expect(withdrawn.count == run.deliveries.count)
    }

    @Test func aResponseToSomethingNotShownWarnsNamingThePathAndDoesNothing() async throws {
        let run = try await Self.dayRun(actions: [
            ["at": "2026-05-04T17:00:00+02:00", "type": "respond", "identifier": "shadow_checkins_2026-05-04_18:00"],
            ["at": "2026-05-04T13:00:00+02:00", "type": "respond", "identifier": "shadow_food_2026-05-04_12:30"],
            ["at": "2026-05-04T13:45:00+02:00", "type": "respond", "identifier": "shadow_food_2026-05-04_12:30"],
        ])
        #expect(run.status == 0)
        #expect(
            run.standardError.contains("actions[0].identifier: 'shadow_checkins_2026-05-04_18:00' is not shown now"))
        // The second response to the lunch check-in comes after the first withdrew it.
        #expect(run.standardError.contains("actions[2].identifier: 'shadow_food_2026-05-04_12:30' is not shown now"))
        #expect(!run.standardError.contains("actions[1]"))
        let withdrawn = Self.lines(run, "withdrawn")
        #expect(withdrawn.contains("2026-05-04T17:00:00Z shadow_checkins_2026-05-04_18:00 expired"))
        #expect(withdrawn.contains("2026-05-04T11:00:00Z shadow_food_2026-05-04_12:30 responded"))
        #expect(withdrawn.filter { $0.hasSuffix("responded") }.count == 1)
    }

    /// Every slot of the budget scenario on 4 and 5 May, by category: what must be delivered.
    private static let budgetSlots: [(category: String, times: [String])] = [
        ("supplements", ["09:00", "21:00"]), ("food", ["07:00", "12:00", "19:00"]),
        ("fluids", (0..<24).map { String(format: "%02d:00", $0) }), ("photos", ["10:00"]), ("journal", ["21:00"]),
        ("activities", ["17:00"]), ("checkins", ["18:00"]), ("vitals", ["07:00"]),
    ]

    @Test func everyCategoryOnBeyondTheIOSBudgetLosesNothing() async {
        let run = await Self.run("shadow-budget.json", ["--platform", "ios"])
        #expect(run.status == 0)
        let expected = Set(
            ["2026-05-04", "2026-05-05"].flatMap { date in
                Self.budgetSlots.flatMap { slot in slot.times.map { "shadow_\(slot.category)_\(date)_\($0)" } }
            })
        #expect(expected.count > 64)
        let delivered = run.deliveries.compactMap { $0["identifier"] as? String }
        #expect(delivered.count == expected.count)
        #expect(Set(delivered) == expected)
        #expect(run.deliveries.allSatisfy { $0["late"] as? Bool == false })
        #expect(run.summary("delivered") == expected.count)
        #expect(run.summary("pendingLimit") == 64)
        #expect(run.summary("peakPending").map { $0 <= 64 } == true)
        #expect(run.summary("cancelled") == 0)
    }

    @Test func aWrongScenarioExits65NamingEveryPathAndPrintsNothing() async {
        let run = await Self.run("shadow-invalid.json")
        #expect(run.status == 65)
        #expect(run.standardOutput.isEmpty)
        for expected in [
            "shadow.anchors.brunch: unknown anchor 'brunch'", "shadow.anchors.dinner.time: '19:61' is not valid",
            "shadow.categories.sleep: unknown category 'sleep'", "shadow.categories.food.mode: unknown mode 'hourly'",
            "shadow.categories.fluids.everyHours: 5 is not a supported step",
            "shadow.categories.checkins.anchors[1]: unknown anchor 'teatime'",
            "shadow.supplements[1].id: duplicate id 's1'",
            "actions[0].identifier: names category 'vitals', which is not enabled",
            "actions[1].identifier: 'shadow_food_tomorrow' is not a Shadow identifier",
        ] {
            #expect(run.standardError.contains(expected), "\(expected)")
        }
    }
}
