import Foundation
import Testing
import WaveNotifications
import WaveNotificationsTesting

struct NotificationManagerBridgeTests {
    private static let content = NotificationContent(
        titleKey: "notification_event_starting_soon", bodyKey: "notification_starts_in_minutes",
        bodyArgs: ["Paris Wave", "5"], deepLink: "worldwidewaves://event?id=paris")

    @Test func aRequestCarriesTheWorldWideWavesIdentifierThreadAndMetadata() throws {
        let identifier = try NotificationIdentifier(eventID: "paris", trigger: .eventStarting(.seconds(300)))
        let fireAt = Fixtures.now.addingTimeInterval(600)
        let request = NotificationManagerBridge.request(for: identifier, fireAt: fireAt, content: Self.content)
        #expect(request.identifier == "event_paris_start_5m")
        #expect(request.threadID == "event_paris")
        #expect(request.metadata == ["eventID": "paris", "trigger": "start_5m"])
        #expect(request.title == LocalizedText(table: "Notifications", key: "notification_event_starting_soon"))
        #expect(
            request.body
                == LocalizedText(
                    table: "Notifications", key: "notification_starts_in_minutes", arguments: ["Paris Wave", "5"]))
        #expect(request.deepLink == "worldwidewaves://event?id=paris")
        #expect(request.channel == NotificationManagerBridge.worldWideWavesChannel)
        #expect(request.fireAt == fireAt)
        #expect(request.numericID == identifier.integerID)
    }

    @Test func managerCallsBecomeCenterCalls() async throws {
        let center = RecordingRequestCenter()
        let clock = ManualWaveClock(now: Fixtures.now)
        let bridge = NotificationManagerBridge(center: center, clock: clock)
        let trigger = NotificationTrigger.eventStarting(.seconds(300))
        try await bridge.scheduleNotification(
            eventID: "paris", trigger: trigger, delay: .seconds(60), content: Self.content)
        try await bridge.deliverNow(eventID: "paris", trigger: .waveHit, content: Self.content)
        try await bridge.cancelNotification(eventID: "paris", trigger: trigger)
        try await bridge.cancelAllNotifications(eventID: "paris")
        let scheduled = NotificationManagerBridge.request(
            for: try NotificationIdentifier(eventID: "paris", trigger: trigger),
            fireAt: Fixtures.now.addingTimeInterval(60),
            content: Self.content)
        let hit = NotificationManagerBridge.request(
            for: try NotificationIdentifier(eventID: "paris", trigger: .waveHit), fireAt: Fixtures.now,
            content: Self.content)
        #expect(
            center.calls == [
                .add([scheduled]), .show(hit),
                .removePending(identifiers: ["event_paris_start_5m"], reason: .reschedule),
                .removePendingThread(threadID: "event_paris", reason: .reschedule),
            ])
    }

    @Test func anInvalidEventIDThrowsWithoutACenterCall() async {
        let center = RecordingRequestCenter()
        let bridge = NotificationManagerBridge(center: center, clock: ManualWaveClock(now: Fixtures.now))
        await #expect(throws: EventIDError.self) {
            try await bridge.scheduleNotification(
                eventID: "bad id", trigger: .eventFinished, delay: .seconds(1), content: Self.content)
        }
        await #expect(throws: EventIDError.self) { try await bridge.cancelAllNotifications(eventID: "") }
        #expect(center.calls.isEmpty)
    }

    /// The mapping a platform conformer applies itself (the Linux manager does) is the bridge's own.
    @Test func theStaticMappingIsWhatTheBridgeSends() throws {
        let trigger = NotificationTrigger.eventStarting(.seconds(600))
        let request = try NotificationManagerBridge.scheduledRequest(
            eventID: "paris", trigger: trigger, delay: .seconds(90), content: Self.content, now: Fixtures.now)
        #expect(
            request
                == NotificationManagerBridge.request(
                    for: try NotificationIdentifier(eventID: "paris", trigger: trigger),
                    fireAt: Fixtures.now.addingTimeInterval(90), content: Self.content))
        #expect(
            try NotificationManagerBridge.requestIdentifier(eventID: "paris", trigger: trigger) == request.identifier)
        #expect(try NotificationManagerBridge.threadID(eventID: "paris") == request.threadID)
        #expect(throws: EventIDError.self) { try NotificationManagerBridge.threadID(eventID: "bad id") }
        #expect(throws: EventIDError.self) {
            try NotificationManagerBridge.requestIdentifier(eventID: "", trigger: trigger)
        }
    }

    /// A batch reaches the center as one `add` of every request, built as the single calls build them.
    @Test func aBatchIsOneAddOfEveryRequest() async throws {
        let center = RecordingRequestCenter()
        let bridge = NotificationManagerBridge(center: center, clock: ManualWaveClock(now: Fixtures.now))
        let triggers: [NotificationTrigger] = [.eventStarting(.seconds(300)), .eventFinished]
        try await bridge.scheduleNotifications(
            triggers.map {
                NotificationSchedule(eventID: "paris", trigger: $0, delay: .seconds(60), content: Self.content)
            })
        let requests = try triggers.map {
            try NotificationManagerBridge.scheduledRequest(
                eventID: "paris", trigger: $0, delay: .seconds(60), content: Self.content, now: Fixtures.now)
        }
        #expect(center.calls == [.add(requests)])
        try await bridge.scheduleNotifications([])
        #expect(center.calls.count == 1)
    }

    /// A batch with an invalid event id changes nothing: it is refused before the center is called.
    @Test func aBatchWithAnInvalidEventIDMakesNoCenterCall() async {
        let center = RecordingRequestCenter()
        let bridge = NotificationManagerBridge(center: center, clock: ManualWaveClock(now: Fixtures.now))
        await #expect(throws: EventIDError.self) {
            try await bridge.scheduleNotifications([
                NotificationSchedule(
                    eventID: "paris", trigger: .eventFinished, delay: .seconds(1), content: Self.content),
                NotificationSchedule(
                    eventID: "bad id", trigger: .eventFinished, delay: .seconds(1), content: Self.content),
            ])
        }
        await #expect(throws: EventIDError.self) {
            try await bridge.cancelAllNotifications(eventIDs: ["paris", "bad id"])
        }
        #expect(center.calls.isEmpty)
    }
}
