internal import Foundation
internal import GrowBroNotifications
internal import WaveJSON
internal import WaveNotifications
internal import WavePushPayloads

/// GrowBro's rules in a replay: pushes decided at their instant, task reminders and the 09:00 digest through the
/// planner (reconciled at local midnight and after every task action) and decided when they fire, the inbox,
/// links through GrowBro's allowlist, and push payloads with `--payloads`.
struct GrowBroReplayRules: AppReplayRules {
    private var settings: GrowBroSettings
    /// The tasks as the settings last listed them: a `settings` action that leaves them as they were keeps what
    /// task actions did since; one that changes them replaces the tasks (arrays are replaced).
    private var settingsTasks: [GrowBroTask]
    private let until: Date
    private let payloads: ReplayOptions.PayloadPlatform?
    /// The in-app inbox: the core's store, 30-day archive, keyset cursors.
    private let inbox: any InboxStore
    /// Task reminders and digests that came due and were suppressed, each with the task's due time then (`nil` for a
    /// digest): no reconcile schedules the same one again (a `launch` at the instant it came due, quiet hours switched
    /// on that would move it ahead), but a task rescheduled since gets a new reminder. Shown ones are in the history.
    private var suppressedDue: Set<DueKey> = []
    /// Where the last `inbox` action's page ended, for `"next": true`.
    private var lastPage: PageEnd = .none

    /// A request that came due: its identifier and, for a task reminder, the task's due time.
    private struct DueKey: Hashable, Sendable {
        var identifier: String
        var due: LocalDateTime?
    }

    /// Where the previous `inbox` action's page ended.
    private enum PageEnd: Sendable {
        /// No `inbox` action yet: `"next": true` prints the first page.
        case none
        /// More entries followed the page: the next one continues at this cursor.
        case more(InboxCursor)
        /// Nothing followed the page: a next page is empty (entries added since are newer, never after it).
        case end
    }

    /// Creates the rules at the start of a replay.
    ///
    /// - Parameters:
    ///   - value: The valid `growbro` settings object.
    ///   - until: The replay's end, when the summary's inbox counts are taken.
    ///   - payloads: The push platform whose payloads are printed, if any.
    ///   - inbox: The inbox store; an empty in-memory one by default.
    init(
        settings value: JSONValue, until: Date, payloads: ReplayOptions.PayloadPlatform?,
        inbox: any InboxStore = InMemoryInboxStore()
    ) {
        settings = GrowBroSection.decodedSettings(value)
        self.inbox = inbox
        settingsTasks = settings.tasks
        self.until = until
        self.payloads = payloads
    }

    var appName: String { GrowBroSection.name }

    func nextOwnMoment(after instant: Date, in zone: TimeZone) -> Date? {
        zone.instant(for: LocalDateTime(date: zone.localDate(for: instant).adding(days: 1), time: .midnight))
    }

    mutating func plan(at moment: LegacyMoment, context: AppReplayContext) -> NotificationPlan {
        var plan = GrowBroPlanner.plan(
            settings: settings, now: context.now, timeZone: context.timeZone, history: context.history,
            pending: Set(context.pending.map(\.identifier)))
        plan.desired.removeAll { suppressedDue.contains(dueKey($0)) }
        plan.showNow.removeAll { suppressedDue.contains(dueKey($0)) }
        return plan
    }

    /// The request's identifier with, for a task reminder, its task's due time in the current settings.
    private func dueKey(_ request: NotificationRequest) -> DueKey {
        let task = request.metadataValue(forKey: "taskId").flatMap { id in settings.tasks.first { $0.id == id } }
        return DueKey(identifier: request.identifier, due: task?.due)
    }

    mutating func due(_ request: NotificationRequest, context: AppReplayContext) async throws -> DueDecision {
        // A push was decided (and put in the inbox) when it arrived.
        guard request.metadataValue(forKey: "messageId") == nil else { return .show }
        let delivery = GrowBroDeliveryRules.decideAtFire(
            request, at: context.now, settings: settings, permission: context.permission,
            timeZone: context.timeZone)
        try await inbox.add(delivery.inboxEntry(receivedAt: context.now))
        guard let suppression = delivery.suppression else { return .show }
        suppressedDue.insert(dueKey(request))
        return .suppress(suppression.reason)
    }

