import Foundation
import TestSupport
import Testing
import WavePush

/// `wavepush replay` and `report`: the lines of known scenarios, bad input, and nothing stored lost.
struct ReplayCommandTests {
    @Test(arguments: [
        "unregistered-after-refresh", "retries-until-expiration", "gdpr-erase-pending", "background-refresh",
    ])
    func aScenarioPrintsItsDecisions(name: String) async throws {
        let run = await Fixtures.run(["replay", Fixtures.path("\(name).json")])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output == (try Fixtures.text("expected/\(name).jsonl")))
    }

    @Test
    func theExampleReplaysWithItsRequests() async throws {
        let example = Fixtures.repository.appendingPathComponent("Examples/growbro-server.json").path
        let run = await Fixtures.run(["replay", example, "--requests"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output == (try Fixtures.text("expected/growbro-server-requests.jsonl")))
    }

    /// Input the scenario reader refuses before anything runs: every problem of the file, each with its path.
    static let badScenarios: [(String, [String])] = [
        ("unknown-platform", ["actions[0].platform: unknown platform 'gcm'; expected apns or fcm"]),
        (
            "unknown-key",
            ["actions[0].tokn: unknown key (did you mean 'token'?)", "actions[0].token: missing; this key is required"]
        ),
        ("out-of-order", ["actions[1].at: earlier than the previous action; actions are in time order"]),
        (
            "unknown-channel",
            [
                "actions[0].channels.community.replies: unknown channel; expected community.interactions, community.likes, cultivation.reminders or system.updates"
            ]
        ),
        ("not-json", ["not valid JSON: line 1, column 47: unexpected end of input, expected a value"]),
        (
            "bad-answer",
            [
                "responses.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1[0].status: expected a whole number, found a string"
            ]
        ),
    ]

    @Test(arguments: badScenarios)
    func aBadScenarioIsExit65ListingEveryProblemWithItsPath(name: String, problems: [String]) async {
        let file = Fixtures.path("bad/\(name).json")
        let run = await Fixtures.run(["replay", file])
        #expect(run.status == 65)
        let count = "\(problems.count) problem\(problems.count == 1 ? "" : "s")"
        let expected = (["wavepush: error: \(file): invalid scenario (\(count)):"] + problems.map { "  \($0)" })
        #expect(run.errors == expected.joined(separator: "\n") + "\n")
        #expect(!run.errors.contains("secret words"))
    }

    /// Input the server refuses while the replay runs: the action's path and the field at fault.
    static let badInputs: [(String, String)] = [
        ("malformed-token", "actions[0].token: malformed apns token: an APNs token is hexadecimal (0-9, a-f)"),
        ("unknown-user", "actions[1].recipient: unknown user 'zed' (no installation or settings registered)"),
        ("fcm-environment", "actions[0].environment: 'production' is not valid; expected none for an FCM token"),
        ("reused-message", "actions[2].messageId: message id 'm1' was already used; each is used once"),
    ]

    @Test(arguments: badInputs)
    func badInputIsExit65NamingThePathAndNeverTheMessageText(name: String, message: String) async {
        let run = await Fixtures.run(["replay", Fixtures.path("bad/\(name).json")])
        #expect(run.status == 65)
        #expect(run.errors == "wavepush: error: \(message)\n")
        #expect(!run.errors.contains("secret words"))
    }

    @Test
    func aBadActionKeepsEverythingStoredBeforeIt() async throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("server.sqlite").path
        let run = await Fixtures.run(["replay", Fixtures.path("bad/unknown-user.json"), "--db", database])
        #expect(run.status == 65)
        let report = await Fixtures.run([
            "report", "--db", database, "--from", "2026-05-04T00:00:00Z", "--to", "2026-05-05T00:00:00Z",
        ])
        #expect(report.status == 0)
        #expect(
            report.output.contains(#""category":"community.interactions","usersWithInstallation":1,"usersOptedIn":1"#))
        #expect(report.output.contains(#""sends":0"#))
    }

    @Test
    func theReportOfAReplayedDatabaseAlertsWithTheThresholdsGiven() async throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("server.sqlite").path
        let example = Fixtures.repository.appendingPathComponent("Examples/growbro-server.json").path
        #expect(await Fixtures.run(["replay", example, "--db", database]).status == 0)
        let window = ["--from", "2026-05-04T00:00:00Z", "--to", "2026-05-05T00:00:00Z"]
        let quiet = await Fixtures.run(["report", "--db", database] + window)
        #expect(quiet.status == 0)
        #expect(!quiet.output.contains(#""type":"alert""#))
        let alerting = await Fixtures.run(["report", "--db", database, "--alert-minimum-sends", "1"] + window)
        #expect(alerting.output.hasPrefix(#"{"type":"alert","at":"2026-05-05T00:00:00Z","category":"community.likes""#))
        #expect(await Fixtures.run(["report", "--db", database, "--alert-minimum-sends", "0"] + window).status == 64)
    }

    @Test
    func aMissingFileIsExit66AndABadFlagExit64() async {
        #expect(await Fixtures.run(["replay", "/nonexistent/scenario.json"]).status == 66)
        #expect(
            await Fixtures.run(["replay", Fixtures.path("unregistered-after-refresh.json"), "--fast"]).status == 64)
        #expect(await Fixtures.run(["report", "--db", "/nonexistent.sqlite", "--from", "x", "--to", "y"]).status == 66)
        #expect(await Fixtures.run([]).status == 64)
        let notADatabase = Fixtures.path("well-known.json")
        let damaged = await Fixtures.run([
            "report", "--db", notADatabase, "--from", "2026-05-04T00:00:00Z", "--to", "2026-05-05T00:00:00Z",
        ])
        #expect(damaged.status == 65)
        #expect(damaged.errors.contains("\(notADatabase): file is not a database"))
        #expect(await Fixtures.run(["--help"]).status == 0)
    }

    @Test
    func theBuiltProgramExitsWithTheCommandsStatus() async throws {
        let binary = Fixtures.repository.appendingPathComponent(".build/debug/wavepush")
        let program =
            FileManager.default.isExecutableFile(atPath: binary.path)
            ? binary
            : URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
                "wavepush")
        try #require(FileManager.default.isExecutableFile(atPath: program.path))
        let run = try await ToolRun.run(program.path, ["replay", Fixtures.path("bad/unknown-platform.json")])
        #expect(run.status == 65, "\(run.output)")
    }
}

/// `wavepush --help` and each subcommand's help, in the layout `wavesim` uses.
struct HelpTests {
    @Test(arguments: [
        ("replay", "USAGE: wavepush replay <scenario>"), ("report", "USAGE: wavepush report --db <file|uri>"),
        ("well-known", "USAGE: wavepush well-known <config>"),
        ("check-well-known", "USAGE: wavepush check-well-known <config>"),
    ])
    func eachSubcommandHasItsOwnHelp(subcommand: String, usage: String) async {
        let run = await Fixtures.run([subcommand, "--help"])
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("OVERVIEW: "))
        #expect(run.output.contains("\n\n\(usage)"))
        #expect(run.output.contains("\nEXIT STATUS:\n"))
    }

    @Test func theMainHelpListsEverySubcommand() async {
        let run = await Fixtures.run(["--help"])
        #expect(run.status == 0)
        for subcommand in ["replay", "report", "well-known", "check-well-known"] {
            #expect(run.output.contains("\n  \(subcommand) "))
        }
    }
}
