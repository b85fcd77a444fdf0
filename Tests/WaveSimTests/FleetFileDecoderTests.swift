import Foundation
import Testing

/// A bad fleet file exits 65 naming the JSON path, before any user is replayed.
struct FleetFileDecoderTests {
    @Test(arguments: [
        ("bad-shares.json", "population.platform: the shares sum to 0.9; they must sum to 1"),
        ("bad-zone.json", "population.timeZone.Mars/Olympus_Mons: unknown time zone 'Mars/Olympus_Mons'"),
        ("bad-bucket.json", "population.android.bucket.sleepy: unknown bucket 'sleepy'"),
        ("bad-rate.json", "population.launchesPerDay: -1 is negative"),
        ("bad-force-stops.json", "population.forceStopsPerDay: -0.5 is negative"),
        ("bad-pushes.json", "population.pushesPerDay: only GrowBro receives pushes"),
        ("bad-template-zone.json", "scenario.timeZone: is set for each user by the population"),
        (
            "bad-template-settings.json",
            "the scenario of user 0: invalid scenario (1 problem):\n  hydracat.pets[0].schedules[0].times[0]: '25:00'"
        ),
    ])
    func aBadFleetExits65NamingThePath(file: String, message: String) async {
        let run = await ReplayRun.wavesim(["fleet", Fixture.url("Fleet/\(file)").path, "--quiet"])
        #expect(run.status == 65)
        #expect(run.standardError.contains(message), "\(run.standardError)")
        #expect(run.standardOutput.isEmpty)
    }

    @Test(arguments: [
        (["fleet"], "missing the fleet file"),
        (["fleet", "x.json", "--shard", "4/4"], "--shard: '4/4' is not i/K"),
        (["fleet", "x.json", "--shards", "4"], "JOB_COMPLETION_INDEX, which is not set"),
        (["fleet", "x.json", "--shard", "0/2", "--format", "json"], "a shard writes a part"),
        (["fleet", "x.json", "--user", "3"], "--user N and --emit-scenario go together"),
        (["fleet", "merge"], "merge: give the parts"),
    ])
    func badUsageExits64(arguments: [String], message: String) async {
        let run = await ReplayRun.wavesim(arguments)
        #expect(run.status == 64)
        #expect(run.standardError.contains(message), "\(run.standardError)")
    }

    @Test func theShardIndexComesFromKubernetesJobCompletionIndex() async throws {
        let fleet = Fixture.url("Fleet/fleet-small.json").path
        let fromEnvironment = await ReplayRun.wavesim(
            ["fleet", fleet, "--shards", "3"], environment: ["JOB_COMPLETION_INDEX": "2"])
        let explicit = await ReplayRun.wavesim(["fleet", fleet, "--shard", "2/3"])
        #expect(fromEnvironment.status == 0, "\(fromEnvironment.standardError)")
        #expect(fromEnvironment.standardOutput == explicit.standardOutput)
        #expect(fromEnvironment.standardOutput.contains(#""shard":{"index":2,"count":3}"#))
        let outOfRange = await ReplayRun.wavesim(
            ["fleet", fleet, "--shards", "3"], environment: ["JOB_COMPLETION_INDEX": "3"])
        #expect(outOfRange.status == 64)
        #expect(outOfRange.standardError.contains("JOB_COMPLETION_INDEX: '3' is not a shard index from 0 to 2"))
    }
}
