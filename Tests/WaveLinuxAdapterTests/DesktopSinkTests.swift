import Foundation
import TestSupport
import Testing
import WaveLinuxAdapter
import WaveNotifications
import WaveNotificationsTesting
import WaveStrings

/// The desktop sink against a real notification server (dunst) on a private session bus.
///
/// Skipped, with the reason, when a tool is missing; `.ci/run` installs them, so CI always runs it.
@Suite(.serialized)
struct DesktopSinkTests {
    /// How long a test may take before it is stopped as hung: ten minutes, since in `.ci/run` the test, the sink and
    /// the tools they start share two cores with the rest of the suite (headless Chromium's page checks among it),
    /// plain or under ThreadSanitizer. A guard against a hang only: alone a passing test takes seconds; in the whole
    /// suite Swift Testing reported up to 330 s, part of it before the test ran, and three minutes were once
    /// exceeded in the plain run.
    static let timeLimit: TimeLimitTrait.Duration = .minutes(10)

    /// Text with everything GVariant text and markup could trip on.
    struct TrickyRenderer: NotificationTextRenderer {
        func render(_ content: NotificationContent) -> RenderedText {
            RenderedText(
                title: "Vague \"imminente\" \\ à \(content.bodyArgs.first ?? "")",
                body: "It's <b>1 min</b> & 東京 🌊 %s\nsecond line", locale: "fr")
        }
    }

