import Foundation
import TestSupport
import Testing

/// The pages opened in a real browser, headless Chromium: each renders with no console message, its rendered DOM
/// holds one mark per notification the replay printed, and its screenshot is not blank. Skipped without Chromium
/// unless `WAVE_REQUIRE_CHROMIUM` is set (`.ci/run` sets it).
@Suite(.serialized)
struct BrowserPageTests {
    /// The checks themselves can fail: a page that logs an error is seen, and a blank page's screenshot is blank.
    @Test func theConsoleCheckSeesAnErrorAndTheBlankCheckABlankPage() async throws {
        guard let chromium = HeadlessChromium.required() else { return }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let failing = directory.appending("failing.html")
        try Data("<!DOCTYPE html><p>x</p><script>console.error('wave-check')</script>".utf8).write(to: failing)
        let rendered = try await HeadlessChromium.render(failing, executable: chromium)
        #expect(rendered.consoleLines.contains { $0.contains("wave-check") }, "\(rendered.consoleLines)")
        let blank = directory.appending("blank.html")
        try Data("<!DOCTYPE html><title>blank</title>".utf8).write(to: blank)
        let png = directory.appending("blank.png")
        #expect(
            try await HeadlessChromium.screenshot(blank, to: png, width: 400, height: 300, executable: chromium) == 0)
        let statistics = try await HeadlessChromium.statistics(of: png)
        #expect(statistics.width == 400 && statistics.height == 300)
        #expect(statistics.colours == 1 && statistics.deviation == 0)
    }

    @Test(arguments: ReplayPageTests.examples + [Fixture.url("Apps/shadow-year.json").path])
    func eachReplayPageRendersOneMarkPerNotification(scenario: String) async throws {
        guard let chromium = HeadlessChromium.required() else { return }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let page = directory.appending("page.html")
        let run = await ReplayRun.wavesim(["replay", scenario, "--format", "json", "--html", page.path])
        #expect(run.status == 0, "\(run.standardError)")
        let rendered = try await HeadlessChromium.render(page, executable: chromium)
        #expect(rendered.status == 0)
        #expect(rendered.consoleLines.isEmpty, "\(scenario): \(rendered.consoleLines)")
        #expect(rendered.dom.contains("<svg"))
        let printed = ReplayPageTests.notifications(inJSONLines: run.standardOutput)
        #expect(ReplayPageTests.marks(in: rendered.dom) == printed, "\(scenario)")
        try await Self.expectNotBlank(page, chromium: chromium, in: directory)
    }

    @Test(arguments: FleetPageTests.fleets)
    func eachFleetPageRenders(fleet: String) async throws {
        guard let chromium = HeadlessChromium.required() else { return }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let page = directory.appending("fleet.html")
        let run = await ReplayRun.wavesim(["fleet", fleet, "--quiet", "--html", page.path])
        #expect(run.status == 0, "\(run.standardError)")
        let rendered = try await HeadlessChromium.render(page, executable: chromium)
        #expect(rendered.consoleLines.isEmpty, "\(rendered.consoleLines)")
        #expect(rendered.dom.contains("class=\"curve p-all\""))
        try await Self.expectNotBlank(page, chromium: chromium, in: directory)
    }

    /// The pages docs/ shows, the four example fleets' among them, as committed.
    @Test(arguments: DocsPicturesTests.pages)
    func eachPageDocsShowsRenders(name: String) async throws {
        guard let chromium = HeadlessChromium.required() else { return }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let page = DocsPicturesTests.folder.appendingPathComponent("\(name).html")
        let rendered = try await HeadlessChromium.render(page, executable: chromium)
        #expect(rendered.status == 0)
        #expect(rendered.consoleLines.isEmpty, "\(name): \(rendered.consoleLines)")
        try await Self.expectNotBlank(page, chromium: chromium, in: directory)
    }

    private static func expectNotBlank(_ page: URL, chromium: String, in directory: TemporaryDirectory) async throws {
        let png = directory.appending("screenshot.png")
        #expect(try await HeadlessChromium.screenshot(page, to: png, executable: chromium) == 0)
        let statistics = try await HeadlessChromium.statistics(of: png)
        #expect(statistics.width == 1200 && statistics.height == 900)
        // Text, lanes and coloured marks: many colours, and light and dark both present.
        #expect(statistics.colours > 20, "\(page.lastPathComponent): \(statistics)")
        #expect(statistics.deviation > 5, "\(page.lastPathComponent): \(statistics)")
    }
}