    mutating func perform(_ action: any AppActionPayload, context: AppReplayContext) async throws -> AppActionOutcome {
        switch action {
        case let push as GrowBroSection.PushAction:
            return try await receive(push.push, context: context)
        case let task as GrowBroSection.TaskAction:
            let found: Bool
            switch task.change {
            case .complete(let id): found = settings.completeTask(id)
            case .reschedule(let id, let due): found = settings.rescheduleTask(id, to: due)
            case .add(let new):
                settings.addTask(new)
                found = true
            }
            // The scenario was checked when read; a settings change since then can still remove the task.
            var warnings = found ? [] : ["\(task.path).task: no such task now; the \(task.type) does nothing"]
            // A reminder already shown keeps its identifier, and a reconcile never schedules an identifier shown
            // again; one that came due but was suppressed is scheduled again for the new due time.
            if found, case .reschedule(let id, _) = task.change,
                context.history.wasShown(identifier: GrowBroLinks.taskIdentifier(id))
            {
                warnings.append(
                    "\(task.path).task: the reminder of '\(id)' was already shown; the new due time counts for the "
                        + "overdue digest, no second reminder is scheduled")
            }
            return AppActionOutcome(warnings: warnings, reconciles: true)
        case let entry as GrowBroSection.InboxEntryAction:
            let marked =
                entry.deletes
                ? try await inbox.delete(identifier: entry.identifier, at: context.now)
                : try await inbox.markRead(identifier: entry.identifier, at: context.now)
            guard marked == 0 else {
                return AppActionOutcome()
            }
            return AppActionOutcome(warnings: [
                "\(entry.path).identifier: '\(entry.identifier)' has no inbox entry yet; the \(entry.type) does nothing"
            ])
        case is GrowBroSection.EraseAction:
            try await inbox.eraseAll()
            return AppActionOutcome()
        case let link as GrowBroSection.OpenLinkAction:
            return AppActionOutcome(lines: [Self.linkLine(link.url, at: context.now)])
        case let page as GrowBroSection.InboxPageAction:
            return AppActionOutcome(lines: [try await pageLine(page, context: context)])
        default:
            return AppActionOutcome()
        }
    }

    mutating func replaceSettings(_ value: JSONValue) {
        let new = GrowBroSection.decodedSettings(value)
        let tasks = new.tasks == settingsTasks ? settings.tasks : new.tasks
        settingsTasks = new.tasks
        settings = new
        settings.tasks = tasks
    }

    func summaryFields(context: AppReplayContext) async throws -> [(String, AppOutputLine.Value)] {
        // Counted at `until`: an entry that reaches 30 days between the last moment and the end is archived.
        let end = max(context.now, until)
        let total = try await inbox.totalCount(now: end)
        let unread = try await inbox.unreadCount(now: end)
        return [("inbox", .object([("total", .integer(total)), ("unread", .integer(unread))]))]
    }

    // MARK: - Pushes

    /// A push arrives: decided now (permission, channel, quiet hours), put in the inbox either way.
    private mutating func receive(_ push: GrowBroPush, context: AppReplayContext) async throws -> AppActionOutcome {
        let delivery = GrowBroDeliveryRules.decide(
            push, receivedAt: context.now, settings: settings, permission: context.permission,
            timeZone: context.timeZone)
        try await inbox.add(delivery.inboxEntry(receivedAt: context.now))
        var outcome = AppActionOutcome()
        if let suppression = delivery.suppression {
            outcome.suppressed = [suppression]
        } else {
            outcome.show = [delivery.request]
        }
        if let payloads {
            switch Self.payloadLine(for: delivery.request, push: push, platform: payloads, render: context.render) {
            case .success(let line): outcome.lines.append(line)
            case .failure(let error):
                // Every push gets its payload line, shown or not: one that cannot be encoded says so.
                outcome.lines.append(Self.rejectedPayloadLine(for: delivery.request, platform: payloads, error: error))
                outcome.warnings.append(
                    "push \(delivery.request.identifier): no \(payloads.rawValue) payload: \(error)")
            }
        }
        return outcome
    }

