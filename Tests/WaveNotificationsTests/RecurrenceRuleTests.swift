import Foundation
import Testing
import WaveNotifications

/// Explicit instants were computed with Python's `zoneinfo` (`fold=0`), which the spec names as the reference.
struct RecurrenceRuleTests {
    private func zone(_ identifier: String) throws -> TimeZone {
        try #require(TimeZone(identifier: identifier))
    }

    private func time(_ text: String) throws -> LocalTime {
        try LocalTime(parsing: text)
    }

    private func at(_ seconds: Int) -> Date {
        Date(timeIntervalSince1970: Double(seconds))
    }

    private func seconds(_ occurrences: [Occurrence]) -> [Int] {
        occurrences.map { Int($0.fireAt.timeIntervalSince1970) }
    }

    @Test func dailyKeepsItsLocalTimeAcrossSpringForwardInsteadOfAdding24Hours() throws {
        let berlin = try zone("Europe/Berlin")
        let rule = try RecurrenceRule.daily(at: [time("08:00")])
        let found = rule.occurrences(from: at(1_774_656_000), to: at(1_774_915_200), in: berlin)
        #expect(seconds(found) == [1_774_681_200, 1_774_764_000, 1_774_850_400])
        #expect(found.map(\.slot.description) == ["2026-03-28T08:00", "2026-03-29T08:00", "2026-03-30T08:00"])
    }

    @Test func everyHourOnASpringForwardDayDropsTheShiftedOccurrenceAndKeepsThreeOClock() throws {
        let berlin = try zone("Europe/Berlin")
        let rule = try RecurrenceRule.interval(hours: 1, from: time("00:00"), to: time("23:00"))
        // 2026-03-29 00:00 to 2026-03-30 00:00 Berlin: a 23-hour day.
        let found = rule.occurrences(from: at(1_774_738_800), to: at(1_774_821_600), in: berlin)
        #expect(found.count == 23)
        #expect(!found.map(\.slot.time.description).contains("02:00"))
        #expect(found.first { $0.slot.time.description == "03:00" }?.fireAt == at(1_774_746_000))
        #expect(zip(found, found.dropFirst()).allSatisfy { $1.fireAt.timeIntervalSince($0.fireAt) == 3_600 })
        #expect(found.allSatisfy { $0.slot.date.description == "2026-03-29" })
    }

    @Test func everyHourOnAFallBackDayFiresOncePerSlotAtTheEarlierInstant() throws {
        let berlin = try zone("Europe/Berlin")
        let rule = try RecurrenceRule.interval(hours: 1, from: time("00:00"), to: time("23:00"))
        // 2026-10-25 00:00 to 2026-10-26 00:00 Berlin: a 25-hour day.
        let found = rule.occurrences(from: at(1_792_879_200), to: at(1_792_969_200), in: berlin)
        #expect(found.count == 24)
        #expect(Set(found.map(\.slot)).count == 24)
        #expect(found.first { $0.slot.time.description == "02:00" }?.fireAt == at(1_792_886_400))
        #expect(found.first { $0.slot.time.description == "03:00" }?.fireAt == at(1_792_893_600))
    }

    @Test func overlapTimeFiresOnce() throws {
        let jerusalem = try zone("Asia/Jerusalem")
        let rule = try RecurrenceRule.daily(at: [time("01:30")])
        let found = rule.occurrences(from: at(1_792_872_000), to: at(1_792_872_000 + 2 * 86_400), in: jerusalem)
        #expect(seconds(found).first == 1_792_881_000)
        #expect(found.count == 2)
    }