    @Test(
        .enabled(if: DesktopEnvironment.canRun, Comment(rawValue: DesktopEnvironment.skipReason)),
        .timeLimit(DesktopSinkTests.timeLimit))
    func aRealNotificationServerShowsAndClosesWhatTheSinkSends() async throws {
        let desktop = try await DesktopEnvironment.start()
        defer { desktop.stop() }
        // dbus-monitor shows what went over the bus, including the hint dunst does not expose to scripts.
        let monitor = try ChildProcess(
            try #require(DesktopEnvironment.find("dbus-monitor")),
            arguments: ["--address", desktop.busAddress, "interface='org.freedesktop.Notifications',member='Notify'"])
        defer { monitor.terminate() }
        // It prints NameLost once it has become a monitor; only then is nothing missed.
        while let line = await monitor.nextLine(), !line.contains("member=NameLost") {}

        let sink = DesktopSink(expireTimeout: .seconds(120), environment: desktop.variables)
        let server = try await sink.checkServer()
        #expect(server.name == "dunst")
        #expect(server.capabilities.contains("actions"))

        let clock = ManualWaveClock(now: Fixtures.start)
        let log = EventLog()
        let manager = try LinuxNotificationManager(clock: clock, sink: sink, renderer: TrickyRenderer(), observer: log)
        try await manager.scheduleNotification(
            eventID: "paris-solstice", trigger: .eventStarting(.seconds(3600)), delay: .seconds(30),
            content: Fixtures.content("paris-solstice", args: ["Paris"]))
        try await manager.scheduleNotification(
            eventID: "paris-solstice", trigger: .eventStarting(.seconds(60)), delay: .seconds(60),
            content: Fixtures.content("paris-solstice", body: "notification_1m_before", args: ["Paris"]))
        await clock.advance(by: .seconds(60))
        #expect(log.failures.isEmpty, "\(log.failures)")

        let shown = await sink.shownNotifications
        let normalID = try #require(shown[Fixtures.identifier("paris-solstice", .eventStarting(.seconds(3600)))])
        let criticalID = try #require(shown[Fixtures.identifier("paris-solstice", .eventStarting(.seconds(60)))])
        #expect(normalID != criticalID)

        // What the server received, as its rule's script recorded it.
        #expect(try await desktop.waitUntil { try desktop.received().count == 2 })
        let received = try desktop.received().sorted { $0[0] < $1[0] }
        let expectedTitle = "Vague \"imminente\" \\ à Paris"
        #expect(received.map { $0[0] } == ["\(normalID)", "\(criticalID)"])
        #expect(received.allSatisfy { $0[1] == "WorldWideWaves" })
        #expect(received.allSatisfy { $0[2] == expectedTitle })
        #expect(received.map { $0[4] } == ["NORMAL", "CRITICAL"])
        // The body went out markup-escaped (dunst advertises body-markup) and arrived intact.
        #expect(server.capabilities.contains("body-markup"))
        #expect(received.allSatisfy { $0[3] == "It's &lt;b&gt;1 min&lt;/b&gt; &amp; 東京 🌊 %s\nsecond line" })
        #expect(try await desktop.run("dunstctl", ["count", "displayed"]).output == "2")

        // The deep link, the default action and the urgency went over the bus with each Notify call.
        monitor.terminate()
        let lines = await monitor.remainingLines()
        let traffic = lines.joined(separator: "\n")
        #expect(traffic.components(separatedBy: "member=Notify").count - 1 == 2)
        // Both from the sink's one connection (each gdbus process was a connection of its own), with the expiry
        // asked for, in milliseconds.
        let senders = Set(lines.filter { $0.contains("member=Notify") }.compactMap(Self.sender))
        #expect(senders.count == 1, "\(senders)")
        #expect(traffic.contains("int32 120000"))
        #expect(traffic.contains("string \"x-worldwidewaves-deeplink\""))
        #expect(traffic.contains("string \"worldwidewaves://event?id=paris-solstice\""))
        #expect(traffic.contains("string \"default\""))
        #expect(traffic.contains("string \"Open\""))
        #expect(traffic.contains("byte 2") && traffic.contains("byte 1"))

        // Cancelling the event closes both notifications on screen.
        try await manager.cancelAllNotifications(eventID: "paris-solstice")
        #expect(await sink.shownNotifications.isEmpty)
        #expect(
            try await desktop.waitUntil { try await desktop.run("dunstctl", ["count", "displayed"]).output == "0" })
        #expect(try await desktop.run("dunstctl", ["count", "history"]).output == "2")
        let history = try await desktop.run("dunstctl", ["history"]).output
        #expect(
            history.contains(
                expectedTitle.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\""))
        )
        #expect(log.failures.isEmpty, "\(log.failures)")
    }

    /// The sender (`sender=:1.5`) of a line `dbus-monitor` prints for a message.
    private static func sender(_ line: String) -> String? {
        line.split(separator: " ").first { $0.hasPrefix("sender=") }.map { String($0.dropFirst("sender=".count)) }
    }

    /// No session bus at the address given, or none given at all (no `DBUS_SESSION_BUS_ADDRESS`, no
    /// `XDG_RUNTIME_DIR`).
    @Test(
        .timeLimit(DesktopSinkTests.timeLimit),
        arguments: [
            ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/wave-notifications-bus"],
            ["PATH": "/usr/bin:/bin"],
        ])
    func withoutABusTheCheckThrowsAClearErrorAndTheQueueKeepsRunning(environment: [String: String]) async throws {
        try await expectUnreachableServerHandling(environment: environment)
    }

    @Test(
        .enabled(
            if: DesktopEnvironment.find("dbus-daemon") != nil || DesktopEnvironment.isRequired,
            "dbus-daemon is not installed"),
        .timeLimit(DesktopSinkTests.timeLimit))
    func aBusWithoutANotificationServerIsReportedTheSameWay() async throws {
        let desktop = try await DesktopEnvironment.start(notificationServer: false)
        defer { desktop.stop() }
        try await expectUnreachableServerHandling(environment: desktop.variables)
    }

    private func expectUnreachableServerHandling(environment: [String: String]) async throws {
        let sink = DesktopSink(environment: environment)
        do {
            _ = try await sink.checkServer()
            Issue.record("checkServer succeeded without a notification server")
        } catch let error as DesktopSinkError {
            guard case .notificationServerUnavailable = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect("\(error)".contains("no desktop notification server is reachable"))
        }

        let clock = ManualWaveClock(now: Fixtures.start)
        let log = EventLog()
        let manager = try LinuxNotificationManager(clock: clock, sink: sink, renderer: FakeRenderer(), observer: log)
        for eventID in ["a", "b"] {
            try await manager.scheduleNotification(
                eventID: eventID, trigger: .eventFinished, delay: .seconds(10), content: Fixtures.content(eventID))
        }
        await clock.advance(by: .seconds(10))
        let failures = log.failures
        #expect(failures.count == 2)
        for failure in failures {
            guard case .delivery(_, let error) = failure,
                case .notificationServerUnavailable? = error as? DesktopSinkError
            else {
                Issue.record("unexpected failure \(failure)")
                continue
            }
        }
        #expect(manager.pendingCount == 0)
        try await manager.scheduleNotification(
            eventID: "c", trigger: .eventFinished, delay: .seconds(10), content: Fixtures.content("c"))
        #expect(manager.pendingCount == 1)
    }
}

