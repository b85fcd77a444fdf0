public import Foundation
public import WaveNotifications

/// Shadow's check-in rules as pure functions: settings, an instant, a zone, the permission and the history in,
/// a ``WaveNotifications/NotificationPlan`` out.
///
/// The rules (docs/apps.md, Shadow):
/// - Occurrences in [reconcile instant, +48 h) of every enabled category, per local calendar day with the core's
///   recurrence rules (DST gap and overlap rules, interval windows wrapping midnight, duplicate times once).
/// - Anchor mode fires at the category's enabled anchors; disabled anchors are skipped by every category. The
///   supplements category in anchor mode fires at the enabled anchors its notifying supplements use, listing at
///   each time the supplements due then; in the other modes each notification lists every notifying supplement.
///   With no notifying supplement it has nothing to send.
/// - An identifier already shown (answered or not) is never scheduled again.
/// - Gates: permission `denied`/`notDetermined` drops every candidate and removes every pending request with
///   `permission_denied`; a category switched off computes no candidates and its pending requests are removed with
///   `user_disabled`; `provisional` lowers requests to the passive level.
/// - Each request expires ``ShadowCheckIn/expiresAfter`` after its fire instant (withdrawn unless answered, by the
///   platform or at the app's next run).
public enum ShadowPlanner {
    /// How far ahead a reconcile schedules: occurrences in [now, now + 48 h).
    public static let horizon: TimeInterval = 48 * 3600
    /// The metadata key holding a request's category.
    public static let categoryMetadataKey = "category"
    /// The metadata key holding a request's slot (`YYYY-MM-DDTHH:MM`).
    public static let slotMetadataKey = "slot"

    /// Plans one reconcile moment.
    ///
    /// - Parameters:
    ///   - settings: The user's settings.
    ///   - now: The reconcile instant; the horizon is [now, now + 48 h).
    ///   - timeZone: The device's zone.
    ///   - permission: The platform permission.
    ///   - history: Shadow notifications shown so far (an identifier in it is not scheduled again).
    ///   - pending: Shadow's requests pending on the platform.
    /// - Returns: Desired requests sorted by fire instant then identifier, suppressed candidates with reasons, and
    ///   the removal reason of every pending request that a gate or a switched-off category removes (others that
    ///   are no longer desired are removed with `reschedule`).
    public static func plan(
        settings: ShadowSettings, now: Date, timeZone: TimeZone, permission: PermissionStatus,
        history: NotificationHistory = .empty, pending: [NotificationRequest] = []
    ) -> NotificationPlan {
        var cache = ShadowPlanCache(lookahead: 0)
        return cache.plan(
            settings: settings, now: now, timeZone: timeZone, permission: permission, history: history,
            pending: pending)
    }

    /// The gates of a permission (Shadow has no master switch: a category switched off plans nothing).
    static func gates(_ permission: PermissionStatus) -> Gates {
        Gates(permission: permission, userEnabled: true)
    }

    /// Gives every pending request that is not desired the reason a gate or a switched-off category removes it
    /// with (others are removed with `reschedule`).
    static func addRemovalReasons(
        to plan: inout NotificationPlan, pending: [NotificationRequest], desired: Set<String>,
        settings: ShadowSettings, permission: PermissionStatus
    ) {
        let closedReason = gates(permission).closedReason
        for request in pending where !desired.contains(request.identifier) {
            let category =
                request.metadataValue(forKey: categoryMetadataKey).flatMap(ShadowCategory.init(rawValue:))
                ?? ShadowCheckIn.category(ofIdentifier: request.identifier)
            if let reason = closedReason {
                plan.removalReasons[request.identifier] = reason
            } else if let category, !settings.settings(for: category).enabled {
                plan.removalReasons[request.identifier] = .userDisabled
            }
        }
    }

