public import Foundation
public import WaveNotifications

/// Hydracat's notification rules as a pure function: settings, logs, snoozes and what was shown in, a plan out.
///
/// What was shown and is on screen is read from the caller's ``WaveNotifications/DeliveryLog`` (the one history
/// a ``WaveNotifications/NotificationSession`` keeps; ``HydracatNotificationService`` passes its session's), so the
/// planner never keeps a copy of it.
///
/// At a reconcile instant in a time zone, ``plan(at:in:permission:shown:)`` looks at every occurrence of yesterday,
/// today and tomorrow (local dates of the instant) that fires at or after ``replayStart``:
/// - reminder at the slot (DST: a slot in a gap fires shifted forward, one in an overlap at the earlier instant;
///   a shifted slot landing on another slot's instant is dropped); never scheduled again once shown;
/// - grace: an unlogged reminder never shown whose instant is in [now − 30 min, now) is shown now, marked late;
///   an older one is suppressed `missed` (the session reports each suppression once);
/// - follow-up at the reminder's instant + 2 h, moved to the next 08:00 when that is at/after 23:00 or before
///   08:00 local; a snooze in ``snoozes`` stays wanted until it fires;
/// - a logged slot (the pet's own: two pets may both have a schedule `s1`) wants nothing (its pending requests go with `reschedule`) and its shown ones are withdrawn
///   (`responded`); notifications shown before today's local date are withdrawn (`expired`, the midnight cleanup);
/// - the weekly summary at the next Monday 09:00 per pet, for the Monday–Sunday before it (not when nothing was
///   due), and the end-of-day check (today's and tomorrow's) when enabled and something up to its time is unlogged;
/// - gates: a denied or undetermined permission drops every candidate with `permission_denied`, else the app's
///   switch off drops them with `user_disabled`; every Hydracat identifier of the horizon gets that removal
///   reason. A provisional permission makes every request `passive`.
public struct HydracatPlanner: Sendable {
    /// The grace period of late reminders: 30 minutes (the core's ``WaveNotifications/Grace``).
    public static let grace = Grace(grace: .seconds(30 * 60))
    /// Follow-ups 2 hours after their reminder; one falling in [23:00, 08:00) local moves to 08:00 (the core's
    /// ``WaveNotifications/FollowUp`` with a no-follow-up window).
    public static let followUp = FollowUp(
        delay: .seconds(2 * 60 * 60),
        noFollowUpWindow: LocalTimeWindow(
            start: try! LocalTime(hour: 23, minute: 0), end: try! LocalTime(hour: 8, minute: 0)))
    /// The delay of a snoozed notification: 15 minutes.
    public static let snoozeDelay: Duration = .seconds(15 * 60)
    /// The weekly summary's local time, on Mondays.
    public static let weeklyTime = try! LocalTime(hour: 9, minute: 0)

    /// The user's settings.
    public var settings: HydracatSettings
    /// Treatments logged as done; a log covers only its own pet's occurrences (one naming no pet covers every pet
    /// with its schedule id, see ``TreatmentLog``).
    public var logs: Set<TreatmentLog>
    /// Occurrences firing before this instant do not count anywhere (no reminder, no summary count).
    public var replayStart: Date
    /// Snoozes the user asked for, by snooze identifier; record each ``HydracatSnooze/record`` here.
    public var snoozes: [String: SnoozeRecord]

    /// Creates a planner.
    ///
    /// - Parameters:
    ///   - settings: The user's settings.
    ///   - logs: Treatments logged as done.
    ///   - replayStart: Only occurrences firing at or after it count.
    ///   - snoozes: Snoozes asked for, by snooze identifier.
    public init(
        settings: HydracatSettings, logs: Set<TreatmentLog> = [], replayStart: Date,
        snoozes: [String: SnoozeRecord] = [:]
    ) {
        self.settings = settings
        self.logs = logs
        self.replayStart = replayStart
        self.snoozes = snoozes
    }

