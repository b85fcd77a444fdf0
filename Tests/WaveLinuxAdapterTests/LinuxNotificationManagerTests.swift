import Foundation
import TestSupport
import Testing
import WaveLinuxAdapter
import WaveNotifications
import WaveNotificationsTesting
import WaveStrings

/// The timer queue through the manager, on a manual clock.
struct LinuxNotificationManagerTests {
    let clock = ManualWaveClock(now: Fixtures.start)
    let sink = RecordingSink()
    let renderer = FakeRenderer()
    let log = EventLog()

    func makeManager(
        limit: Int = PendingLimit.iOS, sink: (any NotificationSink)? = nil
    ) throws
        -> LinuxNotificationManager
    {
        try LinuxNotificationManager(
            configuration: .init(pendingLimit: limit), clock: clock, sink: sink ?? self.sink, renderer: renderer,
            observer: log)
    }

    @Test func deliversInFireDateOrderWhateverTheSchedulingOrder() async throws {
        let manager = try makeManager()
        var generator = SplitMix64(seed: 7)
        let delays = (0..<200).map { _ in Int.random(in: 1...10_000, using: &generator) }
        for (index, seconds) in delays.enumerated() {
            try await manager.scheduleNotification(
                eventID: "e\(index)", trigger: .eventFinished, delay: .seconds(seconds),
                content: Fixtures.content("e\(index)"))
        }
        await clock.advance(by: .seconds(10_000))

        let expected = delays.enumerated().sorted { ($0.element, $0.offset) < ($1.element, $1.offset) }
            .map { "event_e\($0.offset)_finished" }
        #expect(sink.queuedRequestIdentifiers == expected)
        #expect(sink.deliveries.allSatisfy { $0.lateness == .zero && !$0.isLate })
        #expect(sink.deliveries.allSatisfy { $0.deliveredAt == $0.scheduledFor })
        #expect(manager.pendingCount == 0)
    }

