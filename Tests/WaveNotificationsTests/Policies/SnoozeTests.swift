import Foundation
import Testing
import WaveNotifications
import WaveNotificationsTesting

struct SnoozeTests {
    private typealias F = PolicyFixtures

    /// Hydracat's rule: the last `|` component (the type) becomes `snooze`; idempotent.
    private static let snooze = Snooze { identifier in
        var parts = identifier.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        parts[parts.count - 1] = "snooze"
        return parts.joined(separator: "|")
    }

    private static let shown = F.request("u1|p1|s1|2026-01-15T08:00|reminder", at: F.instant("2026-01-15T07:00:00Z"))

    @Test func theSameContentComesBackFifteenMinutesLaterUnderTheDerivedIdentifier() {
        let snoozed = Self.snooze.request(snoozing: Self.shown, at: F.instant("2026-01-15T07:05:00Z"))
        #expect(snoozed.identifier == "u1|p1|s1|2026-01-15T08:00|snooze")
        #expect(snoozed.fireAt == F.instant("2026-01-15T07:20:00Z"))
        var expected = Self.shown
        expected.identifier = snoozed.identifier
        expected.fireAt = snoozed.fireAt
        #expect(snoozed == expected)
    }

    @Test func theDelayIsConfigurable() {
        let snooze = Snooze(delay: .seconds(5 * 60)) { $0 + "#snooze" }
        let snoozed = snooze.request(snoozing: Self.shown, at: F.instant("2026-01-15T07:05:00Z"))
        #expect(snoozed.fireAt == F.instant("2026-01-15T07:10:00Z"))
    }

    @Test func snoozingWithdrawsThenAddsAndSnoozingAgainReplaces() async throws {
        let center = RecordingRequestCenter()
        try await center.show(Self.shown)
        let first = try await Self.snooze.snooze(Self.shown, at: F.instant("2026-01-15T07:05:00Z"), in: center)
        try await center.show(first)
        let second = try await Self.snooze.snooze(first, at: F.instant("2026-01-15T07:25:00Z"), in: center)
        #expect(second.identifier == first.identifier)
        #expect(center.pending == [second])
        #expect(center.pending.first?.fireAt == F.instant("2026-01-15T07:40:00Z"))
        #expect(center.withdrawn.map(\.request.identifier) == [Self.shown.identifier, first.identifier])
        #expect(center.withdrawn.map(\.reason) == [.snoozed, .snoozed])
        #expect(
            Array(center.changes.suffix(2)) == [
                .withdrawShown(identifiers: [first.identifier], reason: .snoozed), .add([second]),
            ])
    }
}
