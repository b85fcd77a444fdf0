import Foundation
import Testing

/// Killed apps and background pushes end to end (`docs/scenario-format.md`, Killed apps and Background pushes): the
/// common action `forceStop` on both phones for every app, and GrowBro's `push` of kind `refresh`. On
/// `growbro-pushes.json` (Berlin, UTC+2) with its actions replaced: tasks due 2026-05-04 12:00 and 23:30 (moved to the
/// quiet hours' end, 07:00).
struct KilledAppReplayTests {
    private static func growbro(
        platform: String, actions: [[String: Any]], device: [String: Any]? = nil
    ) async throws -> ReplayRun {
        try await ReplayRun.app("growbro-pushes.json", arguments: ["--format", "json"]) { scenario in
            scenario["platform"] = platform
            if let device { scenario["device"] = device }
            scenario["actions"] = actions
        }
    }

    private static var reply: [String: Any] {
        [
            "at": "2026-05-04T09:00:00+02:00", "type": "push", "kind": "reply", "messageId": "m1", "postId": "p1",
            "author": "Ada", "text": "Hi",
        ]
    }
    private static var stop: [String: Any] { ["at": "2026-05-04T10:00:00+02:00", "type": "forceStop"] }
    private static var like: [String: Any] {
        [
            "at": "2026-05-04T11:00:00+02:00", "type": "push", "kind": "like", "messageId": "m2", "postId": "p1",
            "author": "Ben",
        ]
    }
    private static var refresh: [String: Any] {
        ["at": "2026-05-04T11:30:00+02:00", "type": "push", "kind": "refresh", "messageId": "r1"]
    }
    private static var backgroundRefresh: [String: Any] {
        ["at": "2026-05-04T11:45:00+02:00", "type": "backgroundRefresh"]
    }
    private static var launch: [String: Any] { ["at": "2026-05-04T13:00:00+02:00", "type": "launch"] }

    private static func skipped(_ run: ReplayRun) -> [String] {
        run.objects.filter { $0["type"] as? String == "skipped" }.map {
            "\($0["at"] as? String ?? "?") \($0["cause"] as? String ?? "?")"
                + (($0["identifier"] as? String).map { " \($0)" } ?? "")
        }
    }

