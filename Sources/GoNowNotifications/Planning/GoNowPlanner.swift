public import Foundation
public import WaveNotifications

/// GoNow's notification rules as one pure function: settings, forecast and history in, a ``NotificationPlan`` out.
///
/// The rules (docs/apps.md, GoNow):
/// - Windows per mode and local date: maximal runs of hours one hour apart, on that date, scoring ≥ 70 and not
///   heat-gated; ranked by average then earlier start; only windows ending after 06:30 local take part.
/// - Candidates: best at 06:30; backup at 06:30 when it starts before 12:00, else 12:00; the next date's best as a
///   tomorrow heads-up at 06:30; `run_dog` heat warning at 06:30 on a date without a window but with a heat-gated
///   hour. A 06:30 inside enabled quiet hours moves to the quiet end.
/// - Each candidate, in order: fire instant not after the reconcile instant → discarded without output;
///   `window_passed`; `quiet_hours` (the 12:00 backup); `already_notified`; `daily_cap`; gates; staleness.
/// - Pending requests: removed by the gates (`permission_denied`, `user_disabled`, a mode switched off) and by
///   6 h staleness at a foreground moment (`stale_data`); kept exactly as they are while the data is more than
///   3 h old; otherwise removed with their candidate's reason, or `reschedule` when there is none.
public enum GoNowPlanner {
    /// What kind of reconcile moment it is: 6 h staleness removes everything only at a foreground moment.
    public enum Moment: String, Hashable, Sendable, CaseIterable {
        /// The app is in front: start, launch, settings, permission, a new forecast.
        case foreground
        /// A background check: a DST change, a time zone move.
        case background
    }

    /// The smallest score of a window hour.
    public static let qualifyingScore = 70
    /// At most this many notifications per mode and local date.
    public static let perModeCap = 2
    /// At most this many in total per local date, unless more than two modes are on (then 2 per mode).
    public static let totalCap = 4
    /// A candidate is `already_notified` when its mode was shown less than this long before its fire instant.
    public static let capKeyInterval: TimeInterval = 30 * 60
    /// Older data schedules nothing new; pending requests stay as they are.
    public static let staleAge: TimeInterval = 3 * 3600
    /// Older data at a foreground moment removes everything.
    public static let expiredAge: TimeInterval = 6 * 3600

    private static let morning = try! LocalTime(hour: 6, minute: 30)
    private static let noon = try! LocalTime(hour: 12, minute: 0)
    private static let hour: TimeInterval = 3600

    /// Plans one reconcile moment.
    ///
    /// - Parameters:
    ///   - settings: The user's settings.
    ///   - forecast: The latest forecast; `nil` before the first one (nothing new, pending requests kept).
    ///   - now: The reconcile instant.
    ///   - moment: Foreground or background.
    ///   - timeZone: The device's zone.
    ///   - permission: The platform permission (`provisional` lowers requests to the passive level).
    ///   - history: GoNow notifications shown so far.
    ///   - pending: The requests pending on the platform.
    /// - Returns: Desired requests (sorted by fire instant, then identifier), suppressed candidates with reasons, and
    ///   the removal reason of every pending request that is not desired.
    public static func plan(
        settings: GoNowSettings, forecast: GoNowForecast?, now: Date, moment: Moment, timeZone: TimeZone,
        permission: PermissionStatus, history: [GoNowShownNotification], pending: [NotificationRequest]
    ) -> NotificationPlan {
        plan(
            settings: settings, forecast: forecast, now: now, moment: moment, timeZone: timeZone,
            permission: permission, history: NotificationHistory(history.map(\.shownNotification)), pending: pending)
    }

