import Foundation
import Testing

/// `wavesim replay` of GrowBro scenarios, end to end: pushes, task reminders and the digest through the
/// GrowBro module, the inbox through the core's store, links through the core's router, payloads through the
/// APNs and FCM encoders. Every expected value below is worked out from the fixture and the spec by hand.
struct GrowBroReplayTests {
    private static func objects(_ run: ReplayRun, _ type: String) -> [[String: Any]] {
        run.objects.filter { $0["type"] as? String == type }
    }

    /// The identifiers of an inbox line's items, in order.
    private static func identifiers(_ page: [String: Any]) -> [String] {
        (page["items"] as? [[String: Any]] ?? []).map { $0["identifier"] as? String ?? "?" }
    }

    private static let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"
    private static let flag = "\u{1F1E9}\u{1F1EA}"

    // MARK: - Pushes

    @Test func aReplyOfExactly100CharactersIsShownWhole() async {
        let run = await ReplayRun.app("growbro-pushes.json")
        #expect(run.status == 0)
        // 97 letters, "e" with a combining acute, a ZWJ family, a flag: 100 grapheme clusters, 108 scalars.
        let text = String(repeating: "a", count: 97) + "e\u{301}" + Self.family + Self.flag
        let reply = run.delivery("msg_m100")
        #expect(reply?["body"] as? String == text)
        #expect(reply?["title"] as? String == "Zoë replied to your post")
        #expect(reply?["channel"] as? String == "community.interactions")
        #expect(reply?["interruptionLevel"] as? String == "active")
        #expect(reply?["deepLink"] as? String == "growbro://post/p1")
    }

    @Test func aReplyOf101CharactersKeepsTheFirst99AndAnEllipsis() async {
        let run = await ReplayRun.app("growbro-pushes.json")
        // The 101st cluster is "!": the flag (the 100th) goes too, the family (the 99th) stays whole.
        let preview = String(repeating: "a", count: 97) + "e\u{301}" + Self.family + "…"
        let body = run.delivery("msg_m101")?["body"] as? String
        #expect(body == preview)
        #expect(body?.count == 100)
    }

    @Test func aNewerLikeOnTheSamePostWithdrawsTheShownOlderOne() async {
        let run = await ReplayRun.app("growbro-pushes.json")
        // m2 (p1) and m4 (p1) collapse; m3 is on p2 and stays.
        #expect(run.lines("withdrawn") == ["2026-05-04T07:10:00Z msg_m2 collapsed"])
        let like = run.delivery("msg_m4")
        #expect(like?["title"] as? String == "New like")
        #expect(like?["body"] as? String == "Ola liked your post.")
        #expect(like?["channel"] as? String == "community.likes")
        #expect(run.delivery("msg_m3")?["deepLink"] as? String == "growbro://post/p2")
    }

