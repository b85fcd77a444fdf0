import Foundation
import TestSupport
import Testing

/// Four shards through GNU parallel, each a `wavesim` process, merged: the same answer as one process.
struct FleetParallelTests {
    private static var parallel: String? {
        ["/usr/bin/parallel", "/usr/local/bin/parallel"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @Test func fourShardsThroughGNUParallelMergeToTheSingleRunsAnswer() async throws {
        guard let parallel = Self.parallel else {
            if ProcessInfo.processInfo.environment["WAVE_REQUIRE_PARALLEL"] != nil {
                Issue.record(
                    "GNU parallel is not installed, and WAVE_REQUIRE_PARALLEL is set (apt-get install parallel)")
            } else {
                print("FleetParallelTests: skipped: GNU parallel is not installed (apt-get install parallel)")
            }
            return
        }
        let fleet = Fixture.url("Fleet/fleet-small.json").path
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let wavesim = WaveSimBinary.url.path
        // The line docs/fleet.md gives, with this test's paths.
        let script =
            "\(parallel) --will-cite --halt now,fail=1 -j 4 "
            + "'\(wavesim) fleet \(fleet) --shard {}/4 --quiet > \(directory.url.path)/part-{}.json' ::: 0 1 2 3"
        let status = try await offThePool {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", script]
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus
        }
        #expect(status == 0)
        #expect(try directory.fileNames() == ["part-0.json", "part-1.json", "part-2.json", "part-3.json"])
        let parts = try directory.fileNames().map { directory.appending($0).path }
        for format in ["text", "json"] {
            let merged = try await WaveSimBinary.run(["fleet", "merge"] + parts + ["--format", format])
            let single = try await WaveSimBinary.run(["fleet", fleet, "--format", format])
            #expect(merged.status == 0, "\(merged.standardError)")
            #expect(single.status == 0, "\(single.standardError)")
            #expect(merged.standardOutput == single.standardOutput)
            #expect(!single.standardOutput.isEmpty)
        }
    }
}
