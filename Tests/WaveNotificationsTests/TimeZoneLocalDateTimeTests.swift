import Foundation
import Testing
import WaveNotifications

struct TimeZoneLocalDateTimeTests {
    /// Zone, local slot, expected instant (seconds since 1970), expected local wall time at that instant.
    ///
    /// Generated with Python's `zoneinfo` (`datetime(..., tzinfo=ZoneInfo(zone), fold=0).timestamp()`), which the
    /// spec names as giving exactly the instants of section 3, on both 2026 transition days of each zone (Tokyo has
    /// none: the same dates as Berlin). Gap times fire as far after the transition as they were after the gap's
    /// start; overlap times fire at the earlier instant.
    static let zoneinfoTable: [(String, String, Int, String)] = [
        ("Europe/Berlin", "2026-03-29T00:00", 1774738800, "2026-03-29T00:00"),
        ("Europe/Berlin", "2026-03-29T00:30", 1774740600, "2026-03-29T00:30"),
        ("Europe/Berlin", "2026-03-29T01:00", 1774742400, "2026-03-29T01:00"),
        ("Europe/Berlin", "2026-03-29T01:29", 1774744140, "2026-03-29T01:29"),
        ("Europe/Berlin", "2026-03-29T01:30", 1774744200, "2026-03-29T01:30"),
        ("Europe/Berlin", "2026-03-29T01:45", 1774745100, "2026-03-29T01:45"),
        ("Europe/Berlin", "2026-03-29T02:00", 1774746000, "2026-03-29T03:00"),
        ("Europe/Berlin", "2026-03-29T02:15", 1774746900, "2026-03-29T03:15"),
        ("Europe/Berlin", "2026-03-29T02:29", 1774747740, "2026-03-29T03:29"),
        ("Europe/Berlin", "2026-03-29T02:30", 1774747800, "2026-03-29T03:30"),
        ("Europe/Berlin", "2026-03-29T02:45", 1774748700, "2026-03-29T03:45"),
        ("Europe/Berlin", "2026-03-29T03:00", 1774746000, "2026-03-29T03:00"),
        ("Europe/Berlin", "2026-03-29T03:30", 1774747800, "2026-03-29T03:30"),
        ("Europe/Berlin", "2026-10-25T00:00", 1792879200, "2026-10-25T00:00"),
        ("Europe/Berlin", "2026-10-25T00:30", 1792881000, "2026-10-25T00:30"),
        ("Europe/Berlin", "2026-10-25T01:00", 1792882800, "2026-10-25T01:00"),
        ("Europe/Berlin", "2026-10-25T01:29", 1792884540, "2026-10-25T01:29"),
        ("Europe/Berlin", "2026-10-25T01:30", 1792884600, "2026-10-25T01:30"),
        ("Europe/Berlin", "2026-10-25T01:45", 1792885500, "2026-10-25T01:45"),
        ("Europe/Berlin", "2026-10-25T02:00", 1792886400, "2026-10-25T02:00"),
        ("Europe/Berlin", "2026-10-25T02:15", 1792887300, "2026-10-25T02:15"),
        ("Europe/Berlin", "2026-10-25T02:29", 1792888140, "2026-10-25T02:29"),
        ("Europe/Berlin", "2026-10-25T02:30", 1792888200, "2026-10-25T02:30"),
        ("Europe/Berlin", "2026-10-25T02:45", 1792889100, "2026-10-25T02:45"),
        ("Europe/Berlin", "2026-10-25T03:00", 1792893600, "2026-10-25T03:00"),
        ("Europe/Berlin", "2026-10-25T03:30", 1792895400, "2026-10-25T03:30"),
        ("America/New_York", "2026-03-08T00:00", 1772946000, "2026-03-08T00:00"),
        ("America/New_York", "2026-03-08T00:30", 1772947800, "2026-03-08T00:30"),
        ("America/New_York", "2026-03-08T01:00", 1772949600, "2026-03-08T01:00"),
        ("America/New_York", "2026-03-08T01:29", 1772951340, "2026-03-08T01:29"),
        ("America/New_York", "2026-03-08T01:30", 1772951400, "2026-03-08T01:30"),
        ("America/New_York", "2026-03-08T01:45", 1772952300, "2026-03-08T01:45"),
        ("America/New_York", "2026-03-08T02:00", 1772953200, "2026-03-08T03:00"),
        ("America/New_York", "2026-03-08T02:15", 1772954100, "2026-03-08T03:15"),
        ("America/New_York", "2026-03-08T02:29", 1772954940, "2026-03-08T03:29"),
        ("America/New_York", "2026-03-08T02:30", 1772955000, "2026-03-08T03:30"),
        ("America/New_York", "2026-03-08T02:45", 1772955900, "2026-03-08T03:45"),
        ("America/New_York", "2026-03-08T03:00", 1772953200, "2026-03-08T03:00"),
        ("America/New_York", "2026-03-08T03:30", 1772955000, "2026-03-08T03:30"),
        ("America/New_York", "2026-11-01T00:00", 1793505600, "2026-11-01T00:00"),
        ("America/New_York", "2026-11-01T00:30", 1793507400, "2026-11-01T00:30"),
        ("America/New_York", "2026-11-01T01:00", 1793509200, "2026-11-01T01:00"),
        ("America/New_York", "2026-11-01T01:29", 1793510940, "2026-11-01T01:29"),
        ("America/New_York", "2026-11-01T01:30", 1793511000, "2026-11-01T01:30"),
        ("America/New_York", "2026-11-01T01:45", 1793511900, "2026-11-01T01:45"),
        ("America/New_York", "2026-11-01T02:00", 1793516400, "2026-11-01T02:00"),
        ("America/New_York", "2026-11-01T02:15", 1793517300, "2026-11-01T02:15"),
        ("America/New_York", "2026-11-01T02:29", 1793518140, "2026-11-01T02:29"),
        ("America/New_York", "2026-11-01T02:30", 1793518200, "2026-11-01T02:30"),
        ("America/New_York", "2026-11-01T02:45", 1793519100, "2026-11-01T02:45"),
        ("America/New_York", "2026-11-01T03:00", 1793520000, "2026-11-01T03:00"),
        ("America/New_York", "2026-11-01T03:30", 1793521800, "2026-11-01T03:30"),
        ("Asia/Jerusalem", "2026-03-27T00:00", 1774562400, "2026-03-27T00:00"),
        ("Asia/Jerusalem", "2026-03-27T00:30", 1774564200, "2026-03-27T00:30"),
        ("Asia/Jerusalem", "2026-03-27T01:00", 1774566000, "2026-03-27T01:00"),
        ("Asia/Jerusalem", "2026-03-27T01:29", 1774567740, "2026-03-27T01:29"),
        ("Asia/Jerusalem", "2026-03-27T01:30", 1774567800, "2026-03-27T01:30"),
        ("Asia/Jerusalem", "2026-03-27T01:45", 1774568700, "2026-03-27T01:45"),
        ("Asia/Jerusalem", "2026-03-27T02:00", 1774569600, "2026-03-27T03:00"),
        ("Asia/Jerusalem", "2026-03-27T02:15", 1774570500, "2026-03-27T03:15"),
        ("Asia/Jerusalem", "2026-03-27T02:29", 1774571340, "2026-03-27T03:29"),
        ("Asia/Jerusalem", "2026-03-27T02:30", 1774571400, "2026-03-27T03:30"),
        ("Asia/Jerusalem", "2026-03-27T02:45", 1774572300, "2026-03-27T03:45"),
        ("Asia/Jerusalem", "2026-03-27T03:00", 1774569600, "2026-03-27T03:00"),
        ("Asia/Jerusalem", "2026-03-27T03:30", 1774571400, "2026-03-27T03:30"),
        ("Asia/Jerusalem", "2026-10-25T00:00", 1792875600, "2026-10-25T00:00"),
        ("Asia/Jerusalem", "2026-10-25T00:30", 1792877400, "2026-10-25T00:30"),
        ("Asia/Jerusalem", "2026-10-25T01:00", 1792879200, "2026-10-25T01:00"),
        ("Asia/Jerusalem", "2026-10-25T01:29", 1792880940, "2026-10-25T01:29"),
        ("Asia/Jerusalem", "2026-10-25T01:30", 1792881000, "2026-10-25T01:30"),
        ("Asia/Jerusalem", "2026-10-25T01:45", 1792881900, "2026-10-25T01:45"),
        ("Asia/Jerusalem", "2026-10-25T02:00", 1792886400, "2026-10-25T02:00"),
        ("Asia/Jerusalem", "2026-10-25T02:15", 1792887300, "2026-10-25T02:15"),
        ("Asia/Jerusalem", "2026-10-25T02:29", 1792888140, "2026-10-25T02:29"),
        ("Asia/Jerusalem", "2026-10-25T02:30", 1792888200, "2026-10-25T02:30"),
        ("Asia/Jerusalem", "2026-10-25T02:45", 1792889100, "2026-10-25T02:45"),
        ("Asia/Jerusalem", "2026-10-25T03:00", 1792890000, "2026-10-25T03:00"),
        ("Asia/Jerusalem", "2026-10-25T03:30", 1792891800, "2026-10-25T03:30"),
        ("Australia/Lord_Howe", "2026-04-05T00:00", 1775307600, "2026-04-05T00:00"),
        ("Australia/Lord_Howe", "2026-04-05T00:30", 1775309400, "2026-04-05T00:30"),
        ("Australia/Lord_Howe", "2026-04-05T01:00", 1775311200, "2026-04-05T01:00"),
        ("Australia/Lord_Howe", "2026-04-05T01:29", 1775312940, "2026-04-05T01:29"),
        ("Australia/Lord_Howe", "2026-04-05T01:30", 1775313000, "2026-04-05T01:30"),
        ("Australia/Lord_Howe", "2026-04-05T01:45", 1775313900, "2026-04-05T01:45"),
        ("Australia/Lord_Howe", "2026-04-05T02:00", 1775316600, "2026-04-05T02:00"),
        ("Australia/Lord_Howe", "2026-04-05T02:15", 1775317500, "2026-04-05T02:15"),
        ("Australia/Lord_Howe", "2026-04-05T02:29", 1775318340, "2026-04-05T02:29"),
        ("Australia/Lord_Howe", "2026-04-05T02:30", 1775318400, "2026-04-05T02:30"),
        ("Australia/Lord_Howe", "2026-04-05T02:45", 1775319300, "2026-04-05T02:45"),
        ("Australia/Lord_Howe", "2026-04-05T03:00", 1775320200, "2026-04-05T03:00"),
        ("Australia/Lord_Howe", "2026-04-05T03:30", 1775322000, "2026-04-05T03:30"),
        ("Australia/Lord_Howe", "2026-10-04T00:00", 1791034200, "2026-10-04T00:00"),
        ("Australia/Lord_Howe", "2026-10-04T00:30", 1791036000, "2026-10-04T00:30"),
        ("Australia/Lord_Howe", "2026-10-04T01:00", 1791037800, "2026-10-04T01:00"),
        ("Australia/Lord_Howe", "2026-10-04T01:29", 1791039540, "2026-10-04T01:29"),
        ("Australia/Lord_Howe", "2026-10-04T01:30", 1791039600, "2026-10-04T01:30"),
        ("Australia/Lord_Howe", "2026-10-04T01:45", 1791040500, "2026-10-04T01:45"),
        ("Australia/Lord_Howe", "2026-10-04T02:00", 1791041400, "2026-10-04T02:30"),
        ("Australia/Lord_Howe", "2026-10-04T02:15", 1791042300, "2026-10-04T02:45"),
        ("Australia/Lord_Howe", "2026-10-04T02:29", 1791043140, "2026-10-04T02:59"),
        ("Australia/Lord_Howe", "2026-10-04T02:30", 1791041400, "2026-10-04T02:30"),
        ("Australia/Lord_Howe", "2026-10-04T02:45", 1791042300, "2026-10-04T02:45"),
        ("Australia/Lord_Howe", "2026-10-04T03:00", 1791043200, "2026-10-04T03:00"),
        ("Australia/Lord_Howe", "2026-10-04T03:30", 1791045000, "2026-10-04T03:30"),
        ("Asia/Tokyo", "2026-03-29T00:00", 1774710000, "2026-03-29T00:00"),
        ("Asia/Tokyo", "2026-03-29T00:30", 1774711800, "2026-03-29T00:30"),
        ("Asia/Tokyo", "2026-03-29T01:00", 1774713600, "2026-03-29T01:00"),
        ("Asia/Tokyo", "2026-03-29T01:29", 1774715340, "2026-03-29T01:29"),
        ("Asia/Tokyo", "2026-03-29T01:30", 1774715400, "2026-03-29T01:30"),
        ("Asia/Tokyo", "2026-03-29T01:45", 1774716300, "2026-03-29T01:45"),
        ("Asia/Tokyo", "2026-03-29T02:00", 1774717200, "2026-03-29T02:00"),
        ("Asia/Tokyo", "2026-03-29T02:15", 1774718100, "2026-03-29T02:15"),
        ("Asia/Tokyo", "2026-03-29T02:29", 1774718940, "2026-03-29T02:29"),
        ("Asia/Tokyo", "2026-03-29T02:30", 1774719000, "2026-03-29T02:30"),
        ("Asia/Tokyo", "2026-03-29T02:45", 1774719900, "2026-03-29T02:45"),
        ("Asia/Tokyo", "2026-03-29T03:00", 1774720800, "2026-03-29T03:00"),
        ("Asia/Tokyo", "2026-03-29T03:30", 1774722600, "2026-03-29T03:30"),
        ("Asia/Tokyo", "2026-10-25T00:00", 1792854000, "2026-10-25T00:00"),
        ("Asia/Tokyo", "2026-10-25T00:30", 1792855800, "2026-10-25T00:30"),
        ("Asia/Tokyo", "2026-10-25T01:00", 1792857600, "2026-10-25T01:00"),
        ("Asia/Tokyo", "2026-10-25T01:29", 1792859340, "2026-10-25T01:29"),
        ("Asia/Tokyo", "2026-10-25T01:30", 1792859400, "2026-10-25T01:30"),
        ("Asia/Tokyo", "2026-10-25T01:45", 1792860300, "2026-10-25T01:45"),
        ("Asia/Tokyo", "2026-10-25T02:00", 1792861200, "2026-10-25T02:00"),
        ("Asia/Tokyo", "2026-10-25T02:15", 1792862100, "2026-10-25T02:15"),
        ("Asia/Tokyo", "2026-10-25T02:29", 1792862940, "2026-10-25T02:29"),
        ("Asia/Tokyo", "2026-10-25T02:30", 1792863000, "2026-10-25T02:30"),
        ("Asia/Tokyo", "2026-10-25T02:45", 1792863900, "2026-10-25T02:45"),
        ("Asia/Tokyo", "2026-10-25T03:00", 1792864800, "2026-10-25T03:00"),
        ("Asia/Tokyo", "2026-10-25T03:30", 1792866600, "2026-10-25T03:30"),
    ]