    @Test func wrappingIntervalPutsTheTimesAfterMidnightOnTheNextDate() throws {
        let newYork = try zone("America/New_York")
        let rule = try RecurrenceRule.interval(hours: 2, from: time("20:00"), to: time("02:00"))
        #expect(rule.times.map(\.description) == ["00:00", "02:00", "20:00", "22:00"])
        // From 2026-03-07 20:00 EST for 8 hours; 2026-03-08 02:00 is in the gap and fires at 03:00 EDT.
        let found = rule.occurrences(from: at(1_772_931_600), to: at(1_772_931_600 + 8 * 3_600), in: newYork)
        #expect(
            found.map(\.slot.description) == [
                "2026-03-07T20:00", "2026-03-07T22:00", "2026-03-08T00:00", "2026-03-08T02:00",
            ])
        #expect(seconds(found) == [1_772_931_600, 1_772_938_800, 1_772_946_000, 1_772_953_200])
    }

    @Test(arguments: [
        (1, "00:00", "23:00", 24), (4, "08:00", "20:00", 4), (4, "08:00", "21:00", 4), (3, "07:00", "07:00", 1),
        (1, "22:00", "21:00", 24), (12, "09:00", "08:00", 2), (8, "23:30", "00:29", 1), (6, "18:00", "06:00", 3),
    ])
    func intervalTimesIncludeBothEndsWhenOnTheGrid(hours: Int, from: String, to: String, count: Int) throws {
        let rule = try RecurrenceRule.interval(hours: hours, from: time(from), to: time(to))
        #expect(rule.times.count == count)
        #expect(rule.times.contains(try time(from)))
        #expect(rule.times == rule.times.sorted())
        #expect(Set(rule.times).count == rule.times.count)
        #expect(rule.kind == .interval(hours: hours, from: try time(from), to: try time(to)))
    }

    @Test func fromEqualToToGivesOneTime() throws {
        let rule = try RecurrenceRule.interval(hours: 3, from: time("07:00"), to: time("07:00"))
        #expect(rule.times == [try time("07:00")])
    }

    @Test(arguments: [0, 5, 7, 9, 10, 11, 24, -1, 48])
    func intervalStepsOtherThanDivisorsOf24UpTo12AreErrors(hours: Int) throws {
        let error = #expect(throws: RecurrenceRuleError.self) {
            try RecurrenceRule.interval(hours: hours, from: time("08:00"), to: time("20:00"))
        }
        #expect(error == .unsupportedInterval(hours: hours))
        #expect(
            error?.description
                == "interval: every \(hours) hours is not supported; the step must be 1, 2, 3, 4, 6, 8 or 12 hours")
    }

    @Test func dailyTakesOneToTwelveDistinctTimes() throws {
        let twelve = try (0..<12).map { try LocalTime(hour: $0, minute: 0) }
        #expect(try RecurrenceRule.daily(at: twelve + [twelve[3]]).times == twelve)
        #expect(try RecurrenceRule.daily(at: [time("20:00"), time("08:00"), time("20:00")]).times == [
            time("08:00"), time("20:00"),
        ])
        let tooMany = #expect(throws: RecurrenceRuleError.self) {
            try RecurrenceRule.daily(at: twelve + [LocalTime(hour: 12, minute: 0)])
        }
        #expect(tooMany == .tooManyTimes(13))
        #expect(tooMany?.description == "daily: 13 distinct times given; a daily rule takes 1–12 local times")
        let none = #expect(throws: RecurrenceRuleError.self) { try RecurrenceRule.daily(at: []) }
        #expect(none == .noTimes)
        #expect(none?.description == "daily: no time given; a daily rule takes 1–12 local times")
    }

    @Test func thirtyMinuteGapDropsTheShiftedTimeThatLandsOnAnotherAndReordersTheRest() throws {
        let lordHowe = try zone("Australia/Lord_Howe")
        let rule = try RecurrenceRule.daily(at: [time("02:00"), time("02:15"), time("02:30")])
        // 2026-10-04 Lord Howe: 02:00 jumps to 02:30. 02:00 would fire at 02:30 (dropped), 02:15 fires at 02:45.
        let found = rule.occurrences(from: at(1_791_034_200), to: at(1_791_034_200 + 80_000), in: lordHowe)
        #expect(found.map(\.slot.description) == ["2026-10-04T02:30", "2026-10-04T02:15"])
        #expect(seconds(found) == [1_791_041_400, 1_791_042_300])
        #expect(rule.nextOccurrence(after: at(1_791_041_399), in: lordHowe)?.slot.description == "2026-10-04T02:30")
        #expect(rule.nextOccurrence(after: at(1_791_041_400), in: lordHowe)?.slot.description == "2026-10-04T02:15")
        #expect(rule.nextOccurrence(after: at(1_791_042_300), in: lordHowe)?.slot.description == "2026-10-05T02:00")
    }

    @Test func weeklyFiresOnItsWeekdayEachWeek() throws {
        let newYork = try zone("America/New_York")
        let rule = RecurrenceRule.weekly(on: .monday, at: try time("09:00"))
        let first = try #require(rule.nextOccurrence(after: at(1_772_956_800), in: newYork))
        #expect(first.fireAt == at(1_773_061_200))
        #expect(first.slot.description == "2026-03-09T09:00")
        #expect(first.slot.date.weekday == .monday)
        let second = try #require(rule.nextOccurrence(after: first.fireAt, in: newYork))
        #expect(second.fireAt == at(1_773_666_000))
        #expect(rule.occurrences(from: at(1_772_956_800), to: at(1_773_666_001), in: newYork) == [first, second])
    }

    @Test func onceFiresAtItsInstantOnly() throws {
        let tokyo = try zone("Asia/Tokyo")
        let instant = at(1_774_738_800)
        let rule = RecurrenceRule.once(at: instant)
        let expected = Occurrence(slot: try LocalDateTime(parsing: "2026-03-29T08:00"), fireAt: instant)
        #expect(rule.nextOccurrence(after: instant.addingTimeInterval(-0.5), in: tokyo) == expected)
        #expect(rule.nextOccurrence(after: instant, in: tokyo) == nil)
        #expect(rule.occurrences(from: instant, to: instant.addingTimeInterval(1), in: tokyo) == [expected])
        #expect(rule.occurrences(from: instant.addingTimeInterval(-1), to: instant, in: tokyo).isEmpty)
    }

    @Test func nextIsStrictlyAfterTheInstant() throws {
        let tokyo = try zone("Asia/Tokyo")
        let rule = try RecurrenceRule.daily(at: [time("08:00")])
        #expect(rule.nextOccurrence(after: at(1_774_738_800), in: tokyo)?.fireAt == at(1_774_738_800 + 86_400))
        #expect(rule.nextOccurrence(after: at(1_774_738_799).addingTimeInterval(0.5), in: tokyo)?.fireAt == at(1_774_738_800))
    }

    @Test func zoneWithoutDSTFiresAtTheSameUTCTimeAllYear() throws {
        let tokyo = try zone("Asia/Tokyo")
        let rule = try RecurrenceRule.daily(at: [time("08:00")])
        // 2026-01-01T00:00Z to 2027-01-01T00:00Z.
        let found = rule.occurrences(from: at(1_767_225_600), to: at(1_798_761_600), in: tokyo)
        #expect(found.count == 365)
        #expect(seconds(found).allSatisfy { $0 % 86_400 == 82_800 })
    }

    @Test func emptyOrReversedRangesGiveNothing() throws {
        let berlin = try zone("Europe/Berlin")
        let rule = try RecurrenceRule.daily(at: [time("08:00")])
        #expect(rule.occurrences(from: at(1_774_764_000), to: at(1_774_764_000), in: berlin).isEmpty)
        #expect(rule.occurrences(from: at(1_774_850_400), to: at(1_774_681_200), in: berlin).isEmpty)
    }

    @Test func slotsOfAWrappingRuleStayTheSameAcrossDST() throws {
        // The slot names the local date and time the rule asked for, so the same rule gives the same slots in
        // winter and in summer (identifiers built from them are stable).
        let berlin = try zone("Europe/Berlin")
        let rule = try RecurrenceRule.interval(hours: 2, from: time("20:00"), to: time("02:00"))
        let winter = rule.occurrences(from: at(1_774_620_000), to: at(1_774_620_000 + 86_400), in: berlin)
        let summer = rule.occurrences(from: at(1_774_620_000 + 7 * 86_400), to: at(1_774_620_000 + 8 * 86_400), in: berlin)
        #expect(winter.map(\.slot.time) == summer.map(\.slot.time))
        #expect(zip(winter, summer).allSatisfy { $0.slot.date.adding(days: 7) == $1.slot.date })
    }
}