    @Test func tiesFireInSchedulingOrder() async throws {
        let manager = try makeManager()
        for name in ["c", "a", "d", "b"] {
            try await manager.scheduleNotification(
                eventID: name, trigger: .eventFinished, delay: .seconds(60), content: Fixtures.content(name))
        }
        await clock.advance(by: .seconds(60))
        #expect(
            sink.queuedRequestIdentifiers == [
                "event_c_finished", "event_a_finished", "event_d_finished", "event_b_finished",
            ])
    }

    @Test func advanceDeliversOnlyWhatIsDueAndEachAtItsInstant() async throws {
        let manager = try makeManager()
        try await manager.scheduleNotification(
            eventID: "p", trigger: .eventStarting(.seconds(3600)), delay: .seconds(100), content: Fixtures.content("p"))
        try await manager.scheduleNotification(
            eventID: "p", trigger: .eventStarting(.seconds(60)), delay: .seconds(300), content: Fixtures.content("p"))
        await clock.advance(by: .seconds(99))
        #expect(sink.deliveries.isEmpty)
        await clock.advance(by: .seconds(100))
        #expect(sink.deliveries.map(\.deliveredAt) == [Fixtures.start.addingTimeInterval(100)])
        #expect(manager.nextFireDate == Fixtures.start.addingTimeInterval(300))
        await clock.advance(by: .seconds(1000))
        #expect(sink.deliveries.map(\.deliveredAt).last == Fixtures.start.addingTimeInterval(300))
        #expect(sink.deliveries.map(\.urgency) == [.normal, .critical])
        #expect(manager.nextFireDate == nil)
    }

    @Test func keepsExactlyOneAlarmOnTheClock() async throws {
        let manager = try makeManager()
        #expect(clock.nextDeadline == nil)
        for index in 0..<50 {
            try await manager.scheduleNotification(
                eventID: "e\(index)", trigger: .eventFinished, delay: .seconds(1000 - index),
                content: Fixtures.content("e"))
        }
        #expect(clock.nextDeadline == Fixtures.start.addingTimeInterval(951))
        try await manager.cancelNotification(eventID: "e49", trigger: .eventFinished)
        #expect(clock.nextDeadline == Fixtures.start.addingTimeInterval(952))
        for index in 0..<49 {
            try await manager.cancelAllNotifications(eventID: "e\(index)")
        }
        #expect(clock.nextDeadline == nil)
    }

    @Test func sameIdentifierReplacesTheEarlierRequest() async throws {
        let manager = try makeManager()
        try await manager.scheduleNotification(
            eventID: "paris", trigger: .eventFinished, delay: .seconds(60),
            content: Fixtures.content("paris", args: ["old"]))
        try await manager.scheduleNotification(
            eventID: "paris", trigger: .eventFinished, delay: .seconds(120),
            content: Fixtures.content("paris", args: ["new"]))
        #expect(manager.pendingCount == 1)
        await clock.advance(by: .seconds(600))
        #expect(sink.deliveries.count == 1)
        #expect(sink.deliveries.first?.content.bodyArgs == ["new"])
        #expect(sink.deliveries.first?.deliveredAt == Fixtures.start.addingTimeInterval(120))
        #expect(log.names.contains("replaced event_paris_finished"))
    }

    @Test func cancellingOneLeavesTheOthers() async throws {
        let manager = try makeManager()
        for trigger in [
            NotificationTrigger.eventStarting(.seconds(600)), .eventStarting(.seconds(300)), .eventFinished,
        ] {
            try await manager.scheduleNotification(
                eventID: "rio", trigger: trigger, delay: .seconds(100), content: Fixtures.content("rio"))
        }
        try await manager.cancelNotification(eventID: "rio", trigger: .eventStarting(.seconds(300)))
        await clock.advance(by: .seconds(100))
        #expect(sink.queuedRequestIdentifiers == ["event_rio_start_10m", "event_rio_finished"])
        #expect(sink.cancellations == ["rio/start_5m"])
        #expect(log.names.filter { $0.hasPrefix("cancelled") } == ["cancelled event_rio_start_5m"])
    }

    @Test func cancellingAllRemovesEveryNotificationOfTheEventOnly() async throws {
        let manager = try makeManager(limit: 3)
        for eventID in ["a", "b"] {
            for minutes in [60, 30, 10, 5, 1] {
                try await manager.scheduleNotification(
                    eventID: eventID, trigger: .eventStarting(.seconds(minutes * 60)),
                    delay: .seconds(3600 - minutes * 60),
                    content: Fixtures.content(eventID))
            }
        }
        try await manager.cancelAllNotifications(eventID: "a")
        #expect(log.names.filter { $0.hasPrefix("cancelled") }.count == 5)
        #expect(manager.pendingSnapshot().allSatisfy { $0.identifier.eventID == "b" })
        #expect(manager.armedCount == 3)
        await clock.advance(by: .seconds(3600))
        #expect(sink.deliveries.map(\.identifier.eventID) == Array(repeating: "b", count: 5))
        #expect(sink.cancellations == ["a/*"])
    }

    @Test func deliverNowBypassesTheQueueAndLeavesThePendingRequestAlone() async throws {
        let manager = try makeManager()
        try await manager.scheduleNotification(
            eventID: "tokyo", trigger: .waveHit, delay: .seconds(500), content: Fixtures.content("tokyo"))
        try await manager.deliverNow(eventID: "tokyo", trigger: .waveHit, content: Fixtures.content("tokyo"))
        #expect(sink.deliveries.count == 1)
        #expect(sink.deliveries.first?.isImmediate == true)
        #expect(sink.deliveries.first?.deliveredAt == Fixtures.start)
        #expect(sink.deliveries.first?.urgency == .critical)
        #expect(manager.pendingCount == 1)
        await clock.advance(by: .seconds(500))
        #expect(sink.deliveries.count == 2)
    }

    @Test func deliverNowThrowsAndReportsWhenTheSinkFails() async throws {
        let failingSink = RecordingSink(failing: { _ in true })
        let manager = try makeManager(sink: failingSink)
        await #expect(throws: RecordingSink.Failure.self) {
            try await manager.deliverNow(eventID: "x", trigger: .waveHit, content: Fixtures.content("x"))
        }
        #expect(log.failures.count == 1)
    }

    @Test func aNegativeDelayFiresAtTheNextWake() async throws {
        let manager = try makeManager()
        try await manager.scheduleNotification(
            eventID: "late", trigger: .eventFinished, delay: .seconds(-30), content: Fixtures.content("late"))
        try await manager.scheduleNotification(
            eventID: "soon", trigger: .eventFinished, delay: .seconds(1), content: Fixtures.content("soon"))
        #expect(clock.nextDeadline == Fixtures.start)
        await clock.advance(by: .zero)
        #expect(sink.queuedRequestIdentifiers == ["event_late_finished"])
        #expect(sink.deliveries.first?.deliveredAt == Fixtures.start)
    }

    @Test(arguments: ["", "with space", "émoji", String(repeating: "x", count: 51), "a/b"])
    func invalidEventIDsAreRejected(eventID: String) async throws {
        let manager = try makeManager()
        await #expect(throws: EventIDError.self) {
            try await manager.scheduleNotification(
                eventID: eventID, trigger: .eventFinished, delay: .seconds(1), content: Fixtures.content("x"))
        }
        await #expect(throws: EventIDError.self) {
            try await manager.deliverNow(eventID: eventID, trigger: .waveHit, content: Fixtures.content("x"))
        }
        await #expect(throws: EventIDError.self) {
            try await manager.cancelNotification(eventID: eventID, trigger: .eventFinished)
        }
        await #expect(throws: EventIDError.self) { try await manager.cancelAllNotifications(eventID: eventID) }
        #expect(manager.pendingCount == 0)
        #expect(sink.deliveries.isEmpty)
    }

    @Test func textIsRenderedAtDeliveryNotAtScheduling() async throws {
        let manager = try makeManager()
        try await manager.scheduleNotification(
            eventID: "berlin", trigger: .eventFinished, delay: .seconds(60), content: Fixtures.content("berlin"))
        #expect(renderer.renderCount == 0)
        renderer.switchLanguage(to: "de")
        await clock.advance(by: .seconds(60))
        #expect(renderer.renderCount == 1)
        #expect(sink.deliveries.first?.text.locale == "de")
        #expect(sink.deliveries.first?.text.title == "de:notification_event_starting")
    }

    @Test func aFailingSinkIsReportedAndTheQueueKeepsGoing() async throws {
        let failingSink = RecordingSink(failing: { $0.eventID == "bad" })
        let manager = try makeManager(sink: failingSink)
        for (index, eventID) in ["good1", "bad", "good2"].enumerated() {
            try await manager.scheduleNotification(
                eventID: eventID, trigger: .eventFinished, delay: .seconds(10 * (index + 1)),
                content: Fixtures.content(eventID))
        }
        await clock.advance(by: .seconds(100))
        #expect(failingSink.queuedRequestIdentifiers == ["event_good1_finished", "event_good2_finished"])
        #expect(manager.pendingCount == 0)
        let failures = log.failures
        #expect(failures.count == 1)
        if case .delivery(let identifier, let error)? = failures.first {
            #expect(identifier == Fixtures.identifier("bad", .eventFinished))
            #expect(error is RecordingSink.Failure)
        } else {
            Issue.record("expected a delivery failure, got \(failures)")
        }
    }

    @Test func reportsEachStepToTheObserver() async throws {
        let manager = try makeManager(limit: 1)
        try await manager.scheduleNotification(
            eventID: "a", trigger: .eventFinished, delay: .seconds(20), content: Fixtures.content("a"))
        try await manager.scheduleNotification(
            eventID: "b", trigger: .eventFinished, delay: .seconds(10), content: Fixtures.content("b"))
        manager.reportPendingSnapshot()
        await clock.advance(by: .seconds(10))
        try await manager.cancelNotification(eventID: "a", trigger: .eventFinished)
        #expect(
            log.names == [
                "restored 0/0/0",
                "scheduled event_a_finished", "armed event_a_finished",
                "scheduled event_b_finished", "armed event_b_finished", "backlogged event_a_finished",
                "pending 2",
                "armed event_a_finished", "delivered event_b_finished",
                "cancelled event_a_finished",
            ])
    }

    @Test func stoppingClearsTheAlarmAndRefusesCallsUntilRestarted() async throws {
        let manager = try makeManager()
        try await manager.scheduleNotification(
            eventID: "s", trigger: .eventFinished, delay: .seconds(10), content: Fixtures.content("s"))
        await manager.stop()
        #expect(clock.nextDeadline == nil)
        await #expect(throws: LinuxNotificationManagerError.stopped) {
            try await manager.scheduleNotification(
                eventID: "s", trigger: .eventFinished, delay: .seconds(10), content: Fixtures.content("s"))
        }
        await clock.advance(by: .seconds(5))
        try await manager.start()
        await clock.advance(by: .seconds(5))
        #expect(sink.queuedRequestIdentifiers == ["event_s_finished"])
    }

    @Test func aDiscardedManagerLeavesNoAlarmBehind() async throws {
        do {
            let manager = try makeManager()
            try await manager.scheduleNotification(
                eventID: "gone", trigger: .eventFinished, delay: .seconds(10), content: Fixtures.content("gone"))
            #expect(clock.nextDeadline != nil)
        }
        #expect(clock.nextDeadline == nil)
    }

    @Test(arguments: [0, -1])
    func aPendingLimitBelowOneIsRefused(limit: Int) throws {
        #expect(throws: LinuxNotificationManagerError.self) { try makeManager(limit: limit) }
    }

    @Test func theDefaultStateDirectoryFollowsXDG() {
        let xdg = LinuxNotificationManager.Configuration.defaultStateDirectory(environment: [
            "XDG_STATE_HOME": "/var/xdg", "HOME": "/home/u",
        ])
        #expect(xdg.path == "/var/xdg/wavenotifications")
        let home = LinuxNotificationManager.Configuration.defaultStateDirectory(environment: ["HOME": "/home/u"])
        #expect(home.path == "/home/u/.local/state/wavenotifications")
        let relative = LinuxNotificationManager.Configuration.defaultStateDirectory(environment: [
            "XDG_STATE_HOME": "relative", "HOME": "/home/u",
        ])
        #expect(relative.path == "/home/u/.local/state/wavenotifications")
    }
}
