import Foundation
import Testing

/// `wavesim replay` of GoNow scenarios, end to end through the engine, the planner and the Linux manager.
struct GoNowReplayTests {
    @Test func springForwardInJerusalemFiresAtLocalTimesAndLogsTheOffsetChange() async {
        let run = await ReplayRun.app("gonow-spring-forward.json", ["--analytics"])
        #expect(run.status == 0)
        // Quiet hours end at 07:00, so the 06:30 best moves there: 07:00 +03:00 (after the jump) is 04:00Z.
        let delivered = run.deliveries.map { "\($0["at"] as? String ?? "?") \($0["identifier"] as? String ?? "?")" }
        #expect(
            delivered == [
                "2026-03-27T04:00:00Z run_dog_2026-03-27_best", "2026-03-27T04:00:00Z swim_solo_2026-03-27_best",
                "2026-03-27T09:00:00Z run_dog_2026-03-27_backup", "2026-03-27T09:00:00Z swim_solo_2026-03-27_backup",
            ])
        let dst = run.objects.first { $0["name"] as? String == "notif_dst_reschedule" }
        #expect(dst?["at"] as? String == "2026-03-27T00:00:00Z")
        #expect(dst?["old_offset"] as? String == "+02:00")
        #expect(dst?["new_offset"] as? String == "+03:00")
        #expect(dst?["count_rescheduled"] as? Int == 8)
        // The forecast is 18.5 h old at the 12:00 launch, a foreground moment: everything pending goes, stale.
        let cancelled = run.objects.filter { $0["type"] as? String == "cancelled" }
        #expect(cancelled.count == 4)
        #expect(cancelled.allSatisfy { $0["reason"] as? String == "stale_data" })
        #expect(run.summary["suppressed"] as? [String: Int] == ["daily_cap": 2, "stale_data": 4])
        #expect(run.summary("peakPending") == 8)
    }

    @Test func texts() async {
        let run = await ReplayRun.app("gonow-spring-forward.json")
        let bodies = Dictionary(
            run.deliveries.map { ($0["identifier"] as? String ?? "", $0["body"] as? String ?? "") },
            uniquingKeysWith: { first, _ in first })
        #expect(bodies["swim_solo_2026-03-27_best"] == "The sea is calling. 07:00-10:00 looks perfect.")
        #expect(bodies["run_dog_2026-03-27_best"] == "06:00-08:00 is safe for Luna.")
        #expect(bodies["swim_solo_2026-03-27_backup"] == "Backup plan: 14:00-16:00 if morning doesn't work.")
        #expect(run.deliveries.first?["title"] as? String == "Run with Luna")
        #expect(run.deliveries.first?["deepLink"] as? String == "gonow://today?hour=2026-03-27T06:00&mode=run_dog")
        #expect(run.deliveries.allSatisfy { $0["app"] as? String == "gonow" && $0["locale"] as? String == "en" })
    }

    @Test func fallBackInJerusalemFiresOnceAtSixThirtyLocal() async {
        let run = await ReplayRun.app("gonow-fall-back.json", ["--analytics"])
        #expect(run.status == 0)
        // 06:30 on 2026-10-25 is +02:00 (after the fall back): 04:30Z, not an hour off.
        #expect(run.deliveries.map { $0["at"] as? String } == ["2026-10-25T04:30:00Z"])
        let dst = run.objects.first { $0["name"] as? String == "notif_dst_reschedule" }
        #expect(dst?["old_offset"] as? String == "+03:00")
        #expect(dst?["new_offset"] as? String == "+02:00")
    }

    @Test func aShownHeadsUpMakesTheBestOfItsWindowAlreadyNotifiedAtTheNextForecast() async {
        // The 06:30 heads-up for tomorrow's 08:00 window is shown; the evening forecast has the same window, so its
        // best (pending since the morning) is held back and cancelled: the replay's history carries GoNow's keys.
        let run = await ReplayRun.app("gonow-renotify.json")
        #expect(run.status == 0)
        #expect(
            run.deliveries.map { "\($0["at"] as? String ?? "?") \($0["identifier"] as? String ?? "?")" } == [
                "2026-06-01T03:30:00Z swim_solo_2026-06-02_tomorrow"
            ])
        let held = run.objects.filter { $0["type"] as? String == "suppressed" || $0["type"] as? String == "cancelled" }
        #expect(held.map { $0["identifier"] as? String } == ["swim_solo_2026-06-02_best", "swim_solo_2026-06-02_best"])
        #expect(
            held.allSatisfy {
                $0["reason"] as? String == "already_notified" && $0["at"] as? String == "2026-06-01T17:00:00Z"
            })
        #expect(run.summary["suppressed"] as? [String: Int] == ["already_notified": 1])
    }

    @Test func hebrewTextsWithLang() async {
        let run = await ReplayRun.app("gonow-fall-back.json", ["--lang", "he"])
        #expect(run.deliveries.first?["locale"] as? String == "he")
        let title = run.deliveries.first?["title"] as? String ?? ""
        #expect(title.unicodeScalars.contains { (0x0590...0x05FF).contains($0.value) })
    }

    /// Plain scores are read on a fast path; every other scores object still gets the checked reading's message,
    /// and a valid one with every mode reads the same as before.
    @Test(arguments: [
        (#"{"swim_solo": 101}"#, "actions[0].hours[0].scores.swim_solo: 101 is not a whole number from 0 to 100"),
        (#"{"swim_solo": 90, "surf": 50}"#, "actions[0].hours[0].scores.surf: unknown mode 'surf'"),
        (#"{"swim_solo": 9.5}"#, "actions[0].hours[0].scores.swim_solo: 9.5 is not a whole number from 0 to 100"),
        (#"{"swim_solo": "90"}"#, "actions[0].hours[0].scores.swim_solo: expected a whole number, found a string"),
        (#"{"swim_solo": -1}"#, "actions[0].hours[0].scores.swim_solo: -1 is not a whole number from 0 to 100"),
    ])
    func forecastScoresOtherThanPlainAreNamed(scores: String, message: String) async throws {
        let object = try JSONSerialization.jsonObject(with: Data(scores.utf8))
        let run = try await ReplayRun.app("gonow-renotify.json", arguments: ["--format", "json"]) { scenario in
            try Self.editFirstHour(of: &scenario) { $0["scores"] = object }
        }
        #expect(run.status == 65)
        #expect(run.standardError.contains(message), "\(run.standardError)")
    }

    /// Plain forecast hours are read on a fast path too; every other hour still gets the checked reading's message.
    @Test(arguments: [
        (#"{"heatGated": ["surf"]}"#, "actions[0].hours[0].heatGated[0]: unknown value 'surf'; expected swim_solo"),
        (#"{"heatGated": "run_dog"}"#, "actions[0].hours[0].heatGated: expected an array, found a string"),
        (#"{"reasons": {"swim_solo": " "}}"#, "actions[0].hours[0].reasons.swim_solo: is empty; expected some text"),
        (#"{"reasons": {"surf": "Calm"}}"#, "actions[0].hours[0].reasons.surf: unknown mode 'surf'; expected one of"),
        (#"{"start": "2026-06-02T05:10:00Z"}"#, "actions[0].hours[0].start: is not on the hour"),
        (#"{"start": 5}"#, "actions[0].hours[0].start: expected a string, found a number"),
        (#"{"wind": 3}"#, "actions[0].hours[0].wind: unknown key"),
    ])
    func forecastHoursOtherThanPlainAreNamed(edit: String, message: String) async throws {
        let changes = try #require(try JSONSerialization.jsonObject(with: Data(edit.utf8)) as? [String: Any])
        let run = try await ReplayRun.app("gonow-renotify.json", arguments: ["--format", "json"]) { scenario in
            try Self.editFirstHour(of: &scenario) { $0.merge(changes) { _, new in new } }
        }
        #expect(run.status == 65)
        #expect(run.standardError.contains(message), "\(run.standardError)")
    }

    /// An hour with reasons and heat read on the fast path gives what the checked reading gave: the same deliveries
    /// as a reason outside ASCII, which only the checked reading accepts.
    @Test func plainHoursWithReasonsAndHeatReadAsChecked() async throws {
        var runs: [ReplayRun] = []
        for reason in ["Calm sea", "Mer calme, \u{E9}t\u{E9}"] {
            runs.append(
                try await ReplayRun.app("gonow-renotify.json", arguments: ["--format", "json"]) { scenario in
                    try Self.editFirstHour(of: &scenario) {
                        $0["reasons"] = ["swim_solo": reason]
                        $0["heatGated"] = ["run_dog", "run_dog"]
                    }
                })
        }
        #expect(runs.allSatisfy { $0.status == 0 && $0.standardError.isEmpty })
        #expect(runs[0].deliveries.map { $0["identifier"] as? String } == ["swim_solo_2026-06-02_tomorrow"])
        #expect(
            runs[0].deliveries.map { $0["identifier"] as? String }
                == runs[1].deliveries.map { $0["identifier"] as? String })
    }

    @Test func plainScoresOfEveryModeReadAsWritten() async throws {
        let run = try await ReplayRun.app("gonow-renotify.json", arguments: ["--format", "json"]) { scenario in
            try Self.editFirstHour(of: &scenario) {
                $0["scores"] = ["run_dog": 0, "swim_solo": 90, "run_solo": 100, "swim_dog": 69]
            }
        }
        #expect(run.status == 0)
        #expect(run.standardError.isEmpty)
        #expect(run.deliveries.map { $0["identifier"] as? String } == ["swim_solo_2026-06-02_tomorrow"])
    }

    private static func editFirstHour(
        of scenario: inout [String: Any], _ edit: (inout [String: Any]) -> Void
    ) throws {
        var actions = try #require(scenario["actions"] as? [[String: Any]])
        var hours = try #require(actions[0]["hours"] as? [[String: Any]])
        edit(&hours[0])
        actions[0]["hours"] = hours
        scenario["actions"] = actions
    }

    @Test func aWrongScenarioExits65NamingEveryPathAndPrintsNothing() async {
        let run = await ReplayRun.app("gonow-invalid.json")
        #expect(run.status == 65)
        #expect(run.standardOutput.isEmpty)
        for expected in [
            "gonow.modeToggles.surf: unknown mode 'surf'", "gonow.quietHours.end: '7:00' is not valid",
            "actions[2].type: unknown action type 'dance'", "actions[1].at: is outside the replay",
        ] {
            #expect(run.standardError.contains(expected), "\(expected)")
        }
    }
}
