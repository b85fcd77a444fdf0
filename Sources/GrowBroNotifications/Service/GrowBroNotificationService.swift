public import Foundation
public import WaveNotifications

/// GrowBro's notifications at run time: what the app calls when it runs, when a push arrives, when a task reminder
/// or digest comes due, and at each of the user's actions (tasks, inbox, links).
///
/// The service keeps the settings (with the tasks), the in-app inbox (any ``InboxStore``), the reminders that came
/// due and were suppressed, where the last inbox page ended, and, through its session, the one history of what
/// was shown. At each ``reconcile(device:cause:)`` it plans task reminders and overdue digests with
/// ``GrowBroPlanner`` and brings the platform's pending requests to that plan. Gates and channel switches apply
/// when a notification is due, not at the reconcile (``GrowBroDeliveryRules``): a push when it arrives
/// (``receive(_:device:)``), a reminder or digest when it fires (``notificationShown(_:device:)``); every one of them,
/// shown or suppressed, adds an inbox entry.
///
/// Never again: an identifier shown once is not scheduled again by a reconcile; that rule is the session's
/// (``DeliveryLog/isDone(_:)``). A ``rescheduleTask(_:to:device:)`` to a new due time is the user's own request: the
/// service tells the session so (``NotificationSession/allowAgain(_:)``) and the task gets a reminder at the new
/// time, with the same identifier `task_<id>`, even when the reminder for its old time was already shown. A
/// reminder or digest that came due and was suppressed is not scheduled again either (a launch at that instant,
/// quiet hours switched on that would move it ahead), until its task is moved to another due time.
///
/// Call ``reconcile(device:cause:)`` at every app run, at local midnight (``nextOwnMoment(after:in:)``) and after a
/// DST change; ``notificationShown(_:device:)`` when a pending request fires; the action methods when the user acts.
/// Every method takes the instant, zone and permission from its ``DeviceState``. Calls that wait on the platform or
/// the inbox run one at a time, in the order they arrived: a push that arrives while a reconcile waits on the platform
/// is decided after it, against what it left.
public actor GrowBroNotificationService: AppNotificationService {
    /// Exact while allowed, else WorkManager for inexact timing (seed 004, req. 2.3).
    public static let androidScheduling: AndroidScheduling = AndroidScheduling(
        whileExactAllowed: .exactAllowWhileIdle, whileExactDenied: .work)

    /// The user's settings, with the tasks as the task actions left them.
    public private(set) var settings: GrowBroSettings {
        didSet { settingsRevision &+= 1 }
    }
    /// Changes whenever ``settings`` do (tasks added, completed or moved included).
    private var settingsRevision = 0
    /// The candidates of the last plan and what they were made of: a reconcile on the same local date with the same
    /// settings and zone plans nothing and only sorts them by the instant and the pending requests again.
    private var lastCandidates: (key: CandidatesKey, candidates: [NotificationRequest])?
    /// How much planning work the reconciles did so far (for tests).
    package private(set) var planningCounts = PlanReuseCounts()

    /// What the candidates are made of: equal keys give equal candidates.
    private struct CandidatesKey: Hashable {
        var settingsRevision: Int
        var today: LocalDate
        var timeZone: TimeZone
    }
    /// The history of what was shown, and the platform calls.
    let session: NotificationSession
    /// The in-app inbox: every push, reminder and digest that came due, shown or not.
    public nonisolated let inbox: any InboxStore
    /// The tasks as the settings last listed them (``replaceSettings(_:)``).
    private var settingsTasks: [GrowBroTask]
    /// Reminders and digests that came due and were suppressed, each with its task's due time then (`nil` for a
    /// digest). Shown ones are the session's.
    private var suppressedDue: Set<DueKey> = []
    /// Where the last inbox page ended, for a page that continues it.
    private var lastPage: PageEnd = .none
    /// Lets the calls run one at a time, in the order they arrived, though each waits on the session, the inbox and
    /// the platform.
    private let gate = CallGate()

    /// How many calls wait for the one running (for tests).
    package var waitingCallCount: Int { gate.waitingCount }

    /// A request that came due: its identifier and, for a task reminder, the task's due time.
    fileprivate struct DueKey: Hashable, Sendable, Codable {
        var identifier: String
        var due: LocalDateTime?
    }

    /// Where the previous inbox page ended.
    private enum PageEnd: Sendable {
        /// No page yet: a continuing page is the first one.
        case none
        /// More entries followed the page: the next one continues at this cursor.
        case more(InboxCursor)
        /// Nothing followed the page: a next page is empty (entries added since are newer, never after it).
        case end
    }

    /// What the service remembers between app runs besides its settings (save ``settings`` too: task actions change
    /// its tasks) and its inbox (an ``InboxStore`` keeps itself): the reminders that came due and were suppressed,
    /// and the session's history. Save ``savedState`` when the app's process may end and pass it to
    /// ``init(settings:center:inbox:restoring:)`` at the next run.
    public struct SavedState: Hashable, Sendable, Codable {
        /// What was shown and is on screen, and the suppressions reported.
        public var session: NotificationSession.State
        /// The reminders and digests that came due and were suppressed.
        fileprivate var suppressedDue: Set<DueKey>

        /// An empty state, for a first run.
        public init() {
            session = NotificationSession.State()
            suppressedDue = []
        }

        /// How many reminders and digests that came due and were suppressed it names (for tests).
        package var suppressedDueCount: Int { suppressedDue.count }

        fileprivate init(session: NotificationSession.State, suppressedDue: Set<DueKey>) {
            self.session = session
            self.suppressedDue = suppressedDue
        }
    }

    /// Creates the service.
    ///
    /// - Parameters:
    ///   - settings: The user's settings, with the tasks.
    ///   - center: The platform conformer its requests go to.
    ///   - inbox: The in-app inbox; an empty in-memory one by default.
    ///   - state: What the service remembered at the end of the app's last run; empty for a first run.
    public init(
        settings: GrowBroSettings, center: any NotificationRequestCenter,
        inbox: any InboxStore = InMemoryInboxStore(), restoring state: SavedState = SavedState()
    ) {
        self.settings = settings
        settingsTasks = settings.tasks
        self.inbox = inbox
        suppressedDue = state.suppressedDue
        session = NotificationSession(center: center, restoring: state.session)
    }

    /// What the service remembers now, to save between app runs.
    public var savedState: SavedState {
        get async { await gate.run { SavedState(session: await session.state, suppressedDue: suppressedDue) } }
    }

    /// When the next shown notification expires, if one does.
    public var nextExpiry: Date? {
        get async { await gate.run { await session.nextExpiry } }
    }

    /// The next local midnight after an instant (``nextOwnMoment(after:in:)-swift.type.method``).
    ///
    /// - Parameters:
    ///   - instant: The current instant.
    ///   - zone: The device's zone.
    /// - Returns: The next local 00:00.
    public nonisolated func nextOwnMoment(after instant: Date, in zone: TimeZone) -> Date? {
        Self.nextOwnMoment(after: instant, in: zone)
    }

    /// Withdraws the shown notifications whose expiry has come (`expired`).
    ///
    /// - Parameter device: The instant now.
    /// - Returns: The withdrawals.
    /// - Throws: What the platform conformer throws.
    @discardableResult
    public func withdrawExpired(device: DeviceState) async throws -> ServiceReport<GrowBroFact> {
        try await gate.run { ServiceReport(try await session.withdrawExpired(at: device.now)) }
    }

    /// The task reminders and digests the settings want pending now, soonest first.
    ///
    /// - Parameter device: The instant, zone and permission now.
    /// - Returns: The desired requests.
    /// - Throws: What the platform conformer throws when listing its pending requests.
    public func desiredRequests(device: DeviceState) async throws -> [NotificationRequest] {
        try await gate.run {
            let pending = try await session.pendingRequests()
            return await plan(device: device, pending: pending).desired.sorted { $0.fireAt < $1.fireAt }
        }
    }

    /// The user responded to a shown notification: a tap (or `reply`, which opens the post) opens its deep link,
    /// `view_profile` opens the author's profile; each link goes through GrowBro's router (``openLink(_:)``).
    ///
    /// - Parameters:
    ///   - identifier: The notification's identifier.
    ///   - actionID: ``NotificationAction/defaultActionID``, `reply` or `view_profile` (``link(forAction:on:)``).
    ///   - device: The instant now.
    /// - Returns: The link opened, or nothing when the notification is not on screen or the action opens nothing.
    public func respond(
        to identifier: String, actionID: String, device: DeviceState
    ) async throws -> ServiceReport<GrowBroFact> {
        await gate.run {
            guard let request = await session.log.onScreen[identifier],
                let link = link(forAction: actionID, on: request)
            else { return ServiceReport() }
            let route = Result { () throws(DeepLinkRouteRejection) in try openLink(link) }
            return ServiceReport(entries: [.fact(.linkOpened(url: link, route: route, at: device.now))])
        }
    }

    /// The next local midnight after an instant: GrowBro's own reconcile moment, which brings the next day's digest.
    ///
    /// - Parameters:
    ///   - instant: The current instant.
    ///   - zone: The device's zone.
    /// - Returns: The next local 00:00 (shifted forward when midnight is in a DST gap).
    public nonisolated static func nextOwnMoment(after instant: Date, in zone: TimeZone) -> Date {
        zone.instant(for: LocalDateTime(date: zone.localDate(for: instant).adding(days: 1), time: .midnight))
    }

    /// Replaces the settings after the user changed them; the next reconcile plans with them.
    ///
    /// Settings whose tasks are the ones the settings last listed keep the tasks as the task actions left them
    /// (completed, rescheduled, added); settings with other tasks replace them.
    ///
    /// - Parameter settings: The new settings.
    public func replaceSettings(_ settings: GrowBroSettings) {
        let tasks = settings.tasks == settingsTasks ? self.settings.tasks : settings.tasks
        settingsTasks = settings.tasks
        self.settings = settings
        self.settings.tasks = tasks
    }

    // MARK: - App runs and due notifications

    /// Plans the task reminders and digests and brings the pending requests to the plan.
    ///
    /// A pending reminder whose instant has passed (quiet hours switched off after its due time, a pending task moved
    /// to a time already past) is decided and shown now, late, instead of being removed. A reconcile on the same local
    /// date as the last one, in the same zone and with the same settings, reuses its reminders and digests.
    ///
    /// - Parameters:
    ///   - device: The instant, zone and permission now.
    ///   - cause: Why the app reconciles (GrowBro plans the same for every cause).
    /// - Returns: Cancellations (`reschedule`), then late deliveries or their suppressions, in order.
    /// - Throws: What the platform conformer or the inbox throws; the calls made before it stand.
    @discardableResult
    public func reconcile(device: DeviceState, cause: ReconcileCause) async throws -> ServiceReport<GrowBroFact> {
        try await gate.run { try await reconciling(device: device, cause: cause) }
    }

    /// ``reconcile(device:cause:)`` inside the gate.
    private func reconciling(device: DeviceState, cause: ReconcileCause) async throws -> ServiceReport<GrowBroFact> {
        let pending = try await session.pendingRequests()
        let plan = await plan(device: device, pending: pending)
        var events = await session.report(plan.suppressed, at: device.now)
        events += try await session.applyPending(plan, over: pending, at: device.now)
        for request in plan.showNow {
            events += try await decideDue(request, device: device, showsOnPlatform: true)
        }
        try await forgetWhatNoRuleReads(device: device)
        return ServiceReport(events)
    }

    // MARK: - Bounded state

    /// How far back a reconcile keeps what was shown (not on screen), the suppressions reported and the reminders
    /// and digests suppressed (docs/core.md, "Bounded state"): a week. A reminder or digest comes due at or after its
    /// instant, and its instant moves later only with the zone (at most 26 h, UTC+14 → UTC−12) or quiet hours
    /// switched on (to their end, less than 24 h later); the plan wants a candidate only while its instant is ahead,
    /// and its digests are yesterday's to tomorrow's. A push's message id is used once.
    static let lookBack: TimeInterval = 7 * 86_400
    /// How many shown notifications the log keeps on screen at most after a reconcile: the latest ones. GrowBro never
    /// withdraws a push or a reminder itself, so what is on screen would leave the log only as the platform takes
    /// it away; no platform the package models shows more (the simulated iOS and Android centers show the latest
    /// 1,000, `ShownNotifications.capacity`; the Linux adapter's registry keeps 512). A like or a response on one
    /// taken off the log finds nothing to collapse or open, as on the platform (docs/core.md, "Bounded state").
    static let onScreenKept = 1_000
    /// More on screen than this makes a reconcile take the oldest off the log, down to ``onScreenKept``: a trim (a
    /// sort of what is on screen) every 50 showings, not at every reconcile, and a saved state within 5% of its size
    /// at the bound.
    static let onScreenBeyond = 1_050

    /// Forgets what no rule reads any more: what was shown more than a week ago and is neither on screen nor the
    /// reminder of a task listed (a task listed again, or moved back to the same due time, reads it), the
    /// suppressions of candidates due more than a week ago, the reminders and digests suppressed whose due time
    /// (digests: their date) is more than a week back, past 1,050 on screen all but the latest 1,000, and the inbox
    /// entries past its purge age (``InboxStore/purgeArchived(now:)``).
    private func forgetWhatNoRuleReads(device: DeviceState) async throws {
        let cutoff = device.now.addingTimeInterval(-Self.lookBack)
        let listed = Set(settings.tasks.map { GrowBroLinks.taskIdentifier($0.id) })
        await session.forget(
            shownBefore: cutoff, suppressionsDueBefore: cutoff, keeping: listed, onScreenBeyond: Self.onScreenBeyond,
            keepingOnScreen: Self.onScreenKept)
        // Housekeeping, not the call's work: a purge that fails removes nothing (the entries stay, still archived) and
        // the next reconcile tries again; a store that cannot be written fails its next `add`, which is reported.
        _ = try? await inbox.purgeArchived(now: device.now)
        let oldest = device.timeZone.localDate(for: cutoff).adding(days: -1)
        let isRead = { (key: DueKey) -> Bool in
            if let due = key.due { return due.date >= oldest }
            guard let date = GrowBroLinks.digestDate(ofIdentifier: key.identifier) else { return false }
            return date >= oldest
        }
        if !suppressedDue.allSatisfy(isRead) { suppressedDue = suppressedDue.filter(isRead) }
    }

    /// The plan at an instant, without what came due and was suppressed and what is done.
    private func plan(device: DeviceState, pending: [NotificationRequest]) async -> NotificationPlan {
        let key = CandidatesKey(
            settingsRevision: settingsRevision, today: device.timeZone.localDate(for: device.now),
            timeZone: device.timeZone)
        planningCounts.plans += 1
        let candidates: [NotificationRequest]
        if let lastCandidates, lastCandidates.key == key {
            planningCounts.plansReused += 1
            candidates = lastCandidates.candidates
        } else {
            candidates = GrowBroPlanner.candidates(settings: settings, today: key.today, timeZone: device.timeZone)
            lastCandidates = (key, candidates)
        }
        var plan = GrowBroPlanner.plan(
            candidates: candidates, now: device.now, pending: Set(pending.map(\.identifier)))
        plan.desired.removeAll { suppressedDue.contains(dueKey($0)) }
        plan.showNow.removeAll { suppressedDue.contains(dueKey($0)) }
        return await session.removingDone(from: plan)
    }

    /// Decides a pending task reminder or digest the platform fired now: the permission, then its channel switch.
    ///
    /// Shown or suppressed, it adds an inbox entry received now. A push is not decided here (it was decided when it
    /// arrived, ``receive(_:device:)``): handed one, the service records it as shown.
    ///
    /// Call it where the platform lets the app decide before a request is shown: `WaveLinuxAdapter`'s delivery gate,
    /// an Android alarm receiver that posts the notification itself, an iOS app in the foreground
    /// (`userNotificationCenter(_:willPresent:)`: present nothing for a suppression). Where the system shows it on its
    /// own (iOS in the background), call it at the app's next run for what was shown meanwhile; a suppression it
    /// returns then names a notification the user already saw, which the app may take off the screen.
    ///
    /// It runs at once, not in turn after the service's other calls: the platform may report a showing while one of
    /// them waits on it (the Linux adapter's delivery gate is asked inside the manager's `show`, which a reconcile
    /// may be waiting on), and waiting for that call would never end.
    ///
    /// - Parameters:
    ///   - request: The request that fired.
    ///   - device: The instant, zone and permission now.
    /// - Returns: The delivery, or the suppression (`permission_denied`, `category_disabled`).
    /// - Throws: What the inbox or the platform conformer throws.
    @discardableResult
    public func notificationShown(
        _ request: NotificationRequest, device: DeviceState
    ) async throws -> ServiceReport<GrowBroFact> {
        guard request.metadataValue(forKey: "messageId") == nil else {
            return ServiceReport(try await session.recordShown(request, at: device.now))
        }
        return ServiceReport(try await decideDue(request, device: device, showsOnPlatform: false))
    }

    /// Records a task reminder the system showed while the app was not running (iOS shows a pending request at its
    /// instant
    /// without running the app): call it at the next app run, before reconciling, for each one the platform
    /// reports shown since the last run, in the order they were shown.
    ///
    /// - Parameters:
    ///   - request: The request the system showed.
    ///   - shownAt: When it was shown.
    ///   - device: The device's state at this app run.
    /// - Returns: What the app does about it now (a withdrawal of an older notification it collapses). The reminder
    ///   goes into the inbox with `receivedAt` = `shownAt`.
    /// - Throws: What the platform conformer throws.
    @discardableResult
    public func notificationShownWhileClosed(
        _ request: NotificationRequest, shownAt: Date, device: DeviceState
    ) async throws -> ServiceReport<GrowBroFact> {
        try await gate.run {
            try await inbox.add(GrowBroDelivery.shown(request).inboxEntry(receivedAt: shownAt))
            return ServiceReport(
                try await session.recordShownWhileClosed(request, shownAt: shownAt, now: device.now))
        }
    }

    /// A push arrived: decided now (permission, channel switch, quiet hours), put in the inbox either way, and shown
    /// through the session (a newer like on a post withdraws the older one on screen, `collapsed`).
    ///
    /// - Parameters:
    ///   - push: The server's message.
    ///   - device: The instant, zone and permission now.
    /// - Returns: The decision (its request is what a push server encodes) and what happened.
    /// - Throws: What the inbox or the platform conformer throws.
    @discardableResult
    public func receive(_ push: GrowBroPush, device: DeviceState) async throws -> GrowBroPushResult {
        try await gate.run {
            let delivery = GrowBroDeliveryRules.decide(
                push, receivedAt: device.now, settings: settings, permission: device.permission,
                timeZone: device.timeZone)
            try await inbox.add(delivery.inboxEntry(receivedAt: device.now))
            let events: [NotificationEvent]
            if let suppression = delivery.suppression {
                events = await session.report([suppression], at: device.now)
            } else {
                events = try await session.show(delivery.request, at: device.now)
            }
            return GrowBroPushResult(delivery: delivery, events: events)
        }
    }

    // MARK: - Tasks

    /// The user completed a task: its reminder is no longer wanted (a pending one is cancelled, `reschedule`) and it
    /// is never overdue; then the service reconciles.
    ///
    /// - Parameters:
    ///   - taskID: The task's id.
    ///   - device: The instant, zone and permission now.
    /// - Returns: ``GrowBroTaskActionResult/Outcome/noSuchTask`` when no task has the id, and the reconcile's events.
    /// - Throws: What the platform conformer or the inbox throws.
    @discardableResult
    public func completeTask(_ taskID: String, device: DeviceState) async throws -> GrowBroTaskActionResult {
        try await gate.run {
            let found = settings.completeTask(taskID)
            return try await afterTaskAction(found ? .applied : .noSuchTask, type: "complete", device: device)
        }
    }

    /// The user moved a task to another due time: its reminder is replaced by one at the new time; then the service
    /// reconciles.
    ///
    /// A new due time is the user's own request: the reminder `task_<id>` is scheduled for it even when the reminder
    /// for the old time was already shown. The same due time again is not: once its reminder was shown, nothing is
    /// scheduled (``GrowBroTaskActionResult/Outcome/reminderAlreadyShown``), as a reconcile never shows a slot twice.
    ///
    /// - Parameters:
    ///   - taskID: The task's id.
    ///   - due: The new due local date and time.
    ///   - device: The instant, zone and permission now.
    /// - Returns: How the task changed, and the reconcile's events.
    /// - Throws: What the platform conformer or the inbox throws.
    @discardableResult
    public func rescheduleTask(
        _ taskID: String, to due: LocalDateTime, device: DeviceState
    ) async throws -> GrowBroTaskActionResult {
        try await gate.run {
            let identifier = GrowBroLinks.taskIdentifier(taskID)
            let outcome: GrowBroTaskActionResult.Outcome
            if let task = settings.tasks.first(where: { $0.id == taskID }) {
                if task.due == due {
                    outcome = await session.log.isDone(identifier) ? .reminderAlreadyShown : .applied
                } else {
                    settings.rescheduleTask(taskID, to: due)
                    await session.allowAgain([identifier])
                    outcome = .applied
                }
            } else {
                outcome = .noSuchTask
            }
            return try await afterTaskAction(outcome, type: "reschedule", device: device)
        }
    }

    /// The user added a task (or replaced the task with its id): its reminder is wanted at its due time; then the
    /// service reconciles.
    ///
    /// - Parameters:
    ///   - task: The task.
    ///   - device: The instant, zone and permission now.
    /// - Returns: ``GrowBroTaskActionResult/Outcome/applied`` and the reconcile's events.
    /// - Throws: What the platform conformer or the inbox throws.
    @discardableResult
    public func addTask(_ task: GrowBroTask, device: DeviceState) async throws -> GrowBroTaskActionResult {
        try await gate.run {
            settings.addTask(task)
            return try await afterTaskAction(.applied, type: "addTask", device: device)
        }
    }

    // MARK: - Inbox and links

    /// The user read a notification in the inbox: every entry with the identifier is marked read now.
    ///
    /// - Parameters:
    ///   - identifier: The notification's identifier (`msg_<messageId>`, `task_<id>`, `overdue_<YYYY-MM-DD>`).
    ///   - device: The instant now.
    /// - Returns: How many entries have the identifier; 0 when none came due yet (nothing changed).
    /// - Throws: What the inbox throws.
    public func markRead(_ identifier: String, device: DeviceState) async throws -> Int {
        try await gate.run { try await inbox.markRead(identifier: identifier, at: device.now) }
    }

    /// The user deleted a notification from the inbox: every entry with the identifier is deleted now.
    ///
    /// - Parameters:
    ///   - identifier: The notification's identifier.
    ///   - device: The instant now.
    /// - Returns: How many entries have the identifier; 0 when none came due yet (nothing changed).
    /// - Throws: What the inbox throws.
    public func delete(_ identifier: String, device: DeviceState) async throws -> Int {
        try await gate.run { try await inbox.delete(identifier: identifier, at: device.now) }
    }

    /// The user asked for their data to be erased: every inbox entry is removed for good.
    ///
    /// - Throws: What the inbox throws.
    public func eraseInbox() async throws {
        try await gate.run { try await inbox.eraseAll() }
    }

    /// One page of the inbox, newest first; a continuing page starts after the last entry of the previous page
    /// (entries added since do not shift it).
    ///
    /// - Parameters:
    ///   - size: The most entries, 1…100.
    ///   - continuing: Whether the page continues the previous one; with no previous page, the first page.
    ///   - device: The instant now (30-day archive).
    /// - Returns: The entries, not deleted and not archived, and a cursor when more follow.
    /// - Throws: ``InboxError/pageSizeOutOfRange(_:)``, or what the inbox throws; the paging state is then unchanged.
    public func inboxPage(size: Int, continuing: Bool, device: DeviceState) async throws -> InboxPage {
        try await gate.run {
            let page: InboxPage
            switch (continuing, lastPage) {
            case (true, .end):
                page = InboxPage(items: [], nextCursor: nil)
            case (true, .more(let cursor)):
                page = try await inbox.page(size: size, after: cursor, now: device.now)
            default:
                page = try await inbox.page(size: size, after: nil, now: device.now)
            }
            lastPage = page.nextCursor.map { .more($0) } ?? .end
            return page
        }
    }

    /// The inbox's counts now.
    ///
    /// - Parameter device: The instant now (30-day archive).
    /// - Returns: Entries not deleted and not archived, and of them the unread ones.
    /// - Throws: What the inbox throws.
    public func inboxCounts(device: DeviceState) async throws -> GrowBroInboxCounts {
        try await gate.run {
            let total = try await inbox.totalCount(now: device.now)
            let unread = try await inbox.unreadCount(now: device.now)
            return GrowBroInboxCounts(total: total, unread: unread)
        }
    }

    /// The user opened a link: routed through GrowBro's allowlist (``DeepLinkRouter/growBro``).
    ///
    /// - Parameter link: The link as given.
    /// - Returns: The route and its parameters.
    /// - Throws: ``DeepLinkRouteRejection``, the first of the router's checks that fails.
    public nonisolated func openLink(_ link: String) throws(DeepLinkRouteRejection) -> DeepLinkMatch {
        try DeepLinkRouter.growBro.route(link)
    }

    /// What the user's pick on a shown notification opens: a click its deep link, Reply the post, View profile
    /// `growbro://profile/<authorId>` (see ``GrowBroActions/link(forAction:on:)``). Open the link with
    /// ``openLink(_:)``.
    ///
    /// - Parameters:
    ///   - actionID: The action's id as the platform reports it; `nil` for a click on the notification.
    ///   - request: The shown notification's request.
    /// - Returns: The link to open, or `nil` when the notification does not offer that action.
    public nonisolated func link(forAction actionID: String?, on request: NotificationRequest) -> String? {
        GrowBroActions.link(forAction: actionID, on: request)
    }

    // MARK: - Private

    /// Decides a reminder or digest due now, adds its inbox entry, and shows or reports it.
    private func decideDue(
        _ request: NotificationRequest, device: DeviceState, showsOnPlatform: Bool
    ) async throws -> [NotificationEvent] {
        let delivery = GrowBroDeliveryRules.decideAtFire(
            request, at: device.now, settings: settings, permission: device.permission, timeZone: device.timeZone)
        try await inbox.add(delivery.inboxEntry(receivedAt: device.now))
        guard let suppression = delivery.suppression else {
            return showsOnPlatform
                ? try await session.show(request, at: device.now)
                : try await session.recordShown(request, at: device.now)
        }
        suppressedDue.insert(dueKey(request))
        // The line names the instant the request was for: a late one held by quiet hours keeps its own.
        return await session.report(
            [Suppression(identifier: request.identifier, fireAt: request.fireAt, reason: suppression.reason)],
            at: device.now)
    }

    /// Reconciles after a task action (a user action of the app's own).
    private func afterTaskAction(
        _ outcome: GrowBroTaskActionResult.Outcome, type: String, device: DeviceState
    ) async throws -> GrowBroTaskActionResult {
        let events = try await reconciling(device: device, cause: .userAction(type))
        return GrowBroTaskActionResult(outcome: outcome, events: events.events)
    }

    /// The request's identifier with, for a task reminder, its task's due time in the current settings.
    private func dueKey(_ request: NotificationRequest) -> DueKey {
        let task = request.metadataValue(forKey: "taskId").flatMap { id in settings.tasks.first { $0.id == id } }
        return DueKey(identifier: request.identifier, due: task?.due)
    }
}
