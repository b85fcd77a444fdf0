import Foundation
import GrowBroNotifications
import Testing
import WaveNotifications
import WaveNotificationsTesting

/// What GrowBro's service keeps (the history, the identifiers done, what is on screen, the reminders and digests
/// suppressed, the suppressions reported) stays as long as its rules look back, however long the app runs
/// (docs/core.md, "Bounded state"), and the rules decide as before at the edge of what is kept.
struct GrowBroBoundedStateTests {
    private typealias Run = ServiceDeviceRun<GrowBroNotificationService>

    private static func makeRun(permission: PermissionStatus = .authorized) -> Run {
        let clock = ManualWaveClock(now: GrowBroFixtures.berlin.instant(for: GrowBroFixtures.local("2026-01-01T07:00")))
        let center = SimulatedAndroidCenter(clock: clock)
        let service = GrowBroNotificationService(settings: GrowBroSettings(), center: center)
        return ServiceDeviceRun(
            service: service, center: center, clock: clock, timeZone: GrowBroFixtures.berlin, permission: permission)
    }

    private static func at(_ date: LocalDate, _ time: String) -> Date {
        GrowBroFixtures.berlin.instant(for: LocalDateTime(date: date, time: try! LocalTime(parsing: time)))
    }

    /// Every day from 2026-01-01: a task `t<day>` added at 08:00, due at 18:00 (completed the next morning when
    /// `completing`), and `pushes` pushes (likes of distinct posts and a reply) from 10:00 on.
    private static func actions(
        for service: GrowBroNotificationService, days: Int, pushes: Int, completing: Bool
    ) -> [Run.Action] {
        let first = try! LocalDate(parsing: "2026-01-01")
        var actions: [Run.Action] = []
        for day in 0..<days {
            let date = first.adding(days: day)
            let task = GrowBroTask(
                id: "t\(day)", title: "Water", due: LocalDateTime(date: date, time: try! LocalTime(parsing: "18:00")))
            if completing, day > 0 {
                actions.append(
                    .init(at: at(date, "07:30")) { device in
                        try await service.completeTask("t\(day - 1)", device: device)
                    })
            }
            actions.append(.init(at: at(date, "08:00")) { device in try await service.addTask(task, device: device) })
            for index in 0..<pushes {
                let push: GrowBroPush =
                    index == 0
                    ? .reply(messageID: "r\(day)", postID: "p\(day)", author: "Kim", text: "Nice")
                    : .like(messageID: "l\(day)_\(index)", postID: "p\(day)_\(index)", author: "Ana")
                actions.append(
                    .init(at: at(date, "10:00").addingTimeInterval(Double(index) * 60)) { device in
                        try await service.receive(push, device: device)
                    })
            }
        }
        return actions
    }

    private static func count(_ events: [NotificationEvent], delivered: Bool) -> Int {
        events.filter {
            switch $0 {
            case .delivered: delivered
            case .suppressed: !delivered
            default: false
            }
        }.count
    }

    @Test func theHistoryAndWhatIsOnScreenStayBoundedOverAYear() async throws {
        let run = Self.makeRun()
        let events = try await run.run(
            until: Self.at(try LocalDate(parsing: "2026-12-31"), "23:00"),
            actions: Self.actions(for: run.service, days: 365, pushes: 8, completing: true))
        let saved = await run.service.savedState

        #expect(Self.count(events, delivered: true) >= 365)
        // Kept: what was shown in the last week, the latest 1,000 to 1,050 on screen (and what the last day showed
        // after its last reconcile: 8 pushes and a reminder), and the reminders of the tasks listed (365 here: the
        // user's own records).
        #expect(saved.session.log.history.records.count <= 9 * 8)
        #expect(saved.session.log.onScreen.count <= 1_050 + 9)
        #expect(saved.session.log.lastShownAt.count <= 1_050 + 9 + 365)

        // The edge of the identifiers kept: the first task's reminder, shown a year ago and long off the log's
        // screen, is still done while the task is listed.
        let device = run.device
        let again = try await run.service.rescheduleTask(
            "t0", to: GrowBroFixtures.local("2026-01-01T18:00"), device: device)
        #expect(again.outcome == .reminderAlreadyShown)
        try await run.service.addTask(
            GrowBroTask(id: "t0", title: "Water", due: GrowBroFixtures.local("2027-01-02T18:00")), device: device)
        #expect(try await run.service.desiredRequests(device: device).allSatisfy { $0.identifier != "task_t0" })
    }

