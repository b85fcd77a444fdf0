import Foundation
import Testing
import WaveNotifications

struct LocalDateTests {
    @Test(arguments: [
        ("1970-01-01", 0, Weekday.thursday), ("1969-12-31", -1, .wednesday), ("2000-02-29", 11_016, .tuesday),
        ("2026-03-08", 20_520, .sunday), ("2026-03-09", 20_521, .monday), ("1900-03-01", -25_508, .thursday),
        ("0001-01-01", -719_162, .monday), ("9999-12-31", 2_932_896, .friday),
    ])
    func civilDaysAndWeekdays(text: String, days: Int, weekday: Weekday) throws {
        let date = try LocalDate(parsing: text)
        #expect(date.daysSinceEpoch == days)
        #expect(LocalDate(daysSinceEpoch: days) == date)
        #expect(date.weekday == weekday)
        #expect(date.description == text)
    }

    @Test func civilArithmeticAgreesWithTheGregorianCalendarFromSixteenHundredOn() throws {
        // Foundation's Gregorian calendar switches to Julian before 1582-10-15; LocalDate is proleptic.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        for days in stride(from: -135_000, through: 146_097, by: 97) {
            let components = calendar.dateComponents(
                [.year, .month, .day, .weekday], from: Date(timeIntervalSince1970: Double(days) * 86_400))
            let date = LocalDate(daysSinceEpoch: days)
            #expect(date.year == components.year && date.month == components.month && date.day == components.day)
            #expect(Weekday.allCases.firstIndex(of: date.weekday) == (components.weekday! + 5) % 7)
            #expect(date.daysSinceEpoch == days)
        }
    }

    @Test(arguments: ["2026-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "0000-01-01", "2026-3-08", "", "x"])
    func rejectsDatesThatDoNotExist(text: String) {
        let error = #expect(throws: LocalTimeError.self) { try LocalDate(parsing: text, field: "startDate") }
        #expect(error?.field == "startDate")
        #expect(error?.text == text)
    }

    @Test func addingDaysCrossesMonthsAndYears() throws {
        #expect(try LocalDate(parsing: "2026-12-31").adding(days: 1) == LocalDate(parsing: "2027-01-01"))
        #expect(try LocalDate(parsing: "2024-03-01").adding(days: -1) == LocalDate(parsing: "2024-02-29"))
    }

    @Test func dateTimeParsesAndRoundTripsThroughJSON() throws {
        let slot = try LocalDateTime(parsing: "2026-03-29T02:30")
        #expect(slot.description == "2026-03-29T02:30")
        let data = try JSONEncoder().encode(slot)
        #expect(String(decoding: data, as: UTF8.self) == "\"2026-03-29T02:30\"")
        #expect(try JSONDecoder().decode(LocalDateTime.self, from: data) == slot)
        #expect(throws: LocalTimeError.self) { try LocalDateTime(parsing: "2026-03-29 02:30") }
        #expect(throws: LocalTimeError.self) { try LocalDateTime(parsing: "2026-03-29T24:00") }
    }
}
