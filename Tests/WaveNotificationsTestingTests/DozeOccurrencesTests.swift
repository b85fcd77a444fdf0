import Foundation
import Testing
import WaveNotifications

@testable import WaveNotificationsTesting

/// The kept occurrences answer as the schedule's own lookup does, across transitions and midnight-crossing windows.
struct DozeOccurrencesTests {
    @Test(arguments: [
        "Europe/Paris", "America/Santiago", "America/Sao_Paulo", "Australia/Lord_Howe", "Asia/Tehran", "UTC",
        "Pacific/Apia",
    ])
    func occurrencesMatchTheZoneLookup(zone: String) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        let windows = [
            LocalTimeWindow(start: try LocalTime(hour: 23, minute: 0), end: try LocalTime(hour: 7, minute: 0)),
            LocalTimeWindow(start: try LocalTime(hour: 0, minute: 30), end: try LocalTime(hour: 2, minute: 30)),
            LocalTimeWindow(start: try LocalTime(hour: 13, minute: 0), end: try LocalTime(hour: 13, minute: 0)),
        ]
        let occurrences = DozeOccurrences(windows: windows, timeZone: timeZone)
        // Two years in steps of 47 min 13 s, forward then back, so spans are found in both directions.
        let start = Date(timeIntervalSince1970: 1_672_531_200)  // 2023-01-01T00:00Z
        let count = 2 * 365 * 24 * 60 / 47
        var steps: [Date] = []
        for step in 0..<count {
            steps.append(start.addingTimeInterval(Double(step) * 2_833))
        }
        var mismatches = 0
        for instant in steps + steps.reversed() {
            for (index, window) in windows.enumerated() {
                let kept = occurrences.occurrence(of: index, containing: instant)
                let looked = DozeSchedule.occurrence(of: window, containing: instant, in: timeZone)
                if kept?.start != looked?.start || kept?.end != looked?.end { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }
}
