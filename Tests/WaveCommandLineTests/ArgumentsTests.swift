import Testing
import WaveCommandLine

/// ``Arguments`` and ``ArgumentReader``, the one way both tools read a command line.
struct ArgumentsTests {
    @Test func flagsSwitchesAndPositionalsInAnyOrder() throws {
        let parsed = try Arguments(
            ["a.json", "--db", "x.sqlite", "--requests", "--from=2026-05-04T00:00:00Z", "b.json"],
            valued: ["db", "from"], switches: ["requests"])
        #expect(parsed.positional == ["a.json", "b.json"])
        #expect(parsed.values == ["db": "x.sqlite", "from": "2026-05-04T00:00:00Z"])
        #expect(parsed.switches == ["requests"])
        #expect(try parsed.required("db") == "x.sqlite")
    }

    @Test func afterTheTerminatorEverythingIsPositional() throws {
        let parsed = try Arguments(["--", "--db", "-"], valued: ["db"], switches: [])
        #expect(parsed.positional == ["--db", "-"])
        #expect(parsed.values.isEmpty)
    }

    @Test(arguments: [
        (["--dbb", "x"], "unknown option '--dbb'; expected --db, --requests"),
        (["-d"], "unknown option '-d'; expected --db, --requests"),
        (["--db"], "--db: missing value"),
        (["--requests=yes"], "--requests takes no value"),
    ])
    func aBadCommandLineIsAUsageErrorPointingToTheSubcommand(arguments: [String], message: String) {
        let error = #expect(throws: UsageError.self) {
            try Arguments(arguments, valued: ["db"], switches: ["requests"], subcommand: "replay")
        }
        #expect(error?.description == message)
        #expect(error?.subcommand == "replay")
    }

    @Test func aMissingRequiredFlagIsNamed() throws {
        let parsed = try Arguments([], valued: ["db"], switches: [], subcommand: "report")
        #expect(throws: UsageError.self) { try parsed.required("db") }
        #expect((try? parsed.required("db")) == nil)
    }

    enum Format: String, CaseIterable { case text, json }

    @Test func aChoiceIsReadWithoutCaseAndAWrongOneListsTheChoices() throws {
        var reader = ArgumentReader(["--format", "JSON", "--format=xml"], subcommand: "replay")
        let first = reader.next()
        #expect(first?.name == "--format")
        if let first { #expect(try reader.choice(for: first, Format.self) == .json) }
        let second = reader.next()
        #expect(second?.inlineValue == "xml")
        guard let second else { return }
        var copy = reader
        let error = #expect(throws: UsageError.self) { try copy.choice(for: second, Format.self) }
        #expect(error?.description == "--format: 'xml' is not one of: text, json")
    }
}