    /// The plan at a reconcile instant.
    ///
    /// - Parameters:
    ///   - now: The reconcile instant.
    ///   - timeZone: The device's zone; local dates, slots and summaries are read in it.
    ///   - permission: The platform permission.
    ///   - shown: What was shown and is on screen (a session's ``WaveNotifications/NotificationSession/log``). A
    ///     notification shown is not a candidate again here (no reminder, no grace, no suppression for it); the
    ///     session leaves out of the plan what is done.
    /// - Returns: Requests wanted pending, shown now, suppressed, removal reasons, and withdrawals.
    public func plan(
        at now: Date, in timeZone: TimeZone, permission: PermissionStatus, shown: DeliveryLog
    ) -> HydracatPlan {
        var builder = PlanBuilder(
            gate: !permission.allowsDelivery ? .permissionDenied : settings.isEnabled ? nil : .userDisabled,
            level: permission == .provisional ? .passive : nil)
        let today = timeZone.localDate(for: now)
        let facts = Facts(now: now, today: today, timeZone: timeZone, shown: shown)
        addTreatments(to: &builder, facts)
        addWeekly(to: &builder, facts)
        addEndOfDay(to: &builder, facts)
        for identifier in shown.onScreen.keys.sorted() where builder.withdrawals[identifier] == nil {
            if let shownAt = shown.lastShownAt[identifier], timeZone.localDate(for: shownAt) < today {
                builder.withdrawals[identifier] = .expired
            }
        }
        return builder.finish()
    }

    /// Snoozes a shown treatment notification: withdraws it (`snoozed`) and repeats its texts 15 minutes later
    /// under the slot's `snooze` identifier, replacing an earlier snooze of the slot.
    ///
    /// - Parameters:
    ///   - identifier: The shown notification's identifier.
    ///   - now: The snooze instant.
    ///   - timeZone: The device's zone.
    ///   - permission: The platform permission.
    ///   - shown: What is on screen (a session's ``WaveNotifications/NotificationSession/log``).
    /// - Returns: The snooze, or `nil` when it does nothing: snoozing is off, a gate is closed, the notification
    ///   is not on screen, or it is a summary.
    /// - Throws: ``HydracatError`` when the identifier is malformed or names another user, an unknown pet or an
    ///   unknown schedule (the error quotes no medication name or dose, and not the identifier itself).
    public func snooze(
        identifier: String, at now: Date, in timeZone: TimeZone, permission: PermissionStatus, shown: DeliveryLog
    ) throws(HydracatError) -> HydracatSnooze? {
        let parsed = try HydracatIdentifier(parsing: identifier)
        guard parsed.userID == settings.userID else { throw .unknownUser }
        guard let pet = settings.pet(withID: parsed.petID) else { throw .unknownPet }
        guard parsed.type.isTreatment else { return nil }
        guard let schedule = pet.schedules.first(where: { $0.id == parsed.scheduleID }) else {
            throw .unknownSchedule(petID: pet.id)
        }
        guard settings.isSnoozeEnabled, settings.isEnabled, permission.allowsDelivery,
            shown.isOnScreen(identifier)
        else { return nil }
        let repeating = parsed.type == .snooze ? snoozes[identifier]?.repeating ?? .reminder : parsed.type
        let record = SnoozeRecord(fireAt: now.addingTimeInterval(Self.snoozeDelay.timeInterval), repeating: repeating)
        let request = treatmentRequest(
            parsed.with(type: .snooze), texts: repeating, pet: pet, kind: schedule.kind, fireAt: record.fireAt,
            level: permission == .provisional ? .passive : nil)
        return HydracatSnooze(
            withdrawal: Withdrawal(identifier: identifier, reason: .snoozed), request: request, record: record)
    }

    /// The next local midnight after an instant: the midnight-cleanup reconcile moment.
    ///
    /// - Parameters:
    ///   - instant: The instant.
    ///   - timeZone: The device's zone.
    /// - Returns: The instant of the next local 00:00 (shifted forward when midnight is in a DST gap).
    public static func nextMidnight(after instant: Date, in timeZone: TimeZone) -> Date {
        timeZone.nextMidnight(after: instant)
    }

