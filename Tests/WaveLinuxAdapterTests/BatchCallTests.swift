import Foundation
import TestSupport
import Testing
import WaveLinuxAdapter
import WaveNotifications
import WaveNotificationsTesting

/// The batch calls of `NotificationManager` on the Linux manager: one batch has the effect of the single calls made
/// in order, and an invalid event id refuses a whole batch.
struct BatchCallTests {
    static let content = NotificationContent(
        titleKey: "notification_event_starting", bodyKey: "notification_1h_before", bodyArgs: ["Paris"],
        deepLink: "worldwidewaves://event?id=paris")

    /// Schedules over three events, with a replacement inside the batch and one of an earlier call, overdue ones.
    static let schedules: [NotificationSchedule] =
        ["paris", "rome", "oslo"].flatMap { eventID in
            NotificationTrigger.standardStartingIntervals.enumerated().map { offset, before in
                NotificationSchedule(
                    eventID: eventID, trigger: .eventStarting(before), delay: .seconds(600 - 100 * offset),
                    content: content)
            }
        } + [
            NotificationSchedule(eventID: "paris", trigger: .eventFinished, delay: .seconds(-5), content: content),
            NotificationSchedule(
                eventID: "rome", trigger: .eventStarting(.seconds(3600)), delay: .seconds(42), content: content),
            NotificationSchedule(eventID: "lima", trigger: .eventFinished, delay: .seconds(900), content: content),
        ]

    func makeManager(limit: Int) throws -> (LinuxNotificationManager, EventLog, RecordingSink) {
        let log = EventLog()
        let sink = RecordingSink()
        let manager = try LinuxNotificationManager(
            configuration: .init(pendingLimit: limit), clock: ManualWaveClock(now: Fixtures.start), sink: sink,
            renderer: FakeRenderer(), observer: log)
        return (manager, log, sink)
    }

    @Test func anEmptyBatchIsNoCallAtAll() async throws {
        let (manager, log, _) = try makeManager(limit: 64)
        // Zero single calls would neither start an idle manager nor be refused by a stopped one.
        try await manager.scheduleNotifications([])
        try await manager.cancelAllNotifications(eventIDs: [])
        #expect(log.names.isEmpty)
        try await manager.start()
        await manager.stop()
        try await manager.scheduleNotifications([])
        try await manager.cancelAllNotifications(eventIDs: [])
    }

    @Test(arguments: [2, 64])
    func aBatchHasTheEffectOfTheSingleCallsInOrder(limit: Int) async throws {
        let (single, singleLog, singleSink) = try makeManager(limit: limit)
        let (batched, batchedLog, batchedSink) = try makeManager(limit: limit)
        try await single.scheduleNotification(
            eventID: "oslo", trigger: .eventFinished, delay: .seconds(7), content: Self.content)
        try await batched.scheduleNotification(
            eventID: "oslo", trigger: .eventFinished, delay: .seconds(7), content: Self.content)
        for schedule in Self.schedules {
            try await single.scheduleNotification(
                eventID: schedule.eventID, trigger: schedule.trigger, delay: schedule.delay, content: schedule.content)
        }
        try await batched.scheduleNotifications(Self.schedules)
        #expect(try await batched.pendingRequests() == single.pendingRequests())
        #expect(batched.pendingSnapshot() == single.pendingSnapshot())
        #expect(batchedLog.names == singleLog.names)

        for eventID in ["rome", "nowhere", "oslo"] {
            try await single.cancelAllNotifications(eventID: eventID)
        }
        try await batched.cancelAllNotifications(eventIDs: ["rome", "nowhere", "oslo"])
        #expect(try await batched.pendingRequests() == single.pendingRequests())
        #expect(batched.pendingSnapshot() == single.pendingSnapshot())
        #expect(batchedLog.names == singleLog.names)
        #expect(batchedSink.withdrawals == singleSink.withdrawals)
        #expect(Set(try await batched.pendingRequests().map(\.threadID)) == ["event_paris", "event_lima"])
    }

