import Foundation
import TestSupport
import Testing

/// The pictures docs/ shows (`docs/pictures.md`, made by `scripts/pictures.sh`) are current: each example's page is
/// the one `wavesim replay --html` makes now, and each example fleet's page the one `wavesim fleet merge --html` makes
/// now of the fleet's committed part (rerunning a fleet of 1,000 users is the script's job, not a test's).
struct DocsPicturesTests {
    /// `docs/pictures`.
    static let folder = Fixture.repositoryRoot.appendingPathComponent("docs/pictures")

    /// The pages' names: each example scenario and each example fleet.
    static let pages: [String] = {
        let examples = Fixture.repositoryRoot.appendingPathComponent("Examples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: examples.path)) ?? []
        return names.filter { $0.hasSuffix(".json") && $0 != "growbro-server.json" }.map { String($0.dropLast(5)) }
            .sorted()
    }()

    @Test(arguments: pages)
    func eachPictureIsTheOneTheCommandMakesNow(name: String) async throws {
        let committed = Self.folder.appendingPathComponent("\(name).html")
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let page = directory.appending("page.html")
        let run: ReplayRun
        if name.hasPrefix("fleet-") {
            let part = Self.folder.appendingPathComponent("\(name).part.json").path
            run = await ReplayRun.wavesim(["fleet", "merge", part, "--html", page.path])
        } else {
            let scenario = Fixture.repositoryRoot.appendingPathComponent("Examples/\(name).json").path
            run = await ReplayRun.wavesim(["replay", scenario, "--html", page.path])
        }
        #expect(run.status == 0, "\(run.standardError)")
        let made = try String(contentsOf: page, encoding: .utf8)
        let shown = try String(contentsOf: committed, encoding: .utf8)
        #expect(made == shown, "docs/pictures/\(name).html is not current: run scripts/pictures.sh")
        let markdown = try String(
            contentsOf: Fixture.repositoryRoot.appendingPathComponent("docs/pictures.md"), encoding: .utf8)
        #expect(markdown.contains("(pictures/\(name).png)"))
        #expect(FileManager.default.fileExists(atPath: Self.folder.appendingPathComponent("\(name).png").path))
    }
}
