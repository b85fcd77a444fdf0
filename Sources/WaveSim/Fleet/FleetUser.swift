internal import Foundation
internal import WaveJSON
internal import WaveLinuxAdapter
internal import WaveNotifications

/// One user of a fleet: the conditions and habits drawn for them, and the app scenario they get.
///
/// Drawing is pure: the same fleet file and index give the same user, whatever shard, thread or order draws them
/// (``FleetRandom`` over the seed and the index, draws taken in a fixed order).
struct FleetUser: Sendable {
    /// The user's index, from 0.
    var index: Int
    /// `ios` or `android`.
    var platform: String
    /// The user's IANA zone.
    var timeZone: String
    /// The user's conditions, as the answer names them (`idle_battery`, `exact_alarms_denied`, `focus` …), in a fixed
    /// order; empty for an ideal phone.
    var conditions: [String]
    /// The scenario the user gets: the template with the population's envelope keys and actions, exactly what
    /// `wavesim fleet FILE --user N --emit-scenario` writes.
    var scenario: JSONValue

    /// Draws user `index` of `fleet`.
    ///
    /// - Parameters:
    ///   - fleet: The fleet.
    ///   - index: The user's index, in `0..<fleet.users`.
    init(fleet: FleetFile, index: Int) {
        let population = fleet.population
        var random = FleetRandom(seed: fleet.seed, user: index)
        self.index = index
        platform = population.platform.pick(random.unit())
        timeZone = population.timeZone.pick(random.unit())
        let zone = TimeZone(identifier: timeZone)!
        var conditions: [String] = []
        var device: [(key: String, value: JSONValue)] = []

        // Every draw is taken whatever the platform, so a user's later draws do not depend on earlier outcomes.
        let sleep = population.sleep.flatMap { Self.draw($0, &random) }
        let charging = random.chance(population.charging)
        let exactAlarmsDenied = random.chance(population.exactAlarmsDenied)
        let bucket = population.bucket.pick(random.unit())
        let focus = population.focus.flatMap { Self.draw($0, &random) }
        let focusSilences = random.chance(population.focusSilencesTimeSensitive)
        let summary = population.summary.flatMap { random.chance($0.share) ? $0.times : nil }
        let lowPower = population.lowPower.flatMap { Self.draw($0, &random) }

        if let sleep {
            conditions.append(charging ? "idle_charging" : "idle_battery")
            device.append(
                ("idle", .array([Self.window(sleep, extra: [("charging", .bool(charging))])])))
        }
        if platform == "android" {
            if exactAlarmsDenied { conditions.append("exact_alarms_denied") }
            if bucket != "active" { conditions.append("bucket_\(bucket)") }
            device.append(
                (
                    "android",
                    .object([
                        ("exactAlarms", .string(exactAlarmsDenied ? "denied" : "allowed")), ("bucket", .string(bucket)),
                    ])
                ))
        } else if platform == "ios" {
            var ios: [(key: String, value: JSONValue)] = []
            if let focus {
                conditions.append(focusSilences ? "focus_silences_time_sensitive" : "focus")
                ios.append(("focus", .array([Self.window(focus, extra: [("timeSensitive", .bool(!focusSilences))])])))
            }
            if let summary {
                conditions.append("scheduled_summary")
                ios.append(("scheduledSummary", .array(summary.map { .string($0) })))
            }
            if let lowPower {
                conditions.append("low_power")
                ios.append(("lowPower", .array([Self.window(lowPower, extra: [])])))
            }
            if !ios.isEmpty { device.append(("ios", .object(ios))) }
        }
        self.conditions = conditions

        // The habits, day by day: launches at waking times, refreshes and pushes at any time.
        let firstDay = fleet.start.daysSinceEpoch
        let start = zone.instant(naiveSeconds: firstDay * 86_400)
        var actions: [(at: Date, action: JSONValue)] = []
        var pushNumber = 0
        for day in 0..<fleet.days {
            let midnight = (firstDay + day) * 86_400
            func instant(minute: Int) -> Date { zone.instant(naiveSeconds: midnight + minute * 60) }
            for _ in 0..<random.poisson(population.launchesPerDay) {
                let minute = Self.wakingMinute(sleep: sleep, &random)
                actions.append((instant(minute: minute), Self.action("launch", at: instant(minute: minute))))
            }
            for _ in 0..<random.poisson(population.backgroundRefreshesPerDay) {
                let at = instant(minute: random.below(1440))
                actions.append((at, Self.action("backgroundRefresh", at: at)))
            }
            for (kind, rate) in population.pushesPerDay {
                for _ in 0..<random.poisson(rate) {
                    let at = instant(minute: random.below(1440))
                    pushNumber += 1
                    actions.append((at, Self.push(kind, number: pushNumber, post: random.below(5), at: at)))
                }
            }
            // Drawn last each day: a fleet without them draws every other habit as before.
            for _ in 0..<random.poisson(population.forceStopsPerDay) {
                let at = instant(minute: Self.wakingMinute(sleep: sleep, &random))
                actions.append((at, Self.action("forceStop", at: at)))
            }
            for _ in 0..<random.poisson(population.backgroundPushesPerDay) {
                let at = instant(minute: random.below(1440))
                pushNumber += 1
                actions.append((at, Self.push("refresh", number: pushNumber, post: random.below(5), at: at)))
            }
        }
        // In time order (drawing order at equal instants), after the template's own actions: the replay sorts them
        // the same way (by instant, file order at equal instants).
        let ordered = actions.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }
        let until = start.addingTimeInterval(TimeInterval(fleet.days) * 86_400)
        let actionsInWindow = ordered.map(\.element).filter { $0.at >= start && $0.at <= until }.map(\.action)

