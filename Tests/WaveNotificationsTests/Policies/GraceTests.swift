import Foundation
import Testing
import WaveNotifications

struct GraceTests {
    private typealias F = PolicyFixtures
    private static let now = "2026-01-15T10:00:00Z"

    @Test(arguments: [
        ("2026-01-15T10:00:00Z", "kept"),  // at now: still ahead
        ("2026-01-15T11:00:00Z", "kept"),
        ("2026-01-15T09:59:59Z", "late"),
        ("2026-01-15T09:30:00Z", "late"),  // exactly now − grace: inside [now − grace, now)
        ("2026-01-15T09:29:59Z", "missed"),
        ("2026-01-14T10:00:00Z", "missed"),
    ])
    func graceWindowIsNowMinusGraceUpToNow(fireAt: String, expected: String) {
        let policy = Grace(grace: .seconds(30 * 60))
        let decision = policy.decision(for: F.proposed("a", at: fireAt), in: F.context(now: Self.now))
        switch expected {
        case "kept": #expect(decision == .kept)
        case "late": #expect(decision == .late(showAt: F.instant(Self.now)))
        default: #expect(decision == .dropped(.missed))
        }
    }

    @Test func aLateRequestIsMarkedAndMovedToNow() {
        let proposed = F.proposed("a", at: "2026-01-15T09:45:00Z")
        let late = proposed.applying(.late(showAt: F.instant(Self.now)))
        #expect(late.isLate)
        #expect(late.fireAt == F.instant(Self.now))
        #expect(!proposed.isLate)
    }
}