    /// Plans one reconcile moment against a history the caller keeps: the plan the overload taking
    /// `[GoNowShownNotification]` gives for the entries the records were made from.
    ///
    /// A caller that appends each shown notification to one ``WaveNotifications/NotificationHistory`` (a session's,
    /// an app's store) plans in time independent of how many were shown before; the list overload indexes its whole
    /// list at every call. The records must carry GoNow's keys, as ``GoNowShownNotification/shownNotification``
    /// writes them (``GoNowShownNotification/init(request:shownAt:)`` reads them from a request's metadata).
    ///
    /// - Parameters:
    ///   - settings: The user's settings.
    ///   - forecast: The latest forecast; `nil` before the first one (nothing new, pending requests kept).
    ///   - now: The reconcile instant.
    ///   - moment: Foreground or background.
    ///   - timeZone: The device's zone.
    ///   - permission: The platform permission (`provisional` lowers requests to the passive level).
    ///   - history: GoNow notifications shown so far, as the core's history records.
    ///   - pending: The requests pending on the platform.
    /// - Returns: Desired requests (sorted by fire instant, then identifier), suppressed candidates with reasons, and
    ///   the removal reason of every pending request that is not desired.
    public static func plan(
        settings: GoNowSettings, forecast: GoNowForecast?, now: Date, moment: Moment, timeZone: TimeZone,
        permission: PermissionStatus, history: NotificationHistory, pending: [NotificationRequest]
    ) -> NotificationPlan {
        let all = forecast.map { candidates(settings: settings, forecast: $0, timeZone: timeZone) } ?? []
        return plan(
            settings: settings, forecast: forecast, candidates: all, now: now, moment: moment, timeZone: timeZone,
            permission: permission, history: history, pending: pending
        ) { candidate, forecast in
            request(for: candidate, settings: settings, forecast: forecast, timeZone: timeZone, permission: permission)
        }
    }

    /// How a reconcile instant and a forecast's age bear on a plan: the plan for the same candidates is the same at
    /// two instants with equal stages.
    struct Stage: Hashable, Sendable {
        /// Candidates firing after the instant (a suffix of the candidates, which are sorted by fire instant).
        var liveCount: Int
        var wipes: Bool
        var keepsPending: Bool
    }

    /// The stage of a reconcile instant.
    static func stage(
        candidates all: [GoNowCandidate], forecast: GoNowForecast?, now: Date, moment: Moment
    ) -> Stage {
        let age = forecast.map { now.timeIntervalSince($0.fetchedAt) }
        let wipes = moment == .foreground && (age ?? 0) > expiredAge
        let keepsPending = !wipes && (age.map { $0 > staleAge } ?? true)
        let passed = all.firstIndex { $0.fireAt > now } ?? all.count
        return Stage(liveCount: all.count - passed, wipes: wipes, keepsPending: keepsPending)
    }

    /// Plans one reconcile moment from the forecast's candidates (``candidates(settings:forecast:timeZone:)``),
    /// building each request that takes part with `request`.
    static func plan(
        settings: GoNowSettings, forecast: GoNowForecast?, candidates all: [GoNowCandidate], now: Date,
        moment: Moment, timeZone: TimeZone, permission: PermissionStatus, history: NotificationHistory,
        pending: [NotificationRequest], request: (GoNowCandidate, GoNowForecast) -> NotificationRequest
    ) -> NotificationPlan {
        let decisions = decisions(
            settings: settings, forecast: forecast, candidates: all, now: now, moment: moment, timeZone: timeZone,
            history: history, request: request)
        return plan(decisions, settings: settings, permission: permission, pending: pending)
    }

    /// What the rules decide for the candidates still to fire, before the gates and the pending requests are looked
    /// at.
    struct Decisions: Sendable {
        /// The stage of the reconcile instant.
        var stage: Stage
        /// The candidates firing after the instant.
        var live: [GoNowCandidate]
        /// Their requests, with rank and keys.
        var proposed: [ProposedRequest]
        /// The reason each is held back by, if one is (`window_passed`, `quiet_hours`, `already_notified`,
        /// `daily_cap`).
        var reasons: [NotificationReason?]
    }

    /// Decides the candidates still to fire: the part of a plan the pending requests and the gates do not change.
    static func decisions(
        settings: GoNowSettings, forecast: GoNowForecast?, candidates all: [GoNowCandidate], now: Date,
        moment: Moment, timeZone: TimeZone, history: NotificationHistory,
        request: (GoNowCandidate, GoNowForecast) -> NotificationRequest
    ) -> Decisions {
        let stage = stage(candidates: all, forecast: forecast, now: now, moment: moment)
        let live = Array(all.suffix(stage.liveCount))
        let proposed =
            forecast.map { forecast in
                live.map {
                    ProposedRequest(
                        request($0, forecast), rank: $0.rank, capKey: $0.capKey, dedupeKey: $0.dedupeKey)
                }
            } ?? []
        let context = PolicyContext(now: now, timeZone: timeZone, history: history)
        var reasons = earlyReasons(for: live, proposed: proposed, settings: settings, context: context)
        applyCaps(to: proposed, reasons: &reasons, enabledModeCount: settings.enabledModes.count, context: context)
        return Decisions(stage: stage, live: live, proposed: proposed, reasons: reasons)
    }

