internal import Foundation
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
/// Call ``reconcile(device:cause:)`` at every app run, at local midnight (``nextOwnMoment(after:in:)``, which brings
/// the next day's digest) and after a DST change; ``notificationShown(_:device:)`` when a pending request fires; the
/// action methods when the user acts. Every method takes the instant, zone and permission from its ``DeviceState``.
/// Calls take turns as ``SessionBackedService`` says, the inbox's included.
public actor GrowBroNotificationService: SessionBackedService, MidnightReconciling {
    /// Exact while allowed, else WorkManager for inexact timing (seed 004, req. 2.3).
    public static let androidScheduling: AndroidScheduling = AndroidScheduling(
        whileExactAllowed: .exactAllowWhileIdle, whileExactDenied: .work)

    /// The user's settings, with the tasks as the task actions left them.
    public internal(set) var settings: GrowBroSettings {
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
    /// The session and the gate the calls take turns at (``SessionBackedService``).
    public let sessionBacking: SessionBacking
    /// The in-app inbox: every push, reminder and digest that came due, shown or not.
    public nonisolated let inbox: any InboxStore
    /// The tasks as the settings last listed them (``replaceSettings(_:)``).
    private var settingsTasks: [GrowBroTask]
    /// Reminders and digests that came due and were suppressed, each with its task's due time then (`nil` for a
    /// digest). Shown ones are the session's.
    var suppressedDue: Set<DueKey> = []
    /// Where the last inbox page ended, for a page that continues it.
    var lastPage: PageEnd = .none
    /// A request that came due: its identifier and, for a task reminder, the task's due time.
    struct DueKey: Hashable, Sendable, Codable {
        var identifier: String
        var due: LocalDateTime?
    }

    /// Where the previous inbox page ended.
    enum PageEnd: Sendable {
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
        sessionBacking = SessionBacking(session: NotificationSession(center: center, restoring: state.session))
    }

    /// What the service remembers now, to save between app runs.
    public var savedState: SavedState {
        get async { await inTurn { SavedState(session: await session.state, suppressedDue: suppressedDue) } }
    }

    /// The task reminders and digests the settings want pending now, soonest first.
    ///
    /// - Parameter device: The instant, zone and permission now.
    /// - Returns: The desired requests.
    /// - Throws: What the platform conformer throws when listing its pending requests.
    public func desiredRequests(device: DeviceState) async throws -> [NotificationRequest] {
        try await inTurn {
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
        await inTurn {
            guard let request = await session.log.onScreen[identifier],
                let link = link(forAction: actionID, on: request)
            else { return ServiceReport() }
            let route = Result { () throws(DeepLinkRouteRejection) in try openLink(link) }
            return ServiceReport(entries: [.fact(.linkOpened(url: link, route: route, at: device.now))])
        }
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
        try await inTurn { try await reconciling(device: device, cause: cause) }
    }

    /// ``reconcile(device:cause:)`` in its turn.
    func reconciling(device: DeviceState, cause: ReconcileCause) async throws -> ServiceReport<GrowBroFact> {
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
}
