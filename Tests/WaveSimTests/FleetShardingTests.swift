import Foundation
import TestSupport
import Testing

@testable import WaveSim

/// The answer is the same bytes whatever the shard count, the order of the parts and the number of threads.
struct FleetShardingTests {
    static let fleets = ["Fleet/fleet-small.json", "Fleet/fleet-small-growbro.json"]

    @Test(arguments: fleets)
    func theAnswerIsTheSameWhateverTheShardsPartsOrderAndThreads(fixture: String) async throws {
        let fleet = Fixture.url(fixture).path
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var answers: [String: String] = [:]
        for format in ["text", "json"] {
            let single = await ReplayRun.wavesim(["fleet", fleet, "--format", format, "--threads", "1"])
            #expect(single.status == 0, "\(single.standardError)")
            answers[format] = single.standardOutput
            let threaded = await ReplayRun.wavesim(["fleet", fleet, "--format", format, "--threads", "3"])
            #expect(threaded.standardOutput == single.standardOutput, "3 threads, \(format)")
        }
        #expect(answers["text"]?.contains("told within 5 min") == true)
        for (count, threads) in [(1, 2), (2, 1), (4, 2), (7, 3)] {
            var parts: [String] = []
            for index in 0..<count {
                let part = await ReplayRun.wavesim(
                    ["fleet", fleet, "--shard", "\(index)/\(count)", "--threads", "\(threads)"])
                #expect(part.status == 0, "\(part.standardError)")
                let file = directory.appending("part-\(count)-\(index).json")
                try Data(part.standardOutput.utf8).write(to: file)
                parts.append(file.path)
            }
            for order in [
                parts, parts.reversed(),
                parts.enumerated().sorted { ($0.offset * 5) % count < ($1.offset * 5) % count }.map(\.element),
            ] {
                for format in ["text", "json"] {
                    let merged = await ReplayRun.wavesim(["fleet", "merge"] + order + ["--format", format])
                    #expect(merged.status == 0, "\(merged.standardError)")
                    #expect(merged.standardOutput == answers[format], "\(count) shards, \(format)")
                }
            }
        }
    }

    @Test func mergeRefusesMissingRepeatedAndForeignParts() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var parts: [String] = []
        for index in 0..<3 {
            let part = await ReplayRun.wavesim([
                "fleet", Fixture.url("Fleet/fleet-small.json").path, "--shard", "\(index)/3",
            ])
            let file = directory.appending("part-\(index).json")
            try Data(part.standardOutput.utf8).write(to: file)
            parts.append(file.path)
        }
        let foreign = await ReplayRun.wavesim(
            ["fleet", Fixture.url("Fleet/fleet-small-growbro.json").path, "--shard", "2/3"])
        let foreignFile = directory.appending("foreign.json")
        try Data(foreign.standardOutput.utf8).write(to: foreignFile)
        let broken = directory.appending("broken.json")
        try Data(#"{"type":"fleetPart","fleet":"x"}"#.utf8).write(to: broken)

        let missing = await ReplayRun.wavesim(["fleet", "merge", parts[0], parts[2]])
        #expect(missing.status == 65)
        #expect(missing.standardError.contains("missing shard 1 of 3"), "\(missing.standardError)")
        let repeated = await ReplayRun.wavesim(["fleet", "merge", parts[0], parts[1], parts[1], parts[2]])
        #expect(repeated.status == 65)
        #expect(repeated.standardError.contains("shard.index: 1 is also"), "\(repeated.standardError)")
        let other = await ReplayRun.wavesim(["fleet", "merge", parts[0], parts[1], foreignFile.path])
        #expect(other.status == 65)
        #expect(other.standardError.contains("fleet: differs from"), "\(other.standardError)")
        let invalid = await ReplayRun.wavesim(["fleet", "merge", broken.path])
        #expect(invalid.status == 65)
        #expect(invalid.standardError.contains("app: is required"), "\(invalid.standardError)")
    }

    @Test func aUsersDrawsDependOnTheSeedAndTheIndexAlone() throws {
        let path = Fixture.url("Fleet/fleet-small.json").path
        var fleet = try FleetFileDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), file: path)
        let before = (0..<fleet.users).map { FleetUser(fleet: fleet, index: $0).scenario }
        // Drawn in reverse, and in a fleet ten times larger: the same users.
        #expect((0..<fleet.users).reversed().map { FleetUser(fleet: fleet, index: $0).scenario }.reversed() == before)
        fleet.users *= 10
        #expect((0..<45).map { FleetUser(fleet: fleet, index: $0).scenario } == before)
        // Another seed, other users.
        fleet.seed += 1
        #expect((0..<45).map { FleetUser(fleet: fleet, index: $0).scenario } != before)
    }
}