    @Test(arguments: zoneinfoTable)
    func instantFollowsTheGapAndOverlapRules(row: (String, String, Int, String)) throws {
        let (identifier, slotText, expected, wallText) = row
        let zone = try #require(TimeZone(identifier: identifier))
        let slot = try LocalDateTime(parsing: slotText)
        let instant = zone.instant(for: slot)
        #expect(instant == Date(timeIntervalSince1970: Double(expected)))
        #expect(zone.localDateTime(for: instant) == (try LocalDateTime(parsing: wallText)))
    }

    @Test(arguments: zoneinfoTable)
    func dailyRuleFiresAtTheSameInstantsAsTheTable(row: (String, String, Int, String)) throws {
        let (identifier, slotText, expected, _) = row
        let zone = try #require(TimeZone(identifier: identifier))
        let slot = try LocalDateTime(parsing: slotText)
        let rule = try RecurrenceRule.daily(at: [slot.time])
        let dayBefore = zone.instant(for: LocalDateTime(date: slot.date.adding(days: -1), time: .midnight))
        let next = try #require(rule.nextOccurrence(after: dayBefore.addingTimeInterval(86_400 - 7_200), in: zone))
        #expect(next.slot == slot)
        #expect(next.fireAt == Date(timeIntervalSince1970: Double(expected)))
    }

