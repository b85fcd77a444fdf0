import Foundation
import Testing
import WaveLinuxAdapter
import WaveNotifications
import WaveNotificationsTesting

@testable import WaveSim

/// The Linux platform of the replay runs the manager's own delivery pass at each instant its alarm was set for,
/// without the clock's alarms: deliveries and expiries come in the order and at the instants the alarm would have
/// woken them.
struct LinuxReplayPlatformTests {
    static let start = Date(timeIntervalSince1970: 1_782_000_000)

    private static func request(
        _ identifier: String, at seconds: Double, expiresAfter: Duration? = nil
    )
        -> NotificationRequest
    {
        let text = LocalizedText(table: "WorldWideWaves", key: "title")
        let channel = NotificationChannel(
            id: "waves", categoryID: "reminder", name: text, channelDescription: text)
        return NotificationRequest(
            identifier: identifier, channel: channel, fireAt: start.addingTimeInterval(seconds), title: text,
            body: text, deepLink: "worldwidewaves://", expiresAfter: expiresAfter)
    }

    @Test func theManagerIsDrivenWithoutAnAlarmOnTheReplaysClock() async throws {
        let clock = ManualWaveClock(now: Self.start)
        let platform = try LinuxReplayPlatform(clock: clock, pendingLimit: 64)
        try await platform.add([Self.request("b", at: 120), Self.request("a", at: 60), Self.request("c", at: 300)])

        // The manager's alarm is the platform's to run: the replay's clock holds none.
        #expect(clock.nextDeadline == nil)
        #expect(await platform.nextFireDate == Self.start.addingTimeInterval(60))

        let facts = await platform.advance(to: Self.start.addingTimeInterval(200))
        #expect(facts == [.due(Self.request("a", at: 60)), .due(Self.request("b", at: 120))])
        #expect(clock.now == Self.start.addingTimeInterval(200))
        #expect(clock.nextDeadline == nil)
        #expect(await platform.nextFireDate == Self.start.addingTimeInterval(300))
    }

    @Test func anExpiryOnTheWayIsWithdrawnBeforeTheNextDelivery() async throws {
        let clock = ManualWaveClock(now: Self.start)
        let platform = try LinuxReplayPlatform(clock: clock, pendingLimit: 64)
        try await platform.add([
            Self.request("short", at: 60, expiresAfter: .seconds(30)), Self.request("later", at: 600),
        ])
        #expect(
            await platform.advance(to: Self.start.addingTimeInterval(60)) == [
                .due(Self.request("short", at: 60, expiresAfter: .seconds(30)))
            ])
        #expect(platform.manager.shownNotifications().map(\.request.identifier) == ["short"])

        // Moving past the expiry (90 s) and the next delivery (600 s): the first is withdrawn, the second shown.
        let facts = await platform.advance(to: Self.start.addingTimeInterval(900))
        #expect(facts == [.due(Self.request("later", at: 600))])
        #expect(platform.manager.shownNotifications().map(\.request.identifier) == ["later"])
    }
}
