import Foundation
import Testing
import WaveJSON
import WaveNotifications

@testable import WaveCommandLine

/// The declarative decoding pieces, used the way a new app's section uses them: a page of fields.
struct DecodingPiecesTests {
    /// A made-up app section with what the four new apps need: nested objects, arrays of objects with unique
    /// ids, enums, `HH:MM`, local date-times, defaults and bounded integers.
    struct Settings {
        enum Kind: String, CaseIterable, Sendable { case medication, fluid }
        struct Schedule: Sendable {
            var id: String
            var kind: Kind
            var times: [LocalTime]
        }
        struct Pet: Sendable {
            var id: String
            var name: String
            var schedules: [Schedule]
        }

        var enabled: Bool
        var quietStart: LocalTime
        var quietEnd: LocalTime
        var pets: [Pet]
        var slot: LocalDateTime?
        var count: Int?

        static let schedule = ValueDecoder<Schedule>.object(keys: ["id", "kind", "times"]) { object, diagnostics in
            let id = object.decode(.required("id", .nonEmptyText), &diagnostics)
            let kind = object.decode(.required("kind", ValueDecoder<Kind>.enumeration()), &diagnostics)
            let times = object.decode(
                .required("times", .array(of: .localTime, named: "an array of times")), &diagnostics)
            guard let id, let kind, let times else { return nil }
            return Schedule(id: id, kind: kind, times: times)
        }
        static let pet = ValueDecoder<Pet>.object(keys: ["id", "name", "schedules"]) { object, diagnostics in
            let id = object.decode(.required("id", .nonEmptyText), &diagnostics)
            let name = object.decode(.required("name", .nonEmptyText), &diagnostics)
            let schedules = object.decode(
                .optional(
                    "schedules", .array(of: schedule, named: "an array of schedules", uniqueKey: ("id", \.id)),
                    default: []), &diagnostics)
            guard let id, let name, let schedules else { return nil }
            return Pet(id: id, name: name, schedules: schedules)
        }
        static let quietHours = ValueDecoder<(LocalTime, LocalTime)>.object(keys: ["start", "end"]) {
            object, diagnostics in
            let start = object.decode(
                .optional("start", .localTime, default: try! LocalTime(hour: 22, minute: 0)), &diagnostics)
            let end = object.decode(
                .optional("end", .localTime, default: try! LocalTime(hour: 7, minute: 0)), &diagnostics)
            guard let start, let end else { return nil }
            return (start, end)
        }
        static let decoder = ValueDecoder<Settings>.object(keys: ["enabled", "quietHours", "pets", "slot", "count"]) {
            object, diagnostics in
            let enabled = object.decode(.optional("enabled", .bool, default: true), &diagnostics)
            let quiet = object.decode(.required("quietHours", quietHours), &diagnostics)
            let pets = object.decode(
                .required("pets", .array(of: pet, named: "an array of pets", uniqueKey: ("id", \.id))), &diagnostics)
            let slot = object.decode(.optional("slot", .localDateTime), &diagnostics)
            let count = object.decode(.optional("count", .integer(in: 0...100)), &diagnostics)
            guard let enabled, let quiet, let pets else { return nil }
            return Settings(
                enabled: enabled, quietStart: quiet.0, quietEnd: quiet.1, pets: pets, slot: slot, count: count)
        }
    }

    private func decode(_ fixture: String) throws -> (Settings?, DecodingDiagnostics) {
        let value = try JSONParser.parse(
            [UInt8](
                try Data(
                    contentsOf: Bundle.module.url(forResource: "Fixtures/Decoding/\(fixture)", withExtension: nil)!)))
        var diagnostics = DecodingDiagnostics()
        let settings = Settings.decoder.decode(value, JSONPath("hydracat"), &diagnostics)
        return (settings, diagnostics)
    }

    @Test func aValidSectionDecodesWithDefaults() throws {
        let (settings, diagnostics) = try decode("pets-valid.json")
        #expect(diagnostics.problems.isEmpty)
        #expect(diagnostics.warnings.isEmpty)
        let decoded = try #require(settings)
        #expect(decoded.enabled)
        #expect(decoded.quietStart.description == "22:00")
        #expect(decoded.pets.map(\.id) == ["mochi", "tofu"])
        #expect(decoded.pets[0].schedules[0].kind == .fluid)
        #expect(decoded.pets[0].schedules[0].times.map(\.description) == ["08:00", "20:30"])
        #expect(decoded.slot?.description == "2026-03-29T02:30")
        #expect(decoded.count == nil)
    }

    @Test func everyProblemIsListedWithItsPathAndUnknownKeysAreWarned() throws {
        let (settings, diagnostics) = try decode("pets-invalid.json")
        #expect(settings == nil)
        #expect(
            diagnostics.problems.map(\.description) == [
                "hydracat.enabled: expected true or false, found a string",
                "hydracat.quietHours.start: '24:00' is not valid; expected HH:MM, 00:00–23:59",
                "hydracat.pets[0].schedules[0].kind: unknown value 'pill'; expected medication or fluid",
                "hydracat.pets[0].schedules[0].times[0]: '8:00' is not valid; expected HH:MM, 00:00–23:59",
                "hydracat.pets[0].schedules[0].times[1]: expected a string, found a number",
                "hydracat.pets[1].schedules: expected an array of schedules, found an object",
                "hydracat.pets[2]: expected an object, found a string",
                "hydracat.slot: '2026-02-30T10:00' is not valid; expected a local date-time YYYY-MM-DDTHH:MM",
                "hydracat.count: 101 is not a whole number from 0 to 100",
            ])
        #expect(diagnostics.warnings == ["hydracat.quietHours.ned: unknown key, ignored (did you mean 'end'?)"])
    }

    @Test func unknownKeysAreProblemsWhenTheFormatSaysSo() throws {
        let value = try JSONParser.parse(Array(#"{"enabled": true, "quietHours": {"ned": "07:00"}}"#.utf8))
        var diagnostics = DecodingDiagnostics()
        diagnostics.unknownKeysAreProblems = true
        _ = Settings.decoder.decode(value, JSONPath("hydracat"), &diagnostics)
        #expect(diagnostics.warnings.isEmpty)
        #expect(
            diagnostics.problems.map(\.description).contains(
                "hydracat.quietHours.ned: unknown key (did you mean 'end'?)"))
    }

    @Test func aRepeatedIDIsAProblemAtTheSecondOne() throws {
        let value = try JSONParser.parse(Array(#"[{"id": "a", "name": "A"}, {"id": "a", "name": "B"}]"#.utf8))
        var diagnostics = DecodingDiagnostics()
        let pets = ValueDecoder<[Settings.Pet]>.array(of: Settings.pet, uniqueKey: ("id", \.id))
            .decode(value, JSONPath("pets"), &diagnostics)
        #expect(pets?.map(\.name) == ["A"])
        #expect(diagnostics.problems.map(\.description) == ["pets[1].id: duplicate id 'a', already used by pets[0]"])
    }

    @Test(arguments: [("favourite", "favorite"), ("Start", "start"), ("zzz", nil)] as [(String, String?)])
    func suggestsTheNearestKey(typed: String, suggestion: String?) {
        #expect(KeySuggestion.closest(to: typed, in: ["favorite", "start", "end"]) == suggestion)
    }
}