    @Test func androidRemovesEverythingAndNothingReachesTheAppUntilItsLaunch() async throws {
        let run = try await Self.growbro(
            platform: "android",
            actions: [Self.reply, Self.stop, Self.like, Self.refresh, Self.backgroundRefresh, Self.launch])
        #expect(run.status == 0)
        #expect(
            run.lines("cancelled") == [
                "2026-05-04T08:00:00Z task_t2 force_stop", "2026-05-04T08:00:00Z task_t1 force_stop",
                "2026-05-04T08:00:00Z overdue_2026-05-05 force_stop",
            ])
        #expect(run.lines("withdrawn") == ["2026-05-04T08:00:00Z msg_m1 force_stop"])
        #expect(
            Self.skipped(run) == [
                "2026-05-04T09:00:00Z force_stopped msg_m2", "2026-05-04T09:30:00Z force_stopped msg_r1",
                "2026-05-04T09:45:00Z force_stopped",
            ])
        // The 12:00 reminder comes before the launch: lost; the 23:30 one is handed over again at the launch.
        #expect(run.lines("lost") == ["2026-05-04T10:00:00Z task_t2 force_stop"])
        #expect(run.delivery("msg_m2") == nil)
        #expect(run.delivery("task_t1") != nil)
        #expect(run.summary("lost") == 1)
        #expect((run.summary["skipped"] as? [String: Int]) == ["force_stopped": 3])
        // A skipped push adds no inbox entry: the reply only, and the reminders shown.
        #expect((run.summary["inbox"] as? [String: Int])?["total"] == 1 + 2)
        // forceStop alone is no device condition.
        #expect(run.summary["late"] == nil)
    }

    @Test func iOSKeepsWhatItHoldsShowsAlertPushesAndRunsNoAppCode() async throws {
        let run = try await Self.growbro(
            platform: "ios",
            actions: [Self.reply, Self.stop, Self.like, Self.refresh, Self.backgroundRefresh, Self.launch])
        #expect(run.lines("cancelled").isEmpty)
        #expect(run.lines("withdrawn").isEmpty)
        #expect(run.delivery("msg_m2")?["at"] as? String == "2026-05-04T09:00:00Z")
        #expect(run.delivery("task_t2")?["at"] as? String == "2026-05-04T10:00:00Z")
        #expect(Self.skipped(run) == ["2026-05-04T09:30:00Z force_quit msg_r1", "2026-05-04T09:45:00Z force_quit"])
        #expect((run.summary["skipped"] as? [String: Int]) == ["force_quit": 2])
        let causes = run.objects.filter { $0["type"] as? String == "run" }.compactMap { $0["cause"] as? String }
        #expect(causes == ["start", "action"])
    }

    @Test func onLinuxAForceStopChangesNothing() async throws {
        let run = try await ReplayRun.app(
            "growbro-pushes.json", arguments: ["--format", "json", "--platform", "linux"]
        ) { scenario in
            scenario["actions"] = [Self.reply, Self.stop, Self.like]
        }
        #expect(run.delivery("msg_m2") != nil)
        #expect(Self.skipped(run).isEmpty)
    }

    @Test(arguments: ["ios", "android"])
    func aBackgroundPushIsAnAppRunThatReconciles(platform: String) async throws {
        let run = try await Self.growbro(platform: platform, actions: [Self.refresh])
        let runs = run.objects.filter { $0["type"] as? String == "run" }
        #expect(runs.map { $0["cause"] as? String } == ["start", "backgroundPush"])
        #expect(runs.last?["at"] as? String == "2026-05-04T09:30:00Z")
        #expect(run.delivery("msg_r1") == nil)
        #expect(run.summary["skipped"] == nil)
        // It adds no inbox entry.
        let without = try await Self.growbro(platform: platform, actions: [])
        #expect((run.summary["inbox"] as? [String: Int]) == (without.summary["inbox"] as? [String: Int]))
    }

    @Test func deepDozeHoldsABackgroundPushLikeALike() async throws {
        // On the desk from 10:00: deep Doze from 11:04:30, its first maintenance window at 12:04:30.
        let run = try await Self.growbro(
            platform: "android",
            actions: [["at": "2026-05-04T11:30:00+02:00", "type": "push", "kind": "refresh", "messageId": "r1"]],
            device: ["idle": [["from": "10:00", "to": "18:00"]]])
        let runs = run.objects.filter { $0["type"] as? String == "run" && $0["cause"] as? String == "backgroundPush" }
        #expect(runs.map { $0["at"] as? String } == ["2026-05-04T10:04:30Z"])
    }

    @Test func lowPowerModeSkipsABackgroundPushOnIOS() async throws {
        let run = try await Self.growbro(
            platform: "ios", actions: [Self.refresh], device: ["ios": ["lowPower": [["from": "11:00", "to": "12:00"]]]])
        #expect(Self.skipped(run) == ["2026-05-04T09:30:00Z low_power msg_r1"])
        #expect((run.summary["skipped"] as? [String: Int]) == ["low_power": 1])
    }

    @Test func killedWinsOverLowPowerMode() async throws {
        let run = try await Self.growbro(
            platform: "ios", actions: [Self.stop, Self.refresh],
            device: ["ios": ["lowPower": [["from": "11:00", "to": "12:00"]]]])
        #expect(Self.skipped(run) == ["2026-05-04T09:30:00Z force_quit msg_r1"])
    }

    @Test func everyAppTakesAForceStop() async throws {
        for fixture in ["gonow-text.json", "hydracat-week.json", "shadow-day.json"] {
            let run = try await ReplayRun.app(fixture, arguments: ["--format", "json", "--platform", "android"]) {
                scenario in
                var actions = scenario["actions"] as? [[String: Any]] ?? []
                actions.append(["at": scenario["now"] as! String, "type": "forceStop"])
                scenario["actions"] = actions
            }
            #expect(run.status == 0, "\(fixture): \(run.standardError)")
            #expect(run.lines("cancelled").contains { $0.hasSuffix("force_stop") }, "\(fixture)")
        }
        var scenario =
            try JSONSerialization.jsonObject(with: Fixture.data("Scenarios/single-favorite.json")) as! [String: Any]
        scenario["actions"] = [["at": "2026-06-21T15:10:00Z", "type": "forceStop"]]
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("www-\(UUID()).json")
        try JSONSerialization.data(withJSONObject: scenario).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let www = await ReplayRun.wavesim(["replay", file.path, "--format", "json", "--platform", "android"])
        #expect(www.status == 0)
        // Removed at 15:10 and never handed over again: the rest of the reminders and the wave hit are not shown.
        #expect(www.deliveries.compactMap { $0["trigger"] as? String } == ["start_60m"])
        #expect(www.lines("lost").count == 5)
    }

    @Test func theTimelineSaysItInWords() async throws {
        let run = try await ReplayRun.app("growbro-pushes.json", arguments: ["--platform", "android"]) { scenario in
            scenario["actions"] = [Self.reply, Self.stop, Self.like, Self.backgroundRefresh, Self.launch]
        }
        #expect(run.standardOutput.contains("cancelled: the app was force-stopped  task_t2"))
        #expect(run.standardOutput.contains("withdrawn: the app was force-stopped  msg_m1"))
        #expect(run.standardOutput.contains("skipped: push (app force-stopped)  msg_m2"))
        #expect(run.standardOutput.contains("skipped: background refresh (app force-stopped)"))
        #expect(run.standardOutput.contains("lost: the app was force-stopped  task_t2"))
        #expect(run.standardOutput.contains("skipped: app force-stopped 2"))
    }

    @Test(arguments: [
        (#"{"type": "forceStop", "value": 1}"#, "actions[0].value"),
        (#"{"type": "push", "kind": "refresh", "messageId": "r1", "title": "Hi"}"#, "actions[0].title"),
        (#"{"type": "push", "kind": "refresh", "messageId": "r1", "text": "Hi"}"#, "actions[0].text"),
        (#"{"type": "push", "kind": "refresh"}"#, "actions[0].messageId"),
        (#"{"type": "push", "kind": "refresh", "messageId": "r 1"}"#, "actions[0].messageId"),
    ])
    func badInputExits65NamingThePath(action: String, path: String) async throws {
        let run = try await ReplayRun.app("growbro-pushes.json", arguments: ["--format", "json"]) { scenario in
            var object = try JSONSerialization.jsonObject(with: Data(action.utf8)) as! [String: Any]
            object["at"] = "2026-05-04T09:00:00+02:00"
            scenario["actions"] = [object]
        }
        #expect(run.status == 65)
        #expect(run.standardError.contains(path), "\(run.standardError)")
        #expect(run.standardOutput.isEmpty)
    }
}