    /// The check-ins every enabled category wants in `start..<end`.
    ///
    /// - Parameters:
    ///   - settings: The user's settings.
    ///   - start: The first instant included.
    ///   - end: The first instant not included.
    ///   - zone: The zone local times are read in.
    /// - Returns: The check-ins sorted by fire instant, then identifier; one per category and slot.
    public static func checkIns(
        settings: ShadowSettings, from start: Date, to end: Date, in zone: TimeZone
    ) -> [ShadowCheckIn] {
        var result: [ShadowCheckIn] = []
        for category in ShadowCategory.allCases {
            let categorySettings = settings.settings(for: category)
            guard categorySettings.enabled, let plan = slots(of: category, settings: settings) else { continue }
            for occurrence in plan.rule.occurrences(from: start, to: end, in: zone) {
                let names = plan.namesByTime[occurrence.slot.time] ?? plan.names
                result.append(
                    ShadowCheckIn(
                        category: category, slot: occurrence.slot, fireAt: occurrence.fireAt,
                        anchor: plan.anchorByTime[occurrence.slot.time], supplementNames: names,
                        expiresAfterMinutes: categorySettings.expiresAfterMinutes))
            }
        }
        // The identifier is built from its parts on each read: build it once per check-in, not per comparison.
        return result.map { (checkIn: $0, identifier: $0.identifier) }
            .sorted { ($0.checkIn.fireAt, $0.identifier) < ($1.checkIn.fireAt, $1.identifier) }
            .map(\.checkIn)
    }

    /// The request of a check-in: identifier, thread `shadow_<category>`, the category's channel, texts, deep link,
    /// expiry and routing metadata (category and slot only).
    ///
    /// - Parameter checkIn: The check-in.
    /// - Returns: The request, at the channel's interruption level (a gate may lower it).
    public static func request(for checkIn: ShadowCheckIn) -> NotificationRequest {
        // The identifier, the link and the slot metadata share the slot's text: written once, not three times.
        let category = checkIn.category.rawValue
        let date = checkIn.slot.date.description
        let time = checkIn.slot.time.description
        let slot = date + "T" + time
        return NotificationRequest(
            identifier: "shadow_" + category + "_" + date + "_" + time, threadID: "shadow_" + category,
            channel: ShadowChannels.channel(for: checkIn.category), fireAt: checkIn.fireAt,
            title: ShadowTexts.title(for: checkIn.category), body: ShadowTexts.body(for: checkIn),
            deepLink: "shadow://entry/" + category + "?slot=" + slot, expiresAfter: checkIn.expiresAfter,
            metadata: [categoryMetadataKey: category, slotMetadataKey: slot])
    }

    // MARK: - Per category

    /// A category's rule with what its occurrences carry per local time.
    private struct SlotPlan {
        var rule: RecurrenceRule
        var anchorByTime: [LocalTime: ShadowAnchor] = [:]
        var namesByTime: [LocalTime: [String]] = [:]
        var names: [String] = []
    }

    /// The rule of an enabled category, or `nil` when it has nothing to send (no enabled anchor, no time, no
    /// notifying supplement).
    private static func slots(of category: ShadowCategory, settings: ShadowSettings) -> SlotPlan? {
        let notifying = settings.supplements.filter(\.notify)
        if category == .supplements && notifying.isEmpty { return nil }
        switch settings.settings(for: category).schedule(for: category) {
        case .anchors(let anchors):
            var anchorByTime: [LocalTime: ShadowAnchor] = [:]
            var namesByTime: [LocalTime: [String]] = [:]
            if category == .supplements {
                for supplement in notifying {
                    var times: Set<LocalTime> = []
                    for anchor in supplement.anchors.sorted() where settings.setting(for: anchor).enabled {
                        let time = settings.setting(for: anchor).time
                        anchorByTime[time] = min(anchorByTime[time] ?? anchor, anchor)
                        if times.insert(time).inserted { namesByTime[time, default: []].append(supplement.name) }
                    }
                }
            } else {
                for anchor in Set(anchors).sorted() where settings.setting(for: anchor).enabled {
                    let time = settings.setting(for: anchor).time
                    if anchorByTime[time] == nil { anchorByTime[time] = anchor }
                }
            }
            guard let rule = try? RecurrenceRule.daily(at: Array(anchorByTime.keys)) else { return nil }
            return SlotPlan(rule: rule, anchorByTime: anchorByTime, namesByTime: namesByTime)
        case .interval(let hours, let from, let to):
            // The step was checked when the settings were made.
            guard let rule = try? RecurrenceRule.interval(hours: hours, from: from, to: to) else { return nil }
            return SlotPlan(rule: rule, names: notifying.map(\.name))
        case .times(let times):
            // Empty times send nothing; 13 or more were refused when the settings were made.
            guard let rule = try? RecurrenceRule.daily(at: times) else { return nil }
            return SlotPlan(rule: rule, names: notifying.map(\.name))
        }
    }
}