    @Test func quietHoursSuppressAPushButMoveATaskReminderToTheirEnd() async {
        let run = await ReplayRun.app("growbro-pushes.json")
        // Quiet 22:00-07:00 in Berlin (UTC+2): the 23:00 system push and the 06:59 reply are suppressed; the
        // 07:00 reply is outside. Task t1 due 23:30 moves to 07:00 (05:00Z); t2 at 12:00 fires on time.
        #expect(
            run.lines("suppressed") == [
                "2026-05-04T21:00:00Z msg_m5 quiet_hours", "2026-05-05T04:59:00Z msg_m6 quiet_hours",
            ])
        let suppressed = Self.objects(run, "suppressed")
        #expect(suppressed.first?["fireAt"] as? String == "2026-05-04T21:00:00Z")
        #expect(
            run.lines("delivered") == [
                "2026-05-04T07:00:00Z msg_m100", "2026-05-04T07:01:00Z msg_m101", "2026-05-04T07:05:00Z msg_m2",
                "2026-05-04T07:06:00Z msg_m3", "2026-05-04T07:10:00Z msg_m4", "2026-05-04T10:00:00Z task_t2",
                "2026-05-05T05:00:00Z task_t1", "2026-05-05T05:00:00Z msg_m7",
                "2026-05-05T07:00:00Z overdue_2026-05-05",
            ])
        let task = run.delivery("task_t1")
        #expect(task?["title"] as? String == "Task due")
        #expect(task?["body"] as? String == "Check the pH")
        #expect(task?["interruptionLevel"] as? String == "timeSensitive")
        #expect(task?["deepLink"] as? String == "growbro://task/t1")
        // At 09:00 on the 5th both tasks are overdue (due 12:00 and 23:30 the day before).
        let digest = run.delivery("overdue_2026-05-05")
        #expect(digest?["title"] as? String == "Overdue tasks")
        #expect(digest?["body"] as? String == "Tasks waiting: 2")
        #expect(digest?["deepLink"] as? String == "growbro://calendar")
        // Nine shown, two suppressed: eleven inbox entries, none read.
        #expect(run.summary["inbox"] as? [String: Int] == ["total": 11, "unread": 11])
        #expect(run.summary("delivered") == 9)
    }

    @Test func germanTextsForPushesTasksAndTheDigest() async {
        let run = await ReplayRun.app("growbro-pushes.json", ["--lang", "de"])
        #expect(run.status == 0)
        #expect(run.delivery("msg_m100")?["title"] as? String == "Zoë hat auf deinen Beitrag geantwortet")
        #expect(run.delivery("msg_m4")?["title"] as? String == "Neues Like")
        #expect(run.delivery("msg_m4")?["body"] as? String == "Ola gefällt dein Beitrag.")
        #expect(run.delivery("task_t1")?["title"] as? String == "Aufgabe fällig")
        #expect(run.delivery("overdue_2026-05-05")?["title"] as? String == "Überfällige Aufgaben")
        #expect(run.delivery("overdue_2026-05-05")?["body"] as? String == "Offene Aufgaben: 2")
        #expect(run.deliveries.allSatisfy { $0["locale"] as? String == "de" })
    }

    // MARK: - Gates at the due instant

    /// Replays a fixture with its `permission` replaced.
    private static func run(_ fixture: String, permission: String) async throws -> ReplayRun {
        try await ReplayRun.app(fixture, arguments: ["--format", "json"]) { $0["permission"] = permission }
    }

    @Test(arguments: ["denied", "notDetermined"])
    func aClosedPermissionSuppressesButKeepsEveryEntryInTheInbox(permission: String) async throws {
        let run = try await Self.run("growbro-permission.json", permission: permission)
        #expect(run.status == 0)
        // Denied until 12:00: the reply, task t1 and the like (its channel is off too, but the permission is checked
        // first). Then likes off: category_disabled. Reminders off at 15:00: t2 category_disabled. t3 under
        // provisional: shown, passive. Every `at` is the instant it was due, UTC+2.
        #expect(
            run.lines("suppressed") == [
                "2026-06-01T07:00:00Z msg_m1 permission_denied", "2026-06-01T08:00:00Z task_t1 permission_denied",
                "2026-06-01T09:05:00Z msg_m2 permission_denied", "2026-06-01T10:05:00Z msg_m3 category_disabled",
                "2026-06-01T13:00:00Z task_t2 category_disabled",
            ])
        for line in Self.objects(run, "suppressed") {
            #expect(line["at"] as? String == line["fireAt"] as? String)
        }
        // Pending task reminders are not removed by the gates.
        #expect(Self.objects(run, "cancelled").isEmpty)
        #expect(run.lines("delivered") == ["2026-06-01T16:00:00Z task_t3"])
        #expect(run.delivery("task_t3")?["interruptionLevel"] as? String == "passive")
        // Nothing silently lost: all six are in the inbox, newest first.
        let page = Self.objects(run, "inbox").first ?? [:]
        #expect(Self.identifiers(page) == ["task_t3", "task_t2", "msg_m3", "msg_m2", "task_t1", "msg_m1"])
        #expect(page["nextCursor"] is NSNull)
        #expect(page["unread"] as? Int == 6)
        let first = (page["items"] as? [[String: Any]])?.last
        #expect(first?["receivedAt"] as? String == "2026-06-01T07:00:00Z")
        #expect(first?["channel"] as? String == "community.interactions")
        #expect(first?["title"] as? String == "Mia replied to your post")
        #expect(first?["body"] as? String == "Nice!")
        #expect(first?["deepLink"] as? String == "growbro://post/p1")
        #expect(first?["readAt"] is NSNull)
        #expect(run.summary["suppressed"] as? [String: Int] == ["permission_denied": 3, "category_disabled": 2])
        #expect(run.summary["inbox"] as? [String: Int] == ["total": 6, "unread": 6])
    }

    @Test func tasksBeyondTheBudgetWaitAndNoneIsLost() async {
        let run = await ReplayRun.app("growbro-budget.json")
        #expect(run.status == 0)
        // 70 reminders every 10 minutes from 08:10, and the 09:00 digest of the five due before it.
        #expect(run.summary("delivered") == 71)
        #expect(run.summary("peakPending") == 64)
        #expect(run.delivery("task_t70")?["at"] as? String == "2026-05-04T17:40:00Z")
        #expect(run.delivery("overdue_2026-05-04")?["body"] as? String == "Tasks waiting: 5")
    }

    // MARK: - Task actions and held reminders

    @Test func completeRescheduleAndAddTaskChangeThePendingReminders() async {
        let run = await ReplayRun.app("growbro-task-actions.json")
        #expect(run.status == 0)
        #expect(run.standardError.isEmpty)
        // Berlin is UTC+2. `complete` t1 at 08:30 removes its pending 10:00 reminder (cancelled, reschedule);
        // `reschedule` t2 to 13:00 replaces its 11:00 one (no cancelled line); `addTask` t4 due 09:30 fires then;
        // t3 is untouched. No task is due before 09:00 on the 4th: no digest that day.
        #expect(run.lines("cancelled") == ["2026-05-04T06:30:00Z task_t1 reschedule"])
        #expect(
            run.lines("delivered") == [
                "2026-05-04T07:30:00Z task_t4", "2026-05-04T10:00:00Z task_t3", "2026-05-04T11:00:00Z task_t2",
            ])
        #expect(run.delivery("task_t4")?["body"] as? String == "Mix the nutrients")
        #expect(run.delivery("task_t4")?["deepLink"] as? String == "growbro://task/t4")
        #expect(run.delivery("task_t2")?["late"] as? Bool == false)
        #expect(run.summary("cancelled") == 1)
        #expect(run.summary["inbox"] as? [String: Int] == ["total": 3, "unread": 3])
    }

    @Test func aDigestMovedPastMidnightByQuietHoursIsStillShown() async {
        let run = await ReplayRun.app("growbro-digest-wrap.json")
        #expect(run.status == 0)
        // Quiet 08:30-01:00, Berlin UTC+2. t1 due 07:00 fires on time (05:00Z). Each 09:00 digest is inside quiet
        // hours and moves to 01:00 the next day (23:00Z the day before): the 00:00 reconcile in between keeps it.
        // The 6th's digest would move to 01:00 on the 7th, after `until`.
        #expect(Self.objects(run, "cancelled").isEmpty)
        #expect(
            run.lines("delivered") == [
                "2026-05-04T05:00:00Z task_t1", "2026-05-04T23:00:00Z overdue_2026-05-04",
                "2026-05-05T23:00:00Z overdue_2026-05-05",
            ])
        #expect(run.delivery("overdue_2026-05-04")?["body"] as? String == "Tasks waiting: 1")
        #expect(run.delivery("overdue_2026-05-04")?["late"] as? Bool == false)
        #expect(run.summary["inbox"] as? [String: Int] == ["total": 3, "unread": 3])
    }

    @Test func aReminderHeldByQuietHoursIsShownWhenTheyAreSwitchedOffAfterItsDueTime() async {
        let run = await ReplayRun.app("growbro-quiet-off.json")
        #expect(run.status == 0)
        // t1 due 23:00 (21:00Z) is inside quiet 22:00-07:00 and waits for 07:00. Quiet hours go off at 23:30
        // (21:30Z): its instant is its due time again, already past, so it is shown at once, late, not removed.
        #expect(Self.objects(run, "cancelled").isEmpty)
        #expect(
            run.lines("delivered") == ["2026-05-04T21:30:00Z task_t1", "2026-05-05T07:00:00Z overdue_2026-05-05"])
        #expect(run.delivery("task_t1")?["late"] as? Bool == true)
        #expect(run.delivery("task_t1")?["body"] as? String == "Turn off the lights")
        #expect(run.summary("cancelled") == 0)
        #expect(run.summary["inbox"] as? [String: Int] == ["total": 2, "unread": 2])
    }

    @Test func aReminderSuppressedByThePermissionCanBeRescheduled() async {
        let run = await ReplayRun.app("growbro-suppressed-reschedule.json")
        #expect(run.status == 0)
        // notDetermined at 07:00 (05:00Z): t1 suppressed. The `launch` at that same instant does not bring it back.
        // Authorized at 08:00. Quiet hours 06:00-09:30 switched on at 08:30 would move t1's 07:00 to 09:30, but that
        // reminder already came due: not again. They move the 09:00 digest (t1 due 07:00 counts) to 09:30 (07:30Z).
        // Rescheduled at 10:00 to 11:00: a new reminder, shown at 09:00Z; only a shown identifier is never
        // scheduled again.
        #expect(run.lines("suppressed") == ["2026-05-04T05:00:00Z task_t1 permission_denied"])
        #expect(
            run.lines("delivered") == ["2026-05-04T07:30:00Z overdue_2026-05-04", "2026-05-04T09:00:00Z task_t1"])
        #expect(!run.standardError.contains("already came due"))
        #expect(run.standardError.isEmpty)
        // Inbox: t1 suppressed, the digest, t1 shown.
        #expect(run.summary["inbox"] as? [String: Int] == ["total": 3, "unread": 3])
    }

    @Test func aTaskRescheduledAfterItsReminderWasShownGetsANewReminderAtTheNewTime() async {
        let run = await ReplayRun.app("growbro-reschedule-shown.json")
        #expect(run.status == 0)
        // Berlin, UTC+2. t1's 07:00 reminder is shown (05:00Z). At 08:00 the user moves t1 to 10:00: their own
        // request, so `task_t1` is scheduled again and shown at 10:00 (08:00Z), not late; moved once more at 10:30 to
        // 11:30, it is shown a third time (09:30Z). t1 is no longer due before 09:00, so the 4th's digest, pending
        // since the start, is cancelled. t2 is shown at 12:00 (10:00Z).
        #expect(
            run.lines("delivered") == [
                "2026-05-04T05:00:00Z task_t1", "2026-05-04T08:00:00Z task_t1", "2026-05-04T09:30:00Z task_t1",
                "2026-05-04T10:00:00Z task_t2",
            ])
        #expect(run.deliveries.allSatisfy { $0["late"] as? Bool == false })
        #expect(run.lines("cancelled") == ["2026-05-04T06:00:00Z overdue_2026-05-04 reschedule"])
        let reminders = run.deliveries.filter { $0["identifier"] as? String == "task_t1" }
        #expect(Set(reminders.map { $0["numericId"] as? Int }).count == 1)
        #expect(reminders.allSatisfy { $0["deepLink"] as? String == "growbro://task/t1" })
        // The old warning ("no second reminder is scheduled") is gone: the reschedules of t1 say nothing.
        #expect(!run.standardError.contains("actions[0]"))
        #expect(!run.standardError.contains("actions[1]"))
        #expect(!run.standardError.contains("no second reminder is scheduled"))
        // Every reminder that came due is in the inbox, newest first.
        let page = Self.objects(run, "inbox").first ?? [:]
        #expect(Self.identifiers(page) == ["task_t2", "task_t1", "task_t1", "task_t1"])
        #expect(run.summary["inbox"] as? [String: Int] == ["total": 4, "unread": 4])
    }

    @Test func aRescheduleToTheSameDueTimeAfterItsReminderWasShownSchedulesNothing() async {
        let run = await ReplayRun.app("growbro-reschedule-shown.json")
        // t2's 12:00 reminder was shown in Berlin (10:00Z). At 12:30 the device moves to New York, where 12:00 is
        // still ahead (16:00Z): a local slot already shown stays done. At 13:00 Berlin time t2 is "rescheduled" to
        // the same 12:00: not a new due time, so not a request for a second reminder; nothing is scheduled, and
        // wavesim warns that the reschedule does nothing.
        #expect(run.delivery("task_t2")?["at"] as? String == "2026-05-04T10:00:00Z")
        #expect(run.deliveries.filter { $0["identifier"] as? String == "task_t2" }.count == 1)
        #expect(run.summary("delivered") == 4)
        #expect(
            run.standardError.contains(
                "actions[3].due: 't2' is already due at 2026-05-04T12:00 and its reminder was shown; the same due "
                    + "time gets no second reminder, the reschedule does nothing"))
        #expect(run.standardError.split(separator: "\n").count == 1)
    }

    @Test func aTaskOfTheStartSettingsCanBeReadAndDeletedAfterASettingsChangeRemovedIt() async {
        let run = await ReplayRun.app("growbro-removed-task-read.json")
        #expect(run.status == 0)
        #expect(run.standardError.isEmpty)
        // t1 (08:30, 06:30Z) and the 09:00 digest are shown; the settings at 09:00 remove t1, so tomorrow's digest
        // goes. The read and delete of task_t1 at 10:00 and 10:30 reach its entry: only the digest is left, unread.
        #expect(
            run.lines("delivered") == ["2026-05-04T06:30:00Z task_t1", "2026-05-04T07:00:00Z overdue_2026-05-04"])
        #expect(run.lines("cancelled") == ["2026-05-04T07:00:00Z overdue_2026-05-05 reschedule"])
        #expect(run.summary["inbox"] as? [String: Int] == ["total": 1, "unread": 1])
    }

    // MARK: - Inbox

    @Test func pagesFollowTheCursorWhileNewEntriesArrive() async {
        let run = await ReplayRun.app("growbro-inbox.json")
        #expect(run.status == 0)
        let pages = Self.objects(run, "inbox")
        #expect(pages.count == 7)
        // m1 and m2 arrive at the same instant: m2, added later, comes first.
        #expect(Self.identifiers(pages[0]) == ["msg_m4", "msg_m3"])
        #expect(pages[0]["nextCursor"] is String)
        #expect(pages[0]["unread"] as? Int == 4)
        // m5 arrived in between; the next page continues after m3, not shifted by it.
        #expect(Self.identifiers(pages[1]) == ["msg_m2", "msg_m1"])
        #expect(pages[1]["nextCursor"] is NSNull)
        #expect(pages[1]["unread"] as? Int == 5)
        #expect(Self.identifiers(pages[2]).isEmpty)
        #expect(pages[2]["nextCursor"] is NSNull)
    }

    @Test func readAndDeleteSetTheirInstantAndAReadOfNothingYetWarns() async {
        let run = await ReplayRun.app("growbro-inbox.json")
        let page = Self.objects(run, "inbox")[3]
        // m3 deleted, m1 read at 11:00Z; a first page again (no `next`).
        #expect(Self.identifiers(page) == ["msg_m5", "msg_m4", "msg_m2", "msg_m1"])
        let items = page["items"] as? [[String: Any]] ?? []
        #expect(items.last?["readAt"] as? String == "2026-03-04T11:00:00Z")
        #expect(items.first?["readAt"] is NSNull)
        #expect(page["unread"] as? Int == 3)
        #expect(run.standardError.contains("actions[10].identifier: 'msg_m6' has no inbox entry yet"))
    }

    @Test func entriesOlderThan30DaysAreArchived() async {
        let run = await ReplayRun.app("growbro-inbox.json")
        let pages = Self.objects(run, "inbox")
        // At 03-31T09:00Z m1 and m2 (03-01T09:00Z) are exactly 30 days old: still listed. A minute later: archived.
        #expect(Self.identifiers(pages[4]) == ["msg_m5", "msg_m4", "msg_m2", "msg_m1"])
        #expect(pages[4]["unread"] as? Int == 3)
        #expect(Self.identifiers(pages[5]) == ["msg_m5", "msg_m4"])
        #expect(pages[5]["unread"] as? Int == 2)
    }

    /// A read of an entry purged long after its archive (more than 60 days old) warns no more than before the
    /// purge: the warning is for an identifier with no entry yet, not for one whose entries the store let go.
    @Test func aReadOfAnEntryPurgedAfterItsArchiveDoesNotWarn() async throws {
        let run = try await ReplayRun.app("growbro-inbox.json", arguments: ["--format", "json"]) { scenario in
            // Up to m6 (before the erase), then a read of m1 75 days after it arrived.
            var actions = Array((scenario["actions"] as! [[String: Any]]).prefix(15))
            actions.append(["at": "2026-05-15T09:00:00Z", "type": "read", "identifier": "msg_m1"])
            actions.append(["at": "2026-05-15T09:00:00Z", "type": "inbox", "pageSize": 5])
            scenario["actions"] = actions
            scenario["until"] = "2026-05-16T00:00:00Z"
        }
        #expect(run.status == 0)
        #expect(!run.standardError.contains("'msg_m1' has no inbox entry"), "\(run.standardError)")
        #expect(run.standardError.contains("actions[10].identifier: 'msg_m6' has no inbox entry yet"))
        #expect(Self.identifiers(Self.objects(run, "inbox").last ?? [:]).isEmpty)
    }

    @Test func aGDPREraseRemovesEveryEntryForGood() async {
        let run = await ReplayRun.app("growbro-inbox.json")
        let pages = Self.objects(run, "inbox")
        #expect(Self.identifiers(pages[6]).isEmpty)
        #expect(pages[6]["unread"] as? Int == 0)
        // m6 was erased: reading it later finds nothing. Only m7, after the erase, is left.
        #expect(run.standardError.contains("actions[18].identifier: 'msg_m6' has no inbox entry yet"))
        #expect(run.summary["inbox"] as? [String: Int] == ["total": 1, "unread": 1])
    }

    // MARK: - Links

    private static let links: [(url: String, outcome: String)] = [
        ("growbro://post/p42", "post {\"id\":\"p42\"}"),
        ("https://growbro.app/task/t1?utm_source=mail#top", "task {\"id\":\"t1\"}"),
        ("HTTPS://Staging.GrowBro.app/calendar", "calendar {}"),
        ("growbro://settings/notifications", "settings/notifications {}"),
        ("growbro://inbox", "inbox {}"),
        ("https://growbro.app/profile/u_1-A", "profile {\"id\":\"u_1-A\"}"),
        ("growbro://post/p 1", "encoding"), ("growbro://post/%2E%2E", "encoding"), ("growbro://post/p%2", "encoding"),
        ("growbro://post/café", "encoding"), ("growbro://post/p1%2Fx", "encoding"),
        ("growbro://post/p1\\x", "encoding"),
        ("http://growbro.app/post/1", "scheme"), ("javascript:alert(1)", "scheme"), ("growbro:post/1", "path"),
        ("https://user@growbro.app/post/1", "userinfo"), ("https://growbro.app:8443/post/1", "port"),
        ("https://evil.example/post/1", "host"), ("https://growbro.app.evil.example/post/1", "host"),
        ("growbro://post/p1/", "path"), ("growbro://post/../inbox", "path"), ("https://growbro.app/admin", "path"),
        ("https://growbro.app/post", "path"), ("growbro://calendar/2026", "path"),
        ("growbro://post/" + String(repeating: "a", count: 65), "id"), ("growbro://task/a.b", "id"),
        ("https://growbro.app/post/1?next=/home", "redirect"), ("growbro://inbox?ref=https://evil.example", "redirect"),
        ("growbro://inbox?x=//evil.example", "redirect"), ("growbro://inbox?ReDiReCt=1", "redirect"),
    ]

    @Test func openLinkPrintsTheRouteOrTheFirstFailingCheck() async throws {
        let run = await ReplayRun.app("growbro-links.json")
        #expect(run.status == 0)
        let lines = Self.objects(run, "link")
        #expect(lines.count == Self.links.count)
        for (line, expected) in zip(lines, Self.links) {
            #expect(line["url"] as? String == expected.url)
            #expect(line["at"] as? String == "2026-05-04T06:30:00Z")
            if let route = line["route"] as? String {
                let params = try JSONSerialization.data(withJSONObject: line["params"] ?? [:], options: .sortedKeys)
                #expect("\(route) \(String(decoding: params, as: UTF8.self))" == expected.outcome, "\(expected.url)")
                #expect(line["rejected"] == nil)
            } else {
                #expect(line["rejected"] as? String == expected.outcome, "\(expected.url)")
            }
        }
        // Every rejection reason of the spec appears.
        let reasons = Set(lines.compactMap { $0["rejected"] as? String })
        #expect(reasons == ["encoding", "scheme", "userinfo", "port", "host", "path", "id", "redirect"])
    }

    // MARK: - Payloads

    private static func payloads(_ run: ReplayRun) throws -> [String: (line: [String: Any], json: [String: Any])] {
        var result: [String: (line: [String: Any], json: [String: Any])] = [:]
        for line in Self.objects(run, "payload") {
            let text = line["json"] as? String ?? ""
            let json = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
            result[line["identifier"] as? String ?? "?"] = (line, json)
        }
        return result
    }

    @Test func apnsPayloadsForEveryPushShownOrNot() async throws {
        let run = await ReplayRun.app("growbro-pushes.json", ["--payloads", "apns"])
        #expect(run.status == 0)
        let payloads = try Self.payloads(run)
        // Eight pushes, two of them suppressed by quiet hours; no payload for a task.
        #expect(
            payloads.keys.sorted() == [
                "msg_m100", "msg_m101", "msg_m2", "msg_m3", "msg_m4", "msg_m5", "msg_m6", "msg_m7",
            ])
        let reply = try #require(payloads["msg_m101"])
        #expect(reply.line["platform"] as? String == "apns")
        #expect(reply.line["bytes"] as? Int == (reply.line["json"] as? String)?.utf8.count)
        #expect(reply.line["apns-collapse-id"] == nil)
        let aps = reply.json["aps"] as? [String: Any]
        let alert = aps?["alert"] as? [String: Any]
        #expect(alert?["title"] as? String == "Zoë replied to your post")
        #expect(alert?["body"] as? String == String(repeating: "a", count: 97) + "e\u{301}" + Self.family + "…")
        #expect(aps?["thread-id"] as? String == "post_p1")
        #expect(aps?["category"] as? String == "COMMUNITY_INTERACTIONS")
        #expect(aps?["interruption-level"] as? String == "active")
        #expect(reply.json["deepLink"] as? String == "growbro://post/p1")
        #expect(reply.json["messageId"] as? String == "m101")
        let like = try #require(payloads["msg_m2"])
        #expect(like.line["apns-collapse-id"] as? String == "like_p1")
        #expect((like.json["aps"] as? [String: Any])?["thread-id"] == nil)
        #expect((like.json["aps"] as? [String: Any])?["category"] as? String == "COMMUNITY_LIKES")
        let system = try #require(payloads["msg_m5"])
        #expect((system.json["aps"] as? [String: Any])?["category"] as? String == "SYSTEM_UPDATES")
        #expect(system.json["deepLink"] as? String == "growbro://inbox")
        // The key order of the line is the spec's.
        let line = run.standardOutput.split(separator: "\n").first {
            $0.contains("\"identifier\":\"msg_m2\"") && $0.contains("payload")
        }
        #expect(
            line?.hasPrefix("{\"type\":\"payload\",\"identifier\":\"msg_m2\",\"platform\":\"apns\",\"bytes\":") == true)
    }

    @Test func fcmPayloadsCarryChannelCollapseKeyAndData() async throws {
        let run = await ReplayRun.app("growbro-pushes.json", ["--payloads", "fcm"])
        #expect(run.status == 0)
        let payloads = try Self.payloads(run)
        #expect(payloads.count == 8)
        let like = try #require(payloads["msg_m4"])
        #expect(like.line["platform"] as? String == "fcm")
        #expect(like.line["bytes"] as? Int == (like.line["json"] as? String)?.utf8.count)
        #expect(like.line["apns-collapse-id"] == nil)
        let message = like.json["message"] as? [String: Any]
        let android = message?["android"] as? [String: Any]
        #expect(android?["collapse_key"] as? String == "like_p1")
        let notification = android?["notification"] as? [String: Any]
        #expect(notification?["title"] as? String == "New like")
        #expect(notification?["body"] as? String == "Ola liked your post.")
        #expect(notification?["channel_id"] as? String == "community.likes")
        let data = message?["data"] as? [String: Any]
        #expect(data?["deepLink"] as? String == "growbro://post/p1")
        #expect(data?["messageId"] as? String == "m4")
        let reply = try #require(payloads["msg_m7"])
        let replyAndroid = (reply.json["message"] as? [String: Any])?["android"] as? [String: Any]
        #expect(replyAndroid?["collapse_key"] == nil)
        #expect((replyAndroid?["notification"] as? [String: Any])?["channel_id"] as? String == "community.interactions")
    }

    @Test(arguments: [("apns", 4096), ("fcm", 4000)])
    func anOverlongBodyIsCutToFillTheLimitExactly(platform: String, limit: Int) async throws {
        let run = await ReplayRun.app("growbro-payload-fit.json", ["--payloads", platform])
        #expect(run.status == 0)
        let payload = try #require(try Self.payloads(run)["msg_long"])
        // An ASCII body shrinks one byte per letter and "…" is 3 bytes: the fit that needs no more cutting lands on
        // the limit itself.
        #expect(payload.line["bytes"] as? Int == limit)
        let text = payload.line["json"] as? String ?? ""
        #expect(text.utf8.count == limit)
        let body: String?
        if platform == "apns" {
            body = ((payload.json["aps"] as? [String: Any])?["alert"] as? [String: Any])?["body"] as? String
        } else {
            let message = payload.json["message"] as? [String: Any]
            body = ((message?["android"] as? [String: Any])?["notification"] as? [String: Any])?["body"] as? String
        }
        #expect(body?.hasSuffix("a…") == true)
        #expect(body.map { $0.dropLast().allSatisfy { $0 == "a" } } == true)
    }

    @Test(arguments: [("apns", 4096), ("fcm", 4000)])
    func aPushWhoseTitleAloneIsTooLongGetsAPayloadLineSayingSo(platform: String, limit: Int) async throws {
        let run = await ReplayRun.app("growbro-payload-title.json", ["--payloads", platform])
        #expect(run.status == 0)
        let lines = Self.objects(run, "payload")
        #expect(lines.map { $0["identifier"] as? String } == ["msg_big", "msg_ok"])
        let big = try #require(lines.first)
        #expect(big["platform"] as? String == platform)
        #expect(big["json"] is NSNull)
        #expect(big["bytes"] is NSNull)
        #expect(big["rejected"] as? String == "too_large")
        #expect(big["limit"] as? Int == limit)
        // A 4200-letter title alone is over either limit.
        #expect((big["minimumBytes"] as? Int ?? 0) > 4200)
        #expect(lines.last?["json"] is String)
        // The push itself is shown: the payload is a report, not a gate.
        #expect(run.lines("delivered") == ["2026-05-04T07:00:00Z msg_big", "2026-05-04T07:05:00Z msg_ok"])
    }

    // MARK: - Wrong scenarios

    @Test func aWrongScenarioExits65NamingEveryPathAndPrintsNothing() async {
        let run = await ReplayRun.app("growbro-invalid.json")
        #expect(run.status == 65)
        #expect(run.standardOutput.isEmpty)
        for expected in [
            "growbro.channels.community.replies: unknown channel 'community.replies'",
            "growbro.tasks[0].due: '2026-05-04T25:00' is not valid", "actions[0].text: missing",
            "actions[1].text: is not a key of a like push", "actions[2].messageId: message id 'm2' is already used",
            "actions[3].identifier: 'msg_m9' names no messageId or task", "actions[4].task: no task 't7'",
            "actions[5].pageSize: 0 is not a whole number from 1 to 100",
            "actions[6].pageSize: 101 is not a whole number from 1 to 100", "actions[7].url: missing",
            "actions[8].kind: unknown value 'poke'",
        ] {
            #expect(run.standardError.contains(expected), "\(expected)")
        }
    }

    @Test func theExampleReplaysInTextAndWithPayloads() async {
        let example = Fixture.repositoryRoot.appendingPathComponent("Examples/growbro.json").path
        for flags in [[], ["--payloads", "apns"], ["--payloads", "fcm", "--format", "json"]] {
            let run = await ReplayRun.wavesim(["replay", example] + flags)
            #expect(run.status == 0, "\(flags)")
            #expect(run.standardError.isEmpty, "\(flags)")
        }
    }
}
