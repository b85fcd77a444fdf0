import Foundation
import TestSupport
import Testing
import WaveCommandLine
import WaveJSON

@testable import WaveSim

/// The fleet counts, for each user, exactly what `wavesim replay` of the scenario `--emit-scenario` writes for that
/// user tells: for all five apps, for users picked at random.
struct FleetEquivalenceTests {
    static let fleets = [
        Fixture.repositoryRoot.appendingPathComponent("Examples/fleet-hydracat-android.json").path,
        Fixture.repositoryRoot.appendingPathComponent("Examples/fleet-hydracat-ios.json").path,
        Fixture.repositoryRoot.appendingPathComponent("Examples/fleet-growbro.json").path,
        Fixture.repositoryRoot.appendingPathComponent("Examples/fleet-worldwidewaves.json").path,
        Fixture.url("Fleet/fleet-gonow.json").path,
        Fixture.url("Fleet/fleet-shadow.json").path,
    ]

    @Test(arguments: fleets)
    func eachUserReplaysToTheOutcomesTheFleetCounted(path: String) async throws {
        let fleet = try FleetFileDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), file: path)
        // Random users, the same each run: a generator of the test's own over the file's name.
        var random = FleetRandom(seed: UInt64(path.utf8.reduce(0) { $0 &* 31 &+ Int($1) }.magnitude), user: 0)
        let indices = (0..<6).map { _ in random.below(fleet.users) }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var counted = 0
        for index in indices {
            let user = FleetUser(fleet: fleet, index: index)
            let fleetOutcomes = try await FleetUserRun().run(user).outcomes

            let emitted = await ReplayRun.wavesim(["fleet", path, "--user", "\(index)", "--emit-scenario"])
            #expect(emitted.status == 0, "\(emitted.standardError)")
            let file = directory.url.appendingPathComponent("user-\(index).json")
            try Data(emitted.standardOutput.utf8).write(to: file)
            let replay = await ReplayRun.wavesim(["replay", file.path, "--format", "json"])
            #expect(replay.status == 0, "\(replay.standardError)")
            var collector = FleetOutcomeCollector(scenario: try FleetUserRun.decode(user).scenario)
            for line in replay.standardOutput.split(separator: "\n") {
                collector.add(try Self.facts(of: JSONParser.parse([UInt8](line.utf8))))
            }
            // The channel is compared where the JSON line names one (WorldWideWaves' deliveries do not).
            #expect(
                collector.outcomes.map { "\($0)" } == fleetOutcomes.map { "\($0)" }, "user \(index) of \(path)")
            #expect(collector.outcomes.count == fleetOutcomes.count)
            for (printed, counted) in zip(collector.outcomes, fleetOutcomes) where printed.channel != "unattributed" {
                #expect(printed.channel == counted.channel, "\(printed)")
            }
            counted += fleetOutcomes.count
        }
        #expect(counted > 0, "the users of \(path) got no notification at all")
    }

    /// The facts of one line `wavesim replay --format json` printed.
    static func facts(of line: JSONValue) throws -> FleetLineFacts {
        func string(_ key: String, in value: JSONValue = line) -> String? {
            if case .string(let text) = value.member(key) ?? .null { return text }
            return nil
        }
        func date(_ key: String) throws -> Date? {
            try string(key).map { try InstantParser.parse($0) }
        }
        var facts = FleetLineFacts(type: string("type") ?? "")
        facts.identifier = string("identifier")
        facts.channel = string("channel")
        facts.at = try date("at")
        if let delay = line.member("delay"), case .number(let minutes) = delay.member("minutes") ?? .null,
            let cause = string("cause", in: delay)
        {
            facts.delay = (Int(minutes)!, cause)
        }
        if let toldAt = try date("toldAt"), let quiet = string("quiet") {
            facts.quiet = (toldAt, quiet)
        }
        facts.reason = facts.type == "skipped" ? string("cause") : string("reason")
        return facts
    }
}