    @Test func anInvalidEventIDRefusesTheWholeBatch() async throws {
        let (manager, log, _) = try makeManager(limit: 64)
        try await manager.scheduleNotification(
            eventID: "rome", trigger: .eventFinished, delay: .seconds(7), content: Self.content)
        let events = log.names
        var schedules = Self.schedules
        schedules.insert(
            NotificationSchedule(eventID: "bad id", trigger: .eventFinished, delay: .seconds(1), content: Self.content),
            at: 5)
        await #expect(throws: EventIDError.self) { try await manager.scheduleNotifications(schedules) }
        await #expect(throws: EventIDError.self) {
            try await manager.cancelAllNotifications(eventIDs: ["paris", "bad id", "rome"])
        }
        #expect(try await manager.pendingRequests().map(\.identifier) == ["event_rome_finished"])
        #expect(log.names == events)
    }

    @Test func theDefaultBatchesMakeTheSingleCallsInOrder() async throws {
        let manager = RecordingNotificationManager()
        try await manager.scheduleNotifications(Self.schedules)
        try await manager.cancelAllNotifications(eventIDs: ["rome", "oslo"])
        let expected: [RecordingNotificationManager.Call] =
            Self.schedules.map { schedule in
                .schedule(
                    eventID: schedule.eventID, trigger: schedule.trigger, delay: schedule.delay,
                    content: schedule.content)
            } + [.cancelAll(eventID: "rome"), .cancelAll(eventID: "oslo")]
        #expect(manager.calls == expected)
    }

    @Test func aListingIsTheQueueInOrderAtOneInstantWhileOthersChangeIt() async throws {
        let (manager, _, _) = try makeManager(limit: 16)
        try await manager.scheduleNotifications(Self.schedules)
        #expect(try await manager.pendingRequests() == manager.pendingSnapshot().map(\.request))
        // Listings taken while other tasks add and remove each see a whole number of those changes: the three
        // events' 15 reminders and the others, never part of an add.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for round in 0..<20 {
                group.addTask {
                    let eventID = "round\(round)"
                    try await manager.scheduleNotifications(
                        NotificationTrigger.standardStartingIntervals.map { before in
                            NotificationSchedule(
                                eventID: eventID, trigger: .eventStarting(before), delay: .seconds(Double(round)),
                                content: Self.content)
                        })
                    let listed = try await manager.pendingRequests()
                    let fireDates = listed.map(\.fireAt)
                    #expect(fireDates == fireDates.sorted())
                    let byThread = Dictionary(grouping: listed, by: \.threadID)
                    #expect(byThread["event_\(eventID)"]?.count == 5)
                    #expect(byThread.filter { $0.key.hasPrefix("event_round") }.values.allSatisfy { $0.count == 5 })
                    try await manager.cancelAllNotifications(eventID: eventID)
                }
            }
            try await group.waitForAll()
        }
        #expect(try await manager.pendingRequests() == manager.pendingSnapshot().map(\.request))
        #expect(manager.pendingCount == Self.schedules.count - 1)
    }

    @Test(arguments: [1, 1_023, 1_024, 1_025, 5_000])
    func aLongListingIsSortedLikeTheSnapshot(count: Int) async throws {
        let (manager, _, _) = try makeManager(limit: 64)
        var random = SplitMix64(seed: UInt64(count))
        // Few distinct instants, so many ties are broken by the order of addition.
        try await manager.scheduleNotifications(
            (0..<count).map { number in
                NotificationSchedule(
                    eventID: "e\(number / 6)", trigger: .eventStarting(.seconds(3600 * Double(number % 6 + 1))),
                    delay: .seconds(Double(random.next() % 50)), content: Self.content)
            })
        let listed = try await manager.pendingRequests()
        #expect(listed.count == count)
        #expect(listed == manager.pendingSnapshot().map(\.request))
    }
}
