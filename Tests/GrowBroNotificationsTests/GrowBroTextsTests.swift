import GrowBroNotifications
import Testing
import WaveNotifications

struct GrowBroTextsTests {
    private static let family = "👨‍👩‍👧‍👦"
    private static let flag = "🇩🇪"
    private static let combining = "e\u{0301}"

    @Test(arguments: ["a", family, flag, combining])
    func previewKeepsExactlyOneHundredCharacters(unit: String) {
        let text = String(repeating: unit, count: 100)
        let preview = GrowBroTexts.preview(text)
        #expect(preview == text)
        #expect(preview.count == 100)
    }

    @Test(arguments: ["a", family, flag, combining])
    func previewCutsOneHundredAndOneCharactersToNinetyNineAndEllipsis(unit: String) {
        let text = String(repeating: unit, count: 101)
        let preview = GrowBroTexts.preview(text)
        #expect(preview == String(repeating: unit, count: 99) + "…")
        #expect(preview.count == 100)
        #expect(preview.unicodeScalars.count == 99 * unit.unicodeScalars.count + 1)
    }

    @Test func previewNeverSplitsAClusterAtTheCut() {
        // Character 100 is a ZWJ family of seven scalars: it is dropped whole, not cut after its first person.
        let text = String(repeating: "x", count: 99) + Self.family + Self.flag
        #expect(text.count == 101)
        let preview = GrowBroTexts.preview(text)
        #expect(preview == String(repeating: "x", count: 99) + "…")
        #expect(!preview.unicodeScalars.contains("\u{200D}"))
    }

    @Test func previewOfMixedClustersAtTheLimitIsKept() {
        let text = String(repeating: Self.combining, count: 50) + String(repeating: Self.flag, count: 49) + Self.family
        #expect(text.count == 100)
        #expect(GrowBroTexts.preview(text) == text)
    }

    @Test func shortAndEmptyTextsAreKept() {
        #expect(GrowBroTexts.preview("") == "")
        #expect(GrowBroTexts.preview("Nice buds!") == "Nice buds!")
    }

    @Test func textsAreKeysOfTheGrowBroTableWithUserWordsAsArguments() {
        #expect(
            GrowBroTexts.replyTitle(author: "Kim")
                == LocalizedText(table: "GrowBro", key: "growbro.reply.title", arguments: ["Kim"]))
        #expect(GrowBroTexts.likeTitle == LocalizedText(table: "GrowBro", key: "growbro.like.title"))
        #expect(
            GrowBroTexts.likeBody(author: "Ana")
                == LocalizedText(table: "GrowBro", key: "growbro.like.body", arguments: ["Ana"]))
        #expect(
            GrowBroTexts.systemTitle("Maintenance")
                == LocalizedText(table: "GrowBro", key: "growbro.system.title", arguments: ["Maintenance"]))
        #expect(GrowBroTexts.taskTitle == LocalizedText(table: "GrowBro", key: "growbro.task.title"))
        #expect(
            GrowBroTexts.taskBody(title: "Water")
                == LocalizedText(table: "GrowBro", key: "growbro.task.body", arguments: ["Water"]))
        #expect(GrowBroTexts.digestTitle == LocalizedText(table: "GrowBro", key: "growbro.digest.title"))
        #expect(
            GrowBroTexts.digestBody(count: 12)
                == LocalizedText(table: "GrowBro", key: "growbro.digest.body", arguments: ["12"]))
    }
}
