import Foundation
import TestSupport
import Testing

@testable import WaveSim

/// `wavesim fleet --html FILE` and `wavesim fleet merge --html FILE`: the answer's own figures, the same page from the
/// merged parts as from one run, the answer on standard output unchanged.
struct FleetPageTests {
    static let fleets = [
        Fixture.url("Fleet/fleet-small.json").path, Fixture.url("Fleet/fleet-small-growbro.json").path,
    ]

    /// Runs `wavesim` with `--html` into a temporary folder; returns the run and the page.
    static func page(_ arguments: [String]) async throws -> (run: ReplayRun, html: String) {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.appending("page.html")
        let run = await ReplayRun.wavesim(arguments + ["--html", file.path])
        return (run, (try? String(contentsOf: file, encoding: .utf8)) ?? "")
    }

    @Test(arguments: fleets)
    func thePageGivesTheAnswersFiguresAndStandardOutputIsUnchanged(fleet: String) async throws {
        for format in ["text", "json"] {
            let plain = await ReplayRun.wavesim(["fleet", fleet, "--quiet", "--format", format])
            let (run, html) = try await Self.page(["fleet", fleet, "--quiet", "--format", format])
            #expect(run.status == 0 && plain.status == 0, "\(run.standardError)")
            #expect(run.standardOutput == plain.standardOutput)
            guard format == "text" else { continue }
            // Each channel of the answer in words has its curve and its row of shares in the SLA table.
            let lines = plain.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var channels = 0
            for (index, line) in lines.enumerated() where line.hasPrefix("  told within 1 min ") {
                let channel = String(lines[index - 2].prefix(while: { $0 != ":" }))
                #expect(html.contains("<h3>\(channel): "), "\(channel)")
                let shares = line.split(separator: " ").filter { $0.hasSuffix("%") || $0.hasSuffix("%,") }.map {
                    $0.replacingOccurrences(of: ",", with: "")
                }
                #expect(shares.count == 4)
                let cells = shares.map { "<td class=\"n\">\($0)</td>" }.joined()
                #expect(html.contains(cells), "\(channel): \(shares)")
                channels += 1
            }
            #expect(channels > 0)
            #expect(html.contains(#"<path class="curve p-all""#))
            #expect(html.contains("Outcomes by cause, per platform"))
            #expect(html.contains("The worst 1%"))
            for fetching in ["<script", " src=", "@import", "<link"] { #expect(!html.contains(fetching)) }
        }
    }

    @Test func mergedPartsDrawTheSamePageAsOneRun() async throws {
        let fleet = Self.fleets[0]
        let single = try await Self.page(["fleet", fleet, "--quiet"]).html
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var parts: [String] = []
        for shard in 0..<2 {
            let part = await ReplayRun.wavesim(["fleet", fleet, "--shard", "\(shard)/2", "--quiet"])
            #expect(part.status == 0)
            let file = directory.appending("part-\(shard).json")
            try Data(part.standardOutput.utf8).write(to: file)
            parts.append(file.path)
        }
        let (merged, html) = try await Self.page(["fleet", "merge"] + parts)
        #expect(merged.status == 0, "\(merged.standardError)")
        #expect(!single.isEmpty)
        #expect(html == single)
    }

    @Test func aShardOrAScenarioTakesNoPage() async throws {
        let fleet = Self.fleets[0]
        let shard = await ReplayRun.wavesim(["fleet", fleet, "--shard", "0/2", "--html", "/tmp/x.html"])
        #expect(shard.status == 64)
        #expect(shard.standardError.contains("--html: a shard writes a part; give --html to 'wavesim fleet merge'"))
        let user = await ReplayRun.wavesim(["fleet", fleet, "--user", "1", "--emit-scenario", "--html", "/tmp/x.html"])
        #expect(user.status == 64)
        let missing = await ReplayRun.wavesim(["fleet", fleet, "--quiet", "--html", "/nonexistent-folder/fleet.html"])
        #expect(missing.status == 73)
        #expect(missing.standardOutput.isEmpty)
    }
}
