public import Foundation
internal import WaveJSON
internal import WaveLinuxAdapter
internal import WaveNotifications

/// Reads a scenario file (`events.json`) strictly: every problem is collected with its JSON path, unknown
/// keys become warnings, and times must carry a zone.
public struct ScenarioDecoder {
    /// The scenario and what was ignored in it.
    public struct Result: Sendable {
        /// The decoded scenario.
        public var scenario: Scenario
        /// Warnings, such as unknown keys, each with its JSON path.
        public var warnings: [String]
    }

    private var problems: [ScenarioError.Problem] = []
    private var warnings: [String] = []

    /// Decodes a scenario.
    ///
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - file: The file's name, for messages.
    /// - Returns: The scenario and its warnings.
    /// - Throws: ``ScenarioError`` listing every problem found.
    public static func decode(_ data: Data, file: String) throws(ScenarioError) -> Result {
        let root: JSONValue
        do {
            root = try JSONParser.parse([UInt8](data))
        } catch {
            throw ScenarioError(file: file, problems: [.init(path: "", message: "not valid JSON: \(error)")])
        }
        var decoder = ScenarioDecoder()
        let scenario = decoder.decodeRoot(root)
        guard decoder.problems.isEmpty, let scenario else {
            var error = ScenarioError(file: file, problems: decoder.problems)
            error.warnings = decoder.warnings
            throw error
        }
        return Result(scenario: scenario, warnings: decoder.warnings)
    }

    private mutating func problem(_ path: String, _ message: String) {
        problems.append(.init(path: path, message: message))
    }