    @Test func localDateTimeDropsSecondsAndHandlesInstantsBefore1970() throws {
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        #expect(tokyo.localDateTime(for: Date(timeIntervalSince1970: -1)).description == "1970-01-01T08:59")
        #expect(tokyo.localSecondOfDay(for: Date(timeIntervalSince1970: -1)) == 32_399)
        #expect(tokyo.localDate(for: Date(timeIntervalSince1970: -32_401)).description == "1969-12-31")
        #expect(tokyo.localSeconds(for: Date(timeIntervalSince1970: 0.75)) == 32_400)
    }

    @Test func everyWallTimeThatExistsReadsBackToItself() throws {
        // Over both 2026 transition days of each zone, minute by minute: a wall time that is not in a gap maps to
        // an instant whose wall time is itself; a gap time maps to a later wall time.
        for row in Self.zoneinfoTable where row.1.hasSuffix("T00:00") {
            let zone = try #require(TimeZone(identifier: row.0))
            let date = try LocalDateTime(parsing: row.1).date
            var previous: Date?
            for minute in 0..<1_440 {
                let slot = LocalDateTime(date: date, time: try LocalTime(minutesSinceMidnight: minute))
                let instant = zone.instant(for: slot)
                let wall = zone.localDateTime(for: instant)
                #expect(wall >= slot)
                if wall == slot, let previous { #expect(instant > previous) }
                if wall == slot { previous = instant }
            }
        }
    }
}
