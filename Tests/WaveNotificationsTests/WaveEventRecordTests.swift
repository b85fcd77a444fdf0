import Foundation
import Testing
import WaveNotifications

struct WaveEventRecordTests {
    /// An app's own event model, with extra fields the notification system ignores.
    private struct AppEvent: WaveEvent {
        var id = "lima-2026"
        var name = "Lima Wave"
        var location = "Lima"
        var startDate = Fixtures.now
        var endDate = Fixtures.now.addingTimeInterval(1800)
        var timeZone: TimeZone? = TimeZone(identifier: "America/Lima")
        var attendees = 12
    }

    @Test func copiesEveryFieldOfAnyWaveEvent() {
        let event = AppEvent()
        let record = WaveEventRecord(event)
        #expect(
            record
                == WaveEventRecord(
                    id: "lima-2026", name: "Lima Wave", location: "Lima", startDate: Fixtures.now,
                    endDate: Fixtures.now.addingTimeInterval(1800), timeZone: TimeZone(identifier: "America/Lima")))
    }

    @Test func timeZoneIsOptional() {
        let record = WaveEventRecord(
            id: "a", name: "A", location: "B", startDate: Fixtures.now, endDate: Fixtures.now)
        #expect(record.timeZone == nil)
    }

    @Test func codableRoundTripKeepsTheRecord() throws {
        let record = WaveEventRecord(AppEvent())
        let decoded = try JSONDecoder().decode(WaveEventRecord.self, from: try JSONEncoder().encode(record))
        #expect(decoded == record)
    }
}
