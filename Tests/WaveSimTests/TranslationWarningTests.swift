import Foundation
import TestSupport
import Testing
import WaveStringTables

/// `wavesim replay --strings`: texts from a translator's folder; a key it lacks is shown in English, or as the key
/// when no table has it, and warned about once per key on standard error.
struct TranslationWarningTests {
    /// A copy of the bundled tables in which German's GrowBro table lacks `growbro.like.title` and no table has
    /// `growbro.like.body`.
    private func tablesWithGaps(in directory: TemporaryDirectory) throws -> URL {
        let tables = directory.appending("Localizations")
        try FileManager.default.copyItem(at: BundledStringTables.directory, to: tables)
        for language in try FileManager.default.contentsOfDirectory(atPath: tables.path) {
            let file = tables.appendingPathComponent(language).appendingPathComponent("GrowBro.strings")
            guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
            let removed = language == "de.lproj" ? ["growbro.like.title", "growbro.like.body"] : ["growbro.like.body"]
            let kept = text.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { line in !removed.contains { line.hasPrefix("\"\($0)\"") } }
            try kept.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        }
        return tables
    }

    @Test func aMissingKeyIsShownInEnglishOrAsItselfAndWarnedAboutOncePerKey() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let tables = try tablesWithGaps(in: directory)
        let run = await ReplayRun.app("growbro-pushes.json", ["--lang", "de", "--strings", tables.path])
        #expect(run.status == 0)
        let likes = run.deliveries.filter { $0["channel"] as? String == "community.likes" }
        #expect(likes.count == 3)
        #expect(likes.allSatisfy { $0["title"] as? String == "New like" })
        #expect(likes.allSatisfy { $0["body"] as? String == "growbro.like.body" })
        #expect(
            run.standardError.split(separator: "\n").filter { $0.contains("growbro.like") } == [
                "wavesim: warning: text: the key 'growbro.like.title' of table 'GrowBro' is missing in 'de'; shown in 'en'",
                "wavesim: warning: text: the key 'growbro.like.body' of table 'GrowBro' is missing; no table has it, so the key itself is shown",
            ])
    }

    @Test func theBundledTablesWarnAboutNothing() async {
        let run = await ReplayRun.app("growbro-pushes.json", ["--lang", "de"])
        #expect(run.status == 0)
        #expect(!run.standardError.contains("warning"))
    }

    @Test func aStringsPathThatIsNoDirectoryIsABadUsage() async {
        let run = await ReplayRun.wavesim(["replay", "Examples/growbro.json", "--strings", "/nonexistent/tables"])
        #expect(run.status == 64)
        #expect(
            run.standardError.contains(
                "wavesim: error: --strings: '/nonexistent/tables' is not a directory of <code>.lproj folders"))
    }
}
