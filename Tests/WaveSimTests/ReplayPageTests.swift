import Foundation
import TestSupport
import Testing
import WaveNotificationsTesting

@testable import WaveSim

/// `wavesim replay --html FILE`: one mark per notification the replay printed, the causes' colours, the standard
/// output unchanged, a year on one page under 2 MB, a path that cannot be created refused before the replay.
struct ReplayPageTests {
    /// Every example scenario (a fleet file and the push server's configuration are not replays).
    static let examples: [String] = {
        let folder = Fixture.repositoryRoot.appendingPathComponent("Examples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") && !$0.hasPrefix("fleet-") && $0 != "growbro-server.json" }
            .sorted().map { folder.appendingPathComponent($0).path }
    }()

    /// The kinds of marks, counted in a page or a DOM: `data-mark="delivered"` and the others.
    static func marks(in html: String) -> [String: Int] {
        var counts: [String: Int] = [:]
        var rest = html[...]
        while let range = rest.range(of: "data-mark=\"") {
            rest = rest[range.upperBound...]
            let end = rest.firstIndex(of: "\"") ?? rest.endIndex
            counts[String(rest[..<end]), default: 0] += 1
            rest = rest[end...]
        }
        return counts
    }

    /// The notifications a replay's JSON Lines tell of, by type: delivered, lost, suppressed, skipped.
    static func notifications(inJSONLines output: String) -> [String: Int] {
        var counts: [String: Int] = [:]
        for line in output.split(separator: "\n") {
            for type in ["delivered", "lost", "suppressed", "skipped"] where line.hasPrefix("{\"type\":\"\(type)\"") {
                counts[type, default: 0] += 1
            }
        }
        return counts
    }

    /// Replays a scenario with `--html` into a temporary folder; returns the run and the page.
    static func page(_ scenario: String, _ flags: [String] = []) async throws -> (run: ReplayRun, html: String) {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = directory.appending("page.html")
        let run = await ReplayRun.wavesim(["replay", scenario, "--html", file.path] + flags)
        return (run, (try? String(contentsOf: file, encoding: .utf8)) ?? "")
    }

    @Test(arguments: examples)
    func eachExamplesPageHoldsOneMarkPerNotificationAndStandardOutputIsUnchanged(scenario: String) async throws {
        for flags in [["--format", "json"], []] {
            let plain = await ReplayRun.wavesim(["replay", scenario] + flags)
            let (run, html) = try await Self.page(scenario, flags)
            #expect(run.status == plain.status && run.status == 0, "\(run.standardError)")
            #expect(run.standardOutput == plain.standardOutput)
            #expect(run.standardError == plain.standardError)
            if flags.isEmpty { continue }
            #expect(Self.marks(in: html) == Self.notifications(inJSONLines: run.standardOutput), "\(scenario)")
            // Self-contained: nothing fetched, no script.
            #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
            for fetching in ["<script", " src=", "href=\"http", "@import", "url(http", "url(\"", "<link"] {
                #expect(!html.contains(fetching), "\(scenario): \(fetching)")
            }
        }
    }

    @Test func aLateDeliveryIsADotOfItsCauseWithABarToWhenTheUserWasTold() async throws {
        let doze = Fixture.repositoryRoot.appendingPathComponent("Examples/device-doze.json").path
        let (run, html) = try await Self.page(doze, ["--platform", "android", "--format", "json"])
        #expect(run.status == 0)
        // The JSON says: 34 min late, deep Doze, and 7 min late, light Doze.
        #expect(run.standardOutput.contains(#""delay":{"minutes":34,"cause":"doze"}"#))
        #expect(html.contains(#"<circle class="k-doze" data-mark="delivered""#))
        #expect(html.contains(#"<circle class="k-doze_light" data-mark="delivered""#))
        #expect(html.contains("34 min later: deep Doze"))
        #expect(html.contains(#"<rect class="bar k-doze""#))
        #expect(html.contains(#"<rect class="bar k-doze_light""#))
    }

    @Test func quietDeliveriesAreColouredByTheirReason() async throws {
        let focus = Fixture.repositoryRoot.appendingPathComponent("Examples/device-focus.json").path
        let (run, html) = try await Self.page(focus, ["--format", "json"])
        #expect(run.status == 0)
        #expect(run.standardOutput.contains(#""quiet":"focus""#))
        #expect(html.contains(#"<circle class="k-focus" data-mark="delivered""#))
        #expect(html.contains(": Focus"))
    }

    @Test func everyDeviceCauseHasAColourOfItsOwn() async throws {
        let (_, html) = try await Self.page(Self.examples[0])
        let causes = ["on_time"] + DelayCause.allCases.map(\.rawValue) + QuietReason.allCases.map(\.rawValue)
        #expect(PageStyle.causes == causes)
        var colours: [String] = []
        for cause in causes {
            let rule = try #require(html.range(of: ".k-\(cause){fill:"), "no colour for \(cause)")
            colours.append(String(html[rule.upperBound...].prefix(while: { $0 != ";" })))
        }
        #expect(Set(colours).count == colours.count, "\(colours)")
        // The sheet's rules are made of the enums' cases; a case given no colour yet is drawn in the grey of a cause
        // the sheet does not know.
        let other = try #require(html.range(of: ".k-other{fill:"))
        #expect(!colours.contains(String(html[other.upperBound...].prefix(while: { $0 != ";" }))), "\(colours)")
        #expect(PageStyle.cssClass(forCause: "a_cause_added_later") == "k-other")
    }

    @Test func theNotificationsTitlesAreInTheReplaysLanguage() async throws {
        // WorldWideWaves' table has every language (the other apps' fall back to English in French).
        let events = Fixture.repositoryRoot.appendingPathComponent("Examples/events.json").path
        let (run, html) = try await Self.page(events, ["--lang", "fr", "--format", "json"])
        let titles = run.standardOutput.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix(#"{"type":"delivered""#), let range = line.range(of: #""title":""#) else { return nil }
            return String(line[range.upperBound...].prefix(while: { $0 != "\"" }))
        }
        let english = try await Self.page(events, ["--format", "json"]).html
        #expect(!titles.isEmpty)
        let french = Set(titles).filter { !english.contains(" · \(HTMLBuilder.escapeText($0)) · ") }
        #expect(french.contains("La vague commence bientôt"), "\(Set(titles))")
        for title in Set(titles) { #expect(html.contains(" · \(HTMLBuilder.escapeText(title)) · "), "\(title)") }
    }

    @Test func aYearOfShadowIsOnePageUnderTwoMegabytes() async throws {
        for platform in ["ios", "android"] {
            let (run, html) = try await Self.page(
                Fixture.url("Apps/shadow-year.json").path, ["--platform", platform, "--format", "json"])
            #expect(run.status == 0)
            let notifications = Self.notifications(inJSONLines: run.standardOutput)
            #expect((notifications["delivered"] ?? 0) > 12_000)
            #expect(Self.marks(in: html) == notifications)
            #expect(html.utf8.count < 2_000_000, "\(platform): \(html.utf8.count) bytes")
            #expect(html.contains("366 days"))
        }
    }

    @Test func thePlatformsHoldingIsDrawnAgainstItsLimitWithTheLosses() async throws {
        let (run, html) = try await Self.page(
            Fixture.url("Apps/shadow-year.json").path, ["--platform", "ios", "--format", "json"])
        #expect(run.standardOutput.contains(#""reason":"pending_limit""#))
        #expect(html.contains(">limit 64</text>"))
        #expect(html.contains(#"<path class="held""#))
        #expect(html.contains(#"<rect class="runway""#))
        #expect(
            html.contains("over the platform&#39;s pending limit") || html.contains("over the platform's pending limit")
        )
    }

    @Test func aPathThatCannotBeCreatedIsRefusedBeforeTheReplay() async throws {
        let shadow = Fixture.repositoryRoot.appendingPathComponent("Examples/shadow.json").path
        let missing = await ReplayRun.wavesim(["replay", shadow, "--html", "/nonexistent-folder/page.html"])
        #expect(missing.status == 73)
        #expect(missing.standardOutput.isEmpty)
        #expect(
            missing.standardError
                == "wavesim: error: --html: cannot create '/nonexistent-folder/page.html': No such file or directory\n")
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let folder = await ReplayRun.wavesim(["replay", shadow, "--html", directory.url.path])
        #expect(folder.status == 73)
        #expect(folder.standardError.contains("it is a directory"))
        let noValue = await ReplayRun.wavesim(["replay", shadow, "--html"])
        #expect(noValue.status == 64)
    }
}
