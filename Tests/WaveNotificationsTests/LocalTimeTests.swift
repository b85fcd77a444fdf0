import Testing
import WaveNotifications

struct LocalTimeTests {
    @Test(arguments: [("00:00", 0, 0), ("08:30", 8, 30), ("12:05", 12, 5), ("23:59", 23, 59), ("09:00", 9, 0)])
    func parsesTwoDigitHoursAndMinutes(text: String, hour: Int, minute: Int) throws {
        let time = try LocalTime(parsing: text)
        #expect(time.hour == hour)
        #expect(time.minute == minute)
        #expect(time.description == text)
        #expect(time.minutesSinceMidnight == hour * 60 + minute)
    }

    @Test(arguments: [
        "8:00", "24:00", "12:60", "12:5", " 08:00", "08:00 ", "０８:００", "", "08-00", "08:00:00", "ab:cd", "+8:00",
        "-1:00", "0800", "99:99", "08:0a",
    ])
    func rejectsAnythingButHHMMQuotingTheTextAndNamingTheField(text: String) {
        let error = #expect(throws: LocalTimeError.self) { try LocalTime(parsing: text, field: "quietHours.start") }
        #expect(error?.text == text)
        #expect(error?.field == "quietHours.start")
        #expect(error?.description.contains("\"\(text)\"") == true)
        #expect(error?.description.hasPrefix("quietHours.start: ") == true)
        #expect(error?.description.contains("HH:MM") == true)
    }

    @Test func defaultFieldNameIsTime() {
        let error = #expect(throws: LocalTimeError.self) { try LocalTime(parsing: "7:00") }
        #expect(error?.description == "time: \"7:00\" is not valid; expected HH:MM, 00:00–23:59")
    }

    @Test(arguments: [(-1, 0), (24, 0), (0, 60), (0, -1)])
    func componentsOutOfRangeThrow(hour: Int, minute: Int) {
        #expect(throws: LocalTimeError.self) { try LocalTime(hour: hour, minute: minute) }
    }

    @Test func minutesSinceMidnightRoundTripsAndRejectsOutOfRange() throws {
        for minutes in stride(from: 0, to: 1_440, by: 7) {
            #expect(try LocalTime(minutesSinceMidnight: minutes).minutesSinceMidnight == minutes)
        }
        #expect(throws: LocalTimeError.self) { try LocalTime(minutesSinceMidnight: 1_440) }
        #expect(throws: LocalTimeError.self) { try LocalTime(minutesSinceMidnight: -1) }
    }

    @Test func ordersByTimeOfDay() throws {
        #expect(try LocalTime(parsing: "08:59") < LocalTime(parsing: "09:00"))
        #expect(try !(LocalTime(parsing: "23:00") < LocalTime(parsing: "01:00")))
    }
}