    /// The occurrences of a schedule on a local date, soonest first: each slot with its fire instant.
    ///
    /// A slot in a DST gap fires as far after the transition as it was after the gap's start; when that lands on
    /// the instant of another slot of the same day, the shifted one is dropped. Duplicate times count once.
    ///
    /// - Parameters:
    ///   - schedule: The schedule.
    ///   - date: The local date.
    ///   - timeZone: The device's zone.
    /// - Returns: The slots and their fire instants.
    public static func occurrences(
        of schedule: TreatmentSchedule, on date: LocalDate, in timeZone: TimeZone
    ) -> [(slot: LocalDateTime, fireAt: Date)] {
        let all = Set(schedule.times).sorted().map { time in
            let slot = LocalDateTime(date: date, time: time)
            return (slot: slot, fireAt: timeZone.instant(for: slot))
        }
        let exact = all.filter { timeZone.localDateTime(for: $0.fireAt) == $0.slot }
        let exactInstants = Set(exact.map(\.fireAt))
        return all.filter {
            timeZone.localDateTime(for: $0.fireAt) == $0.slot || !exactInstants.contains($0.fireAt)
        }
    }

    /// The follow-up instant of a reminder: 2 hours later, or the next local 08:00 when that is at or after 23:00
    /// or before 08:00.
    ///
    /// - Parameters:
    ///   - reminder: The reminder's fire instant.
    ///   - timeZone: The device's zone.
    /// - Returns: The follow-up's fire instant.
    public static func followUpInstant(after reminder: Date, in timeZone: TimeZone) -> Date {
        followUp.fireInstant(following: reminder, in: timeZone)
    }

    // MARK: - Rules

    private func addTreatments(to builder: inout PlanBuilder, _ facts: Facts) {
        for pet in settings.pets {
            for schedule in pet.schedules {
                for day in -1...1 {
                    for occurrence in Self.occurrences(
                        of: schedule, on: facts.today.adding(days: day), in: facts.timeZone)
                    {
                        let reminder = HydracatIdentifier(
                            userID: settings.userID, petID: pet.id, scheduleID: schedule.id, slot: occurrence.slot,
                            type: .reminder)
                        addTreatment(
                            reminder, fireAt: occurrence.fireAt, pet: pet, kind: schedule.kind, facts, to: &builder)
                    }
                }
            }
        }
    }

    private func addTreatment(
        _ reminder: HydracatIdentifier, fireAt: Date, pet: HydracatPet, kind: TreatmentKind, _ facts: Facts,
        to builder: inout PlanBuilder
    ) {
        let now = facts.now
        let followUp = reminder.with(type: .followup)
        let snooze = reminder.with(type: .snooze)
        let ids = [reminder, followUp, snooze].map(\.description)
        builder.universe.formUnion(ids)
        if logs.containsLog(petID: reminder.petID, scheduleID: reminder.scheduleID, slot: reminder.slot) {
            for id in ids where facts.shown.isOnScreen(id) { builder.withdrawals[id] = .responded }
            return
        }
        guard fireAt >= replayStart else { return }
        if facts.shown.lastShownAt[ids[0]] == nil {
            let request = treatmentRequest(
                reminder, texts: .reminder, pet: pet, kind: kind, fireAt: fireAt, level: builder.level)
            let context = PolicyContext(now: now, timeZone: facts.timeZone)
            switch Self.grace.decision(for: ProposedRequest(request), in: context) {
            case .late: builder.showLate(request)
            case .dropped(let reason): builder.suppress(ids[0], fireAt: fireAt, reason: reason)
            case .kept, .moved, .lowered: builder.want(request)  // Grace keeps or marks late, nothing else.
            }
        }
        let followUpAt = Self.followUpInstant(after: fireAt, in: facts.timeZone)
        if facts.shown.lastShownAt[ids[1]] == nil, followUpAt > now {
            builder.want(
                treatmentRequest(
                    followUp, texts: .followup, pet: pet, kind: kind, fireAt: followUpAt, level: builder.level))
        }
        if let record = snoozes[ids[2]], record.fireAt > now {
            builder.want(
                treatmentRequest(
                    snooze, texts: record.repeating, pet: pet, kind: kind, fireAt: record.fireAt,
                    level: builder.level))
        }
    }