    /// The plan of decided candidates: the gates, staleness and the pending requests applied.
    static func plan(
        _ decisions: Decisions, settings: GoNowSettings, permission: PermissionStatus,
        pending: [NotificationRequest]
    ) -> NotificationPlan {
        let gate: NotificationReason? =
            !permission.allowsDelivery ? .permissionDenied : !settings.enabled ? .userDisabled : nil
        let wipes = decisions.stage.wipes
        let keepsPending = decisions.stage.keepsPending
        let pendingIDs = Set(pending.map(\.identifier))

        var plan = NotificationPlan()
        var candidateReasons: [String: NotificationReason] = [:]
        for (index, candidate) in decisions.live.enumerated() {
            var reason = decisions.reasons[index]
            if reason == nil, let gate {
                reason = gate
            } else if gate == nil, keepsPending, pendingIDs.contains(candidate.identifier) {
                continue  // the pending request stays exactly as it is
            } else if wipes || keepsPending {
                reason = reason ?? .staleData
            }
            if let reason {
                candidateReasons[candidate.identifier] = reason
                plan.suppressed.append(
                    Suppression(identifier: candidate.identifier, fireAt: candidate.fireAt, reason: reason))
            } else {
                plan.desired.append(decisions.proposed[index].request)
            }
        }

        let desiredIDs = Set(plan.desired.map(\.identifier))
        for request in pending {
            let mode =
                request.metadataValue(forKey: GoNowMetadataKey.mode).flatMap(GoNowMode.init(rawValue:))
                ?? GoNowMode.prefixing(request.identifier)
            if let gate {
                plan.removalReasons[request.identifier] = gate
            } else if let mode, !settings.enabledModes.contains(mode) {
                plan.removalReasons[request.identifier] = .userDisabled
            } else if wipes {
                plan.removalReasons[request.identifier] = .staleData
            } else if keepsPending {
                plan.desired.append(request)
            } else if !desiredIDs.contains(request.identifier) {
                plan.removalReasons[request.identifier] = candidateReasons[request.identifier] ?? .reschedule
            }
        }
        plan.desired.sort { ($0.fireAt, $0.identifier) < ($1.fireAt, $1.identifier) }
        return plan
    }

    /// The windows of a mode per local date, ranked (best first), keeping only those ending after 06:30 local.
    ///
    /// - Parameters:
    ///   - mode: The mode.
    ///   - forecast: The forecast.
    ///   - timeZone: The device's zone.
    /// - Returns: The ranked windows of every date that has at least one.
    public static func windows(
        for mode: GoNowMode, in forecast: GoNowForecast, timeZone: TimeZone
    ) -> [LocalDate: [GoNowWindow]] {
        var instants = LocalInstants(timeZone: timeZone)
        return windows(for: mode, in: datedHours(of: forecast, timeZone: timeZone), instants: &instants)
    }

    /// The instants of the local times the rules name (06:30, 12:00) on each date, each worked out once per plan:
    /// one costs three UTC-offset look-ups, and every mode asks for the same dates.
    private struct LocalInstants {
        let timeZone: TimeZone
        private var morning: [LocalDate: Date] = [:]
        private var morningSlots: [LocalDate: Date] = [:]

        init(timeZone: TimeZone) {
            self.timeZone = timeZone
        }

        /// 06:30 on `date`.
        mutating func morning(on date: LocalDate) -> Date {
            if let known = morning[date] { return known }
            let instant = timeZone.instant(for: LocalDateTime(date: date, time: GoNowPlanner.morning))
            morning[date] = instant
            return instant
        }

        /// The 06:30 slot of `date` after the quiet-hours move, for settings that stay the same.
        mutating func morningSlot(on date: LocalDate, settings: GoNowSettings) -> Date {
            if let known = morningSlots[date] { return known }
            let slot = GoNowPlanner.morningSlot(at: morning(on: date), settings: settings, timeZone: timeZone)
            morningSlots[date] = slot
            return slot
        }
    }

    /// A forecast's hours by start, each with its local date: worked out once for every mode.
    private static func datedHours(
        of forecast: GoNowForecast, timeZone: TimeZone
    ) -> [(hour: GoNowForecastHour, date: LocalDate)] {
        forecast.hours.sorted(by: { $0.start < $1.start }).map { ($0, timeZone.localDate(for: $0.start)) }
    }

