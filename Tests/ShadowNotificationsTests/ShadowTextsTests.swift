import Foundation
import ShadowNotifications
import Testing
import WaveNotifications

private typealias F = ShadowFixtures

struct ShadowTextsTests {
    private func checkIn(
        _ category: ShadowCategory, anchor: ShadowAnchor? = nil, names: [String] = []
    ) -> ShadowCheckIn {
        ShadowCheckIn(
            category: category, slot: try! LocalDateTime(parsing: "2026-06-01T08:00"),
            fireAt: F.local("2026-06-01T08:00"), anchor: anchor, supplementNames: names)
    }

    @Test(arguments: [
        (ShadowCategory.supplements, "Supplements"), (.food, "Food"), (.fluids, "Fluids"), (.photos, "Photos"),
        (.journal, "Journal"), (.activities, "Activities"), (.checkins, "Check-in"), (.vitals, "BBT & vitals"),
    ])
    func titles(category: ShadowCategory, english: String) {
        #expect(F.render(ShadowTexts.title(for: category)) == english)
        #expect(ShadowTexts.title(for: category).table == "Shadow")
    }

    @Test(arguments: [
        (ShadowCategory.fluids, "Time to log your fluids. What have you had?"),
        (.photos, "Time for your photo check-in."),
        (.journal, "How was your day? Add a journal entry."),
        (.activities, "Did you do any physical activity today?"),
        (.checkins, "How are your conditions today? Time for your check-in."),
        (.vitals, "Good morning. Time to log your BBT and vitals."),
    ])
    func bodies(category: ShadowCategory, english: String) {
        #expect(F.render(ShadowTexts.body(for: checkIn(category))) == english)
    }

    @Test(arguments: [
        (ShadowAnchor.wake, "What did you have for wake-up?"), (.breakfast, "What did you have for breakfast?"),
        (.lunch, "What did you have for lunch?"), (.dinner, "What did you have for dinner?"),
        (.bedtime, "What did you have for bedtime?"),
    ])
    func foodBodyPerAnchorIsItsOwnKey(anchor: ShadowAnchor, english: String) {
        let text = ShadowTexts.body(for: checkIn(.food, anchor: anchor))
        #expect(text.key == "shadow.food.body.\(anchor.rawValue)")
        #expect(text.arguments.isEmpty)
        #expect(F.render(text) == english)
    }

    @Test(arguments: [
        (["Vitamin D"], "shadow.supplements.body.one", "Time to take your Vitamin D. Did you take it?"),
        (
            ["Vitamin D", "Omega-3"], "shadow.supplements.body.many",
            "Time to take your Vitamin D and Omega-3. Did you take them?"
        ),
        (
            ["Vitamin D", "Omega-3", "Magnesium"], "shadow.supplements.body.many",
            "Time to take your Vitamin D, Omega-3 and Magnesium. Did you take them?"
        ),
    ])
    func supplementsNamesOneTwoThree(names: [String], key: String, english: String) {
        let text = ShadowTexts.body(for: checkIn(.supplements, names: names))
        #expect(text.key == key)
        #expect(F.render(text) == english)
    }

    @Test func requestCarriesIdentifierLinkChannelAndNoOtherUserData() {
        let plan = ShadowPlanner.plan(
            settings: F.settings(
                [.food: F.on, .supplements: F.on],
                supplements: [ShadowSupplement(id: "sup-42", name: "Zinc", anchors: [.breakfast])]),
            now: F.local("2026-06-01T00:00"), timeZone: F.zone, permission: .authorized)
        let food = try! #require(plan.desired.first { $0.identifier == "shadow_food_2026-06-01_08:00" })
        #expect(food.deepLink == "shadow://entry/food?slot=2026-06-01T08:00")
        #expect(food.threadID == "shadow_food")
        #expect(food.channel.id == "food")
        #expect(food.channel.importance == .default)
        #expect(food.channel.interruptionLevel == .active)
        #expect(food.channel.categoryID == "SHADOW_FOOD")
        #expect(F.render(food.channel.name) == "Food")
        #expect(food.metadata == ["category": "food", "slot": "2026-06-01T08:00"])
        #expect(food.fireAt == F.instant("2026-06-01T06:00:00Z"))
        #expect(F.render(food.title) == "Food")
        #expect(F.render(food.body) == "What did you have for breakfast?")

        let supplement = try! #require(plan.desired.first { $0.channel.id == "supplements" })
        #expect(supplement.identifier == "shadow_supplements_2026-06-01_08:00")
        #expect(F.render(supplement.body) == "Time to take your Zinc. Did you take it?")
        let visible = [supplement.identifier, supplement.deepLink, supplement.threadID] + supplement.metadata.values
        #expect(visible.allSatisfy { !$0.contains("sup-42") && !$0.contains("Zinc") })
    }

    @Test func categoryOfIdentifierReadsItBack() {
        for category in ShadowCategory.allCases {
            #expect(ShadowCheckIn.category(ofIdentifier: checkIn(category).identifier) == category)
        }
        #expect(ShadowCheckIn.category(ofIdentifier: "gonow_swim_solo") == nil)
        #expect(ShadowCheckIn.category(ofIdentifier: "shadow_unknown_2026-06-01_08:00") == nil)
        #expect(ShadowCheckIn.category(ofIdentifier: "shadow_food_2026-06-01") == nil)
        #expect(ShadowCheckIn.category(ofIdentifier: "shadow_food_2026-06-01_25:00") == nil)
        #expect(ShadowCheckIn.category(ofIdentifier: "shadow_food_2026-06-01_08:00_x") == nil)
    }

    @Test func everyKeyTheCodeUsesIsInTheEnglishTable() {
        var keys: [LocalizedText] = []
        for category in ShadowCategory.allCases {
            let channel = ShadowChannels.channel(for: category)
            keys += [ShadowTexts.title(for: category), channel.name, channel.channelDescription]
            keys.append(ShadowTexts.body(for: checkIn(category, names: ["A"])))
            keys.append(ShadowTexts.body(for: checkIn(category, names: ["A", "B"])))
        }
        keys += ShadowAnchor.allCases.map { ShadowTexts.body(for: checkIn(.food, anchor: $0)) }
        for text in keys {
            #expect(F.english[text.key] != nil, "missing \(text.key)")
            #expect(text.table == ShadowTexts.table)
        }
    }
}