    private func addWeekly(to builder: inout PlanBuilder, _ facts: Facts) {
        let (now, timeZone) = (facts.now, facts.timeZone)
        var monday = facts.today
        while monday.weekday != .monday { monday = monday.adding(days: 1) }
        var fireAt = timeZone.instant(for: LocalDateTime(date: monday, time: Self.weeklyTime))
        if fireAt < now {
            monday = monday.adding(days: 7)
            fireAt = timeZone.instant(for: LocalDateTime(date: monday, time: Self.weeklyTime))
        }
        for pet in settings.pets {
            let identifier = HydracatIdentifier(
                userID: settings.userID, petID: pet.id, scheduleID: HydracatIdentifier.noSchedule,
                slot: LocalDateTime(date: monday, time: Self.weeklyTime), type: .weekly)
            let id = identifier.description
            builder.universe.insert(id)
            guard settings.isWeeklySummaryEnabled else {
                builder.removalReasons[id] = .userDisabled
                continue
            }
            guard facts.shown.lastShownAt[id] == nil else { continue }
            let count = weekCount(of: pet, weekStart: monday.adding(days: -7), timeZone: timeZone)
            guard count.due > 0 else { continue }
            let texts = HydracatContent.weeklyTexts(petName: pet.name, logged: count.logged, due: count.due)
            builder.want(
                summaryRequest(identifier, title: texts.title, body: texts.body, fireAt: fireAt, level: builder.level))
        }
    }

    /// Due and logged occurrences of a pet in the seven local days from `weekStart`, counting only those firing
    /// at or after ``replayStart``.
    private func weekCount(of pet: HydracatPet, weekStart: LocalDate, timeZone: TimeZone) -> (due: Int, logged: Int) {
        var due = 0
        var logged = 0
        for schedule in pet.schedules {
            for day in 0..<7 {
                for occurrence in Self.occurrences(of: schedule, on: weekStart.adding(days: day), in: timeZone)
                where occurrence.fireAt >= replayStart {
                    due += 1
                    if logs.containsLog(petID: pet.id, scheduleID: schedule.id, slot: occurrence.slot) { logged += 1 }
                }
            }
        }
        return (due, logged)
    }

    private func addEndOfDay(to builder: inout PlanBuilder, _ facts: Facts) {
        let (now, timeZone) = (facts.now, facts.timeZone)
        let time = settings.endOfDay.time
        for date in [facts.today, facts.today.adding(days: 1)] {
            let slot = LocalDateTime(date: date, time: time)
            let fireAt = timeZone.instant(for: slot)
            for pet in settings.pets {
                let identifier = HydracatIdentifier(
                    userID: settings.userID, petID: pet.id, scheduleID: HydracatIdentifier.noSchedule, slot: slot,
                    type: .eod)
                let id = identifier.description
                builder.universe.insert(id)
                guard settings.endOfDay.isEnabled else {
                    builder.removalReasons[id] = .userDisabled
                    continue
                }
                guard fireAt >= now, facts.shown.lastShownAt[id] == nil else { continue }
                var notLogged = 0
                for schedule in pet.schedules {
                    for occurrence in Self.occurrences(of: schedule, on: date, in: timeZone)
                    where occurrence.slot.time <= time && occurrence.fireAt >= replayStart
                        && !logs.containsLog(petID: pet.id, scheduleID: schedule.id, slot: occurrence.slot)
                    {
                        notLogged += 1
                    }
                }
                guard notLogged > 0 else { continue }
                let texts = HydracatContent.endOfDayTexts(petName: pet.name, notLogged: notLogged)
                builder.want(
                    summaryRequest(
                        identifier, title: texts.title, body: texts.body, fireAt: fireAt, level: builder.level))
            }
        }
    }

