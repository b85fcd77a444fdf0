import Foundation
import Testing

/// End-to-end runs of the built `wavesim` binary: output and exit status, as a user sees them.
struct WaveSimExecutableTests {
    private var example: String { Fixture.repositoryRoot.appendingPathComponent("Examples/events.json").path }

    @Test func replaysTheExampleAsATimeline() async throws {
        let result = try await WaveSimBinary.run(["replay", example, "--speed", "1"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.isEmpty)
        #expect(result.standardOutput.contains("2026-06-21 15:00:00Z  17:00 Europe/Paris  paris-solstice  start_60m"))
        #expect(result.standardOutput.contains("    The wave in Paris starts in 1 hour"))
        #expect(result.standardOutput.contains("not gated"))
        // Not a terminal: no colour codes.
        #expect(!result.standardOutput.contains("\u{1B}["))
    }

    @Test func printsJSONLinesWithTheDocumentedSchema() async throws {
        let result = try await WaveSimBinary.run(["replay", example, "--format", "json"])
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        let run = try #require(lines.first)
        let start = #"{"type":"run","at":"2026-06-21T14:00:00Z","cause":"start","#
        #expect(run == start + #""wanted":35,"held":35,"runwayMinutes":450}"#)
        let delivered = try #require(lines.dropFirst().first)
        let keys = [
            "type", "at", "eventId", "trigger", "identifier", "titleKey", "bodyKey", "bodyArgs", "title", "body",
            "deepLink", "locale",
        ]
        #expect(Self.keys(of: delivered) == keys)
        #expect(
            delivered.hasPrefix(
                #"{"type":"delivered","at":"2026-06-21T14:15:00Z","eventId":"tokyo-midsummer","trigger":"start_30m","identifier":"event_tokyo-midsummer_start_30m","titleKey":"notification_event_starting","bodyKey":"notification_30m_before","bodyArgs":["Tokyo"],"#
            ))
        let summary = try #require(lines.last)
        #expect(
            Self.keys(of: summary) == [
                "type", "speed", "gated", "scheduled", "cancelled", "delivered", "missed", "peakPending",
                "pendingLimit", "platform", "lost", "minRunwayMinutes",
            ])
        #expect(summary.hasPrefix(#"{"type":"summary","speed":1,"gated":false,"#))
        #expect(summary.hasSuffix(#""pendingLimit":64,"platform":"ios","lost":0,"minRunwayMinutes":30}"#))
        #expect(
            lines.dropLast().allSatisfy { $0.hasPrefix(#"{"type":"delivered""#) || $0.hasPrefix(#"{"type":"run""#) })
        let linux = try await WaveSimBinary.run(["replay", example, "--format", "json", "--platform", "linux"])
        let linuxLines = linux.standardOutput.split(separator: "\n").map(String.init)
        #expect(Self.keys(of: try #require(linuxLines.last)).last == "pendingLimit")
        #expect(linuxLines.dropLast().allSatisfy { $0.hasPrefix(#"{"type":"delivered""#) })
        let iosDeliveries = lines.filter { $0.hasPrefix(#"{"type":"delivered""#) }
        #expect(Array(linuxLines.dropLast()) == iosDeliveries)
    }

    @Test(arguments: [
        (["replay"], "missing the scenario file"),
        (
            ["replay", Fixture.repositoryRoot.appendingPathComponent("Examples/events.json").path, "--speed", "301"],
            "--speed: '301' is not an integer from 0 to 300"
        ),
        (["replay", "x.json", "--speed", "86401"], "--speed: '86401' is not an integer from 0 to 86400"),
        (["replay", "x.json", "--speed", "fast"], "--speed: 'fast' is not an integer from 0 to 300"),
        (["replay", "x.json", "--clock", "sundial"], "--clock: 'sundial' is not one of: virtual, wall"),
        (["replay", "x.json", "--pending-limit", "0"], "--pending-limit: '0' is not a whole number of at least 1"),
        (["replay", "x.json", "--platform", "symbian"], "--platform: 'symbian' is not one of: ios, android"),
        (["replay", "x.json", "--format", "xml"], "--format: 'xml' is not one of: text, json"),
        (["replay", "x.json", "--frobnicate"], "unknown option '--frobnicate'"),
        (["replay", "x.json", "--start", "now"], "--start now needs --clock wall"),
        (["replay", "x.json", "--clock", "wall", "--speed", "0"], "--clock wall needs --speed 1 or more"),
        (["replay", "x.json", "--speed"], "--speed: missing value"),
        (["dance"], "unknown subcommand 'dance'"),
        (["lint", "a", "b"], "unexpected argument 'b'"),
    ])
    func badUsageExits64NamingTheFlag(arguments: [String], message: String) async throws {
        let result = try await WaveSimBinary.run(arguments)
        #expect(result.status == 64)
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }

    @Test func aBadScenarioExits65ListingEveryProblem() async throws {
        let path = Fixture.url("Scenarios/many-problems.json").path
        let result = try await WaveSimBinary.run(["replay", path])
        #expect(result.status == 65)
        #expect(result.standardError.contains("\(path): invalid scenario (12 problems):"))
        #expect(result.standardError.contains("events[1].start: '2026-06-01T10:00:00': no time zone"))
        #expect(result.standardOutput.isEmpty)
    }

    @Test(arguments: ["invalid-utf8.json", "deep-nesting.json", "binary.json", "wrong-types.json", "huge-numbers.json"])
    func hostileScenariosExit65WithoutCrashing(fixture: String) async throws {
        let result = try await WaveSimBinary.run(["replay", Fixture.url("Scenarios/\(fixture)").path])
        #expect(result.status == 65)
        #expect(result.standardError.contains("invalid scenario"))
    }

    @Test func anUnreadableFileExits66NamingIt() async throws {
        let missing = try await WaveSimBinary.run(["replay", "/nonexistent/events.json"])
        #expect(missing.status == 66)
        #expect(missing.standardError.contains("/nonexistent/events.json: cannot read the scenario: no such file"))
        let directory = try await WaveSimBinary.run(["replay", Fixture.url("Scenarios").path])
        #expect(directory.status == 66)
        #expect(directory.standardError.contains("it is a directory"))
    }

    @Test func aDesktopSinkWithoutANotificationServerExits69() async throws {
        let result = try await WaveSimBinary.run(
            ["replay", Fixture.url("Scenarios/single-favorite.json").path, "--clock", "wall", "--sink", "desktop"],
            environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/bus"])
        #expect(result.status == 69)
        #expect(result.standardError.contains("--sink desktop:"), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }

    @Test func readsTheScenarioFromAPipe() async throws {
        let data = try Data(contentsOf: Fixture.url("Scenarios/single-favorite.json"))
        let result = try await WaveSimBinary.run(["replay", "/dev/stdin", "--format", "json"], input: data)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains(#""trigger":"wave_hit""#))
    }

    @Test func anEmptyFileIsABadScenarioNotAnUnreadableOne() async throws {
        let result = try await WaveSimBinary.run(["replay", "/dev/null"])
        #expect(result.status == 65)
        #expect(result.standardError.contains("unexpected end of input"))
    }

    @Test func aFullOutputExits74() async throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let result = try await WaveSimBinary.run(["replay", example], standardOutput: full)
        #expect(result.status == 74)
        #expect(result.standardError.contains("could not write the output"))
    }

    @Test func aRejectedScenarioStillShowsItsWarnings() async throws {
        let result = try await WaveSimBinary.run(["replay", Fixture.url("Scenarios/hidden-problems.json").path])
        #expect(result.status == 65)
        #expect(result.standardError.contains("events[1].favourite: unknown key, ignored (did you mean 'favorite'?)"))
    }

    @Test func helpAndVersion() async throws {
        let help = try await WaveSimBinary.run(["--help"])
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("USAGE: wavesim <subcommand>"))
        let replayHelp = try await WaveSimBinary.run(["replay", "--help"])
        #expect(replayHelp.status == 0)
        #expect(replayHelp.standardOutput.contains("--pending-limit <n>"))
        let version = try await WaveSimBinary.run(["--version"])
        #expect(version.standardOutput == "wavesim 0.1.0\n")
        let nothing = try await WaveSimBinary.run([])
        #expect(nothing.status == 64)
    }

    @Test func warnsAboutUnknownKeysOnStandardError() async throws {
        let result = try await WaveSimBinary.run(["replay", Fixture.url("Scenarios/unknown-keys.json").path])
        #expect(result.status == 0)
        #expect(result.standardError.contains("events[0].favourite: unknown key, ignored (did you mean 'favorite'?)"))
    }

    @Test func lintsTheBundledTablesCleanly() async throws {
        let result = try await WaveSimBinary.run(["lint"])
        #expect(result.status == 0, "\(result.standardOutput)")
        #expect(result.standardOutput.isEmpty)
    }

    @Test func lintOfAMissingDirectoryIsBadUsage() async throws {
        let result = try await WaveSimBinary.run(["lint", "/nonexistent/dir"])
        #expect(result.status == 64)
    }

    /// The keys of a flat JSON object line, in the order written.
    private static func keys(of line: String) -> [String] {
        var keys: [String] = []
        var depth = 0
        var index = line.startIndex
        var inString = false
        var stringStart = index
        var previousNonSpace: Character = " "
        while index < line.endIndex {
            let character = line[index]
            if inString {
                if character == "\\" {
                    index = line.index(after: index)
                } else if character == "\"" {
                    inString = false
                    let next = line[line.index(after: index)...].first { $0 != " " }
                    if depth == 1 && next == ":" && (previousNonSpace == "{" || previousNonSpace == ",") {
                        keys.append(String(line[line.index(after: stringStart)..<index]))
                    }
                }
            } else if character == "\"" {
                inString = true
                stringStart = index
            } else if character == "{" || character == "[" {
                depth += 1
                previousNonSpace = character
            } else if character == "}" || character == "]" {
                depth -= 1
            } else if character != " " {
                previousNonSpace = character
            }
            index = line.index(after: index)
        }
        return keys
    }
}
