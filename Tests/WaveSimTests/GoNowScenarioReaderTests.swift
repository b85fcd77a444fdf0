import Foundation
import Testing
import WaveJSON

@testable import WaveSim

/// ``GoNowScenarioReader`` reads plain forecasts from the bytes; a replay read that way prints exactly what the
/// parsed document's gives, and anything the reader does not take is read the usual way, messages included.
struct GoNowScenarioReaderTests {
    private static let valid = ["gonow-renotify.json", "gonow-fall-back.json", "gonow-spring-forward.json"]

    /// The fixture's text with `original` written with a `\u` escape (the first time only, or everywhere).
    private static func text(_ fixture: String, escaping original: String, everywhere: Bool) throws -> String {
        let text = String(decoding: try Fixture.data("Apps/\(fixture)"), as: UTF8.self)
        let escaped =
            "\"\\u\(String(original.unicodeScalars.first!.value, radix: 16).leftPadded)"
            + original.dropFirst() + "\""
        guard everywhere else {
            let range = try #require(text.range(of: "\"\(original)\""))
            return text.replacingCharacters(in: range, with: escaped)
        }
        return text.replacingOccurrences(of: "\"\(original)\"", with: escaped)
    }

    /// Replays `text` from a temporary file (its path reads `FILE`), as the app tests do: JSON, linux, 64.
    private static func replay(_ text: String, _ flags: [String]) async throws -> ReplayRun {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("gonow-reader-\(UUID()).json")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var run = await ReplayRun.wavesim(["replay", file.path] + flags)
        run.standardOutput = run.standardOutput.replacingOccurrences(of: file.path, with: "FILE")
        run.standardError = run.standardError.replacingOccurrences(of: file.path, with: "FILE")
        return run
    }

    @Test(
        arguments: valid,
        [["--format", "json", "--platform", "linux", "--pending-limit", "64"], ["--platform", "ios"]])
    func forecastsReadFromTheBytesReplayAsParsed(fixture: String, flags: [String]) async throws {
        let plain = String(decoding: try Fixture.data("Apps/\(fixture)"), as: UTF8.self)
        #expect(GoNowScenarioReader.read(Data(plain.utf8)) != nil, "the fixture must take the reader's path")
        // An escaped root key: the reader declines the document, which is parsed and decoded as before.
        let parsed = try Self.text(fixture, escaping: "app", everywhere: true)
        #expect(GoNowScenarioReader.read(Data(parsed.utf8)) == nil)
        // An escaped type: that action is parsed, the others read from the bytes.
        let mixed = try Self.text(fixture, escaping: "forecast", everywhere: false)
        let mixedDocument = try #require(GoNowScenarioReader.read(Data(mixed.utf8)))
        #expect(mixedDocument.actions.contains { if case .json = $0 { true } else { false } })

        let expected = try await Self.replay(parsed, flags)
        #expect(expected.status == 0)
        for text in [plain, mixed] {
            let run = try await Self.replay(text, flags)
            #expect(run.status == expected.status)
            #expect(run.standardOutput == expected.standardOutput)
            #expect(run.standardError == expected.standardError)
        }
    }

    /// Documents the reader leaves to the parser: every one gets the parser's or the decoders' message.
    @Test(arguments: [
        (#"{"app": "gonow", "actions": []} x"#, "not valid JSON"),
        (#"{"app": "gonow", "actions": [{"at": "2026-06-01T05:00:00Z", "type": "forecast""#, "not valid JSON"),
        (#"{"app": "gonow", "app": "gonow", "actions": []}"#, "app: duplicate key"),
        (#"{"app": "shadow", "actions": []}"#, "timeZone: missing"),
        (
            #"{"app": "gonow", "timeZone": "UTC", "now": "2026-06-01T00:00:00Z", "actions": [{"at": "2026-06-01T05:00:00Z", "type": "forecast", "fetchedAt": "2026-06-01T04:50:00Z", "hours": [{"start": "2026-06-01T06:00:00Z", "scores": {"swim_solo": 007}}]}]}"#,
            "not valid JSON"
        ),
        (
            #"{"app": "gonow", "timeZone": "UTC", "now": "2026-06-01T00:00:00Z", "actions": [{"at": "2026-06-09T05:00:00Z", "type": "forecast", "fetchedAt": "2026-06-01T04:50:00Z", "hours": []}]}"#,
            "actions[0].at: is outside the replay"
        ),
    ])
    func documentsTheReaderDeclinesGetTheUsualMessages(text: String, message: String) async throws {
        let run = try await Self.replay(text, ["--format", "json"])
        #expect(run.status == 65)
        #expect(run.standardError.contains(message), "\(run.standardError)")
    }
}

extension String {
    /// Four hexadecimal digits, zeros first.
    fileprivate var leftPadded: String { String(repeating: "0", count: max(0, 4 - count)) + self }
}
