import Foundation
import Testing
import WaveNotifications

/// The soonest requests within a limit, ties in hand-over order, and the runway arithmetic.
struct NotificationRunwayTests {
    private typealias F = PolicyFixtures
    private let now = F.instant("2026-03-10T08:00:00Z")

    private func request(_ identifier: String, minutes: Double) -> NotificationRequest {
        F.request(identifier, at: now.addingTimeInterval(minutes * 60))
    }

    @Test func theSoonestWithinTheLimitAreHeldAndTheRestAreNot() {
        let runway = NotificationRunway(
            desired: [request("c", minutes: 30), request("a", minutes: 10), request("b", minutes: 20)], limit: 2)
        #expect(runway.held.map(\.identifier) == ["a", "b"])
        #expect(runway.notHeld.map(\.identifier) == ["c"])
        #expect(runway.refreshDeadline == now.addingTimeInterval(30 * 60))
        #expect(runway.minutes(from: now) == 30)
    }

    @Test func equalInstantsKeepTheOneHandedOverFirst() {
        let runway = NotificationRunway(
            desired: [request("second", minutes: 10), request("first", minutes: 10), request("third", minutes: 10)],
            limit: 2)
        #expect(runway.held.map(\.identifier) == ["second", "first"])
        #expect(runway.notHeld.map(\.identifier) == ["third"])
    }

    @Test func whenEverythingIsHeldTheRunwayEndsAtTheLastOne() {
        let runway = NotificationRunway(desired: [request("a", minutes: 10), request("b", minutes: 125.5)], limit: 64)
        #expect(runway.notHeld.isEmpty)
        #expect(runway.refreshDeadline == now.addingTimeInterval(125.5 * 60))
        // Whole minutes, rounded down.
        #expect(runway.minutes(from: now) == 125)
    }

    @Test func nothingWantedGivesNoDeadlineAndZeroMinutes() {
        let runway = NotificationRunway(desired: [], limit: 64)
        #expect(runway.refreshDeadline == nil)
        #expect(runway.minutes(from: now) == 0)
    }

    @Test(arguments: [0, -3])
    func aLimitOfZeroHoldsNothing(limit: Int) {
        let runway = NotificationRunway(desired: [request("a", minutes: 5)], limit: limit)
        #expect(runway.held.isEmpty)
        #expect(runway.refreshDeadline == now.addingTimeInterval(5 * 60))
    }

    @Test func aDeadlineAlreadyPassedGivesZeroMinutes() {
        let runway = NotificationRunway(desired: [request("a", minutes: -5)], limit: 1)
        #expect(runway.minutes(from: now) == 0)
    }

    @Test func sixtyFourOfSeventyAreHeld() {
        let desired = (0..<70).map { request("r\($0)", minutes: Double(70 - $0) * 30) }
        let runway = NotificationRunway(desired: desired, limit: 64)
        #expect(runway.held.count == 64)
        #expect(runway.notHeld.map(\.identifier) == ["r5", "r4", "r3", "r2", "r1", "r0"])
        // The 65th soonest fires 65 half-hours after now.
        #expect(runway.minutes(from: now) == 65 * 30)
    }
}