        guard case .object(let template) = fleet.template else { preconditionFailure("the decoder checked it") }
        var members = template.filter { $0.key != "actions" }
        members.append(("timeZone", .string(timeZone)))
        members.append(("now", .string(UTCDateParts(start).iso8601)))
        if fleet.app != "worldwidewaves" {
            members.append(("until", .string(UTCDateParts(until).iso8601)))
        }
        members.append(("platform", .string(platform)))
        if !device.isEmpty { members.append(("device", .object(device))) }
        var templateActions: [JSONValue] = []
        if case .array(let own) = template.first(where: { $0.key == "actions" })?.value ?? .null {
            templateActions = own
        }
        members.append(("actions", .array(templateActions + actionsInWindow)))
        scenario = .object(members)
    }

    /// A window drawn from its range, or `nil` when the user does not have it.
    private static func draw(
        _ window: FleetPopulation.Window, _ random: inout FleetRandom
    ) -> (from: Int, length: Int)? {
        let has = random.chance(window.share)
        let span = (window.latestStart - window.earliestStart + 1440) % 1440
        let from = (window.earliestStart + random.inRange(0...span)) % 1440
        let length = random.inRange(window.shortest...window.longest)
        return has ? (from, length) : nil
    }

    /// A minute of the day outside the sleep window (any minute without one).
    private static func wakingMinute(sleep: (from: Int, length: Int)?, _ random: inout FleetRandom) -> Int {
        guard let sleep else { return random.below(1440) }
        return (sleep.from + sleep.length + random.below(1440 - sleep.length)) % 1440
    }

    private static func window(
        _ window: (from: Int, length: Int), extra: [(key: String, value: JSONValue)]
    ) -> JSONValue {
        .object(
            [("from", .string(hhmm(window.from))), ("to", .string(hhmm((window.from + window.length) % 1440)))]
                + extra)
    }

    private static func hhmm(_ minutes: Int) -> String {
        let hour = minutes / 60
        let minute = minutes % 60
        return (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }

    private static func action(_ type: String, at: Date) -> JSONValue {
        .object([("at", .string(UTCDateParts(at).iso8601)), ("type", .string(type))])
    }

    /// A GrowBro push of `kind`; its message id is unique in the scenario (`fleet-N`).
    private static func push(_ kind: String, number: Int, post: Int, at: Date) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("at", .string(UTCDateParts(at).iso8601)), ("type", .string("push")), ("kind", .string(kind)),
            ("messageId", .string("fleet-\(number)")),
        ]
        switch kind {
        case "reply":
            members += [
                ("postId", .string("post\(post)")), ("author", .string("Sam")), ("text", .string("Looks great!")),
            ]
        case "like":
            members += [("postId", .string("post\(post)")), ("author", .string("Sam"))]
        case "refresh":
            members += [("postId", .string("post\(post)"))]
        default:
            members += [("title", .string("GrowBro")), ("text", .string("New features are here."))]
        }
        return .object(members)
    }
}
