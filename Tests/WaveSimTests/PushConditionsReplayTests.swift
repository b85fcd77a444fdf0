import Foundation
import Testing

/// Device conditions, round two (`docs/scenario-format.md`, Device conditions): pushes are notifications like any
/// other, Doze's release at a user's action comes before the app's code, and the app's own moments are alarms in its
/// mode. On `growbro-pushes.json` (Berlin, UTC+2) with its actions replaced.
struct PushConditionsReplayTests {
    private static func growbro(
        platform: String, device: [String: Any]?, actions: [[String: Any]],
        edit: (inout [String: Any]) -> Void = { _ in }
    ) async throws -> ReplayRun {
        try await ReplayRun.app("growbro-pushes.json", arguments: ["--format", "json"]) { scenario in
            scenario["platform"] = platform
            if let device { scenario["device"] = device }
            scenario["actions"] = actions
            edit(&scenario)
        }
    }

    private static func push(_ kind: String, _ id: String, at: String) -> [String: Any] {
        switch kind {
        case "like": ["at": at, "type": "push", "kind": "like", "messageId": id, "postId": "p1", "author": "Ben"]
        case "reply":
            ["at": at, "type": "push", "kind": "reply", "messageId": id, "postId": "p2", "author": "Ada", "text": "Hi"]
        default: ["at": at, "type": "push", "kind": "system", "messageId": id, "title": "News", "text": "Read it"]
        }
    }

    @Test func aFocusHoldsAReplyPushAndTheSummaryALikeOnIOS() async throws {
        let run = try await Self.growbro(
            platform: "ios", device: ["ios": ["focus": [["from": "12:00", "to": "14:00"]]]],
            actions: [Self.push("reply", "m1", at: "2026-05-04T13:00:00+02:00")])
        let reply = run.delivery("msg_m1")
        #expect(reply?["at"] as? String == "2026-05-04T11:00:00Z")
        #expect(reply?["toldAt"] as? String == "2026-05-04T12:00:00Z")
        #expect(reply?["quiet"] as? String == "focus")
        #expect((run.summary["quiet"] as? [String: Int]) == ["focus": 1, "scheduled_summary": 0])

        let summary = try await Self.growbro(
            platform: "ios", device: ["ios": ["scheduledSummary": ["18:00"]]],
            actions: [Self.push("like", "m2", at: "2026-05-04T13:00:00+02:00")])
        let like = summary.delivery("msg_m2")
        #expect(like?["toldAt"] as? String == "2026-05-04T16:00:00Z")
        #expect(like?["quiet"] as? String == "scheduled_summary")
    }

    @Test func withoutConditionsAPushIsToldAtOnce() async throws {
        let run = try await Self.growbro(
            platform: "ios", device: nil, actions: [Self.push("reply", "m1", at: "2026-05-04T13:00:00+02:00")])
        #expect(run.delivery("msg_m1")?["quiet"] == nil)
        #expect(run.summary["quiet"] == nil)
    }

    @Test func androidsCapOfFiftyDropsPushes() async throws {
        let actions = (1...53).map { index in
            Self.push("system", "s\(index)", at: String(format: "2026-05-04T09:%02d:00+02:00", index))
        }
        let run = try await Self.growbro(
            platform: "android", device: ["android": ["bucket": "active"]], actions: actions)
        #expect(run.deliveries.filter { ($0["identifier"] as? String)?.hasPrefix("msg_s") == true }.count == 50)
        #expect(
            run.lines("suppressed").prefix(3) == [
                "2026-05-04T07:51:00Z msg_s51 android_notification_cap",
                "2026-05-04T07:52:00Z msg_s52 android_notification_cap",
                "2026-05-04T07:53:00Z msg_s53 android_notification_cap",
            ])
        // Three pushes, then the reminders due while 50 are still on screen.
        #expect(run.lines("suppressed").filter { $0.contains("msg_") }.count == 3)
        // Every push is in the inbox, shown or not.
        #expect((run.summary["inbox"] as? [String: Int])?["total"] ?? 0 >= 53)

