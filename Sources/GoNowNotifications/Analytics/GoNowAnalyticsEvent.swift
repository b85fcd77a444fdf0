public import Foundation
public import WaveNotifications

/// One of GoNow's on-device analytics events, with exactly the fields of the seed's table, in its order.
///
/// | name | fields |
/// |---|---|
/// | `notif_scheduled` | `mode`, `window_start`, `window_end`, `avg_score`, `scoring_version`, `fire_time` |
/// | `notif_fired` | `mode`, `window_start`, `notification_id` |
/// | `notif_cancelled` | `mode`, `reason` (`user_disabled` / `reschedule` / `stale_data`) |
/// | `notif_dst_reschedule` | `old_offset`, `new_offset`, `count_rescheduled` |
///
/// Times are local with their offset (`2026-06-01T07:00+03:00`), offsets `+03:00`; ``timestamp`` is when it
/// happened. Build request-based events from requests made by ``GoNowPlanner`` (their metadata carries the window).
public struct GoNowAnalyticsEvent: Hashable, Sendable {
    /// The event's name, as logged.
    public enum Name: String, Hashable, Sendable, CaseIterable {
        /// A notification was scheduled.
        case scheduled = "notif_scheduled"
        /// A notification was shown.
        case fired = "notif_fired"
        /// A scheduled notification was cancelled.
        case cancelled = "notif_cancelled"
        /// A UTC offset change made the app re-check its pending notifications.
        case dstReschedule = "notif_dst_reschedule"
    }

    /// A field value: text, whole number or decimal.
    public enum Value: Hashable, Sendable, CustomStringConvertible {
        /// Text.
        case string(String)
        /// A whole number.
        case integer(Int)
        /// A decimal number.
        case decimal(Double)

        public var description: String {
            switch self {
            case .string(let text): text
            case .integer(let number): String(number)
            case .decimal(let number): String(number)
            }
        }
    }

    /// The event's name.
    public var name: Name
    /// When it happened.
    public var timestamp: Date
    /// The fields, in the seed's order.
    public var fields: [(name: String, value: Value)]

    /// Creates an event.
    ///
    /// - Parameters:
    ///   - name: The name.
    ///   - timestamp: When it happened.
    ///   - fields: The fields, in order.
    public init(name: Name, timestamp: Date, fields: [(name: String, value: Value)]) {
        self.name = name
        self.timestamp = timestamp
        self.fields = fields
    }

    /// The value of a field, if present.
    ///
    /// - Parameter field: The field's name (`mode`, `reason`, …).
    /// - Returns: Its value.
    public subscript(field: String) -> Value? { fields.first { $0.name == field }?.value }

    /// `notif_scheduled` for a request built by ``GoNowPlanner``.
    ///
    /// - Parameters:
    ///   - request: The scheduled request.
    ///   - timestamp: When it was scheduled.
    /// - Returns: The event, or `nil` when the request has no GoNow metadata.
    public static func scheduled(_ request: NotificationRequest, at timestamp: Date) -> GoNowAnalyticsEvent? {
        let data = request.metadata
        guard let mode = data[GoNowMetadataKey.mode], let start = data[GoNowMetadataKey.windowStart],
            let end = data[GoNowMetadataKey.windowEnd], let fireTime = data[GoNowMetadataKey.fireTime]
        else { return nil }
        let average = data[GoNowMetadataKey.averageScore].flatMap(Double.init)
        return GoNowAnalyticsEvent(
            name: .scheduled, timestamp: timestamp,
            fields: [
                ("mode", .string(mode)), ("window_start", .string(start)), ("window_end", .string(end)),
                ("avg_score", average.map(Value.decimal) ?? .string("")),
                ("scoring_version", .string(data[GoNowMetadataKey.scoringVersion] ?? "")),
                ("fire_time", .string(fireTime)),
            ])
    }

