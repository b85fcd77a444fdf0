import Foundation
import TestSupport
import Testing
import WaveLinuxAdapter
import WaveNotifications
import WaveNotificationsTesting

/// Saving requests and shown notifications, and importing what the WorldWideWaves-only build saved.
struct RequestPersistenceTests {
    let directory: TemporaryDirectory
    let clock = ManualWaveClock(now: Fixtures.start)
    let sink = RecordingSink()
    let log = EventLog()

    init() throws {
        directory = try TemporaryDirectory()
    }

    func makeManager(limit: Int = 64) throws -> LinuxNotificationManager {
        try LinuxNotificationManager(
            configuration: .init(pendingLimit: limit, stateDirectory: directory.url), clock: clock, sink: sink,
            renderer: FakeRenderer(), observer: log)
    }

    /// `State/state-pre-requests.json` was written by the build before requests (commit 228ef23): a manager with
    /// limit 2 and state directory, eight WorldWideWaves notifications scheduled, Tokyo's `finished` cancelled.
    @Test func aStateFileFromTheBuildBeforeRequestsImportsEveryPendingNotification() async throws {
        defer { directory.remove() }
        let fixture = Fixtures.directory.appendingPathComponent("State/state-pre-requests.json")
        try FileManager.default.copyItem(at: fixture, to: directory.appending("state.json"))
        let manager = try makeManager()
        try await manager.start()
        #expect(log.failures.isEmpty, "\(log.failures)")
        let expected = [
            ("paris-solstice", NotificationTrigger.eventStarting(.seconds(3600)), "notification_1h_before", 3600),
            ("tokyo-midsummer", .eventStarting(.seconds(3600)), "notification_1h_before", 3600),
            ("paris-solstice", .eventStarting(.seconds(60)), "notification_1m_before", 7140),
            ("tokyo-midsummer", .eventStarting(.seconds(60)), "notification_1m_before", 7140),
            ("paris-solstice", .waveHit, "notification_wave_hit", 7200),
            ("tokyo-midsummer", .waveHit, "notification_wave_hit", 7200),
            ("paris-solstice", .eventFinished, "notification_event_finished", 9000),
        ].map { eventID, trigger, body, seconds in
            NotificationManagerBridge.request(
                for: Fixtures.identifier(eventID, trigger), fireAt: Fixtures.start.addingTimeInterval(Double(seconds)),
                content: NotificationContent(
                    titleKey: "notification_event_starting", bodyKey: body,
                    bodyArgs: [eventID == "paris-solstice" ? "Paris" : "Tokyo"],
                    deepLink: "worldwidewaves://event?id=\(eventID)"))
        }
        #expect(try await manager.pendingRequests() == expected)

        // The file was imported into the database and kept, renamed, byte for byte; the next save goes to the
        // database, which loads to the same requests.
        #expect(log.names.contains("imported 7"))
        let imported = directory.appending("state.json.imported-20260621T120000Z")
        #expect(try Data(contentsOf: imported) == Data(contentsOf: fixture))
        try await manager.add([Fixtures.request("hydracat-1", at: 60)])
        #expect(!FileManager.default.fileExists(atPath: directory.appending("state.json").path))
        await manager.stop()
        let second = try makeManager()
        try await second.start()
        #expect(try await second.pendingRequests() == [Fixtures.request("hydracat-1", at: 60)] + expected)
        await clock.advance(by: .seconds(9000))
        #expect(sink.queuedRequestIdentifiers.count == 8)
        await second.stop()
    }

    @Test func aShownNotificationStillExpiresAfterARestart() async throws {
        defer { directory.remove() }
        let first = try makeManager()
        try await first.add([
            Fixtures.request("soon-gone", at: 10, expiresAfter: .seconds(600)),
            Fixtures.request("kept", at: 20),
        ])
        await clock.advance(by: .seconds(20))
        await first.stop()

        let second = try makeManager()
        try await second.start()
        #expect(second.shownNotifications().map(\.identifier) == ["soon-gone"])
        #expect(clock.nextDeadline == Fixtures.start.addingTimeInterval(610))
        await clock.advance(by: .seconds(590))
        #expect(sink.withdrawals == ["soon-gone (expired)"])
        await second.stop()

        // The withdrawal was saved: a third start has nothing left to expire.
        let third = try makeManager()
        try await third.start()
        #expect(third.shownNotifications().isEmpty)
        await third.stop()
    }

    @Test func aRequestWhoseExpiryPassedWhileDownIsSuppressedNotShownLate() async throws {
        defer { directory.remove() }
        let first = try makeManager()
        try await first.add([
            Fixtures.request("expiring", at: 60, expiresAfter: .seconds(300)),
            Fixtures.request("plain", at: 60),
        ])
        await first.stop()
        await clock.advance(by: .seconds(600))

        let second = try makeManager()
        try await second.start()
        #expect(sink.deliveries.map(\.identifier) == ["plain"])
        #expect(sink.deliveries.first?.isLate == true)
        #expect(log.names.contains("suppressed expiring expired"))
        await second.stop()
    }

    /// An event's notifications replaced in one call, in place, are saved as the two calls save them: a restart
    /// finds exactly the new ones, with their instants and order, and none of the old.
    @Test func notificationsReplacedInPlaceAreWhatARestartFinds() async throws {
        defer { directory.remove() }
        let content = NotificationContent(titleKey: "t", bodyKey: "b", bodyArgs: ["Paris"], deepLink: "link")
        let triggers: [NotificationTrigger] = [
            .eventStarting(.seconds(600)), .eventStarting(.seconds(60)), .eventFinished,
        ]
        func schedules(at seconds: Int64) -> [NotificationSchedule] {
            triggers.enumerated().map { offset, trigger in
                NotificationSchedule(
                    eventID: "paris", trigger: trigger, delay: .seconds(seconds + Int64(offset)), content: content)
            }
        }
        let first = try makeManager()
        try await first.scheduleNotifications(schedules(at: 1_000))
        try await first.scheduleNotification(
            eventID: "lima", trigger: .eventFinished, delay: .seconds(1_500), content: content)
        try await first.replaceAllNotifications(eventID: "paris", with: Array(schedules(at: 500).prefix(2)))
        let before = first.pendingSnapshot()
        #expect(before.map(\.identifier) == ["event_paris_start_10m", "event_paris_start_1m", "event_lima_finished"])
        await first.stop()

        let second = try makeManager()
        try await second.start()
        #expect(second.pendingSnapshot() == before)
        #expect(second.pendingSnapshot().map(\.sequence) == [4, 5, 3])
        await second.stop()
    }
}
