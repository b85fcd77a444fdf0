import Foundation
import GrowBroNotifications
import Testing
import WaveNotifications

/// A day of GrowBro as the app runs it: the service over an outside platform conformer, public API only.
struct GrowBroServiceTests {
    private static let zone = TimeZone(identifier: "Europe/Berlin")!

    private static func local(_ text: String) -> Date {
        zone.instant(for: try! LocalDateTime(parsing: text))
    }

    private static func device(_ text: String, _ permission: PermissionStatus = .authorized) -> DeviceState {
        DeviceState(now: local(text), timeZone: zone, permission: permission)
    }

    private static let phTask = GrowBroTask(
        id: "t1", title: "Check the pH", due: try! LocalDateTime(parsing: "2026-06-01T07:00"))
    private static let waterTask = GrowBroTask(
        id: "t2", title: "Water the seedlings", due: try! LocalDateTime(parsing: "2026-06-01T12:00"))

    /// Two tasks; quiet hours 22:00-07:00 (a push inside them is suppressed).
    private static let settings = GrowBroSettings(
        quietHours: QuietHoursSetting(enabled: true), tasks: [phTask, waterTask])

    /// `<local time> <kind> <identifier> [reason] [late]` for each event, in order.
    private static func describe(_ events: [NotificationEvent]) -> [String] {
        events.map { event in
            let at = zone.localDateTime(for: event.instant)
            switch event {
            case .delivered(let request, _, let late):
                return "\(at) delivered \(request.identifier)" + (late ? " late" : "")
            case .suppressed(let suppression, _):
                return "\(at) suppressed \(suppression.identifier) \(suppression.reason.rawValue)"
            case .cancelled(let identifier, let reason, _):
                return "\(at) cancelled \(identifier) \(reason.rawValue)"
            case .withdrawn(let identifier, let reason, _):
                return "\(at) withdrawn \(identifier) \(reason.rawValue)"
            }
        }
    }

    /// Hands every request due by `text` to the service, as the platform's delegate would, and describes the events.
    private static func fire(
        until text: String, _ permission: PermissionStatus = .authorized, on center: OutsideCenter,
        service: GrowBroNotificationService
    ) async throws -> [String] {
        var events: [NotificationEvent] = []
        for request in await center.fire(until: local(text)) {
            events += try await service.notificationShown(request, device: device(text, permission)).events
        }
        return describe(events)
    }

    @Test func aDayOfRemindersPushesReschedulesAndTheInbox() async throws {
        let center = OutsideCenter()
        let service = GrowBroNotificationService(settings: Self.settings, center: center)

        // 06:00: t1's reminder and the 1st's digest (t1 is due before 09:00), t2's, and the 2nd's digest.
        #expect(try await service.reconcile(device: Self.device("2026-06-01T06:00"), cause: .start).events.isEmpty)
        #expect(
            await center.pendingIdentifiers == ["task_t1", "overdue_2026-06-01", "task_t2", "overdue_2026-06-02"])

        // 07:00: t1's reminder is shown, exactly the request planned, and enters the inbox.
        let reminder = GrowBroPlanner.reminder(for: Self.phTask, in: Self.zone)
        let due = await center.fire(until: Self.local("2026-06-01T07:00"))
        #expect(due == [reminder])
        let first = try await service.notificationShown(reminder, device: Self.device("2026-06-01T07:00")).events
        #expect(first == [.delivered(reminder, at: Self.local("2026-06-01T07:00"), late: false)])
        #expect(try await service.inboxCounts(device: Self.device("2026-06-01T07:00")) == .init(total: 1, unread: 1))