        let ideal = try await Self.growbro(platform: "android", device: nil, actions: actions)
        #expect(ideal.deliveries.filter { ($0["identifier"] as? String)?.hasPrefix("msg_s") == true }.count == 53)
    }

    @Test func aLaunchInDeepDozeShowsTheHeldLikeFirst() async throws {
        // On the desk from 10:00: deep Doze from 11:04:30, idle until 12:04:30, then until 14:09:30.
        let run = try await Self.growbro(
            platform: "android", device: ["idle": [["from": "10:00", "to": "18:00"]]],
            actions: [
                Self.push("like", "m2", at: "2026-05-04T12:30:00+02:00"),
                ["at": "2026-05-04T13:00:00+02:00", "type": "launch"],
            ])
        let like = run.delivery("msg_m2")
        #expect(like?["at"] as? String == "2026-05-04T11:00:00Z")
        #expect(like?["dueAt"] as? String == "2026-05-04T10:30:00Z")
        #expect((like?["delay"] as? [String: Any])?["cause"] as? String == "doze")
        #expect((like?["delay"] as? [String: Any])?["minutes"] as? Int == 30)
        // Shown before the launch's run line.
        let types = run.objects.compactMap { object -> String? in
            guard object["at"] as? String == "2026-05-04T11:00:00Z" else { return nil }
            return object["type"] as? String
        }
        #expect(types.first == "delivered")
        #expect(types.last == "run")
    }

    @Test func aWorkModeAppsOffsetChangeWaitsForDozeAndTheHeldReminderIsShown() async throws {
        // New York springs forward at 02:00 on 2026-03-08. Idle from 23:00: deep Doze from 00:04:30, its first
        // maintenance window at 01:04:30, the next at 04:09:30 EDT (08:09:30Z).
        let run = try await Self.growbro(platform: "android", device: nil, actions: []) { scenario in
            scenario["timeZone"] = "America/New_York"
            scenario["now"] = "2026-03-07T20:00:00-05:00"
            scenario["until"] = "2026-03-08T10:00:00-04:00"
            scenario["device"] = ["idle": [["from": "23:00", "to": "07:00"]], "android": ["scheduleMode": "work"]]
            scenario["growbro"] = ["tasks": [["id": "t1", "title": "Water", "due": "2026-03-08T01:30"]]]
        }
        let reminder = run.delivery("task_t1")
        #expect(reminder?["at"] as? String == "2026-03-08T08:09:30Z")
        #expect(reminder?["dueAt"] as? String == "2026-03-08T06:30:00Z")
        #expect((reminder?["delay"] as? [String: Any])?["cause"] as? String == "doze")
        #expect(run.lines("cancelled").isEmpty)
    }

    @Test func worldWideWavesWaveHitsCountTowardTheCapAndItsSummaryHasSuppressed() async throws {
        // 55 favorites: their 60-minute reminders fill the screen at 15:00, so every wave hit from 16:00 is dropped.
        var scenario =
            try JSONSerialization.jsonObject(with: Fixture.data("Scenarios/single-favorite.json")) as! [String: Any]
        let event = (scenario["events"] as! [[String: Any]])[0]
        scenario["events"] = (0..<55).map { index in
            event.merging(["id": String(format: "e%02d", index), "waveHitAt": "2026-06-21T16:10:00Z"]) { $1 }
        }
        scenario["device"] = ["android": ["bucket": "active"]]
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("www-cap-\(UUID()).json")
        try JSONSerialization.data(withJSONObject: scenario).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = await ReplayRun.wavesim(["replay", file.path, "--format", "json", "--platform", "android"])
        let hits = run.lines("suppressed").filter { $0.contains("_wave_hit") }
        #expect(hits.count == 55)
        #expect(hits.first == "2026-06-21T16:10:00Z event_e00_wave_hit android_notification_cap")
        let suppressed = run.summary["suppressed"] as? [String: Int]
        #expect((suppressed?["android_notification_cap"] ?? 0) >= 55)

        scenario["device"] = nil
        try JSONSerialization.data(withJSONObject: scenario).write(to: file)
        let ideal = await ReplayRun.wavesim(["replay", file.path, "--format", "json", "--platform", "android"])
        #expect(ideal.deliveries.filter { $0["trigger"] as? String == "wave_hit" }.count == 55)
        #expect(ideal.summary["suppressed"] == nil)
    }
}
