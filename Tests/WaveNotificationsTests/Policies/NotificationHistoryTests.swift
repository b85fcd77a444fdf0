import Foundation
import Testing
import WaveNotifications

struct NotificationHistoryTests {
    private typealias F = PolicyFixtures

    /// `swim` shown at 10:00 and 10:20, `run` at 10:10, one without a cap key at 10:05; given out of order.
    private static let records = [
        ShownNotification(identifier: "b", capKey: "swim", shownAt: F.instant("2026-01-15T10:20:00Z")),
        ShownNotification(identifier: "c", capKey: "run", shownAt: F.instant("2026-01-15T10:10:00Z")),
        ShownNotification(identifier: "a", capKey: "swim", shownAt: F.instant("2026-01-15T10:00:00Z")),
        ShownNotification(identifier: "d", shownAt: F.instant("2026-01-15T10:05:00Z")),
    ]

    /// The three ways to fill a history: at once, one by one, and by replacing the records.
    private static func histories() -> [NotificationHistory] {
        var appended = NotificationHistory()
        for record in records { appended.append(record) }
        var replaced = NotificationHistory([ShownNotification(identifier: "z", capKey: "swim", shownAt: .distantPast)])
        replaced.records = records
        return [NotificationHistory(records), appended, replaced]
    }

    @Test(arguments: [
        ("swim", "09:59:59", "10:00:01", true),
        ("swim", "10:00:00", "10:20:00", false),  // both ends open
        ("swim", "09:00:00", "10:00:00", false),
        ("swim", "10:19:59", "11:00:00", true),
        ("swim", "10:20:00", "11:00:00", false),
        ("swim", "10:01:00", "10:19:00", false),
        ("run", "10:00:00", "10:15:00", true),
        ("run", "10:10:00", "10:15:00", false),
        ("walk", "00:00:00", "23:59:59", false),
    ])
    func capKeyCountsOnlyInsideTheOpenInterval(capKey: String, after: String, before: String, shown: Bool) {
        let start = F.instant("2026-01-15T\(after)Z")
        let end = F.instant("2026-01-15T\(before)Z")
        for history in Self.histories() {
            #expect(history.wasShown(capKey: capKey, after: start, before: end) == shown)
            // The same answer as looking at every record.
            let scanned = history.records.contains { $0.capKey == capKey && $0.shownAt > start && $0.shownAt < end }
            #expect(scanned == shown)
        }
    }

    @Test func replacingTheRecordsForgetsTheOldOnes() {
        var history = NotificationHistory(Self.records)
        history.records = [
            ShownNotification(identifier: "e", capKey: "run", shownAt: F.instant("2026-01-15T12:00:00Z"))
        ]
        let morning = (F.instant("2026-01-15T09:00:00Z"), F.instant("2026-01-15T11:00:00Z"))
        #expect(!history.wasShown(capKey: "swim", after: morning.0, before: morning.1))
        #expect(!history.wasShown(capKey: "run", after: morning.0, before: morning.1))
        #expect(history.wasShown(capKey: "run", after: morning.1, before: F.instant("2026-01-15T13:00:00Z")))
        #expect(!history.wasShown(identifier: "a"))
        #expect(history.wasShown(identifier: "e"))
    }

    @Test func recordsKeepTheOrderGivenAndEqualityIgnoresHowTheyCame() {
        let histories = Self.histories()
        #expect(histories.allSatisfy { $0.records.map(\.identifier) == ["b", "c", "a", "d"] })
        #expect(Set(histories).count == 1)
    }
}