/// Actions, withdrawal, expiry and hints over requests, against dunst; in the same serialized suite as the tests
/// above, one private desktop at a time.
extension DesktopSinkTests {
    /// Keeps the actions it receives, and hands each to the test as it comes.
    final class ActionLog: DesktopActionHandler {
        private let actions = WaveLock<[DesktopAction]>([])
        /// The actions as they arrive: a test awaits the next one instead of polling against a deadline that a loaded
        /// machine (ThreadSanitizer, parallel builds) can miss; the wait ends when the test is cancelled (its limit).
        let arrivals: AsyncStream<DesktopAction>
        private let arrived: AsyncStream<DesktopAction>.Continuation

        init() {
            (arrivals, arrived) = AsyncStream.makeStream()
        }

        var all: [DesktopAction] { actions.withLock { $0 } }

        func handle(_ action: DesktopAction) async {
            actions.withLock { $0.append(action) }
            arrived.yield(action)
        }
    }

    static let snooze = NotificationAction(id: "snooze", title: LocalizedText(table: "Hydracat", key: "action_snooze"))
    static let done = NotificationAction(id: "log", title: LocalizedText(table: "Hydracat", key: "action_done"))

    @Test(
        .enabled(if: DesktopEnvironment.canRun, Comment(rawValue: DesktopEnvironment.skipReason)),
        .timeLimit(DesktopSinkTests.timeLimit))
    func anActionPickedOnTheServerReachesTheHandlerAndAWithdrawalClosesTheNotification() async throws {
        let desktop = try await DesktopEnvironment.start()
        defer { desktop.stop() }
        let monitor = try ChildProcess(
            try #require(DesktopEnvironment.find("dbus-monitor")),
            arguments: ["--address", desktop.busAddress, "interface='org.freedesktop.Notifications',member='Notify'"])
        defer { monitor.terminate() }
        while let line = await monitor.nextLine(), !line.contains("member=NameLost") {}

        let handler = ActionLog()
        var arrived = handler.arrivals.makeAsyncIterator()
        // No expiry asked for: the server's own (dunst's rule here keeps every notification until it is closed).
        let sink = DesktopSink(environment: desktop.variables, actionHandler: handler)
        let clock = ManualWaveClock(now: Fixtures.start)
        let log = EventLog()
        let manager = try LinuxNotificationManager(clock: clock, sink: sink, renderer: FakeRenderer(), observer: log)
        let lowChannel = Fixtures.channel("community_likes", importance: .low)
        try await manager.show(
            Fixtures.request("fluids-08", at: 0, actions: [Self.snooze, Self.done]))
        #expect(try await desktop.waitUntil { try desktop.received().count == 1 })

        // Another client on the bus forges the server's signal for the notification: the sink believes the server
        // only. The bus routes the forgery before it answers the forger's next call, so it reaches the sink first.
        let forger = try await BusConnection(address: desktop.busAddress)
        let shownID = try #require(await sink.shownNotifications["fluids-08"])
        try await forger.emit(
            BusSignal(
                path: "/org/freedesktop/Notifications", interface: "org.freedesktop.Notifications",
                member: "ActionInvoked", arguments: [.uint32(shownID), .string("log")]))
        _ = try await forger.call(
            BusMethodCall(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                member: "GetId"))
        forger.close()

        // A named action, picked from dunst's context menu.
        try await desktop.pickAction(labelled: "en:action_snooze")
        try #require(await arrived.next() != nil)
        #expect(handler.all.count == 1)
        #expect(handler.all.first?.actionID == "snooze")
        #expect(handler.all.first?.identifier == "fluids-08")
        #expect(handler.all.first?.request.metadata == ["kind": "reminder"])
        // Snoozing is the app's decision: it withdraws the notification, and the server closes it.
        try await manager.withdrawShown(identifiers: ["fluids-08"], reason: .snoozed)
        #expect(
            try await desktop.waitUntil { try await desktop.run("dunstctl", ["count", "displayed"]).output == "0" })

