import Foundation
import Testing
import WaveCommandLine
import WaveSim

struct ScenarioDecoderTests {
    private func problems(_ fixture: String) throws -> [ScenarioError.Problem] {
        let data = try Fixture.data("Scenarios/\(fixture)")
        do {
            _ = try ScenarioDecoder.decode(data, file: fixture)
            Issue.record("expected \(fixture) to be rejected")
            return []
        } catch {
            return error.problems
        }
    }

    @Test func decodesTheExample() throws {
        let data = try Data(contentsOf: Fixture.repositoryRoot.appendingPathComponent("Examples/events.json"))
        let result = try ScenarioDecoder.decode(data, file: "events.json")
        #expect(result.warnings.isEmpty)
        #expect(result.scenario.start == instant("2026-06-21T14:00:00Z"))
        #expect(result.scenario.events.count == 7)
        let paris = try #require(result.scenario.events.first)
        #expect(paris.id == "paris-solstice")
        #expect(paris.startDate == instant("2026-06-21T16:00:00Z"))
        #expect(paris.waveHitAt == instant("2026-06-21T16:12:30Z"))
        #expect(paris.timeZone?.identifier == "Europe/Paris")
        #expect(paris.isFavorite)
        #expect(result.scenario.actions.map(\.index) == [0, 1, 2, 3, 4])
    }

    @Test func listsEveryProblemWithItsPath() throws {
        let found = try problems("many-problems.json").map(\.path)
        #expect(
            found == [
                "events[1].id", "events[1].name", "events[1].start", "events[1].favorite",
                "events[2].end", "events[2].id", "events[3].timeZone", "events[3].waveHitAt",
                "actions[0].at", "actions[1].eventId", "actions[2].type", "actions[3]",
            ])
    }

    @Test func explainsWhatIsExpected() throws {
        let byPath = Dictionary(try problems("many-problems.json").map { ($0.path, $0.message) }) { first, _ in first }
        #expect(byPath["events[1].start"]?.contains("no time zone") == true)
        #expect(byPath["events[1].favorite"] == "expected true or false, found a string")
        #expect(byPath["events[2].id"]?.contains("duplicate id 'ok-event', already used by events[0]") == true)
        #expect(byPath["events[3].timeZone"]?.contains("unknown time zone 'Mars/Olympus'") == true)
        #expect(byPath["actions[0].at"]?.contains("before the replay starts") == true)
        #expect(byPath["actions[1].eventId"]?.contains("no event has id 'nobody'") == true)
        #expect(byPath["actions[2].type"]?.contains("unknown action 'dance'") == true)
    }

    @Test func warnsAboutUnknownKeysWithAHint() throws {
        let result = try ScenarioDecoder.decode(try Fixture.data("Scenarios/unknown-keys.json"), file: "x.json")
        #expect(
            result.warnings == [
                "comment: unknown key, ignored",
                "events[0].favourite: unknown key, ignored (did you mean 'favorite'?)",
            ])
        #expect(result.scenario.events[0].isFavorite == false)
    }

    @Test func defaultsTheStartToTwoHoursBeforeTheEarliestEvent() throws {
        let json = Data(
            #"{"events": [{"id": "a", "name": "A", "location": "X", "start": "2026-06-21T18:00:00Z", "end": "2026-06-21T19:00:00Z"}, {"id": "b", "name": "B", "location": "Y", "start": "2026-06-21T17:00:00+02:00", "end": "2026-06-21T19:00:00Z"}]}"#
                .utf8)
        let scenario = try ScenarioDecoder.decode(json, file: "x.json").scenario
        #expect(scenario.start == instant("2026-06-21T13:00:00Z"))
        #expect(scenario.events[0].timeZone?.secondsFromGMT() == 0)
    }

    @Test func checksTimesAfterEachUpdate() throws {
        let found = try problems("update-breaks-times.json")
        #expect(found.map(\.path) == ["actions[0].end"])
        #expect(found[0].message.contains("after the update"))
    }

    @Test(arguments: [
        ("invalid-utf8.json", "invalid UTF-8"),
        ("deep-nesting.json", "nesting deeper than"),
        ("binary.json", "not valid JSON"),
        ("no-zone.json", "no time zone"),
    ])
    func rejectsHostileInputWithAMessage(fixture: String, message: String) throws {
        let found = try problems(fixture)
        #expect(found.count == 1)
        #expect(found.first?.description.contains(message) == true, "\(found)")
    }

    @Test func reportsWrongTypesEverywhere() throws {
        let found = try problems("wrong-types.json")
        #expect(found.map(\.path) == ["now", "events", "actions"])
        #expect(found[0].message == "expected a string, found a number")
    }

    @Test func rejectsHugeNumbersWhereStringsBelong() throws {
        let found = try problems("huge-numbers.json")
        #expect(found.map(\.path) == ["events[0].id", "events[0].name", "events[0].location"])
    }

    @Test func capsTheListedProblems() {
        let error = ScenarioError(
            file: "big.json",
            problems: (0..<60).map { ScenarioError.Problem(path: "events[\($0)].id", message: "bad") })
        let lines = error.description.split(separator: "\n")
        #expect(lines.first == "big.json: invalid scenario (60 problems):")
        #expect(lines.count == ScenarioError.maximumListed + 2)
        #expect(lines.last == "  … and 10 more")
    }

    @Test func reportsEveryCheckOfAnEventEvenWhenItsIDIsBad() throws {
        let found = try problems("hidden-problems.json")
        #expect(
            found.map(\.path) == [
                "events[0].id", "events[0].end", "events[0].waveHitAt", "events[1].name", "actions[0].eventId",
                "actions[1].end",
            ])
        #expect(found[3].message.contains("control character U+A"))
    }

    @Test func keepsTheWarningsOfARejectedScenario() throws {
        let data = try Fixture.data("Scenarios/hidden-problems.json")
        do {
            _ = try ScenarioDecoder.decode(data, file: "x.json")
            Issue.record("expected a rejection")
        } catch {
            #expect(error.warnings == ["events[1].favourite: unknown key, ignored (did you mean 'favorite'?)"])
        }
    }

    @Test func anInvalidNowCausesNoFollowOnProblems() throws {
        let found = try problems("invalid-now.json")
        #expect(found.map(\.path) == ["now"])
    }

    @Test func warnsThatAWaveHitBeforeTheStartWillNotBeDelivered() throws {
        let result = try ScenarioDecoder.decode(try Fixture.data("Scenarios/hit-before-start.json"), file: "x.json")
        #expect(
            result.warnings == [
                "events[0].waveHitAt: 2026-06-21T18:05:00Z is before the replay starts (2026-06-21T18:15:00Z); "
                    + "that wave hit will not be delivered"
            ])
    }
}