    private mutating func decodeRoot(_ root: JSONValue) -> Scenario? {
        guard let members = object(root, at: "", allowed: ["now", "events", "actions"]) else { return nil }
        let explicitNow = members["now"].flatMap { instant($0, at: "now") }
        // With an invalid `now` there is no start to check actions against: say nothing rather than guess.
        let nowIsInvalid = members["now"] != nil && explicitNow == nil

        var events: [ScenarioEvent] = []
        if let value = members["events"] {
            if case .array(let elements) = value {
                if elements.isEmpty { problem("events", "expected at least one event") }
                var seen: [String: Int] = [:]
                for (index, element) in elements.enumerated() {
                    guard let event = decodeEvent(element, at: "events[\(index)]") else { continue }
                    if let first = seen[event.id] {
                        problem("events[\(index)].id", "duplicate id '\(event.id)', already used by events[\(first)]")
                        continue
                    }
                    seen[event.id] = index
                    events.append(event)
                }
            } else {
                problem("events", "expected an array of events, found \(value.typeDescription)")
            }
        } else {
            problem("events", "missing; expected an array of events")
        }

        let start =
            nowIsInvalid ? nil : explicitNow ?? events.map(\.startDate).min().map { $0.addingTimeInterval(-2 * 3600) }
        if let start {
            for (index, event) in events.enumerated() {
                if let hit = event.waveHitAt, hit < start {
                    warnings.append(
                        "events[\(index)].waveHitAt: \(Self.format(hit)) is before the replay starts "
                            + "(\(Self.format(start))); that wave hit will not be delivered")
                }
            }
        }
        var actions: [ScenarioAction] = []
        if let value = members["actions"] {
            if case .array(let elements) = value {
                let known = Dictionary(events.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
                for (index, element) in elements.enumerated() {
                    if let action = decodeAction(element, index: index, events: known, start: start) {
                        actions.append(action)
                    }
                }
            } else {
                problem("actions", "expected an array of actions, found \(value.typeDescription)")
            }
        }
        guard let start else { return nil }
        let scenario = Scenario(start: start, events: events, actions: actions)
        checkUpdates(scenario)
        return problems.isEmpty ? scenario : nil
    }

    private mutating func decodeEvent(_ value: JSONValue, at path: String) -> ScenarioEvent? {
        let allowed = ["id", "name", "location", "timeZone", "start", "end", "favorite", "waveHitAt"]
        guard let members = object(value, at: path, allowed: allowed) else { return nil }
        let id = required(members, "id", at: path).flatMap { eventID($0, at: "\(path).id") }
        let name = required(members, "name", at: path).flatMap { nonEmptyString($0, at: "\(path).name") }
        let location = required(members, "location", at: path).flatMap { nonEmptyString($0, at: "\(path).location") }
        let start = required(members, "start", at: path).flatMap { instant($0, at: "\(path).start") }
        let end = required(members, "end", at: path).flatMap { instant($0, at: "\(path).end") }
        var timeZone: TimeZone? = TimeZone(identifier: "UTC")
        if let zoneValue = members["timeZone"] {
            timeZone = string(zoneValue, at: "\(path).timeZone").flatMap { name in
                guard let zone = TimeZone(identifier: name) else {
                    problem(
                        "\(path).timeZone", "unknown time zone '\(name)'; expected an IANA name like 'Europe/Paris'")
                    return nil
                }
                return zone
            }
        }
        var favorite = false
        if let favoriteValue = members["favorite"] {
            if case .bool(let flag) = favoriteValue {
                favorite = flag
            } else {
                problem("\(path).favorite", "expected true or false, found \(favoriteValue.typeDescription)")
            }
        }
        let waveHitAt = members["waveHitAt"].flatMap { instant($0, at: "\(path).waveHitAt") }
        if let start, let end {
            checkTimes(start: start, end: end, waveHitAt: waveHitAt, at: path, names: ("start", "end", "waveHitAt"))
        }
        guard let id, let name, let location, let start, let end else { return nil }
        return ScenarioEvent(
            id: id, name: name, location: location, startDate: start, endDate: end, timeZone: timeZone,
            isFavorite: favorite, waveHitAt: waveHitAt)
    }

    private mutating func decodeAction(
        _ value: JSONValue, index: Int, events: [String: ScenarioEvent], start: Date?
    ) -> ScenarioAction? {
        let path = "actions[\(index)]"
        guard case .object(let pairs) = value else {
            problem(path, "expected an action object, found \(value.typeDescription)")
            return nil
        }
        let type = pairs.first(where: { $0.key == "type" }).flatMap { string($0.value, at: "\(path).type") }
        let allowed: [String]
        switch type {
        case "favorite", "unfavorite", "remove": allowed = ["at", "type", "eventId"]
        case "update": allowed = ["at", "type", "eventId", "start", "end", "waveHitAt"]
        case "launch": allowed = ["at", "type"]
        case nil:
            if !pairs.contains(where: { $0.key == "type" }) {
                problem("\(path).type", "missing; expected one of favorite, unfavorite, update, remove, launch")
            }
            return nil
        case let other?:
            problem(
                "\(path).type", "unknown action '\(other)'; expected favorite, unfavorite, update, remove or launch")
            return nil
        }
        guard let members = object(value, at: path, allowed: allowed) else { return nil }
        let at = required(members, "at", at: path).flatMap { instant($0, at: "\(path).at") }
        if let at, let start, at < start {
            problem("\(path).at", "\(Self.format(at)) is before the replay starts (\(Self.format(start)))")
        }
        var eventID: String?
        if type != "launch" {
            eventID = required(members, "eventId", at: path).flatMap { string($0, at: "\(path).eventId") }
            if let id = eventID, events[id] == nil {
                problem("\(path).eventId", "no event has id '\(id)'; expected the id of an event in 'events'")
                eventID = nil
            }
        }
        guard let at else { return nil }
        switch type {
        case "favorite": return eventID.map { ScenarioAction(at: at, kind: .favorite(eventID: $0), index: index) }
        case "unfavorite": return eventID.map { ScenarioAction(at: at, kind: .unfavorite(eventID: $0), index: index) }
        case "remove": return eventID.map { ScenarioAction(at: at, kind: .remove(eventID: $0), index: index) }
        case "launch": return ScenarioAction(at: at, kind: .launch, index: index)
        default:
            let newStart = members["start"].flatMap { instant($0, at: "\(path).start") }
            let newEnd = members["end"].flatMap { instant($0, at: "\(path).end") }
            let newWaveHit = members["waveHitAt"].flatMap { instant($0, at: "\(path).waveHitAt") }
            if members["start"] == nil && members["end"] == nil && members["waveHitAt"] == nil {
                problem(path, "an update changes nothing; expected at least one of start, end, waveHitAt")
            }
            return eventID.map {
                ScenarioAction(
                    at: at, kind: .update(eventID: $0, start: newStart, end: newEnd, waveHitAt: newWaveHit),
                    index: index)
            }
        }
    }

    /// Applies updates in replay order and checks each event's times stay consistent.
    private mutating func checkUpdates(_ scenario: Scenario) {
        var current = Dictionary(scenario.events.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for action in scenario.actions {
            guard case .update(let id, let start, let end, let waveHitAt) = action.kind, var event = current[id] else {
                continue
            }
            event.startDate = start ?? event.startDate
            event.endDate = end ?? event.endDate
            event.waveHitAt = waveHitAt ?? event.waveHitAt
            checkTimes(
                start: event.startDate, end: event.endDate, waveHitAt: event.waveHitAt, at: "actions[\(action.index)]",
                names: ("start (after the update)", "end (after the update)", "waveHitAt (after the update)"))
            current[id] = event
        }
    }

    private mutating func checkTimes(
        start: Date, end: Date, waveHitAt: Date?, at path: String, names: (start: String, end: String, hit: String)
    ) {
        if end <= start {
            problem("\(path).end", "\(names.end) \(Self.format(end)) is not after \(names.start) \(Self.format(start))")
        }
        if let waveHitAt, waveHitAt < start || waveHitAt > end {
            problem(
                "\(path).waveHitAt",
                "\(names.hit) \(Self.format(waveHitAt)) is outside the event, expected within [\(Self.format(start)), \(Self.format(end))]"
            )
        }
    }

    // MARK: - Typed accessors

    private mutating func object(_ value: JSONValue, at path: String, allowed: [String]) -> [String: JSONValue]? {
        guard case .object(let pairs) = value else {
            problem(path, "expected an object, found \(value.typeDescription)")
            return nil
        }
        var members: [String: JSONValue] = [:]
        for (key, member) in pairs {
            let memberPath = path.isEmpty ? key : "\(path).\(key)"
            guard allowed.contains(key) else {
                let hint = Self.closest(to: key, in: allowed).map { " (did you mean '\($0)'?)" } ?? ""
                warnings.append("\(memberPath): unknown key, ignored\(hint)")
                continue
            }
            guard members[key] == nil else {
                problem(memberPath, "duplicate key; each key may appear once")
                continue
            }
            members[key] = member
        }
        return members
    }

    private mutating func required(_ members: [String: JSONValue], _ key: String, at path: String) -> JSONValue? {
        guard let value = members[key] else {
            problem(path.isEmpty ? key : "\(path).\(key)", "missing; this key is required")
            return nil
        }
        return value
    }

    private mutating func string(_ value: JSONValue, at path: String) -> String? {
        guard case .string(let text) = value else {
            problem(path, "expected a string, found \(value.typeDescription)")
            return nil
        }
        return text
    }

    private mutating func nonEmptyString(_ value: JSONValue, at path: String) -> String? {
        guard let text = string(value, at: path) else { return nil }
        guard text.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) else {
            problem(path, "is empty; expected some text")
            return nil
        }
        // Names end up on lock screens and terminals: no line breaks, escape sequences or other controls.
        if let control = text.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
            problem(
                path,
                "contains the control character U+\(String(control.value, radix: 16, uppercase: true)); expected plain text"
            )
            return nil
        }
        return text
    }

    private mutating func eventID(_ value: JSONValue, at path: String) -> String? {
        guard let text = string(value, at: path) else { return nil }
        do {
            try EventID.validate(text)
            return text
        } catch {
            problem(path, "\(error)")
            return nil
        }
    }

    private mutating func instant(_ value: JSONValue, at path: String) -> Date? {
        guard let text = string(value, at: path) else { return nil }
        do {
            return try InstantParser.parse(text)
        } catch {
            problem(path, "'\(text)': \(error); expected ISO 8601 like 2026-06-21T18:00:00+02:00")
            return nil
        }
    }

    /// Formats an instant in UTC, `2026-06-21T16:00:00Z`, with milliseconds when it has a fraction.
    static func format(_ date: Date) -> String {
        UTCDateParts(date).iso8601
    }

    /// The allowed key nearest to a misspelled one (edit distance at most 2), for the warning's hint.
    private static func closest(to key: String, in allowed: [String]) -> String? {
        let candidates = allowed.map { ($0, editDistance(key.lowercased(), $0.lowercased())) }
        guard let best = candidates.min(by: { $0.1 < $1.1 }), best.1 <= 2 else { return nil }
        return best.0
    }

    private static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where !b.isEmpty {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
