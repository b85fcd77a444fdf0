import Foundation
import Testing
import WaveLinuxAdapter
import WaveNotifications
import WaveNotificationsTesting
import WaveStrings

/// The manager as a request-level `NotificationRequestCenter`: batches, threads, showing, withdrawal, expiry,
/// collapsing and what observers hear.
struct LinuxNotificationManagerRequestTests {
    let clock = ManualWaveClock(now: Fixtures.start)
    let sink = RecordingSink()
    let log = EventLog()

    func makeManager(
        limit: Int = PendingLimit.iOS, renderer: any NotificationTextRenderer = FakeRenderer()
    ) throws
        -> LinuxNotificationManager
    {
        try LinuxNotificationManager(
            configuration: .init(pendingLimit: limit), clock: clock, sink: sink, renderer: renderer, observer: log)
    }

    @Test func aBatchIsAddedInOneCallAndListedSoonestFirstExactlyAsAdded() async throws {
        let manager = try makeManager(limit: 2)
        let requests = [
            Fixtures.request("c", at: 300), Fixtures.request("a", at: 100), Fixtures.request("b", at: 300),
            Fixtures.request("d", at: 200, expiresAfter: .seconds(60), collapseID: "k"),
        ]
        try await manager.add(requests)
        #expect(try await manager.pendingRequests() == [requests[1], requests[3], requests[0], requests[2]])
        #expect(manager.armedCount == 2)
        #expect(manager.pendingCount == 4)
        #expect(clock.nextDeadline == Fixtures.start.addingTimeInterval(100))
        await clock.advance(by: .seconds(300))
        #expect(sink.queuedRequestIdentifiers == ["a", "d", "c", "b"])
        #expect(try await manager.pendingRequests().isEmpty)
    }

    @Test func addingAnIdentifierAgainReplacesEvenWithinOneBatch() async throws {
        let manager = try makeManager()
        try await manager.add([Fixtures.request("x", at: 100), Fixtures.request("x", at: 50)])
        try await manager.add([Fixtures.request("x", thread: "thread-b", at: 70)])
        #expect(try await manager.pendingRequests() == [Fixtures.request("x", thread: "thread-b", at: 70)])
        #expect(log.names.filter { $0.hasPrefix("replaced") } == ["replaced x", "replaced x"])
        // The replacement moved to thread-b, so removing thread-a leaves it.
        try await manager.removePending(threadID: "thread-a", reason: .reschedule)
        #expect(manager.pendingCount == 1)
        try await manager.removePending(threadID: "thread-b", reason: .userDisabled)
        #expect(manager.pendingCount == 0)
    }