    // MARK: - Requests

    private func treatmentRequest(
        _ identifier: HydracatIdentifier, texts: HydracatNotificationType, pet: HydracatPet, kind: TreatmentKind,
        fireAt: Date, level: NotificationChannel.InterruptionLevel?
    ) -> NotificationRequest {
        let content = HydracatContent.treatmentTexts(for: texts, petName: pet.name, slot: identifier.slot, kind: kind)
        let actions =
            settings.isSnoozeEnabled
            ? [HydracatContent.snoozeAction, HydracatContent.logAction] : [HydracatContent.logAction]
        return NotificationRequest(
            identifier: identifier.description, threadID: "\(identifier.userID)|\(identifier.petID)",
            channel: HydracatContent.channel(for: identifier.type), fireAt: fireAt, title: content.title,
            body: content.body, deepLink: HydracatContent.deepLink(for: identifier), actions: actions,
            interruptionLevel: level, metadata: HydracatContent.metadata(for: identifier))
    }

    private func summaryRequest(
        _ identifier: HydracatIdentifier, title: LocalizedText, body: LocalizedText, fireAt: Date,
        level: NotificationChannel.InterruptionLevel?
    ) -> NotificationRequest {
        NotificationRequest(
            identifier: identifier.description, threadID: "\(identifier.userID)|\(identifier.petID)",
            channel: HydracatContent.channel(for: identifier.type), fireAt: fireAt, title: title, body: body,
            deepLink: HydracatContent.deepLink(for: identifier), interruptionLevel: level,
            metadata: HydracatContent.metadata(for: identifier))
    }
}

/// What one reconcile reads: the instant, its local date and zone, and what was shown.
private struct Facts {
    let now: Date
    let today: LocalDate
    let timeZone: TimeZone
    let shown: DeliveryLog
}

/// Collects one reconcile's candidates, applying the gate.
private struct PlanBuilder {
    let gate: NotificationReason?
    let level: NotificationChannel.InterruptionLevel?
    var desired: [NotificationRequest] = []
    var showNow: [NotificationRequest] = []
    var suppressed: [Suppression] = []
    var removalReasons: [String: NotificationReason] = [:]
    var withdrawals: [String: NotificationReason] = [:]
    /// Every identifier the rules considered, so a closed gate can name the reason for any pending one.
    var universe: Set<String> = []

    init(gate: NotificationReason?, level: NotificationChannel.InterruptionLevel?) {
        self.gate = gate
        self.level = level
    }

    mutating func want(_ request: NotificationRequest) {
        if let gate {
            suppress(request.identifier, fireAt: request.fireAt, reason: gate)
        } else {
            desired.append(request)
        }
    }

    mutating func showLate(_ request: NotificationRequest) {
        if let gate {
            suppress(request.identifier, fireAt: request.fireAt, reason: gate)
        } else {
            var late = request
            late.metadata[HydracatPlan.lateMetadataKey] = "true"
            showNow.append(late)
        }
    }

    mutating func suppress(_ identifier: String, fireAt: Date, reason: NotificationReason) {
        suppressed.append(Suppression(identifier: identifier, fireAt: fireAt, reason: reason))
    }

    func finish() -> HydracatPlan {
        var reasons = removalReasons
        if let gate {
            for id in universe { reasons[id] = gate }
        }
        let order: (NotificationRequest, NotificationRequest) -> Bool = {
            ($0.fireAt, $0.identifier) < ($1.fireAt, $1.identifier)
        }
        return HydracatPlan(
            plan: NotificationPlan(
                desired: desired.sorted(by: order), showNow: showNow.sorted(by: order),
                suppressed: suppressed.sorted {
                    ($0.fireAt, $0.identifier) < ($1.fireAt, $1.identifier)
                },
                removalReasons: reasons),
            withdrawals: withdrawals.sorted { $0.key < $1.key }.map {
                Withdrawal(identifier: $0.key, reason: $0.value)
            })
    }
}