    private static func windows(
        for mode: GoNowMode, in hours: [(hour: GoNowForecastHour, date: LocalDate)], instants: inout LocalInstants
    ) -> [LocalDate: [GoNowWindow]] {
        // The mode's score of each hour, read once; runs are ranges of `hours`.
        let scores = hours.map { $0.hour.scores[mode] ?? 0 }
        var runs: [Range<Int>] = []
        var runStart: Int?
        for index in hours.indices {
            let (hour, date) = hours[index]
            let qualifies = scores[index] >= qualifyingScore && !hour.heatGated.contains(mode)
            if qualifies, let first = runStart, hours[index - 1].hour.start.addingTimeInterval(Self.hour) == hour.start,
                hours[first].date == date
            {
                continue
            }
            if let first = runStart { runs.append(first..<index) }
            runStart = qualifies ? index : nil
        }
        if let first = runStart { runs.append(first..<hours.count) }

        var result: [LocalDate: [GoNowWindow]] = [:]
        for run in runs {
            let date = hours[run.lowerBound].date
            let end = hours[run.upperBound - 1].hour.start.addingTimeInterval(Self.hour)
            guard end > instants.morning(on: date) else { continue }
            var top = run.lowerBound
            for index in run where scores[index] > scores[top] { top = index }
            result[date, default: []].append(
                GoNowWindow(
                    mode: mode, date: date, start: hours[run.lowerBound].hour.start, end: end,
                    scores: Array(scores[run]), topReason: hours[top].hour.reasons[mode]))
        }
        for date in result.keys { result[date]!.sort { $0.ranksBefore($1) } }
        return result
    }

    /// Every candidate of the modes switched on (the master switch and permission are not looked at), with fire
    /// instants after the 06:30 quiet-hours move, sorted by fire instant then identifier.
    ///
    /// - Parameters:
    ///   - settings: The settings (modes switched on, quiet hours).
    ///   - forecast: The forecast.
    ///   - timeZone: The device's zone.
    /// - Returns: The candidates, whatever their fire instant.
    public static func candidates(
        settings: GoNowSettings, forecast: GoNowForecast, timeZone: TimeZone
    ) -> [GoNowCandidate] {
        var result: [GoNowCandidate] = []
        let hours = datedHours(of: forecast, timeZone: timeZone)
        var instants = LocalInstants(timeZone: timeZone)
        for mode in settings.enabledModes.sorted() {
            let byDate = windows(for: mode, in: hours, instants: &instants)
            for (date, ranked) in byDate {
                let best = ranked[0]
                let morningFire = instants.morningSlot(on: date, settings: settings)
                result.append(
                    GoNowCandidate(
                        mode: mode, kind: .best, date: date, window: best, fireAt: morningFire, isMorningSlot: true))
                result.append(
                    GoNowCandidate(
                        mode: mode, kind: .tomorrow, date: date, window: best,
                        fireAt: instants.morningSlot(on: date.adding(days: -1), settings: settings),
                        isMorningSlot: true))
                if ranked.count > 1 {
                    let backup = ranked[1]
                    let startsInMorning = timeZone.localSecondOfDay(for: backup.start) < noon.secondsSinceMidnight
                    result.append(
                        GoNowCandidate(
                            mode: mode, kind: .backup, date: date, window: backup,
                            fireAt: startsInMorning
                                ? morningFire : timeZone.instant(for: LocalDateTime(date: date, time: noon)),
                            isMorningSlot: startsInMorning))
                }
            }
            guard mode == .runDog else { continue }
            let gatedDates = Set(hours.filter { $0.hour.heatGated.contains(.runDog) }.map(\.date))
            for date in gatedDates where byDate[date] == nil {
                result.append(
                    GoNowCandidate(
                        mode: mode, kind: .heat, date: date, window: nil,
                        fireAt: instants.morningSlot(on: date, settings: settings), isMorningSlot: true))
            }
        }
        // Each identifier is built once, not twice per comparison.
        return zip(result, result.map(\.identifier))
            .sorted { ($0.0.fireAt, $0.1) < ($1.0.fireAt, $1.1) }
            .map(\.0)
    }

    /// A date's 06:30, moved to the quiet end (the first instant at or after it whose local time is the end, with
    /// the core's DST rules) when enabled quiet hours contain it.
    ///
    /// - Parameters:
    ///   - slot: 06:30 on the date.
    ///   - settings: The settings (quiet hours).
    ///   - timeZone: The device's zone.
    private static func morningSlot(at slot: Date, settings: GoNowSettings, timeZone: TimeZone) -> Date {
        let quiet = settings.quietHours
        guard quiet.enabled, quiet.window.contains(slot, in: timeZone) else { return slot }
        return quiet.window.nextEnd(atOrAfter: slot, in: timeZone)
    }

