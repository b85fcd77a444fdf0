import Foundation
import Testing
import WaveCommandLine
import WaveJSON

@testable import WaveSim

/// `wavesim replay` of Shadow scenarios, end to end through the engine, the planner and the Linux manager.
///
/// Every expected identifier and instant below was worked out by hand from the fixture and the spec (Berlin is
/// UTC+2 in May, UTC+1 in winter; the 2026 transitions are 29 March and 25 October at 01:00Z).
struct ShadowReplayTests {
    private static func identifiers(_ run: ReplayRun) -> [String] {
        run.deliveries.compactMap { $0["identifier"] as? String }
    }

    /// Runs a fixture after `change` edits its top-level object.
    private static func run(
        _ fixture: String, _ flags: [String] = [], changing change: (inout [String: Any]) -> Void
    ) async throws -> ReplayRun {
        try await ReplayRun.app(fixture, arguments: ["--format", "json"] + flags, editing: change)
    }

    /// Runs `shadow-day.json` with its actions replaced.
    private static func dayRun(actions: [[String: Any]]) async throws -> ReplayRun {
        try await run("shadow-day.json") { $0["actions"] = actions }
    }

    // MARK: - Schedules

    @Test func anIntervalWindowWrapsPastMidnightIntoTheNextDatesSlots() async {
        let run = await ReplayRun.app("shadow-day.json")
        #expect(run.status == 0)
        // 22:00–02:00 every 2 h, from 06:00 on 4 May: 22:00 of the 4th, then 00:00 and 02:00 dated the 5th.
        let fluids = run.lines("delivered").filter { $0.contains("shadow_fluids") }
        #expect(
            fluids == [
                "2026-05-04T20:00:00Z shadow_fluids_2026-05-04_22:00",
                "2026-05-04T22:00:00Z shadow_fluids_2026-05-05_00:00",
                "2026-05-05T00:00:00Z shadow_fluids_2026-05-05_02:00",
            ])
        let last = run.delivery("shadow_fluids_2026-05-05_02:00")
        #expect(last?["deepLink"] as? String == "shadow://entry/fluids?slot=2026-05-05T02:00")
        #expect(last?["title"] as? String == "Fluids")
        #expect(last?["body"] as? String == "Time to log your fluids. What have you had?")
        #expect(last?["channel"] as? String == "fluids")
    }

    @Test func aDisabledAnchorIsSkippedByEveryAnchorCategory() async {
        let run = await ReplayRun.app("shadow-day.json")
        let identifiers = Self.identifiers(run)
        // Breakfast (08:00) is off: no food at breakfast and no supplements notification for Iron, its only user.
        #expect(!identifiers.contains { $0.hasSuffix("_08:00") })
        #expect(!run.deliveries.contains { ($0["body"] as? String)?.contains("Iron") == true })
        // Lunch moved to 12:30 and is on: food fires there, and at dinner (default 18:00).
        #expect(
            run.delivery("shadow_food_2026-05-04_12:30")?["body"] as? String == "What did you have for lunch?")
        #expect(
            run.delivery("shadow_food_2026-05-04_18:00")?["body"] as? String == "What did you have for dinner?")
        #expect(run.delivery("shadow_checkins_2026-05-04_18:00")?["title"] as? String == "Check-in")
    }

    @Test func switchingTheAnchorOnBringsBackItsCheckIns() async throws {
        let run = try await Self.dayRun(actions: [
            [
                "at": "2026-05-04T07:30:00+02:00", "type": "settings",
                "value": ["anchors": ["breakfast": ["enabled": true]]],
            ]
        ])
        #expect(run.status == 0)
        let food = run.delivery("shadow_food_2026-05-04_08:00")
        #expect(food?["at"] as? String == "2026-05-04T06:00:00Z")
        #expect(food?["body"] as? String == "What did you have for breakfast?")
        let iron = run.delivery("shadow_supplements_2026-05-04_08:00")
        #expect(iron?["body"] as? String == "Time to take your Iron. Did you take it?")
        #expect(run.summary("cancelled") == 0)
    }

    @Test func movingAnAnchorReschedulesItsPendingCheckIns() async throws {
        let run = try await Self.dayRun(actions: [
            ["at": "2026-05-04T09:00:00+02:00", "type": "settings", "value": ["anchors": ["lunch": ["time": "13:00"]]]]
        ])
        #expect(run.status == 0)
        // Pending at 09:00 (horizon to 6 May 06:00): the 12:30 food and supplements of the 4th and the 5th.
        #expect(
            Set(run.lines("cancelled")) == [
                "2026-05-04T07:00:00Z shadow_food_2026-05-04_12:30 reschedule",
                "2026-05-04T07:00:00Z shadow_supplements_2026-05-04_12:30 reschedule",
                "2026-05-04T07:00:00Z shadow_food_2026-05-05_12:30 reschedule",
                "2026-05-04T07:00:00Z shadow_supplements_2026-05-05_12:30 reschedule",
            ])
        #expect(run.summary("cancelled") == 4)
        #expect(run.delivery("shadow_food_2026-05-04_13:00")?["at"] as? String == "2026-05-04T11:00:00Z")
        #expect(
            run.delivery("shadow_supplements_2026-05-04_13:00")?["body"] as? String
                == "Time to take your Vitamin D and Omega-3. Did you take them?")
        #expect(!Self.identifiers(run).contains { $0.hasSuffix("_12:30") })
    }

    // MARK: - Supplements

    @Test(arguments: [
        ("shadow_supplements_2026-05-04_07:00", "Time to take your Vitamin D. Did you take it?"),
        ("shadow_supplements_2026-05-04_12:30", "Time to take your Vitamin D and Omega-3. Did you take them?"),
        (
            "shadow_supplements_2026-05-04_22:00",
            "Time to take your Vitamin D, Omega-3 and Magnesium. Did you take them?"
        ),
    ])
    func supplementsDueTogetherAreGroupedInFileOrder(identifier: String, body: String) async {
        let run = await ReplayRun.app("shadow-day.json")
        let delivered = run.delivery(identifier)
        #expect(delivered?["body"] as? String == body)
        #expect(delivered?["title"] as? String == "Supplements")
        #expect(delivered?["channel"] as? String == "supplements")
        #expect(delivered?["interruptionLevel"] as? String == "active")
        // Zinc does not notify, so it is never listed.
        #expect(!run.standardOutput.contains("Zinc"))
        // Three supplements notifications on the 4th (07:00, 12:30, 22:00); the 5th's 07:00 is after `until`.
        #expect(Self.identifiers(run).filter { $0.hasPrefix("shadow_supplements") }.count == 3)
    }

    @Test func supplementsOnTimesListEveryNotifyingSupplement() async throws {
        let run = try await Self.run("shadow-day.json") { scenario in
            var settings = scenario["shadow"] as! [String: Any]
            var categories = settings["categories"] as! [String: Any]
            categories["supplements"] = ["enabled": true, "mode": "times", "times": ["09:00"]]
            settings["categories"] = categories
            scenario["shadow"] = settings
            scenario["actions"] = [[String: Any]]()
        }
        #expect(run.status == 0)
        let supplements = run.lines("delivered").filter { $0.contains("shadow_supplements") }
        #expect(supplements == ["2026-05-04T07:00:00Z shadow_supplements_2026-05-04_09:00"])
        // The anchors of the supplements do not matter here; Iron's disabled breakfast neither. Zinc never notifies.
        #expect(
            run.delivery("shadow_supplements_2026-05-04_09:00")?["body"] as? String
                == "Time to take your Vitamin D, Omega-3, Magnesium and Iron. Did you take them?")
    }

    // MARK: - Expiry and responses

    @Test func aShownCheckInExpiresAfterItsMinutesUnlessAnswered() async {
        let run = await ReplayRun.app("shadow-day.json")
        let withdrawn = run.lines("withdrawn")
        // Supplements expire after 30 minutes, the others after the default 60.
        #expect(withdrawn.contains("2026-05-04T05:30:00Z shadow_supplements_2026-05-04_07:00 expired"))
        #expect(withdrawn.contains("2026-05-04T17:00:00Z shadow_checkins_2026-05-04_18:00 expired"))
        #expect(withdrawn.contains("2026-05-04T21:00:00Z shadow_fluids_2026-05-04_22:00 expired"))
        #expect(withdrawn.contains("2026-05-04T20:30:00Z shadow_supplements_2026-05-04_22:00 expired"))
        // Answered ones are withdrawn when answered, and not again when their expiry comes.
        #expect(withdrawn.contains("2026-05-04T10:40:00Z shadow_food_2026-05-04_12:30 responded"))
        #expect(withdrawn.contains("2026-05-04T10:45:00Z shadow_supplements_2026-05-04_12:30 responded"))
        #expect(withdrawn.filter { $0.contains("_12:30") }.count == 2)
        // Nine shown (07:00 supplements; 12:30 food, supplements; 18:00 food, check-in; 22:00 supplements, fluids;
        // fluids 00:00, 02:00), each withdrawn exactly once before `until`.
        #expect(run.summary("delivered") == 9)
        #expect(withdrawn.count == 9)
        #expect(Set(withdrawn.map { $0.split(separator: " ")[1] }).count == 9)
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
        let withdrawn = run.lines("withdrawn")
        #expect(withdrawn.contains("2026-05-04T17:00:00Z shadow_checkins_2026-05-04_18:00 expired"))
        #expect(withdrawn.contains("2026-05-04T11:00:00Z shadow_food_2026-05-04_12:30 responded"))
        #expect(withdrawn.filter { $0.hasSuffix("responded") }.count == 1)
    }

    @Test func aCheckInShownBeforeItsCategoryWasSwitchedOffCanStillBeAnswered() async throws {
        let run = try await Self.dayRun(actions: [
            [
                "at": "2026-05-04T18:10:00+02:00", "type": "settings",
                "value": ["categories": ["checkins": ["enabled": false]]],
            ],
            ["at": "2026-05-04T18:20:00+02:00", "type": "respond", "identifier": "shadow_checkins_2026-05-04_18:00"],
        ])
        #expect(run.status == 0)
        #expect(
            run.lines("withdrawn").contains("2026-05-04T16:20:00Z shadow_checkins_2026-05-04_18:00 responded"))
        // Its pending check-in of the 5th is removed because the category is off.
        #expect(run.lines("cancelled") == ["2026-05-04T16:10:00Z shadow_checkins_2026-05-05_18:00 user_disabled"])
    }

    // MARK: - Horizon, gates, permission

    @Test func eachMidnightReachesAnotherDayAhead() async throws {
        let run = try await Self.run("shadow-day.json") { scenario in
            scenario["until"] = "2026-05-07T06:00:00+02:00"
            scenario["shadow"] = ["categories": ["vitals": ["enabled": true]]]
            scenario["actions"] = [[String: Any]]()
        }
        #expect(run.status == 0)
        #expect(
            run.lines("delivered") == [
                "2026-05-04T05:00:00Z shadow_vitals_2026-05-04_07:00",
                "2026-05-05T05:00:00Z shadow_vitals_2026-05-05_07:00",
                "2026-05-06T05:00:00Z shadow_vitals_2026-05-06_07:00",
            ])
        // [now, now + 48 h) holds the 4th's and the 5th's only; the 6th's is armed at local midnight of the 5th,
        // after the 4th's fired: never three pending at once.
        #expect(run.summary("peakPending") == 2)
        #expect(run.summary("cancelled") == 0)
    }

    @Test func aDeniedPermissionRemovesEverythingAndACategorySwitchedOffRemovesItsOwn() async throws {
        let run = try await Self.dayRun(actions: [
            ["at": "2026-05-04T10:00:00+02:00", "type": "permission", "value": "denied"],
            ["at": "2026-05-04T13:00:00+02:00", "type": "permission", "value": "authorized"],
            [
                "at": "2026-05-04T15:00:00+02:00", "type": "settings",
                "value": ["categories": ["fluids": ["enabled": false]]],
            ],
        ])
        #expect(run.status == 0)
        let pendingAt10 = [
            "food_2026-05-04_12:30", "supplements_2026-05-04_12:30", "food_2026-05-04_18:00",
            "checkins_2026-05-04_18:00", "supplements_2026-05-04_22:00", "fluids_2026-05-04_22:00",
            "fluids_2026-05-05_00:00", "fluids_2026-05-05_02:00", "supplements_2026-05-05_07:00",
            "food_2026-05-05_12:30", "supplements_2026-05-05_12:30", "food_2026-05-05_18:00",
            "checkins_2026-05-05_18:00", "supplements_2026-05-05_22:00", "fluids_2026-05-05_22:00",
            "fluids_2026-05-06_00:00", "fluids_2026-05-06_02:00",
        ]
        let fluidsAt15 = [
            "fluids_2026-05-04_22:00", "fluids_2026-05-05_00:00", "fluids_2026-05-05_02:00", "fluids_2026-05-05_22:00",
            "fluids_2026-05-06_00:00", "fluids_2026-05-06_02:00",
        ]
        let cancelled = run.lines("cancelled")
        #expect(
            Set(cancelled)
                == Set(pendingAt10.map { "2026-05-04T08:00:00Z shadow_\($0) permission_denied" })
                .union(fluidsAt15.map { "2026-05-04T13:00:00Z shadow_\($0) user_disabled" }))
        #expect(cancelled.count == 23)
        // Candidates at 10:00 reach to 6 May 10:00: the 17 pending ones and the 6th's 07:00 supplements.
        let suppressed = run.lines("suppressed")
        #expect(
            Set(suppressed)
                == Set(
                    (pendingAt10 + ["supplements_2026-05-06_07:00"]).map {
                        "2026-05-04T08:00:00Z shadow_\($0) permission_denied"
                    }))
        #expect(suppressed.count == 18)
        #expect((run.summary["suppressed"] as? [String: Int]) == ["permission_denied": 18])
        // The 12:30 ones fell in the denied hours and are gone; fluids never come back.
        #expect(
            run.lines("delivered") == [
                "2026-05-04T05:00:00Z shadow_supplements_2026-05-04_07:00",
                "2026-05-04T16:00:00Z shadow_checkins_2026-05-04_18:00",
                "2026-05-04T16:00:00Z shadow_food_2026-05-04_18:00",
                "2026-05-04T20:00:00Z shadow_supplements_2026-05-04_22:00",
            ])
    }

    @Test func aProvisionalPermissionShowsEverythingPassively() async throws {
        let run = try await Self.run("shadow-day.json") { $0["permission"] = "provisional" }
        #expect(run.status == 0)
        #expect(run.deliveries.count == 9)
        #expect(run.deliveries.allSatisfy { $0["interruptionLevel"] as? String == "passive" })
    }

    @Test func aMoveToAnotherZoneRecomputesThePendingCheckInsAndKeepsShownSlotsDone() async throws {
        let run = try await Self.dayRun(actions: [
            ["at": "2026-05-04T10:00:00+02:00", "type": "timeZone", "value": "America/New_York"]
        ])
        #expect(run.status == 0)
        // New York is UTC−4 in May. The 07:00 supplements slot of the 4th was shown in Berlin: it stays done.
        #expect(
            run.lines("delivered") == [
                "2026-05-04T05:00:00Z shadow_supplements_2026-05-04_07:00",
                "2026-05-04T16:30:00Z shadow_food_2026-05-04_12:30",
                "2026-05-04T16:30:00Z shadow_supplements_2026-05-04_12:30",
                "2026-05-04T22:00:00Z shadow_checkins_2026-05-04_18:00",
                "2026-05-04T22:00:00Z shadow_food_2026-05-04_18:00",
                "2026-05-05T02:00:00Z shadow_fluids_2026-05-04_22:00",
                "2026-05-05T02:00:00Z shadow_supplements_2026-05-04_22:00",
                // Due exactly at `until`: still delivered.
                "2026-05-05T04:00:00Z shadow_fluids_2026-05-05_00:00",
            ])
    }

    @Test func theJSONLinesKeepTheSpecsKeyOrder() async {
        let run = await ReplayRun.app("shadow-day.json")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(
            lines.first?.hasPrefix(
                #"{"type":"delivered","at":"2026-05-04T05:00:00Z","identifier":"shadow_supplements_2026-05-04_07:00","numericId":"#
            ) == true)
        #expect(
            lines.first?.hasSuffix(
                #","app":"shadow","channel":"supplements","interruptionLevel":"active","title":"Supplements","#
                    + #""body":"Time to take your Vitamin D. Did you take it?","#
                    + #""deepLink":"shadow://entry/supplements?slot=2026-05-04T07:00","locale":"en","late":false}"#)
                == true)
        #expect(
            lines.contains(
                #"{"type":"withdrawn","at":"2026-05-04T10:40:00Z","identifier":"shadow_food_2026-05-04_12:30","#
                    + #""reason":"responded"}"#))
        // 18 pending at the start: 7 on the 4th, 9 on the 5th, fluids 00:00 and 02:00 on the 6th.
        #expect(
            lines.last
                == #"{"type":"summary","app":"shadow","delivered":9,"suppressed":{},"cancelled":0,"peakPending":18,"#
                + #""pendingLimit":64}"#)
    }

    @Test func withoutAShadowTranslationTheTextsAndTheirLocaleAreEnglish() async {
        // German has tables (GrowBro, Notifications) but no Shadow table.
        let run = await ReplayRun.app("shadow-day.json", ["--lang", "de"])
        #expect(run.status == 0)
        #expect(run.deliveries.count == 9)
        #expect(run.deliveries.allSatisfy { $0["locale"] as? String == "en" })
        #expect(
            run.delivery("shadow_food_2026-05-04_12:30")?["body"] as? String == "What did you have for lunch?")
    }

    // MARK: - The iOS budget

    /// Every slot of the budget scenario on 4 and 5 May, by category: what must be delivered.
    private static let budgetSlots: [(category: String, times: [String])] = [
        ("supplements", ["09:00", "21:00"]), ("food", ["07:00", "12:00", "19:00"]),
        ("fluids", (0..<24).map { ($0 < 10 ? "0" : "") + "\($0):00" }), ("photos", ["10:00"]), ("journal", ["21:00"]),
        ("activities", ["17:00"]), ("checkins", ["18:00"]), ("vitals", ["07:00"]),
    ]

    /// The always-running Linux adapter with iOS's budget arms the rest as others fire: nothing is lost.
    @Test func everyCategoryOnBeyondABudgetOf64LosesNothingOnTheLinuxAdapter() async {
        let run = await ReplayRun.app("shadow-budget.json", ["--platform", "linux", "--pending-limit", "64"])
        #expect(run.status == 0)
        // Identifier → the instant it is due: local HH:MM on the date, Berlin summer time (UTC+2).
        var expected: [String: String] = [:]
        for (day, date) in [(4, "2026-05-04"), (5, "2026-05-05")] {
            for slot in Self.budgetSlots {
                for time in slot.times {
                    let hour = Int(time.prefix(2))!
                    let utcDay = hour >= 2 ? day : day - 1
                    let utcHour = (hour + 22) % 24
                    expected["shadow_\(slot.category)_\(date)_\(time)"] =
                        "2026-05-0\(utcDay)T\(utcHour < 10 ? "0" : "")\(utcHour):00:00Z"
                }
            }
        }
        #expect(expected.count == 68)
        let delivered = run.deliveries.map { ($0["identifier"] as? String ?? "?", $0["at"] as? String ?? "?") }
        #expect(delivered.count == 68)
        #expect(Dictionary(delivered, uniquingKeysWith: { first, _ in first }) == expected)
        #expect(run.deliveries.allSatisfy { $0["late"] as? Bool == false })
        #expect(run.summary("delivered") == 68)
        #expect(run.summary("pendingLimit") == 64)
        // 68 wanted at the start: the soonest 64 armed, the other 4 wait.
        #expect(run.summary("peakPending") == 64)
        #expect(run.summary("cancelled") == 0)
    }

    /// iOS holds the soonest 64 of the 68 handed over at the start and discards the rest; without another app run
    /// the 4 latest are lost at their instants (21:00, 21:00, 22:00 and 23:00 on 5 May, Berlin).
    @Test func everyCategoryOnBeyondTheIOSLimitLosesTheLatestUntilTheAppRuns() async {
        let run = await ReplayRun.app("shadow-budget.json", ["--platform", "ios"])
        #expect(run.status == 0)
        #expect(
            run.lines("lost") == [
                "2026-05-05T19:00:00Z shadow_journal_2026-05-05_21:00 pending_limit",
                "2026-05-05T19:00:00Z shadow_supplements_2026-05-05_21:00 pending_limit",
                "2026-05-05T20:00:00Z shadow_fluids_2026-05-05_22:00 pending_limit",
                "2026-05-05T21:00:00Z shadow_fluids_2026-05-05_23:00 pending_limit",
            ])
        #expect(run.deliveries.count == 64)
        #expect(run.delivery("shadow_journal_2026-05-05_21:00") == nil)
        // From 23:30 on 3 May to the first request not held, 21:00 on 5 May: 45 h 30 min.
        let start = run.objects.first { $0["type"] as? String == "run" }
        #expect(start?["cause"] as? String == "start")
        #expect(start?["wanted"] as? Int == 68)
        #expect(start?["held"] as? Int == 64)
        #expect(start?["runwayMinutes"] as? Int == 2730)
        #expect(run.summary("lost") == 4)
        #expect(run.summary("minRunwayMinutes") == 2730)
        #expect(run.summary("peakPending") == 64)
    }

    /// A background refresh before the first loss hands the discarded ones over again: all 68 are shown.
    @Test func aBackgroundRefreshWithinTheRunwaySavesEveryCheckIn() async throws {
        let run = try await Self.run("shadow-budget.json", ["--platform", "ios"]) {
            $0["actions"] = [["at": "2026-05-05T12:00:00+02:00", "type": "backgroundRefresh"]]
        }
        #expect(run.status == 0)
        #expect(run.lines("lost").isEmpty)
        #expect(run.deliveries.count == 68)
        let refresh = run.objects.last { $0["type"] as? String == "run" }
        #expect(refresh?["cause"] as? String == "backgroundRefresh")
        // At noon on 5 May the 48 h horizon wants 66: 16 left that day, 34 on the 6th, 16 on the 7th before noon.
        // Soonest first, the 65th is the first at 10:00 on the 7th: 46 h away.
        #expect(refresh?["wanted"] as? Int == 66)
        #expect(refresh?["held"] as? Int == 64)
        #expect(refresh?["runwayMinutes"] as? Int == 2760)
    }

    @Test func theExampleKeepsMoreThan64WithinTheBudget() async {
        let example = Fixture.repositoryRoot.appendingPathComponent("Examples/shadow.json").path
        let run = await ReplayRun.wavesim(["replay", example, "--format", "json"])
        #expect(run.status == 0)
        #expect(run.standardError.isEmpty)
        // Per day: supplements 4 (wake, breakfast, dinner, bedtime; lunch is off), food 2, fluids 19 (07:00–01:00
        // hourly), photos 3, journal 1, activities 2, check-in 1, vitals 1 = 33; two days in the 48 h.
        #expect(run.summary("delivered") == 66)
        #expect(Set(Self.identifiers(run)).count == 66)
        #expect(run.summary("peakPending") == 64)
        #expect(run.summary("cancelled") == 0)
        #expect(run.lines("withdrawn").filter { $0.hasSuffix("responded") }.count == 4)
    }

    // MARK: - DST

    @Test(arguments: [
        (
            "shadow-spring-forward.json",
            [
                "2026-03-28T21:00:00Z shadow_fluids_2026-03-28_22:00",
                "2026-03-28T22:00:00Z shadow_fluids_2026-03-28_23:00",
                "2026-03-28T23:00:00Z shadow_fluids_2026-03-29_00:00",
                "2026-03-29T00:00:00Z shadow_fluids_2026-03-29_01:00",
                // 02:00 does not exist; shifted to 03:00 it would be the 03:00 slot, so it is dropped.
                "2026-03-29T01:00:00Z shadow_fluids_2026-03-29_03:00",
                // 02:30 does not exist either: it fires at 03:30 CEST under its own slot.
                "2026-03-29T01:30:00Z shadow_photos_2026-03-29_02:30",
                "2026-03-29T02:00:00Z shadow_fluids_2026-03-29_04:00",
                "2026-03-29T05:00:00Z shadow_vitals_2026-03-29_07:00",
            ]
        ),
        (
            "shadow-fall-back.json",
            [
                "2026-10-24T20:00:00Z shadow_fluids_2026-10-24_22:00",
                "2026-10-24T21:00:00Z shadow_fluids_2026-10-24_23:00",
                "2026-10-24T22:00:00Z shadow_fluids_2026-10-25_00:00",
                "2026-10-24T23:00:00Z shadow_fluids_2026-10-25_01:00",
                // 02:00 and 02:30 happen twice; each fires once, the first time.
                "2026-10-25T00:00:00Z shadow_fluids_2026-10-25_02:00",
                "2026-10-25T00:30:00Z shadow_photos_2026-10-25_02:30",
                "2026-10-25T02:00:00Z shadow_fluids_2026-10-25_03:00",
                "2026-10-25T03:00:00Z shadow_fluids_2026-10-25_04:00",
                "2026-10-25T06:00:00Z shadow_vitals_2026-10-25_07:00",
            ]
        ),
    ])
    func aDSTDayInTheUsersZoneFiresAtLocalTimes(fixture: String, expected: [String]) async {
        let run = await ReplayRun.app(fixture)
        #expect(run.status == 0)
        #expect(run.lines("delivered") == expected)
        // Expiry is 60 real minutes after the fire instant, whatever the wall clock did in between.
        let withdrawn = run.lines("withdrawn")
        #expect(withdrawn.count == expected.count)
        for line in expected {
            let parts = line.split(separator: " ")
            let expiry = instant(String(parts[0])).addingTimeInterval(3600)
            let at = ISO8601DateFormatter().string(from: expiry)
            #expect(withdrawn.contains("\(at) \(parts[1]) expired"), "\(line)")
        }
        // The offset change is a reconcile moment that changes nothing.
        #expect(run.summary("cancelled") == 0)
    }

    @Test func atTheTransitionTheDeliveryComesBeforeTheExpiry() async {
        let run = await ReplayRun.app("shadow-spring-forward.json")
        let atTransition = run.objects.filter { $0["at"] as? String == "2026-03-29T01:00:00Z" }
            .map { "\($0["type"] as? String ?? "?") \($0["identifier"] as? String ?? "?")" }
        #expect(
            atTransition == [
                "delivered shadow_fluids_2026-03-29_03:00", "withdrawn shadow_fluids_2026-03-29_01:00",
            ])
    }

    // MARK: - Wrong scenarios

    /// Every problem of `shadow-invalid.json`, by JSON path, worked out from the file.
    private static let invalidPaths: Set<String> = [
        "shadow.anchors.brunch", "shadow.anchors.dinner.time", "shadow.anchors.lunch.enabled",
        "shadow.categories.sleep", "shadow.categories.food.mode", "shadow.categories.fluids.everyHours",
        "shadow.categories.fluids.from", "shadow.categories.photos.times",
        "shadow.categories.journal.expiresAfterMinutes", "shadow.categories.checkins.anchors[1]",
        "shadow.supplements[1].id", "shadow.supplements[2].name", "actions[0].identifier", "actions[1].identifier",
        "actions[2].identifier", "actions[3].identifier", "actions[4].at", "actions[5].type",
        "actions[6].value.categories.food.times",
    ]

    @Test func theDecoderNamesThePathOfEveryProblem() throws {
        let root = try JSONParser.parse([UInt8](try Fixture.data("Apps/shadow-invalid.json")))
        do {
            _ = try AppScenarioDecoder.decode(
                root, file: "shadow-invalid.json", options: ReplayOptions(scenarioPath: "shadow-invalid.json"))
            Issue.record("the scenario was accepted")
        } catch {
            #expect(Set(error.problems.map(\.path)) == Self.invalidPaths)
            #expect(error.problems.count == Self.invalidPaths.count)
            let messages = Dictionary(error.problems.map { ($0.path, $0.message) }, uniquingKeysWith: { a, _ in a })
            #expect(messages["shadow.categories.fluids.everyHours"]?.hasPrefix("5 is not a supported step") == true)
            #expect(messages["shadow.categories.photos.times"]?.contains("13 distinct times") == true)
            #expect(messages["actions[0].identifier"]?.contains("category 'vitals'") == true)
            #expect(messages["actions[5].type"]?.hasPrefix("unknown action type 'snooze'") == true)
        }
    }

    @Test func aWrongScenarioExits65NamingEveryPathAndPrintsNothing() async {
        let run = await ReplayRun.app("shadow-invalid.json")
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
            "actions[2].identifier: 'shadow_food_2026-02-30_08:00' is not a Shadow identifier",
        ] {
            #expect(run.standardError.contains(expected), "\(expected)")
        }
    }

    @Test func theBinaryExits65OnAWrongScenario() async throws {
        let result = try await WaveSimBinary.run(["replay", Fixture.url("Apps/shadow-invalid.json").path])
        #expect(result.status == 65)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.contains("invalid scenario (19 problems)"))
    }
}
