import Foundation
import Testing

/// `--platform` and the envelope's `platform` and `bootReceiver`, the common actions `reboot` and
/// `backgroundRefresh` (`docs/scenario-format.md`, Platforms), end to end on `shadow-day.json`.
///
/// Berlin is UTC+2 in May. With no action the fixture delivers 9 check-ins from 06:00 on 4 May to 06:00 on 5 May,
/// the first two after 12:05 being food and supplements at 12:30 (10:30Z).
struct PlatformReplayTests {
    private static var reboot: [String: Any] { ["at": "2026-05-04T12:05:00+02:00", "type": "reboot"] }

    /// Runs `shadow-day.json` with its envelope changed and its actions replaced.
    private static func run(
        _ envelope: [String: Any], actions: [[String: Any]], flags: [String] = []
    ) async throws -> ReplayRun {
        try await ReplayRun.app("shadow-day.json", arguments: ["--format", "json"] + flags) { scenario in
            scenario.merge(envelope) { _, new in new }
            scenario["actions"] = actions
        }
    }

    private static func summary(_ run: ReplayRun) -> [String: Any] {
        run.objects.last { $0["type"] as? String == "summary" } ?? [:]
    }

    @Test func anAndroidRebootWithoutABootReceiverLosesWhatComesDueBeforeTheAppRunsAgain() async throws {
        let run = try await Self.run(
            ["platform": "android", "bootReceiver": false],
            actions: [Self.reboot, ["at": "2026-05-04T15:00:00+02:00", "type": "backgroundRefresh"]])
        #expect(run.status == 0)
        // Every pending request is removed at the reboot: 17 of them, the first one the 12:30 food check-in.
        let cancelled = run.lines("cancelled")
        #expect(cancelled.count == 17)
        #expect(cancelled.allSatisfy { $0.hasPrefix("2026-05-04T10:05:00Z ") && $0.hasSuffix(" reboot") })
        // Nothing of the app runs until the refresh at 15:00: the two 12:30 check-ins are lost at their instant.
        #expect(
            run.lines("lost") == [
                "2026-05-04T10:30:00Z shadow_food_2026-05-04_12:30 reboot",
                "2026-05-04T10:30:00Z shadow_supplements_2026-05-04_12:30 reboot",
            ])
        // The refresh hands the rest over again: 7 delivered + 2 lost = the 9 of a run without reboot.
        #expect(run.deliveries.count == 7)
        #expect(run.delivery("shadow_checkins_2026-05-04_18:00") != nil)
        let summary = Self.summary(run)
        #expect(summary["platform"] as? String == "android")
        #expect(summary["lost"] as? Int == 2)
        #expect(summary["pendingLimit"] as? Int == 500)
    }

    @Test func aBootReceiverRunsTheAppAtTheRebootAndNothingIsLost() async throws {
        let plain = try await Self.run(["platform": "android"], actions: [])
        let rebooted = try await Self.run(["platform": "android"], actions: [Self.reboot])
        #expect(rebooted.status == 0)
        #expect(rebooted.lines("cancelled").count == 17)
        #expect(rebooted.lines("lost").isEmpty)
        #expect(rebooted.lines("delivered") == plain.lines("delivered"))
        #expect(plain.lines("delivered").count == 9)
        #expect(Self.summary(rebooted)["lost"] as? Int == 0)
    }

    @Test func withoutAnAppRunBeforeUntilEveryRemovedRequestDueIsLost() async throws {
        let run = try await Self.run(["platform": "android", "bootReceiver": false], actions: [Self.reboot])
        // Only the 07:00 supplements came before the reboot; the 8 due between it and 06:00 on 5 May are lost, and
        // nothing is withdrawn after it (the app never ran again).
        #expect(run.deliveries.count == 1)
        #expect(run.lines("lost").count == 8)
        #expect(run.lines("withdrawn").filter { $0 > "2026-05-04T10:05" }.isEmpty)
    }

    @Test(arguments: ["ios", "linux"])
    func aRebootKeepsWhatIOSAndTheLinuxAdapterHold(platform: String) async throws {
        let plain = try await Self.run(["platform": platform], actions: [])
        let rebooted = try await Self.run(["platform": platform, "bootReceiver": false], actions: [Self.reboot])
        #expect(rebooted.status == 0)
        #expect(rebooted.lines("cancelled").isEmpty)
        #expect(rebooted.lines("lost").isEmpty)
        #expect(rebooted.lines("delivered") == plain.lines("delivered"))
    }

    @Test func theFlagWinsOverTheEnvelope() async throws {
        let run = try await Self.run(
            ["platform": "android", "bootReceiver": false], actions: [Self.reboot], flags: ["--platform", "linux"])
        #expect(run.lines("cancelled").isEmpty)
        #expect(run.lines("lost").isEmpty)
        #expect(Self.summary(run)["platform"] == nil)
    }

    @Test func linuxHasNoPendingLimitUnlessOneIsGiven() async throws {
        let unlimited = try await Self.run(["platform": "linux"], actions: [])
        #expect(Self.summary(unlimited)["pendingLimit"] is NSNull)
        let limited = try await Self.run(["platform": "linux"], actions: [], flags: ["--pending-limit", "64"])
        #expect(Self.summary(limited)["pendingLimit"] as? Int == 64)
        #expect(limited.lines("delivered") == unlimited.lines("delivered"))
    }

    @Test func aBackgroundRefreshOnLinuxReconcilesAndChangesNothing() async throws {
        let plain = try await Self.run(["platform": "linux"], actions: [])
        let refreshed = try await Self.run(
            ["platform": "linux"], actions: [["at": "2026-05-04T09:00:00+02:00", "type": "backgroundRefresh"]])
        #expect(refreshed.status == 0)
        #expect(refreshed.standardOutput == plain.standardOutput)
    }

    @Test func aBadPlatformOrBootReceiverNamesItsPath() async throws {
        let platform = try await Self.run(["platform": "windows"], actions: [])
        #expect(platform.status == 65)
        #expect(platform.standardError.contains("platform"))
        #expect(platform.standardError.contains("windows"))
        let receiver = try await Self.run(["bootReceiver": "yes"], actions: [])
        #expect(receiver.status == 65)
        #expect(receiver.standardError.contains("bootReceiver: expected true or false"))
    }
}
