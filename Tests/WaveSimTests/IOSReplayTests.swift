import Foundation
import Testing

/// The `ios` platform of `docs/scenario-format.md` (Platforms), end to end: the app's code runs only at app runs;
/// between them the system shows what it holds and nothing else happens; what the app's rules did meanwhile is done at
/// the next run; what the center did not hold is lost at its instant.
struct IOSReplayTests {
    /// Every app example and valid fixture.
    private static let scenarios: [String] = {
        let root = Fixture.repositoryRoot
        let examples = ["gonow", "hydracat", "shadow", "growbro"].map {
            root.appendingPathComponent("Examples/\($0).json").path
        }
        let directory = root.appendingPathComponent("Tests/WaveSimTests/Fixtures/Apps")
        let fixtures = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0.hasSuffix(".json") && !$0.contains("invalid") }.sorted()
            .map { directory.appendingPathComponent($0).path }
        return examples + fixtures
    }()

    private static func replay(_ path: String, _ flags: [String]) async -> ReplayRun {
        await ReplayRun.wavesim(["replay", path, "--format", "json"] + flags)
    }

    private static func identifiers(_ run: ReplayRun, _ type: String) -> Set<String> {
        Set(run.objects.filter { $0["type"] as? String == type }.compactMap { $0["identifier"] as? String })
    }

    @Test func everyScenarioIsCovered() {
        #expect(Self.scenarios.count >= 30)
    }

    /// Between app runs nothing is cancelled, withdrawn, added or shown late: every such line is at an app run's
    /// instant (or, for GrowBro, a push's, which the system shows and the app's extension decides).
    @Test(arguments: scenarios)
    func betweenAppRunsOnlyTheSystemActs(path: String) async throws {
        let run = await Self.replay(path, ["--platform", "ios"])
        #expect(run.status == 0)
        let runs = run.objects.filter { $0["type"] as? String == "run" }
        #expect(runs.first?["cause"] as? String == "start")
        var appInstants = Set(runs.compactMap { $0["at"] as? String })
        let scenario = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
        let parser = ISO8601DateFormatter()
        let printer = ISO8601DateFormatter()
        printer.timeZone = TimeZone(identifier: "UTC")
        for action in (scenario as? [String: Any])?["actions"] as? [[String: Any]] ?? []
        where action["type"] as? String == "push" {
            if let at = (action["at"] as? String).flatMap(parser.date(from:)) {
                appInstants.insert(printer.string(from: at))
            }
        }
        for line in run.objects {
            let type = line["type"] as? String ?? "?"
            let at = line["at"] as? String ?? "?"
            switch type {
            case "cancelled", "withdrawn", "analytics", "inbox", "link":
                #expect(appInstants.contains(at), "\(type) \(line["identifier"] ?? "") at \(at), not at an app run")
            case "delivered" where line["late"] as? Bool == true:
                #expect(appInstants.contains(at), "late delivery at \(at), not at an app run")
            case "suppressed" where line["reason"] as? String != "permission_denied":
                #expect(appInstants.contains(at), "suppressed \(line["reason"] ?? "") at \(at), not at an app run")
            default:
                break
            }
        }
    }

    /// Where the app's rules do not depend on when it ran, iOS shows or loses exactly what the always-running
    /// adapter shows.
    @Test(arguments: ["Fixtures/Apps/shadow-budget.json", "Fixtures/Apps/shadow-spring-forward.json"])
    func deliveredAndLostOnIOSAreWhatLinuxDelivers(fixture: String) async {
        let path = Fixture.url(fixture.replacingOccurrences(of: "Fixtures/", with: "")).path
        let ios = await Self.replay(path, ["--platform", "ios"])
        let linux = await Self.replay(path, ["--platform", "linux"])
        let shownOrLost = Self.identifiers(ios, "delivered").union(Self.identifiers(ios, "lost"))
        #expect(shownOrLost == Self.identifiers(linux, "delivered"))
        #expect(Self.identifiers(ios, "delivered").isDisjoint(with: Self.identifiers(ios, "lost")))
    }

    /// Shadow's expiries wait for the next app run: the 07:00 vitals and 08:00 food check-ins (30 and 60 minutes)
    /// are withdrawn at a launch at 12:00 New York time, not at 07:30 and 09:00 Berlin time.
    @Test func expiriesAreWithdrawnAtTheNextAppRun() async throws {
        let run = try await Self.travel(launchAt: "2026-06-01T12:00:00-04:00")
        #expect(
            run.lines("withdrawn") == [
                "2026-06-01T16:00:00Z shadow_vitals_2026-06-01_07:00 expired",
                "2026-06-01T16:00:00Z shadow_food_2026-06-01_08:00 expired",
            ])
    }

    /// A `timeZone` move leaves what the center holds at its instant until the app runs: 07:00 and 08:00 Berlin
    /// time on 2 June (05:00Z, 06:00Z), which are 01:00 and 02:00 in New York. A launch in New York moves them to
    /// 07:00 and 08:00 there (11:00Z, 12:00Z).
    @Test func aTimeZoneMoveWaitsForTheNextAppRun() async throws {
        let closed = try await Self.travel(launchAt: nil)
        #expect(
            closed.lines("delivered").suffix(2) == [
                "2026-06-02T05:00:00Z shadow_vitals_2026-06-02_07:00",
                "2026-06-02T06:00:00Z shadow_food_2026-06-02_08:00",
            ])
        #expect(closed.lines("withdrawn").isEmpty)
        let launched = try await Self.travel(launchAt: "2026-06-01T12:00:00-04:00")
        #expect(
            launched.lines("delivered").suffix(2) == [
                "2026-06-02T11:00:00Z shadow_vitals_2026-06-02_07:00",
                "2026-06-02T12:00:00Z shadow_food_2026-06-02_08:00",
            ])
        // The always-running adapter moves them at the move itself.
        let linux = try await Self.travel(launchAt: nil, platform: "linux")
        #expect(linux.lines("delivered").suffix(2) == launched.lines("delivered").suffix(2))
    }

    /// `shadow-text-travel.json` (vitals at 07:00, 30 minutes; food at breakfast, 08:00, 60 minutes; Berlin, then
    /// New York at 09:00 Berlin time), to 12:00 New York time on 2 June, with a launch if given.
    private static func travel(launchAt: String?, platform: String = "ios") async throws -> ReplayRun {
        try await ReplayRun.app("shadow-text-travel.json", arguments: ["--format", "json", "--platform", platform]) {
            $0["until"] = "2026-06-02T12:00:00-04:00"
            var actions: [[String: Any]] = [
                ["at": "2026-06-01T09:00:00+02:00", "type": "timeZone", "value": "America/New_York"]
            ]
            if let launchAt { actions.append(["at": launchAt, "type": "launch"]) }
            $0["actions"] = actions
        }
    }

    /// While the permission is denied the system does not show what it holds (`permission_denied`, at the instant);
    /// the app learns of the change only at its next run.
    @Test func aDeniedPermissionSuppressesWhatTheSystemHoldsAtItsInstant() async throws {
        let run = try await ReplayRun.app(
            "shadow-text-travel.json", arguments: ["--format", "json", "--platform", "ios"]
        ) {
            $0["actions"] = [["at": "2026-06-01T06:30:00+02:00", "type": "permission", "value": "denied"]]
        }
        #expect(run.lines("delivered").isEmpty)
        #expect(
            run.lines("suppressed") == [
                "2026-06-01T05:00:00Z shadow_vitals_2026-06-01_07:00 permission_denied",
                "2026-06-01T06:00:00Z shadow_food_2026-06-01_08:00 permission_denied",
            ])
        #expect(run.lines("cancelled").isEmpty)
    }

    /// The text timeline says what an app run wanted, what iOS held and for how long the app may stay closed.
    @Test func theTimelineSaysWhatEachAppRunLeftTheSystem() async {
        let run = await ReplayRun.appText("shadow-budget.json", ["--platform", "ios"])
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(
            lines.first
                == "2026-05-03 21:30:00Z  23:30 +02:00  app starts: 68 wanted, 64 held by iOS, runway 45 h 30 min")
        #expect(
            lines.contains(
                "2026-05-05 19:00:00Z  21:00 +02:00  lost: over the platform's pending limit  shadow_journal_2026-05-05_21:00"
            ))
        #expect(
            lines.suffix(2) == [
                "shadow: 64 delivered, 0 not shown · 0 cancelled · peak 64 pending of 64 · 4 lost on iOS",
                "shortest runway: 45 h 30 min",
            ])
    }
}