        // Pushes: a reply is shown; a newer like on the same post withdraws the older one on screen.
        let reply = try await service.receive(
            .reply(messageID: "m1", postID: "p1", author: "Mia", text: "Nice!"), device: Self.device("2026-06-01T07:30")
        )
        #expect(Self.describe(reply.events) == ["2026-06-01T07:30 delivered msg_m1"])
        #expect(reply.delivery.suppression == nil)
        #expect(reply.delivery.request.threadID == "post_p1")
        try await service.receive(
            .like(messageID: "m2", postID: "p1", author: "Ola"), device: Self.device("2026-06-01T07:40"))
        let like = try await service.receive(
            .like(messageID: "m3", postID: "p1", author: "Zoë"), device: Self.device("2026-06-01T07:45"))
        #expect(
            Self.describe(like.events) == [
                "2026-06-01T07:45 delivered msg_m3", "2026-06-01T07:45 withdrawn msg_m2 collapsed",
            ])
        #expect(await center.onScreen == ["task_t1", "msg_m1", "msg_m3"])

        // 08:00: t1 moved to 10:00, the user's own request: a new reminder `task_t1` at 10:00 although the 07:00 one
        // was shown. t1 is no longer due before 09:00: the 1st's digest goes.
        let moved = try await service.rescheduleTask(
            "t1", to: try LocalDateTime(parsing: "2026-06-01T10:00"), device: Self.device("2026-06-01T08:00"))
        #expect(moved.outcome == .applied)
        #expect(Self.describe(moved.events) == ["2026-06-01T08:00 cancelled overdue_2026-06-01 reschedule"])
        #expect(await center.pendingIdentifiers == ["task_t1", "task_t2", "overdue_2026-06-02"])
        // A launch in between keeps it: the never-again rule is lifted until it is shown again.
        #expect(try await service.reconcile(device: Self.device("2026-06-01T09:30"), cause: .launch).events.isEmpty)
        #expect(
            try await Self.fire(until: "2026-06-01T10:00", on: center, service: service) == [
                "2026-06-01T10:00 delivered task_t1"
            ])

        // 10:30: the same due time again is not a new request: its reminder was shown, nothing is scheduled.
        let same = try await service.rescheduleTask(
            "t1", to: try LocalDateTime(parsing: "2026-06-01T10:00"), device: Self.device("2026-06-01T10:30"))
        #expect(same.outcome == .reminderAlreadyShown)
        #expect(same.events.isEmpty)
        #expect(await center.pendingIdentifiers == ["task_t2", "overdue_2026-06-02"])
        #expect(try await service.reconcile(device: Self.device("2026-06-01T10:45"), cause: .launch).events.isEmpty)
        #expect(await center.pendingIdentifiers == ["task_t2", "overdue_2026-06-02"])
        let unknown = try await service.completeTask("t9", device: Self.device("2026-06-01T10:50"))
        #expect(unknown.outcome == .noSuchTask)

        // 11:00: permission denied. Pending reminders stay; t2 is suppressed when it fires, and not scheduled again
        // once the permission is back, until it is moved to another time.
        #expect(
            try await service.reconcile(device: Self.device("2026-06-01T11:00", .denied), cause: .permission).events
                .isEmpty)
        #expect(await center.pendingIdentifiers == ["task_t2", "overdue_2026-06-02"])
        #expect(
            try await Self.fire(until: "2026-06-01T12:00", .denied, on: center, service: service) == [
                "2026-06-01T12:00 suppressed task_t2 permission_denied"
            ])
        #expect(try await service.reconcile(device: Self.device("2026-06-01T12:30"), cause: .permission).events.isEmpty)
        #expect(await center.pendingIdentifiers == ["overdue_2026-06-02"])
        try await service.rescheduleTask(
            "t2", to: try LocalDateTime(parsing: "2026-06-01T13:00"), device: Self.device("2026-06-01T12:40"))
        #expect(
            try await Self.fire(until: "2026-06-01T13:00", on: center, service: service) == [
                "2026-06-01T13:00 delivered task_t2"
            ])

        // 23:00: a system push inside quiet hours is suppressed, and still enters the inbox.
        let late = try await service.receive(
            .system(messageID: "m4", title: "Update", text: "New version"), device: Self.device("2026-06-01T23:00"))
        #expect(Self.describe(late.events) == ["2026-06-01T23:00 suppressed msg_m4 quiet_hours"])
        #expect(late.delivery.suppression?.reason == .quietHours)

        // The inbox, newest first, in pages that continue where the last one ended.
        let evening = Self.device("2026-06-01T23:10")
        let page1 = try await service.inboxPage(size: 3, continuing: false, device: evening)
        #expect(page1.items.map(\.identifier) == ["msg_m4", "task_t2", "task_t2"])
        #expect(page1.nextCursor != nil)
        let page2 = try await service.inboxPage(size: 10, continuing: true, device: evening)
        #expect(page2.items.map(\.identifier) == ["task_t1", "msg_m3", "msg_m2", "msg_m1", "task_t1"])
        #expect(page2.nextCursor == nil)
        #expect(try await service.inboxPage(size: 10, continuing: true, device: evening).items.isEmpty)
        #expect(try await service.markRead("task_t1", device: evening) == 2)
        #expect(try await service.delete("msg_m2", device: evening) == 1)
        #expect(try await service.markRead("msg_m9", device: evening) == 0)
        #expect(try await service.inboxCounts(device: evening) == .init(total: 7, unread: 5))

        // Links go through GrowBro's allowlist.
        let route = try service.openLink("growbro://task/t1")
        #expect(route == DeepLinkMatch(route: "task", parameters: ["id": "t1"]))
        #expect(throws: DeepLinkRouteRejection.host) { try service.openLink("https://evil.example/post/1") }

        // Settings that list the tasks as before keep what the task actions did; erasure empties the inbox.
        await service.replaceSettings(GrowBroSettings(channels: [.likes: false], tasks: Self.settings.tasks))
        #expect(await service.settings.tasks.map(\.due.description) == ["2026-06-01T10:00", "2026-06-01T13:00"])
        #expect(await service.settings.isEnabled(.likes) == false)
        try await service.eraseInbox()
        #expect(try await service.inboxCounts(device: evening) == .init(total: 0, unread: 0))
        #expect(
            GrowBroNotificationService.nextOwnMoment(after: Self.local("2026-06-01T23:10"), in: Self.zone)
                == Self.local("2026-06-02T00:00"))
    }
}
