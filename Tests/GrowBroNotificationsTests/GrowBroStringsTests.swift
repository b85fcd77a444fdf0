import Foundation
import Testing

/// Reads the shipped `GrowBro.strings` tables from the package's `Resources/Localizations`.
struct GrowBroStringsTests {
    private static func table(_ language: String) throws -> [String: String] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(
                "Resources/Localizations/\(language).lproj/GrowBro.strings")
        let text = try String(contentsOf: url, encoding: .utf8)
        var entries: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("\"") {
            let parts = line.split(separator: "\" = \"", maxSplits: 1)
            guard parts.count == 2, parts[1].hasSuffix("\";") else { continue }
            entries[String(parts[0].dropFirst())] = String(parts[1].dropLast(2))
        }
        return entries
    }

    @Test func englishTextsAreTheSpecsExactly() throws {
        let english = try Self.table("en")
        #expect(english["growbro.reply.title"] == "%1$@ replied to your post")
        #expect(english["growbro.like.title"] == "New like")
        #expect(english["growbro.like.body"] == "%1$@ liked your post.")
        #expect(english["growbro.task.title"] == "Task due")
        #expect(english["growbro.digest.title"] == "Overdue tasks")
        #expect(english["growbro.digest.body"] == "Tasks waiting: %1$@")
        #expect(english["growbro.reply.body"] == "%1$@")
        #expect(english["growbro.system.title"] == "%1$@")
        #expect(english["growbro.system.body"] == "%1$@")
        #expect(english["growbro.task.body"] == "%1$@")
        #expect(english["growbro.action.reply"] == "Reply")
        #expect(english["growbro.action.view_profile"] == "View profile")
    }

    @Test func germanActionTitlesAreTranslated() throws {
        let german = try Self.table("de")
        #expect(german["growbro.action.reply"] == "Antworten")
        #expect(german["growbro.action.view_profile"] == "Profil ansehen")
    }

    @Test func germanHasEveryEnglishKeyWithTheSamePlaceholders() throws {
        let english = try Self.table("en")
        let german = try Self.table("de")
        #expect(english.count == 20)
        #expect(Set(german.keys) == Set(english.keys))
        for (key, value) in english {
            let placeholder = value.contains("%1$@")
            #expect(german[key]?.contains("%1$@") == placeholder, "\(key)")
        }
        #expect(german["growbro.like.title"] != english["growbro.like.title"])
    }
}
