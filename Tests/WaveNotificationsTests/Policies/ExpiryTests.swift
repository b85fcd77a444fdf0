import Foundation
import Testing
import WaveNotifications

struct ExpiryTests {
    private typealias F = PolicyFixtures
    private static let fireAt = F.instant("2026-01-15T08:00:00Z")
    private static let expiry = F.instant("2026-01-15T09:00:00Z")
    private static let checkIn = F.request("check", at: fireAt, expiresAfter: .seconds(60 * 60))

    @Test func aShownNotificationIsWithdrawnAtFirePlusExpiresAfter() {
        #expect(Expiry.withdrawalInstant(of: Self.checkIn) == Self.expiry)
    }

    @Test func actingBeforeTheExpiryKeepsItFromBeingWithdrawn() {
        #expect(Expiry.withdrawalInstant(of: Self.checkIn, respondedAt: F.instant("2026-01-15T08:59:59Z")) == nil)
        #expect(Expiry.withdrawalInstant(of: Self.checkIn, respondedAt: Self.expiry) == Self.expiry)
    }

    @Test func aRequestWithoutExpiresAfterNeverExpires() {
        let plain = F.request("plain", at: Self.fireAt)
        #expect(Expiry.withdrawalInstant(of: plain) == nil)
        #expect(!Expiry.isExpired(plain, at: F.instant("2030-01-01T00:00:00Z")))
    }

    @Test(arguments: [
        ("2026-01-15T08:59:59Z", false),
        ("2026-01-15T09:00:00Z", true),
        ("2026-01-15T10:00:00Z", true),
    ])
    func aRequestNotShownByItsExpiryIsExpired(now: String, expired: Bool) {
        #expect(Expiry.isExpired(Self.checkIn, at: F.instant(now)) == expired)
        let decision = Expiry().decision(for: ProposedRequest(Self.checkIn), in: F.context(now: now))
        #expect(decision == (expired ? .dropped(.expired) : .kept))
    }
}