/// The envelope's `platform` and `bootReceiver`, and the common actions `backgroundRefresh` and `reboot`, in a
/// WorldWideWaves scenario (`docs/scenario-format.md`, Platforms).
struct ScenarioPlatformDecodingTests {
    private static let event =
        #"{"id":"a","name":"A","location":"Paris","start":"2026-06-21T16:00:00Z","end":"2026-06-21T16:00:30Z"}"#

    private static func decode(
        _ envelope: String, actions: String = "[]"
    ) throws(ScenarioError) -> ScenarioDecoder.Result {
        let json = #"{"now":"2026-06-21T14:00:00Z",\#(envelope)"events":[\#(event)],"actions":\#(actions)}"#
        return try ScenarioDecoder.decode(Data(json.utf8), file: "s.json")
    }

    @Test func readsThePlatformTheBootReceiverAndTheCommonActions() throws {
        let actions =
            #"[{"at":"2026-06-21T15:00:00Z","type":"reboot"},"#
            + #"{"at":"2026-06-21T15:10:00Z","type":"backgroundRefresh"}]"#
        let result = try Self.decode(#""platform":"android","bootReceiver":false,"#, actions: actions)
        #expect(result.warnings.isEmpty)
        #expect(result.scenario.platform == .android)
        #expect(result.scenario.bootReceiver == false)
        #expect(result.scenario.actions.map(\.kind) == [.reboot, .backgroundRefresh])
        let plain = try Self.decode("")
        #expect(plain.scenario.platform == nil)
        #expect(plain.scenario.bootReceiver)
    }

    @Test(arguments: [
        (#""platform":"windows","#, "platform", "windows"),
        (#""bootReceiver":"yes","#, "bootReceiver", "true or false"),
    ])
    func rejectsABadPlatformOrBootReceiverNamingIt(envelope: String, path: String, words: String) {
        do {
            _ = try Self.decode(envelope)
            Issue.record("expected \(envelope) to be rejected")
        } catch {
            #expect(error.problems.map(\.path) == [path])
            #expect(error.problems.first?.message.contains(words) == true, "\(error.problems)")
        }
    }

    @Test func aRebootTakesNoEvent() throws {
        let result = try Self.decode("", actions: #"[{"at":"2026-06-21T15:00:00Z","type":"reboot","eventId":"a"}]"#)
        #expect(result.warnings.contains { $0.contains("actions[0].eventId") })
    }
}
