import Foundation
import TestSupport
import Testing
import WaveNotifications
import WaveNotificationsTesting

@testable import WaveLinuxAdapter

/// WorldWideWaves calls kept compact in the queue: the keys spelled from an event and trigger are the keys of the
/// strings they spell, and a compact notification is, to every caller, the request the bridge builds.
struct CompactPendingTests {
    static let triggers: [NotificationTrigger] =
        NotificationTrigger.standardStartingIntervals.map { .eventStarting($0) } + [
            .eventFinished, .waveHit, .eventStarting(.seconds(90)), .eventStarting(.seconds(59)),
            .eventStarting(.seconds(-150)), .eventStarting(.zero), .eventStarting(.seconds(86_400 * 400)),
        ]

    @Test func aKeySpelledFromAnEventAndTriggerIsTheKeyOfItsString() {
        var random = SplitMix64(seed: 7)
        let alphabet = Array("ABCXYZabcxyz0189_-")
        for _ in 0..<500 {
            let length = Int(random.next() % 50) + 1
            let eventID = String((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
            let thread = RequestKey(threadOfEvent: eventID)
            #expect(thread == RequestKey("event_" + eventID))
            #expect(thread.hashValue == RequestKey("event_" + eventID).hashValue)
            #expect(thread.text == "event_" + eventID)
            for trigger in Self.triggers {
                let spelled = RequestKey(eventID: eventID, trigger: trigger)
                let identifier = "event_\(eventID)_\(trigger.id)"
                #expect(spelled == RequestKey(identifier), "\(identifier)")
                #expect(spelled.hashValue == RequestKey(identifier).hashValue, "\(identifier)")
                #expect(spelled.text == identifier)
                #expect(spelled != RequestKey(identifier + "x"))
                #expect(spelled != RequestKey(eventID: eventID + "x", trigger: trigger))
            }
        }
    }

    @Test func triggersWithOneIdAreOneKeyAndOthersAreNot() {
        // Ninety seconds and one minute are both `start_1m`, as the identifier strings say.
        #expect(
            RequestKey(eventID: "paris", trigger: .eventStarting(.seconds(90)))
                == RequestKey(eventID: "paris", trigger: .eventStarting(.seconds(60))))
        let keys = Set(Self.triggers.map { RequestKey(eventID: "paris", trigger: $0) })
        #expect(keys.count == Set(Self.triggers.map(\.id)).count)
    }

    @Test func textKeysCompareAsStringsDo() {
        // Canonically equivalent strings are one identifier, as they are one String.
        #expect(RequestKey("caf\u{E9}") == RequestKey("cafe\u{301}"))
        #expect(RequestKey("caf\u{E9}").hashValue == RequestKey("cafe\u{301}").hashValue)
        #expect(RequestKey("café") != RequestKey("cafe"))
        #expect(RequestKey("") == RequestKey(""))
    }

    @Test func aCompactNotificationIsTheRequestTheBridgeBuilds() throws {
        let content = NotificationContent(
            titleKey: "notification_event_starting", bodyKey: "notification_1h_before", bodyArgs: ["Paris"],
            deepLink: "worldwidewaves://event?id=paris")
        let at = Date(timeIntervalSince1970: 1_800_000_000)
        for trigger in Self.triggers {
            let identifier = try NotificationIdentifier(eventID: "paris", trigger: trigger)
            let compact = PendingNotification(identifier: identifier, content: content, fireDate: at, sequence: 3)
            let request = NotificationManagerBridge.request(for: identifier, fireAt: at, content: content)
            let full = PendingNotification(request: request, sequence: 3)
            #expect(compact.request == request)
            #expect(compact == full)
            #expect(compact.hashValue == full.hashValue)
            #expect(compact.identifier == request.identifier)
            #expect(compact.content == content)
            #expect(compact.identifierKey == full.identifierKey)
            #expect(compact.threadKey == full.threadKey)
        }
    }

    /// A compact call keeps no instant of its own (its request fires at ``PendingNotification/fireDate``): moving
    /// the date must leave the request as it was, and an overdue call keeps the instant it asked for.
    @Test(arguments: Self.triggers)
    func aCompactCallsRequestKeepsItsInstant(trigger: NotificationTrigger) throws {
        let content = NotificationContent(titleKey: "t", bodyKey: "b", bodyArgs: ["x"], deepLink: "link")
        let at = Date(timeIntervalSince1970: 1_800_000_000)
        let identifier = try NotificationIdentifier(eventID: "paris", trigger: trigger)
        let request = NotificationManagerBridge.request(for: identifier, fireAt: at, content: content)
        var moved = PendingNotification(identifier: identifier, content: content, fireDate: at, sequence: 3)
        moved.fireDate = at.addingTimeInterval(600)
        #expect(moved.request == request)
        #expect(moved.fireDate == at.addingTimeInterval(600))
        #expect(moved == PendingNotification(request: request, fireDate: at.addingTimeInterval(600), sequence: 3))

        let overdue = PendingNotification(
            eventID: "paris", trigger: trigger, content: content, requestedAt: at, fireDate: at.addingTimeInterval(5),
            sequence: 4)
        #expect(overdue.request == request)
        #expect(overdue.fireDate == at.addingTimeInterval(5))
        #expect(overdue.identifierKey == RequestKey(eventID: "paris", trigger: trigger))
        #expect(overdue.threadKey == RequestKey(threadOfEvent: "paris"))
        #expect(overdue.content == content)
    }

    @Test func callsAndRequestsReplaceAndRemoveEachOther() async throws {
        let clock = ManualWaveClock(now: Fixtures.start)
        let sink = RecordingSink()
        let manager = try LinuxNotificationManager(clock: clock, sink: sink, renderer: FakeRenderer())
        let content = NotificationContent(titleKey: "t", bodyKey: "b", bodyArgs: ["x"], deepLink: "link")
        try await manager.scheduleNotification(
            eventID: "paris", trigger: .eventStarting(.seconds(3600)), delay: .seconds(100), content: content)
        try await manager.scheduleNotification(
            eventID: "paris", trigger: .eventFinished, delay: .seconds(200), content: content)
        // A request added by identifier string replaces the compact one with that identifier.
        let replacement = NotificationManagerBridge.request(
            for: try NotificationIdentifier(eventID: "paris", trigger: .eventStarting(.seconds(3600))),
            fireAt: Fixtures.start.addingTimeInterval(50), content: content)
        try await manager.add([replacement])
        #expect(manager.pendingCount == 2)
        #expect(
            try await manager.pendingRequests().map(\.identifier) == ["event_paris_start_60m", "event_paris_finished"])
        #expect(try await manager.pendingRequests().first == replacement)
        // And a call replaces a request added by string, in the same thread.
        try await manager.scheduleNotification(
            eventID: "paris", trigger: .eventStarting(.seconds(3600)), delay: .seconds(300), content: content)
        #expect(
            try await manager.pendingRequests(threadIDs: ["event_paris"]).map { $0.map(\.identifier) } == [
                ["event_paris_finished", "event_paris_start_60m"]
            ])
        try await manager.removePending(identifiers: ["event_paris_finished"], reason: .reschedule)
        #expect(try await manager.pendingRequests().map(\.identifier) == ["event_paris_start_60m"])
        try await manager.cancelAllNotifications(eventID: "paris")
        #expect(manager.pendingCount == 0)
        // A negative delay fires at the next wake, with the request's own instant as the call asked.
        try await manager.scheduleNotification(
            eventID: "rome", trigger: .eventFinished, delay: .seconds(-30), content: content)
        #expect(try await manager.pendingRequests().first?.fireAt == Fixtures.start.addingTimeInterval(-30))
        #expect(manager.pendingSnapshot().first?.fireDate == Fixtures.start)
        await clock.advance(by: .seconds(1))
        #expect(sink.queuedRequestIdentifiers == ["event_rome_finished"])
    }
}