    /// `{"type":"payload","identifier","platform","bytes","json"}`, and `apns-collapse-id` for APNs likes.
    private static func payloadLine(
        for request: NotificationRequest, push: GrowBroPush, platform: ReplayOptions.PayloadPlatform,
        render: @Sendable (LocalizedText) -> String
    ) -> Result<AppOutputLine, PushPayloadError> {
        // Only replies are threaded (`post_<postId>`); the request's default thread is its own identifier.
        let isReply = if case .reply = push { true } else { false }
        let message = PushMessage(
            messageID: push.messageID, text: .plain(title: render(request.title), body: render(request.body)),
            channel: request.channel, deepLink: request.deepLink, threadID: isReply ? request.threadID : nil,
            collapseID: request.collapseID)
        let payload: PushPayload
        do {
            switch platform {
            case .apns: payload = try APNsPayloadEncoder().encode(message)
            case .fcm: payload = try FCMPayloadEncoder().encode(message)
            }
        } catch {
            return .failure(error)
        }
        var fields: [(String, AppOutputLine.Value)] = [
            ("identifier", .string(request.identifier)), ("platform", .string(payload.platform.rawValue)),
            ("bytes", .integer(payload.bytes)), ("json", .string(payload.json)),
        ]
        if let header = payload.collapseIDHeader {
            fields.append(("apns-collapse-id", .string(header)))
        }
        return .success(AppOutputLine(type: "payload", fields: fields))
    }

    /// `{"type":"payload","identifier","platform","bytes":null,"json":null,"rejected":"too_large","minimumBytes",
    /// "limit"}` for a push with no payload within the limit (its title alone too long: a body is only cut with "…").
    private static func rejectedPayloadLine(
        for request: NotificationRequest, platform: ReplayOptions.PayloadPlatform, error: PushPayloadError
    ) -> AppOutputLine {
        var fields: [(String, AppOutputLine.Value)] = [
            ("identifier", .string(request.identifier)), ("platform", .string(platform.rawValue)), ("bytes", .null),
            ("json", .null), ("rejected", .string("too_large")),
        ]
        switch error {
        case .doesNotFit(let minimumBytes, let limit):
            fields.append(("minimumBytes", .integer(minimumBytes)))
            fields.append(("limit", .integer(limit)))
        }
        return AppOutputLine(type: "payload", fields: fields)
    }

    // MARK: - Links and the inbox

    /// `{"type":"link","at","url","route","params"}`, or `{"type":"link","at","url","rejected":reason}`.
    private static func linkLine(_ url: String, at instant: Date) -> AppOutputLine {
        var fields: [(String, AppOutputLine.Value)] = [("at", .instant(instant)), ("url", .string(url))]
        do {
            let match = try DeepLinkRouter.growBro.route(url)
            fields.append(("route", .string(match.route)))
            fields.append(
                ("params", .object(match.parameters.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })))
        } catch {
            fields.append(("rejected", .string(error.rawValue)))
        }
        return AppOutputLine(type: "link", fields: fields)
    }

    /// `{"type":"inbox","at","items":[…],"nextCursor","unread"}`; `"next": true` continues after the last item
    /// of the previous page.
    private mutating func pageLine(
        _ action: GrowBroSection.InboxPageAction, context: AppReplayContext
    ) async throws -> AppOutputLine {
        let page: InboxPage
        switch (action.continues, lastPage) {
        case (true, .end):
            page = InboxPage(items: [], nextCursor: nil)
        case (true, .more(let cursor)):
            page = try await inbox.page(size: action.pageSize, after: cursor, now: context.now)
        default:
            page = try await inbox.page(size: action.pageSize, after: nil, now: context.now)
        }
        lastPage = page.nextCursor.map { .more($0) } ?? .end
        let items = page.items.map { entry -> AppOutputLine.Value in
            .object([
                ("identifier", .string(entry.identifier)), ("receivedAt", .instant(entry.receivedAt)),
                ("channel", .string(entry.channelID)), ("title", .string(context.render(entry.title))),
                ("body", .string(context.render(entry.body))), ("deepLink", .string(entry.deepLink)),
                ("readAt", entry.readAt.map { .instant($0) } ?? .null),
            ])
        }
        let unread = try await inbox.unreadCount(now: context.now)
        return AppOutputLine(
            type: "inbox",
            fields: [
                ("at", .instant(context.now)), ("items", .array(items)),
                ("nextCursor", page.nextCursor.map { .string($0.description) } ?? .null), ("unread", .integer(unread)),
            ])
    }
}