    /// The first reasons of the chain: `window_passed`, `quiet_hours` (slots other than 06:30), then the core's
    /// ``WaveNotifications/NoRenotify`` (dedupe key shown, or cap key shown in (fireAt − 30 min, fireAt)) for
    /// `already_notified`.
    private static func earlyReasons(
        for candidates: [GoNowCandidate], proposed: [ProposedRequest], settings: GoNowSettings,
        context: PolicyContext
    ) -> [NotificationReason?] {
        let noRenotify = NoRenotify(window: .seconds(capKeyInterval))
        return zip(candidates, proposed).map { candidate, proposed in
            if let window = candidate.window, window.end <= candidate.fireAt { return .windowPassed }
            if !candidate.isMorningSlot, let quiet = settings.quietHours.policy(.suppress),
                case .dropped(let reason) = quiet.decision(for: proposed, in: context)
            {
                return reason
            }
            if case .dropped(let reason) = noRenotify.decision(for: proposed, in: context) { return reason }
            return nil
        }
    }

    /// Daily caps with the core's ``WaveNotifications/DailyCap`` over the candidates still kept (shown
    /// notifications do not count): per local date of the fire instant, 2 per mode and 4 in total (2 per mode when
    /// more than two modes are on), keeping by rank, then earlier fire instant, then identifier; the rest get
    /// `daily_cap`.
    private static func applyCaps(
        to proposed: [ProposedRequest], reasons: inout [NotificationReason?], enabledModeCount: Int,
        context: PolicyContext
    ) {
        let total = enabledModeCount > 2 ? perModeCap * enabledModeCount : totalCap
        let caps = DailyCap(perKey: perModeCap, total: total, countsShownNotifications: false)
        let kept = proposed.indices.filter { reasons[$0] == nil }
        let decisions = caps.decisions(for: kept.map { proposed[$0] }, in: context)
        for (index, decision) in zip(kept, decisions) {
            if case .dropped(let reason) = decision { reasons[index] = reason }
        }
    }

    /// The request of a candidate that passed every rule.
    static func request(
        for candidate: GoNowCandidate, settings: GoNowSettings, forecast: GoNowForecast, timeZone: TimeZone,
        permission: PermissionStatus
    ) -> NotificationRequest {
        let mode = candidate.mode
        var metadata = [
            GoNowMetadataKey.mode: mode.rawValue,
            GoNowMetadataKey.kind: candidate.kind.rawValue,
            GoNowMetadataKey.scoringVersion: forecast.scoringVersion,
            GoNowMetadataKey.fireTime: GoNowFormat.offsetStamp(candidate.fireAt, in: timeZone),
            GoNowMetadataKey.dedupeKey: candidate.dedupeKey,
            GoNowMetadataKey.capKey: candidate.capKey,
        ]
        let deepLink: String
        if let window = candidate.window {
            deepLink = "gonow://today?hour=\(GoNowFormat.localStamp(window.start, in: timeZone))&mode=\(mode.rawValue)"
            metadata[GoNowMetadataKey.windowStart] = GoNowFormat.offsetStamp(window.start, in: timeZone)
            metadata[GoNowMetadataKey.windowEnd] = GoNowFormat.offsetStamp(window.end, in: timeZone)
            metadata[GoNowMetadataKey.averageScore] = averageText(window.average)
        } else {
            deepLink = "gonow://today?mode=\(mode.rawValue)"
            let midnight = timeZone.instant(for: LocalDateTime(date: candidate.date, time: .midnight))
            let next = timeZone.instant(for: LocalDateTime(date: candidate.date.adding(days: 1), time: .midnight))
            metadata[GoNowMetadataKey.windowStart] = GoNowFormat.offsetStamp(midnight, in: timeZone)
            metadata[GoNowMetadataKey.windowEnd] = GoNowFormat.offsetStamp(next, in: timeZone)
        }
        return NotificationRequest(
            identifier: candidate.identifier, threadID: mode.rawValue, channel: GoNowChannels.channel(for: mode),
            fireAt: candidate.fireAt, title: GoNowTexts.title(for: mode, dogName: settings.dogName),
            body: GoNowTexts.body(for: candidate, dogName: settings.dogName, in: timeZone), deepLink: deepLink,
            actions: GoNowChannels.actions, interruptionLevel: permission == .provisional ? .passive : nil,
            metadata: metadata)
    }

    /// The average to two decimals, without a trailing `.0` (`82.5`, `85`, `83.33`).
    private static func averageText(_ average: Double) -> String {
        let rounded = (average * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