    @Test func theSuppressedRemindersAndDigestsStayBoundedOverAYear() async throws {
        let run = Self.makeRun(permission: .denied)
        let events = try await run.run(
            until: Self.at(try LocalDate(parsing: "2026-12-31"), "23:00"),
            actions: Self.actions(for: run.service, days: 365, pushes: 1, completing: false))
        let saved = await run.service.savedState

        let suppressed = Self.count(events, delivered: false)
        #expect(suppressed >= 2 * 364)
        // Kept: the reminders and digests due in the last week, and the suppressions of the last week.
        #expect(saved.suppressedDueCount <= 3 * 9)
        #expect(saved.session.reportedSuppressions.count <= 3 * 9)
    }

    /// Likes of distinct posts, one a second from the run's start, `messageID` `<prefix><index>`.
    private static func receiveLikes(
        _ run: Run, _ indexes: Range<Int>, prefix: String, post: (Int) -> String
    ) async throws {
        for index in indexes {
            try await run.service.receive(
                .like(messageID: "\(prefix)\(index)", postID: post(index), author: "A"), device: device(run, index))
        }
    }

    /// `index` seconds after the run's start, authorized.
    private static func device(_ run: Run, _ index: Int) -> DeviceState {
        DeviceState(
            now: GrowBroFixtures.berlin.instant(for: GrowBroFixtures.local("2026-01-01T07:00"))
                .addingTimeInterval(Double(index)),
            timeZone: GrowBroFixtures.berlin, permission: .authorized)
    }

    private static func withdrawn(_ identifier: String, in events: [NotificationEvent]) -> Bool {
        events.contains { if case .withdrawn(identifier, _, _) = $0 { true } else { false } }
    }

    /// The edge of what is on screen: after 1,052 likes and a reconcile (more than 1,050), the log keeps the latest
    /// 1,000 on screen (as many as the simulated centers show); the oldest of them is still collapsed by a newer like
    /// on its post and still answers a response, the one before it neither.
    @Test func aLikeAmongTheLatestThousandIsStillCollapsedAndTheOneBeforeNot() async throws {
        let run = Self.makeRun()
        try await Self.receiveLikes(run, 0..<52, prefix: "gone", post: { "g\($0)" })
        try await Self.receiveLikes(run, 52..<53, prefix: "edge", post: { _ in "edge" })
        try await Self.receiveLikes(run, 53..<1_052, prefix: "new", post: { "n\($0)" })
        try await run.service.reconcile(device: Self.device(run, 1_052), cause: .start)
        #expect(await run.service.savedState.session.log.onScreen.count == 1_000)

        let respond = try await run.service.respond(
            to: "msg_edge52", actionID: NotificationAction.defaultActionID, device: Self.device(run, 1_053))
        #expect(respond.entries.count == 1)
        let edge = try await run.service.receive(
            .like(messageID: "edge2", postID: "edge", author: "B"), device: Self.device(run, 1_054))
        #expect(Self.withdrawn("msg_edge52", in: edge.events))
        let gone = try await run.service.receive(
            .like(messageID: "gone2", postID: "g51", author: "B"), device: Self.device(run, 1_055))
        #expect(!Self.withdrawn("msg_gone51", in: gone.events))
        #expect(
            try await run.service.respond(
                to: "msg_gone51", actionID: NotificationAction.defaultActionID, device: Self.device(run, 1_056)
            ).entries.isEmpty)
    }

    /// The inbox keeps what a page, a count or an archive age raised by up to 30 days can show: a reconcile purges
    /// the entries received more than 60 days before it, and only those.
    @Test func aReconcilePurgesTheInboxEntriesPastItsPurgeAge() async throws {
        let run = Self.makeRun()
        let start = Self.device(run, 0)
        try await run.service.receive(.system(messageID: "old", title: "Tip", text: "pH"), device: start)
        try await run.service.receive(
            .system(messageID: "edge", title: "Tip", text: "pH"), device: Self.device(run, 1))
        var later = start
        later.now = start.now.addingTimeInterval(60 * 86_400 + 0.5)
        try await run.service.reconcile(device: later, cause: .start)

        #expect(try await run.service.markRead("msg_old", device: later) == 0)
        #expect(try await run.service.markRead("msg_edge", device: later) == 1)
        #expect(try await run.service.inboxCounts(device: later) == GrowBroInboxCounts(total: 0, unread: 0))
    }
}
