import Foundation
import TestSupport
import Testing
import WaveCommandLine
import WaveNotifications
import WaveNotificationsTesting

@testable import WaveSim

/// Every app on every clock and sink (`docs/scenario-format.md`, "Clocks and sinks"): the wall clock prints the
/// virtual clock's lines, `--start now` moves every instant by one amount, and an action picked on a real desktop
/// reaches the app's service.
@Suite struct ClocksAndSinksTests {
    /// Each app's example (WorldWideWaves': a short scenario, its speed is at most 300), with the wall clock's speed.
    static let replays: [(path: String, speed: String)] = [
        ("Examples/gonow.json", "86400"), ("Examples/hydracat.json", "86400"), ("Examples/shadow.json", "86400"),
        ("Examples/growbro.json", "86400"),
        (Fixture.url("Scenarios/short-wall.json").path, "300"),
    ]

    /// A file of the repository or a fixture, as an absolute path.
    private static func path(_ file: String) -> String {
        file.hasPrefix("/") ? file : Fixture.repositoryRoot.appendingPathComponent(file).path
    }

    @Test(arguments: replays, ["ios", "android", "linux"])
    func theWallClockPrintsTheVirtualClocksLines(replay: (path: String, speed: String), platform: String) async {
        // The same speed on both clocks: for WorldWideWaves it is also the app's simulation speed.
        let flags = ["--format", "json", "--platform", platform, "--analytics", "--speed", replay.speed]
        let file = Self.path(replay.path)
        let virtual = await ReplayRun.wavesim(["replay", file] + flags)
        let wall = await ReplayRun.wavesim(["replay", file, "--clock", "wall"] + flags)
        #expect(virtual.status == 0, "\(virtual.standardError)")
        #expect(wall.status == 0, "\(wall.standardError)")
        #expect(!virtual.standardOutput.isEmpty)
        #expect(wall.standardOutput == virtual.standardOutput)
    }

    @Test func startNowMovesEveryInstantByTheSameAmount() async throws {
        let file = Fixture.url("Scenarios/short-wall.json").path
        let virtual = await ReplayRun.wavesim(["replay", file, "--format", "json", "--speed", "300"])
        let now = await ReplayRun.wavesim([
            "replay", file, "--format", "json", "--clock", "wall", "--speed", "300", "--start", "now",
        ])
        #expect(now.status == 0, "\(now.standardError)")
        let before = try Self.instants(virtual.standardOutput)
        let after = try Self.instants(now.standardOutput)
        #expect(before.count == after.count && before.count >= 3)
        let shifts = Set(zip(before, after).map { ($1.timeIntervalSince($0) * 1000).rounded() })
        #expect(shifts.count == 1, "\(shifts)")
        let shift = try #require(shifts.first)
        // Whole half hours, so that GoNow's forecast hours stay on the hour.
        #expect(shift > 0 && shift.truncatingRemainder(dividingBy: 1_800_000) == 0)
    }

