import Foundation
import Testing

/// Device conditions end to end (`docs/scenario-format.md`, Device conditions), each rule on `shadow-day.json` (Berlin,
/// UTC+2: check-ins at 07:00, 12:30, 18:00, fluids at 22:00, 00:00 and 02:00) or `growbro-pushes.json`, with its
/// actions replaced.
///
/// Idle from 22:30 on battery: light Doze from 22:31, deep Doze from 23:34:30, its maintenance windows at 00:34:30
/// (5 min) and 02:39:30 (10 min); the stretch ends at 07:00.
struct DeviceConditionsReplayTests {
    private static var night: [String: Any] { ["idle": [["from": "22:30", "to": "07:00"]]] }

    private static func shadow(
        platform: String, device: [String: Any], actions: [[String: Any]] = []
    ) async throws -> ReplayRun {
        try await ReplayRun.app("shadow-day.json", arguments: ["--format", "json"]) { scenario in
            scenario["platform"] = platform
            scenario["device"] = device
            scenario["actions"] = actions
        }
    }

    private static func delay(_ delivery: [String: Any]?) -> String? {
        guard let delivery, let due = delivery["dueAt"] as? String, let delay = delivery["delay"] as? [String: Any]
        else { return nil }
        return
            "\(delivery["at"] as? String ?? "?") due \(due) \(delay["minutes"] as? Int ?? -1) \(delay["cause"] as? String ?? "?")"
    }

    @Test func exactAlarmsFireInDeepDozeOnTime() async throws {
        let run = try await Self.shadow(platform: "android", device: Self.night)
        #expect(run.status == 0)
        #expect(run.deliveries.count == 9)
        #expect(run.deliveries.allSatisfy { $0["dueAt"] == nil && $0["delay"] == nil })
        let late = run.summary["late"] as? [String: Any]
        #expect(late?["count"] as? Int == 0)
        #expect(late?["p50Minutes"] is NSNull)
    }