    @Test func removalByIdentifiersAndByThreadReportsEachWithItsReason() async throws {
        let manager = try makeManager(limit: 2)
        try await manager.add([
            Fixtures.request("a1", thread: "a", at: 10), Fixtures.request("a2", thread: "a", at: 20),
            Fixtures.request("b1", thread: "b", at: 30), Fixtures.request("b2", thread: "b", at: 40),
            Fixtures.request("c1", thread: "c", at: 50),
        ])
        try await manager.removePending(identifiers: ["b1", "nobody", "c1"], reason: .quietHours)
        try await manager.removePending(threadID: "a", reason: .permissionDenied)
        try await manager.removePending(threadID: "nobody", reason: .reschedule)
        let removals = log.all.compactMap { event -> String? in
            guard case .cancelled(let notification, let reason) = event else { return nil }
            return "\(notification.identifier) \(reason)"
        }
        #expect(
            removals == ["b1 quiet_hours", "c1 quiet_hours", "a1 permission_denied", "a2 permission_denied"])
        #expect(try await manager.pendingRequests().map(\.identifier) == ["b2"])
        #expect(manager.armedCount == 1)
        // The sink is asked to withdraw every identifier given, and the threads.
        #expect(
            sink.withdrawals == [
                "b1 (quiet_hours)", "nobody (quiet_hours)", "c1 (quiet_hours)", "thread a (permission_denied)",
                "thread nobody (reschedule)",
            ])
    }

    @Test func showDeliversAtOnceRemembersAndWithdrawShownTakesItBack() async throws {
        let manager = try makeManager()
        let request = Fixtures.request("now", at: 999)
        try await manager.add([request])
        try await manager.show(request)
        #expect(sink.deliveries.map(\.identifier) == ["now"])
        #expect(sink.deliveries.first?.isImmediate == true)
        #expect(manager.shownNotifications().map(\.identifier) == ["now"])
        #expect(manager.pendingCount == 1)

        try await manager.withdrawShown(identifiers: ["now", "never-shown"], reason: .responded)
        #expect(manager.shownNotifications().isEmpty)
        #expect(sink.withdrawals == ["now (responded)", "never-shown (responded)"])
        #expect(log.names.filter { $0.hasPrefix("withdrawn") } == ["withdrawn now responded"])
        #expect(manager.pendingCount == 1)
    }

    @Test func aShownRequestExpiresOnTheSameSingleAlarm() async throws {
        let manager = try makeManager()
        try await manager.add([
            Fixtures.request("short", at: 60, expiresAfter: .seconds(600)),
            Fixtures.request("later", at: 900),
        ])
        await clock.advance(by: .seconds(60))
        #expect(sink.queuedRequestIdentifiers == ["short"])
        // One alarm, at the expiry, which comes before the next fire instant.
        #expect(clock.nextDeadline == Fixtures.start.addingTimeInterval(660))
        await clock.advance(by: .seconds(599))
        #expect(sink.withdrawals.isEmpty)
        await clock.advance(by: .seconds(1))
        #expect(sink.withdrawals == ["short (expired)"])
        #expect(manager.shownNotifications().map(\.identifier).contains("short") == false)
        #expect(clock.nextDeadline == Fixtures.start.addingTimeInterval(900))
        #expect(log.names.contains("withdrawn short expired"))
    }

    @Test func aRequestDueAfterItsExpiryIsSuppressedAsExpired() async throws {
        let manager = try makeManager()
        // Added 20 minutes after its instant, with a 10-minute expiry: it can no longer be shown.
        try await manager.add([
            Fixtures.request("stale", at: -1200, expiresAfter: .seconds(600)),
            Fixtures.request("fresh", at: -1200, expiresAfter: .seconds(3600)),
        ])
        await clock.advance(by: .zero)
        #expect(sink.queuedRequestIdentifiers == ["fresh"])
        #expect(log.names.contains("suppressed stale expired"))
        let reasons = log.all.compactMap { event -> NotificationReason? in
            if case .suppressed = event { return event.reason }
            return nil
        }
        #expect(reasons == [.expired])
    }

    @Test func aNewlyShownRequestCollapsesTheOlderOneWithItsCollapseID() async throws {
        let manager = try makeManager()
        try await manager.add([
            Fixtures.request("likes-1", at: 10, collapseID: "likes"),
            Fixtures.request("other", at: 15),
            Fixtures.request("likes-2", at: 20, collapseID: "likes"),
        ])
        await clock.advance(by: .seconds(20))
        #expect(sink.queuedRequestIdentifiers == ["likes-1", "other", "likes-2"])
        #expect(sink.withdrawals == ["likes-1 (collapsed)"])
        #expect(manager.shownNotifications().map(\.identifier) == ["other", "likes-2"])
        // Showing one now collapses too.
        try await manager.show(Fixtures.request("likes-3", at: 0, collapseID: "likes"))
        #expect(sink.withdrawals == ["likes-1 (collapsed)", "likes-2 (collapsed)"])
    }

    @Test func everyChangeReachesTheObserverWithItsReason() async throws {
        let manager = try makeManager(limit: 1)
        try await manager.add([Fixtures.request("a", at: 10, expiresAfter: .seconds(5)), Fixtures.request("b", at: 20)])
        try await manager.add([Fixtures.request("b", at: 30)])
        await clock.advance(by: .seconds(15))
        try await manager.show(Fixtures.request("c", at: 0))
        try await manager.withdrawShown(identifiers: ["c"], reason: .snoozed)
        try await manager.removePending(identifiers: ["b"], reason: .dailyCap)
        #expect(
            log.names == [
                "restored 0/0/0",
                "scheduled a", "armed a", "scheduled b", "backlogged b",
                "replaced b", "backlogged b",
                "armed b", "delivered a",
                "withdrawn a expired",
                "delivered c",
                "withdrawn c snoozed",
                "cancelled b",
            ])
        #expect(log.all.compactMap(\.reason) == [.expired, .snoozed, .dailyCap])
    }

    /// Records the tables it was asked for, and answers with table and key.
    final class TableRenderer: NotificationTextRenderer {
        let tables = WaveLock<[String]>([])

        func render(_ content: NotificationContent) -> RenderedText {
            RenderedText(title: content.titleKey, body: content.bodyKey, locale: "en")
        }

        func render(title: LocalizedText, body: LocalizedText) -> RenderedText {
            tables.withLock { $0 += [title.table, body.table] }
            return RenderedText(
                title: "\(title.table).\(title.key)",
                body: "\(body.table).\(body.key)(\(body.arguments.joined(separator: ",")))", locale: "en")
        }
    }

    @Test func textIsRenderedFromEachTextsOwnTableWithActionTitles() async throws {
        let renderer = TableRenderer()
        let manager = try makeManager(renderer: renderer)
        let snooze = NotificationAction(id: "snooze", title: LocalizedText(table: "Hydracat", key: "action_snooze"))
        try await manager.show(Fixtures.request("r", at: 0, actions: [snooze]))
        let text = try #require(sink.deliveries.first?.text)
        #expect(text.title == "Hydracat.reminder_title")
        #expect(text.body == "Hydracat.reminder_body(r)")
        #expect(text.actionTitles == ["Hydracat.action_snooze()"])
        #expect(renderer.tables.withLock { $0 } == ["Hydracat", "Hydracat", "Hydracat", "Hydracat"])
    }

    @Test(arguments: [
        (NotificationChannel.Importance.low, NotificationChannel.InterruptionLevel.active, NotificationUrgency.low),
        (.low, .passive, .low),
        (.default, .active, .normal),
        (.high, .active, .normal),
        (.default, .passive, .normal),
        (.default, .timeSensitive, .critical),
        (.low, .timeSensitive, .critical),
        (.high, .critical, .critical),
    ])
    func urgencyFollowsImportanceAndInterruptionLevel(
        importance: NotificationChannel.Importance, level: NotificationChannel.InterruptionLevel,
        urgency: NotificationUrgency
    ) {
        let request = Fixtures.request("u", at: 0, channel: Fixtures.channel(importance: importance))
        var leveled = request
        leveled.interruptionLevel = level
        #expect(NotificationUrgency(for: leveled) == urgency)
    }

    @Test func worldWideWavesUrgencyIsCriticalExactlyForImminentTriggers() throws {
        for trigger in [
            NotificationTrigger.waveHit, .eventFinished, .eventStarting(.seconds(60)), .eventStarting(.seconds(30)),
            .eventStarting(.seconds(300)), .eventStarting(.seconds(3600)),
        ] {
            let request = NotificationManagerBridge.request(
                for: Fixtures.identifier("e", trigger), fireAt: Fixtures.start, content: Fixtures.content("e"))
            #expect(NotificationUrgency(for: request) == NotificationUrgency(for: trigger), "\(trigger)")
        }
    }

    @Test func aJSONLineOfAnotherAppsRequestHasNullEventAndTrigger() {
        let delivery = NotificationDelivery(
            request: Fixtures.request("r1", at: 0),
            text: RenderedText(title: "Time for fluids", body: "Reminder", locale: "en"),
            scheduledFor: Fixtures.start, deliveredAt: Fixtures.start)
        #expect(
            JSONLinesSink.line(for: delivery)
                == #"{"type":"delivered","at":"2026-06-21T12:00:00Z","eventId":null,"trigger":null,"identifier":"r1","#
                + #""titleKey":"reminder_title","bodyKey":"reminder_body","bodyArgs":["r1"],"title":"Time for fluids","#
                + #""body":"Reminder","deepLink":"hydracat://reminder/r1","locale":"en"}"#)
    }
}
