import Foundation
import Testing
import WaveCommandLine
import WaveJSON

@testable import WaveSim

/// ``WorldWideWavesScenarioReader`` reads plain events from the bytes; a scenario read that way decodes to exactly
/// what the parsed document gives, and anything the reader does not take is read the usual way, messages and warnings
/// included.
struct WorldWideWavesScenarioReaderTests {
    /// The examples and the scenario fixtures: WorldWideWaves' and the other apps' (which the reader declines).
    static let files: [URL] = {
        let folders = [Fixture.repositoryRoot.appendingPathComponent("Examples"), Fixture.url("Scenarios")]
        return folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json") }
                .sorted().map { folder.appendingPathComponent($0) }
        }
    }()

    /// Two plain events: one with every member, one with the required ones.
    static let plain = """
        {"now": "2026-06-21T00:00:00Z", "timeZone": "Europe/Paris",
         "events": [
          {"id": "ev1", "name": "Wave 1", "location": "City 1", "timeZone": "Asia/Tokyo", "start": "2026-06-21T02:00:00Z",
           "end": "2026-06-21T02:10:00Z", "favorite": true, "waveHitAt": "2026-06-21T02:05:00+00:00"},
          {"id": "ev2", "name": "Wave 2", "location": "City 2", "start": "2026-06-21T03:00:00Z",
           "end": "2026-06-21T03:10:00Z"}
         ],
         "actions": [{"at": "2026-06-21T01:00:00Z", "type": "unfavorite", "eventId": "ev1"}]}
        """

    /// What the usual path (the parsed document, decoded) gives: the scenario and its warnings, or the error's text.
    private static func parsed(_ data: Data) -> String {
        outcome { () throws(ScenarioError) in
            try ScenarioDecoder.decode(root: try ScenarioDecoder.parse(data, file: "FILE"), file: "FILE")
        }
    }

    private static func outcome(_ decode: () throws(ScenarioError) -> ScenarioDecoder.Result) -> String {
        do {
            let result = try decode()
            return "\(result.scenario) \(result.warnings)"
        } catch {
            return "\(error) \(error.warnings)"
        }
    }

    @Test func plainEventsAreReadFromTheBytesAsParsed() throws {
        let data = Data(Self.plain.utf8)
        let document = try #require(WorldWideWavesScenarioReader.read(data))
        #expect(document.events.map(\.id) == ["ev1", "ev2"])
        let read = Self.outcome { () throws(ScenarioError) in
            try ScenarioDecoder.decode(root: document.root, events: document.events, file: "FILE")
        }
        #expect(read == Self.parsed(data))
        #expect(Self.outcome { () throws(ScenarioError) in try ScenarioDecoder.decode(data, file: "FILE") } == read)
    }

    @Test func everyExampleAndFixtureDecodesAsParsed() throws {
        var taken = 0
        for file in Self.files {
            let data = try Data(contentsOf: file)
            if WorldWideWavesScenarioReader.read(data) != nil { taken += 1 }
            let decoded = Self.outcome { () throws(ScenarioError) in try ScenarioDecoder.decode(data, file: "FILE") }
            #expect(decoded == Self.parsed(data), "\(file.lastPathComponent)")
        }
        // The WorldWideWaves examples and the valid fixtures take the reader's path.
        #expect(taken >= 5, "\(taken) of \(Self.files.count) files read from the bytes")
    }

    /// Documents the reader leaves to the parser and the checked decoders, each changed from ``plain``.
    @Test(arguments: [
        (#""name": "Wave 1""#, #""name": "W\u0061ve 1""#),
        (#""name": "Wave 1""#, #""name": "Vague été""#),
        (#""name": "Wave 1""#, #""name": "   ""#),
        (#""name": "Wave 1""#, #""name": "Wave 1", "colour": "red""#),
        (#""id": "ev2""#, #""id": "ev1""#),
        (#""id": "ev2""#, #""id": "ev 2""#),
        (#""id": "ev1", "name""#, #""id": "ev1", "id": "ev3", "name""#),
        (#""end": "2026-06-21T03:10:00Z""#, #""end": "2026-06-21T02:10:00Z""#),
        (#""waveHitAt": "2026-06-21T02:05:00+00:00""#, #""waveHitAt": "2026-06-21T04:05:00Z""#),
        (#""timeZone": "Asia/Tokyo""#, #""timeZone": "Mars/Base""#),
        (#""favorite": true"#, #""favorite": "yes""#),
        (#""start": "2026-06-21T03:00:00Z""#, #""start": "21 June""#),
        (#""now": "2026-06-21T00:00:00Z","#, #""now": "2026-06-21T00:00:00Z", "app": "shadow","#),
        (#""actions""#, #""acts""#),
        (#"}]}"#, #"}]} x"#),
    ])
    func documentsTheReaderDeclinesDecodeAsParsed(original: String, changed: String) throws {
        let range = try #require(Self.plain.range(of: original))
        let data = Data(Self.plain.replacingCharacters(in: range, with: changed).utf8)
        #expect(WorldWideWavesScenarioReader.read(data) == nil)
        #expect(
            Self.outcome { () throws(ScenarioError) in try ScenarioDecoder.decode(data, file: "FILE") }
                == Self.parsed(data))
    }

    @Test func noEventsIsLeftToTheDecoder() {
        let data = Data(#"{"now": "2026-06-21T00:00:00Z", "events": []}"#.utf8)
        #expect(WorldWideWavesScenarioReader.read(data) == nil)
        #expect(Self.parsed(data).contains("expected at least one event"))
    }
}
