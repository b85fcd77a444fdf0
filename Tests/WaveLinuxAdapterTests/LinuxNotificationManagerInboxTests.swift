import Foundation
import TestSupport
import Testing
import WaveLinuxAdapter
import WaveNotifications
import WaveNotificationsTesting

/// Every suppression reaches the inbox: the user never silently loses a notification.
struct LinuxNotificationManagerInboxTests {
    let clock = ManualWaveClock(now: Fixtures.start)
    let sink = RecordingSink()
    let log = EventLog()
    let inbox = InMemoryInboxStore()

    /// A gate deciding by a closure, as an app's settings would.
    struct Gate: NotificationDeliveryGate {
        let decide: @Sendable (NotificationRequest, Date) -> NotificationReason?

        func suppressionReason(for request: NotificationRequest, at instant: Date) async -> NotificationReason? {
            decide(request, instant)
        }
    }

    /// An inbox that cannot keep anything.
    struct BrokenInbox: InboxStore {
        struct Failure: Error {}

        var archiveAfterDays: Int { 30 }
        func add(_ entries: [InboxEntry]) async throws { throw Failure() }
        func markRead(identifier: String, at instant: Date) async throws -> Int { throw Failure() }
        func delete(identifier: String, at instant: Date) async throws -> Int { throw Failure() }
        func unreadCount(now: Date) async throws -> Int { throw Failure() }
        func totalCount(now: Date) async throws -> Int { throw Failure() }
        func page(size: Int, after cursor: InboxCursor?, now: Date) async throws -> InboxPage { throw Failure() }
        func eraseAll() async throws { throw Failure() }
    }

    func makeManager(
        gate: Gate? = nil, inbox: (any InboxStore)? = nil, stateDirectory: URL? = nil
    ) throws -> LinuxNotificationManager {
        try LinuxNotificationManager(
            configuration: .init(stateDirectory: stateDirectory, gracePeriod: .seconds(600)), clock: clock, sink: sink,
            renderer: FakeRenderer(), observer: log, inbox: inbox ?? self.inbox, gate: gate)
    }

    func inboxIdentifiers() async throws -> [String] {
        try await inbox.page(size: 100, after: nil, now: clock.now).items.map(\.identifier)
    }

    /// The gate's reasons: permission, a channel switched off, quiet hours.
    static let gate = Gate { request, instant in
        if request.identifier.hasPrefix("denied") { return .permissionDenied }
        if request.channel.id == "community" { return .categoryDisabled }
        if instant >= Fixtures.start.addingTimeInterval(3600) { return .quietHours }
        return nil
    }

    @Test func dueRequestsTheGateHoldsBackGoToTheInboxNotTheScreen() async throws {
        let manager = try makeManager(gate: Self.gate)
        let community = Fixtures.request("reply", at: 120, channel: Fixtures.channel("community"))
        try await manager.add([
            Fixtures.request("shown", at: 60), community, Fixtures.request("denied-1", at: 180),
            Fixtures.request("night", at: 3600),
        ])
        await clock.advance(by: .seconds(3600))
        #expect(sink.deliveries.map(\.identifier) == ["shown"])
        #expect(
            log.names.filter { $0.hasPrefix("suppressed") } == [
                "suppressed reply category_disabled", "suppressed denied-1 permission_denied",
                "suppressed night quiet_hours",
            ])
        // Newest first, each as of the instant it came due, with what the user needs to read it.
        #expect(try await inboxIdentifiers() == ["night", "denied-1", "reply"])
        let page = try await inbox.page(size: 100, after: nil, now: clock.now)
        let reply = try #require(page.items.last)
        #expect(reply.receivedAt == community.fireAt)
        #expect(reply.channelID == "community")
        #expect(reply.title == community.title)
        #expect(reply.body == community.body)
        #expect(reply.deepLink == community.deepLink)
        #expect(try await inbox.unreadCount(now: clock.now) == 3)
        #expect(manager.pendingCount == 0)
    }

    @Test func aRequestShownAtOnceThatTheGateHoldsBackGoesToTheInbox() async throws {
        let manager = try makeManager(gate: Self.gate)
        try await manager.show(Fixtures.request("denied-push", at: 0))
        try await manager.show(Fixtures.request("push", at: 0))
        #expect(sink.deliveries.map(\.identifier) == ["push"])
        #expect(try await inboxIdentifiers() == ["denied-push"])
        #expect(log.names.contains("suppressed denied-push permission_denied"))
    }

    @Test func anExpiredRequestGoesToTheInbox() async throws {
        let manager = try makeManager()
        try await manager.add([Fixtures.request("expiring", at: 60, expiresAfter: .seconds(30))])
        await manager.stop()
        await clock.advance(by: .seconds(120))
        try await manager.start()
        #expect(sink.deliveries.isEmpty)
        #expect(log.names.contains("suppressed expiring expired"))
        #expect(try await inboxIdentifiers() == ["expiring"])
    }

    @Test func aRequestMissedWhileDownGoesToTheInboxAndStaysGoneAfterARestart() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let first = try makeManager(stateDirectory: directory.url)
        try await first.add([Fixtures.request("missed", at: 60), Fixtures.request("late", at: 1000)])
        await first.stop()
        await clock.advance(by: .seconds(1200))

        let second = try makeManager(stateDirectory: directory.url)
        try await second.start()
        #expect(sink.deliveries.map(\.identifier) == ["late"])
        #expect(log.names.contains("missed missed"))
        #expect(try await inboxIdentifiers() == ["missed"])
        await second.stop()
        let third = try makeManager(stateDirectory: directory.url)
        try await third.start()
        #expect(try await inboxIdentifiers() == ["missed"])
        #expect(third.pendingCount == 0)
        await third.stop()
    }

    @Test func anInboxThatFailsIsReportedAndTheQueueGoesOn() async throws {
        let manager = try makeManager(gate: Self.gate, inbox: BrokenInbox())
        try await manager.add([Fixtures.request("denied-1", at: 60), Fixtures.request("shown", at: 120)])
        await clock.advance(by: .seconds(120))
        #expect(sink.deliveries.map(\.identifier) == ["shown"])
        #expect(log.failures.map { "\($0)" }.contains { $0.hasPrefix("adding suppressed denied-1 to the inbox") })
        #expect(manager.pendingCount == 0)
    }

    @Test func withoutAnInboxASuppressionIsOnlyReported() async throws {
        let manager = try LinuxNotificationManager(
            clock: clock, sink: sink, renderer: FakeRenderer(), observer: log, gate: Self.gate)
        try await manager.add([Fixtures.request("denied-1", at: 60)])
        await clock.advance(by: .seconds(60))
        #expect(sink.deliveries.isEmpty)
        #expect(log.names.contains("suppressed denied-1 permission_denied"))
        #expect(log.failures.isEmpty)
    }
}