    /// `notif_fired` for a shown request built by ``GoNowPlanner``; `notification_id` is its numeric id.
    ///
    /// - Parameters:
    ///   - request: The shown request.
    ///   - timestamp: When it was shown.
    /// - Returns: The event, or `nil` when the request has no GoNow metadata.
    public static func fired(_ request: NotificationRequest, at timestamp: Date) -> GoNowAnalyticsEvent? {
        guard let mode = request.metadataValue(forKey: GoNowMetadataKey.mode),
            let start = request.metadataValue(forKey: GoNowMetadataKey.windowStart)
        else { return nil }
        return GoNowAnalyticsEvent(
            name: .fired, timestamp: timestamp,
            fields: [
                ("mode", .string(mode)), ("window_start", .string(start)),
                ("notification_id", .integer(Int(request.numericID))),
            ])
    }

    /// `notif_cancelled` for a removed request, its reason folded into the seed's three.
    ///
    /// `user_disabled` and `permission_denied` log `user_disabled`, `stale_data` logs `stale_data`, every other
    /// reason (a candidate replaced, capped, passed, …) logs `reschedule`.
    ///
    /// - Parameters:
    ///   - identifier: The removed request's identifier (`swim_solo_2026-06-01_best`).
    ///   - reason: Why it was removed.
    ///   - timestamp: When it was removed.
    /// - Returns: The event, or `nil` when the identifier does not start with a mode.
    public static func cancelled(
        identifier: String, reason: NotificationReason, at timestamp: Date
    ) -> GoNowAnalyticsEvent? {
        guard let mode = GoNowMode.prefixing(identifier) else { return nil }
        let logged: String =
            switch reason {
            case .userDisabled, .permissionDenied: "user_disabled"
            case .staleData: "stale_data"
            default: "reschedule"
            }
        return GoNowAnalyticsEvent(
            name: .cancelled, timestamp: timestamp,
            fields: [("mode", .string(mode.rawValue)), ("reason", .string(logged))])
    }

    /// `notif_dst_reschedule` when the zone's UTC offset changed and the pending requests were re-checked.
    ///
    /// - Parameters:
    ///   - oldOffset: Seconds east of UTC before the change.
    ///   - newOffset: Seconds east of UTC after it.
    ///   - countRescheduled: How many pending requests were re-checked.
    ///   - timestamp: The instant of the change.
    /// - Returns: The event, offsets written `+03:00`.
    public static func dstReschedule(
        oldOffset: Int, newOffset: Int, countRescheduled: Int, at timestamp: Date
    ) -> GoNowAnalyticsEvent {
        GoNowAnalyticsEvent(
            name: .dstReschedule, timestamp: timestamp,
            fields: [
                ("old_offset", .string(TimeZone.offsetText(seconds: oldOffset))),
                ("new_offset", .string(TimeZone.offsetText(seconds: newOffset))),
                ("count_rescheduled", .integer(countRescheduled)),
            ])
    }

    /// The `notif_cancelled` and `notif_scheduled` events of applying a plan over the pending requests.
    ///
    /// - Parameters:
    ///   - plan: The plan from one of the `GoNowPlanner.plan(settings:forecast:now:moment:timeZone:permission:history:pending:)`
    ///     overloads.
    ///   - pending: The requests pending before it.
    ///   - timestamp: The reconcile instant.
    /// - Returns: Cancellations (pending not desired, in pending order), then schedules (desired requests that are new
    ///   or differ from the pending one, in plan order).
    public static func events(
        applying plan: NotificationPlan, over pending: [NotificationRequest], at timestamp: Date
    ) -> [GoNowAnalyticsEvent] {
        let desired = Dictionary(plan.desired.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        let before = Dictionary(pending.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        let cancellations = pending.filter { desired[$0.identifier] == nil }.compactMap {
            cancelled(
                identifier: $0.identifier, reason: plan.removalReasons[$0.identifier] ?? .reschedule, at: timestamp)
        }
        let schedules = plan.desired.filter { before[$0.identifier] != $0 }.compactMap { scheduled($0, at: timestamp) }
        return cancellations + schedules
    }

    public static func == (lhs: GoNowAnalyticsEvent, rhs: GoNowAnalyticsEvent) -> Bool {
        lhs.name == rhs.name && lhs.timestamp == rhs.timestamp && lhs.fields.map(\.name) == rhs.fields.map(\.name)
            && lhs.fields.map(\.value) == rhs.fields.map(\.value)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(timestamp)
        for field in fields {
            hasher.combine(field.name)
            hasher.combine(field.value)
        }
    }
}