    @Test func workWaitsForDeepDozeMaintenanceWindows() async throws {
        let run = try await Self.shadow(
            platform: "android", device: Self.night.merging(["android": ["scheduleMode": "work"]]) { $1 })
        #expect(
            Self.delay(run.delivery("shadow_fluids_2026-05-05_00:00"))
                == "2026-05-04T22:34:30Z due 2026-05-04T22:00:00Z 34 doze")
        #expect(
            Self.delay(run.delivery("shadow_fluids_2026-05-05_02:00"))
                == "2026-05-05T00:39:30Z due 2026-05-05T00:00:00Z 39 doze")
        // The 22:00 ones come before the stretch begins.
        #expect(run.delivery("shadow_fluids_2026-05-04_22:00")?["dueAt"] == nil)
        let late = run.summary["late"] as? [String: Any]
        #expect(late?["count"] as? Int == 2)
        #expect(late?["p50Minutes"] as? Int == 34)
        #expect(late?["p95Minutes"] as? Int == 39)
        #expect(late?["maxMinutes"] as? Int == 39)
        #expect((late?["byCause"] as? [String: Int]) == ["doze": 2])
    }

    @Test func chargingOvernightHasNoDoze() async throws {
        let run = try await Self.shadow(
            platform: "android",
            device: [
                "idle": [["from": "22:30", "to": "07:00", "charging": true]], "android": ["scheduleMode": "work"],
            ])
        #expect(run.deliveries.count == 9)
        #expect(run.deliveries.allSatisfy { $0["delay"] == nil })
    }

    @Test func aLaunchWakesThePhoneAndDozeStartsOver() async throws {
        let run = try await Self.shadow(
            platform: "android", device: Self.night.merging(["android": ["scheduleMode": "work"]]) { $1 },
            actions: [["at": "2026-05-05T01:50:00+02:00", "type": "launch"]])
        // Light Doze from 01:51: idle [01:51, 01:56), maintenance [01:56, 01:57), idle [01:57, 02:07).
        #expect(
            Self.delay(run.delivery("shadow_fluids_2026-05-05_02:00"))
                == "2026-05-05T00:07:00Z due 2026-05-05T00:00:00Z 7 doze_light")
    }

    @Test func deniedExactAlarmsFallBackToInexactWindowsAndWhatExpiresMeanwhileIsNotShown() async throws {
        let run = try await Self.shadow(platform: "android", device: ["android": ["exactAlarms": "denied"]])
        // Handed over at the start (06:00), each inexact window is ¾ of the lead, at most an hour: longer than the
        // 30 minutes a supplement lasts and the hour a check-in lasts, so none is shown.
        #expect(run.deliveries.isEmpty)
        #expect(
            run.lines("suppressed").prefix(2) == [
                "2026-05-04T05:45:00Z shadow_supplements_2026-05-04_07:00 expired",
                "2026-05-04T11:30:00Z shadow_food_2026-05-04_12:30 expired",
            ])
        #expect((run.summary["suppressed"] as? [String: Int]) == ["expired": 9])

        let hydracat = try await ReplayRun.app("hydracat-week.json", arguments: ["--format", "json"]) { scenario in
            scenario["platform"] = "android"
            scenario["device"] = ["android": ["exactAlarms": "denied"]]
        }
        let late = try #require(hydracat.deliveries.first { $0["delay"] != nil })
        let delay = try #require(late["delay"] as? [String: Any])
        #expect(delay["cause"] as? String == "inexact_window")
        #expect(delay["minutes"] as? Int == 60)
    }

    @Test func aRevocationLosesExactAlarmsUntilTheAppRunsAndAGrantRunsIt() async throws {
        let run = try await Self.shadow(
            platform: "android", device: Self.night,
            actions: [
                ["at": "2026-05-04T12:00:00+02:00", "type": "device", "value": ["android": ["exactAlarms": "denied"]]],
                ["at": "2026-05-04T15:00:00+02:00", "type": "launch"],
                [
                    "at": "2026-05-04T17:00:00+02:00", "type": "device",
                    "value": ["android": ["exactAlarms": "allowed"]],
                ],
            ])
        #expect(
            run.lines("lost") == [
                "2026-05-04T10:30:00Z shadow_food_2026-05-04_12:30 exact_alarm_revoked",
                "2026-05-04T10:30:00Z shadow_supplements_2026-05-04_12:30 exact_alarm_revoked",
            ])
        let runs = run.objects.filter { $0["type"] as? String == "run" }.map {
            "\($0["at"] as? String ?? "") \($0["cause"] as? String ?? "")"
        }
        #expect(runs.contains("2026-05-04T15:00:00Z exact_alarm_allowed"))
        // After the grant every request is exact again: the 18:00 ones on time.
        #expect(run.delivery("shadow_checkins_2026-05-04_18:00")?["delay"] == nil)
        #expect(run.summary["lost"] as? Int == 2)
    }

    @Test func focusAndTheScheduledSummaryKeepNotificationsQuietOnIOS() async throws {
        let run = try await Self.shadow(
            platform: "ios",
            device: ["ios": ["focus": [["from": "21:00", "to": "07:00"]]]])
        let fluids = run.delivery("shadow_fluids_2026-05-05_00:00")
        #expect(fluids?["at"] as? String == "2026-05-04T22:00:00Z")
        #expect(fluids?["toldAt"] as? String == "2026-05-05T05:00:00Z")
        #expect(fluids?["quiet"] as? String == "focus")
        #expect(run.delivery("shadow_food_2026-05-04_12:30")?["quiet"] == nil)
        #expect((run.summary["quiet"] as? [String: Int]) == ["focus": 4, "scheduled_summary": 0])

        let summary = try await Self.shadow(
            platform: "ios",
            device: ["ios": ["focus": [["from": "07:00", "to": "13:30"]], "scheduledSummary": ["08:00", "13:00"]]])
        // 12:30: held for the 13:00 summary, which falls in the Focus: told at its end, 13:30.
        let food = summary.delivery("shadow_food_2026-05-04_12:30")
        #expect(food?["toldAt"] as? String == "2026-05-04T11:30:00Z")
        #expect(food?["quiet"] as? String == "scheduled_summary")
    }

    @Test func lowPowerModeSkipsABackgroundRefresh() async throws {
        let run = try await Self.shadow(
            platform: "ios", device: ["ios": ["lowPower": [["from": "14:00", "to": "16:00"]]]],
            actions: [
                ["at": "2026-05-04T15:00:00+02:00", "type": "backgroundRefresh"],
                ["at": "2026-05-04T17:00:00+02:00", "type": "backgroundRefresh"],
            ])
        let skipped = run.objects.filter { $0["type"] as? String == "skipped" }
        #expect(skipped.count == 1)
        #expect(skipped.first?["at"] as? String == "2026-05-04T13:00:00Z")
        #expect(skipped.first?["cause"] as? String == "low_power")
        let refreshes = run.objects.filter {
            $0["type"] as? String == "run" && $0["cause"] as? String == "backgroundRefresh"
        }
        #expect(refreshes.map { $0["at"] as? String } == ["2026-05-04T15:00:00Z"])
    }

    @Test func normalPriorityPushesWaitForDozeMaintenanceHighOnesDoNot() async throws {
        let run = try await ReplayRun.app("growbro-pushes.json", arguments: ["--format", "json"]) { scenario in
            scenario["platform"] = "android"
            // On the desk from 10:00: deep Doze from 11:04:30, idle until 12:04:30 and from 12:09:30 to 14:09:30.
            scenario["device"] = ["idle": [["from": "10:00", "to": "18:00"]]]
            scenario["actions"] = [
                [
                    "at": "2026-05-04T13:00:00+02:00", "type": "push", "kind": "like", "messageId": "m2",
                    "postId": "p1",
                    "author": "Ben",
                ],
                [
                    "at": "2026-05-04T13:00:00+02:00", "type": "push", "kind": "reply", "messageId": "m6",
                    "postId": "p2",
                    "author": "Ada", "text": "Early bird!",
                ],
            ]
        }
        #expect(Self.delay(run.delivery("msg_m2")) == "2026-05-04T12:09:30Z due 2026-05-04T11:00:00Z 69 doze")
        #expect(run.delivery("msg_m6")?["at"] as? String == "2026-05-04T11:00:00Z")
        #expect(run.delivery("msg_m6")?["delay"] == nil)
    }

    @Test func theTimelineSaysItInWords() async throws {
        let run = try await ReplayRun.app("shadow-day.json", arguments: []) { scenario in
            scenario["platform"] = "android"
            scenario["device"] = Self.night.merging(["android": ["scheduleMode": "work"]]) { $1 }
            scenario["actions"] = []
        }
        #expect(run.standardOutput.contains("fluids  34 min late: deep Doze  shadow_fluids_2026-05-05_00:00"))
        #expect(run.standardOutput.contains("late: 2 (median 34 min, p95 39 min, longest 39 min): deep Doze 2"))
        let ios = try await ReplayRun.app("shadow-day.json", arguments: []) { scenario in
            scenario["platform"] = "ios"
            scenario["device"] = ["ios": ["focus": [["from": "21:00", "to": "07:00"]]]]
            scenario["actions"] = []
        }
        #expect(ios.standardOutput.contains("quiet until 07:00 +02:00: Focus  shadow_fluids_2026-05-05_00:00"))
        #expect(ios.standardOutput.contains("quiet: Focus 4, Scheduled Summary 0"))
    }
}