        // The default action (a click), on another notification.
        try await manager.show(Fixtures.request("likes", thread: "likes", at: 0, channel: lowChannel))
        #expect(try await desktop.waitUntil { try desktop.received().count == 2 })
        #expect(try await desktop.run("dunstctl", ["action", "0"]).status == 0)
        try #require(await arrived.next() != nil)
        #expect(handler.all.count == 2)
        #expect(handler.all.last?.actionID == "default")
        #expect(handler.all.last?.identifier == "likes")
        try await manager.withdrawShown(identifiers: ["likes"], reason: .responded)
        #expect(
            try await desktop.waitUntil { try await desktop.run("dunstctl", ["count", "displayed"]).output == "0" })

        // The app withdraws what is shown; the server closes it.
        try await manager.show(Fixtures.request("fluids-18", at: 0, actions: [Self.snooze]))
        #expect(try await desktop.waitUntil { try desktop.received().count == 3 })
        #expect(
            try await desktop.waitUntil { try await desktop.run("dunstctl", ["count", "displayed"]).output == "1" })
        try await manager.withdrawShown(identifiers: ["fluids-18"], reason: .responded)
        #expect(
            try await desktop.waitUntil { try await desktop.run("dunstctl", ["count", "displayed"]).output == "0" })
        #expect(await sink.shownNotifications["fluids-18"] == nil)

        // Expiry closes it too, on the manager's clock.
        try await manager.add([Fixtures.request("expiring", at: 10, expiresAfter: .seconds(60))])
        await clock.advance(by: .seconds(10))
        #expect(try await desktop.waitUntil { try desktop.received().count == 4 })
        #expect(
            try await desktop.waitUntil { try await desktop.run("dunstctl", ["count", "displayed"]).output == "1" })
        await clock.advance(by: .seconds(60))
        #expect(
            try await desktop.waitUntil { try await desktop.run("dunstctl", ["count", "displayed"]).output == "0" })
        #expect(log.names.contains("withdrawn expiring expired"))
        #expect(log.failures.isEmpty, "\(log.failures)")

        // What went over the bus: the actions with their rendered titles, the category and the urgency.
        monitor.terminate()
        let traffic = await monitor.remainingLines().joined(separator: "\n")
        #expect(traffic.contains("string \"snooze\""))
        #expect(traffic.contains("string \"en:action_snooze()\""))
        #expect(traffic.contains("string \"log\""))
        #expect(traffic.contains("string \"category\""))
        #expect(traffic.contains("string \"treatment_reminders\""))
        #expect(traffic.contains("string \"community_likes\""))
        #expect(traffic.contains("byte 0") && traffic.contains("byte 1"))
        // Expiry left to the server.
        #expect(traffic.contains("int32 -1"))
        #expect(!traffic.contains("int32 10000"))
        await sink.stopListening()
    }
}