    @Test(arguments: ["Examples/gonow.json", "Examples/hydracat.json", "Examples/shadow.json", "Examples/growbro.json"])
    func startNowReplaysEveryApp(file: String) async {
        let run = await ReplayRun.wavesim([
            "replay", Self.path(file), "--format", "json", "--clock", "wall", "--speed", "86400", "--start", "now",
        ])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains(#""type":"summary""#))
    }

    /// The `at` of every line that has one.
    private static func instants(_ output: String) throws -> [Date] {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let plain = ISO8601DateFormatter()
        return try output.split(separator: "\n").compactMap { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            guard let at = object?["at"] as? String else { return nil }
            return formatter.date(from: at) ?? plain.date(from: at)
        }
    }

    @Test func theDesktopNeedsTheWallClock() async {
        let run = await ReplayRun.wavesim(["replay", Self.path("Examples/hydracat.json"), "--sink", "desktop"])
        #expect(run.status == 64)
        #expect(run.standardError.contains("--sink desktop needs --clock wall"))
    }

    /// A Hydracat reminder shown on a real notification server (dunst on Xvfb); the user picks Log in dunst's
    /// menu; the replay prints the `action` line, withdraws the reminder and cancels its follow-up.
    ///
    /// The replay runs as `wavesim replay --clock wall --sink desktop` does, with its wall clock a manual clock that
    /// this test moves: simulated time stays at the reminder until the pick has reached the service, so the follow-up
    /// cannot come first however slow the machine (ThreadSanitizer, load); then it runs to the scenario's end.
    @Test(.enabled(if: DesktopEnvironment.canRun, Comment(rawValue: DesktopEnvironment.skipReason)))
    func aHydracatActionPickedOnTheDesktopReachesTheService() async throws {
        let desktop = try await DesktopEnvironment.start()
        defer { desktop.stop() }
        let options = try ReplayOptions.parse([
            Fixture.url("Apps/hydracat-desktop.json").path, "--clock", "wall", "--speed", "300", "--sink", "desktop",
            "--format", "json",
        ])
        // The scenario's now and until, in Paris.
        let start = try #require(ISO8601DateFormatter().date(from: "2026-03-28T07:59:00+01:00"))
        let until = try #require(ISO8601DateFormatter().date(from: "2026-03-28T10:30:00+01:00"))
        let clock = ManualWaveClock(now: start)
        let output = OutputChannel.capture()
        let errors = OutputChannel.capture()
        let replay = Task {
            try await ReplayCommand.replay(
                options: options, environment: desktop.variables, output: output, errors: errors, wallClock: clock
            ).status
        }
        // The 08:00 reminder reaches the desktop once simulated time reaches it, and time stays there.
        let reminderAt = start.addingTimeInterval(60)
        await clock.advance(to: reminderAt)
        #expect(try await desktop.waitUntil { try desktop.received().contains { $0.count > 2 && $0[1] == "Hydracat" } })
        let shown = try #require(try desktop.received().first)
        #expect(shown[2] == "Time for Luna's morning medication")
        // The replay has its id on the server and waits for its next instant (its alarm is set): a pick is its own.
        #expect(try await desktop.waitUntil { clock.nextDeadline.map { $0 > reminderAt } ?? false })
        // Picked from dunst's menu, as a user would; a pick made before dunst or the replay is ready for it is lost,
        // so again. Simulated time does not move meanwhile, so how long the picking takes changes nothing.
        var picked = false
        for _ in 0..<120 where !picked {
            try await desktop.pickAction(labelled: "Log")
            picked = try await desktop.waitUntil(seconds: 1) { output.captured.contains(#""type":"action""#) }
        }
        // The pick has reached the service: the rest of the morning, to the scenario's end.
        await clock.advance(to: until)
        let status = try await replay.value
        #expect(status == 0, "\(errors.captured)")
        let lines = output.captured.split(separator: "\n").map(String.init)

        let reminder = "u1|p1|s1|2026-03-28T08:00|reminder"
        let types = lines.compactMap { line -> String? in
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            guard let type = object?["type"] as? String else { return nil }
            return [type, object?["identifier"] as? String, object?["action"] as? String, object?["reason"] as? String]
                .compactMap { $0 }.joined(separator: " ")
        }
        let action = try #require(types.firstIndex(of: "action \(reminder) log"), "\(lines)")
        #expect(types[(action + 1)...].contains("withdrawn \(reminder) responded"))
        #expect(types[(action + 1)...].contains("cancelled u1|p1|s1|2026-03-28T08:00|followup reschedule"))
        #expect(!types.contains("delivered u1|p1|s1|2026-03-28T08:00|followup"))
        // No medication name or dose reached the desktop.
        let everything = try desktop.received().flatMap { $0 }.joined(separator: " ")
        #expect(!everything.contains("Benazepril") && !everything.contains("2.5 mg"))
    }
}
