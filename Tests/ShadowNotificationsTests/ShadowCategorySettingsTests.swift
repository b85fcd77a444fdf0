import Foundation
import ShadowNotifications
import Testing
import WaveNotifications

private typealias F = ShadowFixtures

struct ShadowCategorySettingsTests {
    /// Each category enabled without a mode, over one local day (supplements: one taken at breakfast).
    @Test(arguments: [
        (ShadowCategory.supplements, ["08:00"]),
        (.food, ["08:00", "12:00", "18:00"]),
        (.fluids, ["08:00", "10:00", "12:00", "14:00", "16:00", "18:00", "20:00", "22:00"]),
        (.photos, []),
        (.journal, ["21:00"]),
        (.activities, []),
        (.checkins, ["18:00"]),
        (.vitals, ["07:00"]),
    ])
    func eachCategoryDefault(category: ShadowCategory, times: [String]) {
        let settings = F.settings(
            [category: F.on], supplements: [ShadowSupplement(id: "s1", name: "Magnesium", anchors: [.breakfast])])
        let checkIns = F.checkIns(settings, from: "2026-06-01T00:00")
        #expect(F.slots(checkIns) == times.map { "2026-06-01T\($0)" })
        #expect(checkIns.allSatisfy { $0.category == category && $0.expiresAfterMinutes == 60 })
    }

    @Test func categoriesAreOffByDefault() {
        let settings = F.settings([:], supplements: [ShadowSupplement(id: "s1", name: "Zinc", anchors: [.wake])])
        #expect(F.checkIns(settings, from: "2026-06-01T00:00", hours: 48).isEmpty)
        #expect(ShadowCategorySettings.disabled.enabled == false)
        #expect(ShadowCategorySettings.disabled.expiresAfterMinutes == 60)
    }

    @Test func aModeWithoutItsFieldsTakesTheDefaults() {
        let journalByInterval = try! ShadowCategorySettings(enabled: true, mode: .interval, everyHours: 6)
        #expect(
            journalByInterval.schedule(for: .journal)
                == .interval(everyHours: 6, from: F.time("08:00"), to: F.time("22:00")))
        let foodByTimes = try! ShadowCategorySettings(enabled: true, mode: .times)
        #expect(foodByTimes.schedule(for: .food) == .times([]))
        let foodByAnchors = try! ShadowCategorySettings(enabled: true, mode: .anchor)
        #expect(foodByAnchors.schedule(for: .food) == .anchors([.breakfast, .lunch, .dinner]))
        let photosByAnchors = try! ShadowCategorySettings(enabled: true, mode: .anchor)
        #expect(photosByAnchors.schedule(for: .photos) == .anchors([]))
    }

    @Test(arguments: [0, 5, 7, 24])
    func unsupportedIntervalIsRefused(hours: Int) {
        #expect(throws: RecurrenceRuleError.unsupportedInterval(hours: hours)) {
            try ShadowCategorySettings(enabled: true, mode: .interval, everyHours: hours)
        }
    }

    @Test func thirteenDistinctTimesAreRefusedTwelvePlusDuplicatesAreNot() {
        let thirteen = (0..<13).map { try! LocalTime(hour: $0 + 8, minute: 0) }
        #expect(throws: RecurrenceRuleError.tooManyTimes(13)) {
            try ShadowCategorySettings(enabled: true, mode: .times, times: thirteen)
        }
        let twelveWithRepeats = Array(thirteen.prefix(12)) + Array(thirteen.prefix(3))
        #expect(throws: Never.self) {
            try ShadowCategorySettings(enabled: true, mode: .times, times: twelveWithRepeats)
        }
    }
}
