package import Foundation
package import WaveCommandLine
internal import WaveJSON
internal import WaveLinuxAdapter
internal import WaveNotifications
internal import WaveNotificationsTesting

/// Reads a scenario file (`events.json`) strictly: every problem is collected with its JSON path, unknown
/// keys become warnings, and times must carry a zone.
///
/// The format is declared as ``Field``s over ``ValueDecoder``s (see `Scenario/Decoding`); what is left here
/// are the rules between fields: unique ids, actions within the replay, times that stay consistent.
package struct ScenarioDecoder {
    /// The scenario and what was ignored in it.
    package struct Result: Sendable {
        /// The decoded scenario.
        package var scenario: Scenario
        /// Warnings, such as unknown keys, each with its JSON path.
        package var warnings: [String]
    }

    /// Decodes a scenario.
    ///
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - file: The file's name, for messages.
    /// - Returns: The scenario and its warnings.
    /// - Throws: ``ScenarioError`` listing every problem found.
    package static func decode(_ data: Data, file: String) throws(ScenarioError) -> Result {
        // Plain events straight from the bytes; anything else, and a file that does not decode, is read the usual
        // way below, which words every message.
        if let document = WorldWideWavesScenarioReader.read(data),
            let result = try? decode(root: document.root, events: document.events, file: file)
        {
            return result
        }
        return try decode(root: try parse(data, file: file), file: file)
    }

    /// Parses a scenario file's JSON, or throws the syntax error as a scenario problem.
    ///
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - file: The file's name, for messages.
    /// - Returns: The document.
    /// - Throws: ``ScenarioError`` with the syntax error's line and column.
    static func parse(_ data: Data, file: String) throws(ScenarioError) -> JSONValue {
        do {
            // Parsed in place: a scenario can be megabytes, not worth copying into an array first.
            return try data.withUnsafeBytes { bytes in
                Swift.Result { () throws(JSONParser.SyntaxError) in try JSONParser.parse(contentsOf: bytes) }
            }.get()
        } catch {
            throw ScenarioError(file: file, problems: [.init(path: "", message: "not valid JSON: \(error)")])
        }
    }

    /// Decodes a WorldWideWaves scenario from its parsed document.
    ///
    /// - Parameters:
    ///   - root: The document.
    ///   - events: The events when a reader read them apart (``WorldWideWavesScenarioReader``: valid, ids distinct,
    ///     the document's `events` left empty); `nil` to decode the document's.
    ///   - file: The file's name, for messages.
    /// - Returns: The scenario and its warnings.
    /// - Throws: ``ScenarioError`` listing every problem found.
    static func decode(root: JSONValue, events: [ScenarioEvent]? = nil, file: String) throws(ScenarioError) -> Result {
        var diagnostics = DecodingDiagnostics()
        let scenario = decodeRoot(root, events: events, &diagnostics)
        guard diagnostics.isClean, let scenario else {
            var error = ScenarioError(file: file, problems: diagnostics.problems)
            error.warnings = diagnostics.warnings
            throw error
        }
        return Result(scenario: scenario, warnings: diagnostics.warnings)
    }

    // MARK: - The format

    /// The keys of a scenario's document.
    static var rootKeys: [String] { Root.keys }

    private enum Root {
        static let keys = ["now", "platform", "bootReceiver", "timeZone", "device", "events", "actions"]
        static let timeZone = Field.optional("timeZone", .timeZone)
        static let device = Field.optional("device", .deviceConditions, default: DeviceConditions())
        static let now = Field.optional("now", .instant)
        static let platform = Field.optional("platform", ValueDecoder<ReplayOptions.Platform>.enumeration())
        static let bootReceiver = Field.optional("bootReceiver", .bool, default: true)
        static let events = Field.required(
            "events",
            .array(
                of: Event.decoder, named: "an array of events", emptyMessage: "expected at least one event",
                uniqueKey: ("id", { $0.id })),
            missing: "missing; expected an array of events")
    }

    private enum Event {
        static let keys = ["id", "name", "location", "timeZone", "start", "end", "favorite", "waveHitAt"]
        static let id = Field.required("id", .eventID)
        static let name = Field.required("name", .nonEmptyText)
        static let location = Field.required("location", .nonEmptyText)
        static let start = Field.required("start", .instant)
        static let end = Field.required("end", .instant)
        static let timeZone = Field.optional("timeZone", .timeZone, default: TimeZone(identifier: "UTC")!)
        static let favorite = Field.optional("favorite", .bool, default: false)
        static let waveHitAt = Field.optional("waveHitAt", .instant)

        static let decoder = ValueDecoder<ScenarioEvent>.object(keys: keys) { object, diagnostics in
            let id = object.decode(id, &diagnostics)
            let name = object.decode(name, &diagnostics)
            let location = object.decode(location, &diagnostics)
            let start = object.decode(start, &diagnostics)
            let end = object.decode(end, &diagnostics)
            let timeZone = object.decode(timeZone, &diagnostics)
            let favorite = object.decode(favorite, &diagnostics) ?? false
            let waveHitAt = object.decode(waveHitAt, &diagnostics)
            if let start, let end {
                checkTimes(
                    start: start, end: end, waveHitAt: waveHitAt, at: object.path,
                    names: ("start", "end", "waveHitAt"), &diagnostics)
            }
            guard let id, let name, let location, let start, let end else { return nil }
            let record = WaveEventRecord(
                id: id, name: name, location: location, startDate: start, endDate: end, timeZone: timeZone)
            return ScenarioEvent(record: record, isFavorite: favorite, waveHitAt: waveHitAt)
        }
    }

    private enum Action {
        enum Kind: String, CaseIterable {
            case favorite, unfavorite, update, remove, launch, backgroundRefresh, reboot, device, forceStop

            var keys: [String] {
                switch self {
                case .favorite, .unfavorite, .remove: ["at", "type", "eventId"]
                case .update: ["at", "type", "eventId", "start", "end", "waveHitAt"]
                case .launch, .backgroundRefresh, .reboot, .forceStop: ["at", "type"]
                case .device: ["at", "type", "value"]
                }
            }

            /// Whether the action is about one event (`eventId`).
            var namesAnEvent: Bool {
                switch self {
                case .favorite, .unfavorite, .update, .remove: true
                case .launch, .backgroundRefresh, .reboot, .device, .forceStop: false
                }
            }
        }

        static let type = Field.required(
            "type",
            ValueDecoder<Kind>.enumeration(unknown: {
                "unknown action '\($0)'; expected favorite, unfavorite, update, remove, launch, backgroundRefresh, "
                    + "reboot, device or forceStop"
            }),
            missing:
                "missing; expected one of favorite, unfavorite, update, remove, launch, backgroundRefresh, reboot, device, "
                + "forceStop"
        )
        static let at = Field.required("at", .instant)
        static let eventID = Field.required("eventId", .string)
        static let start = Field.optional("start", .instant)
        static let end = Field.optional("end", .instant)
        static let waveHitAt = Field.optional("waveHitAt", .instant)
    }

    // MARK: - Rules between fields

    private static func decodeRoot(
        _ root: JSONValue, events readEvents: [ScenarioEvent]?, _ diagnostics: inout DecodingDiagnostics
    ) -> Scenario? {
        guard let object = ObjectDecoder(root, at: .root, keys: Root.keys, diagnostics: &diagnostics) else {
            return nil
        }
        let explicitNow = object.decode(Root.now, &diagnostics)
        let platform = object.decode(Root.platform, &diagnostics)
        let bootReceiver = object.decode(Root.bootReceiver, &diagnostics) ?? true
        let timeZone = object.decode(Root.timeZone, &diagnostics)
        let device = object.decode(Root.device, &diagnostics)
        // With an invalid `now` there is no start to check actions against: say nothing rather than guess.
        let nowIsInvalid = object.contains("now") && explicitNow == nil

        let events = readEvents ?? object.decode(Root.events, &diagnostics) ?? []

        let start =
            nowIsInvalid ? nil : explicitNow ?? events.map(\.startDate).min().map { $0.addingTimeInterval(-2 * 3600) }
        if let start {
            for (index, event) in events.enumerated() {
                if let hit = event.waveHitAt, hit < start {
                    diagnostics.warning(
                        JSONPath("events").appending(index: index).appending(key: "waveHitAt"),
                        "\(format(hit)) is before the replay starts (\(format(start))); that wave hit will not be "
                            + "delivered")
                }
            }
        }
        // Only actions look events up by id: a file without them does not pay for the table.
        let known =
            object.contains("actions")
            ? Dictionary(events.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }) : [:]
        let actionsField = Field.optional(
            "actions",
            .enumeratedArray(of: actionDecoder(events: known, start: start), named: "an array of actions"))
        let actions = (object.decode(actionsField, &diagnostics) ?? []).map { index, action in
            var action = action
            action.index = index
            return action
        }
        guard let start, let device else { return nil }
        var scenario = Scenario(
            start: start, events: events, actions: actions, platform: platform, bootReceiver: bootReceiver)
        scenario.timeZone = timeZone
        scenario.device = device
        mergeDeviceChanges(&scenario, root: root, &diagnostics)
        checkUpdates(scenario, &diagnostics)
        return diagnostics.isClean ? scenario : nil
    }

    /// An action, its ``ScenarioAction/index`` left for the caller: its `type` is read first, since it decides
    /// which keys the rest may have.
    private static func actionDecoder(events: [String: ScenarioEvent], start: Date?) -> ValueDecoder<ScenarioAction> {
        ValueDecoder { value, path, diagnostics in
            guard case .object = value else {
                diagnostics.problem(path, "expected an action object, found \(value.typeDescription)")
                return nil
            }
            let typePath = path.appending(key: Action.type.key)
            guard let typeValue = value.member(Action.type.key) else {
                if case .required(let message) = Action.type.absence { diagnostics.problem(typePath, message) }
                return nil
            }
            guard let kind = Action.type.decoder.decode(typeValue, typePath, &diagnostics),
                let object = ObjectDecoder(value, at: path, keys: kind.keys, diagnostics: &diagnostics)
            else { return nil }
            let index = 0
            let at = object.decode(Action.at, &diagnostics)
            if let at, let start, at < start {
                diagnostics.problem(
                    path.appending(key: Action.at.key), "\(format(at)) is before the replay starts (\(format(start)))")
            }
            var eventID: String?
            if kind.namesAnEvent {
                eventID = object.decode(Action.eventID, &diagnostics)
                if let id = eventID, events[id] == nil {
                    diagnostics.problem(
                        path.appending(key: Action.eventID.key),
                        "no event has id '\(id)'; expected the id of an event in 'events'")
                    eventID = nil
                }
            }
            guard let at else { return nil }
            switch kind {
            case .favorite: return eventID.map { ScenarioAction(at: at, kind: .favorite(eventID: $0), index: index) }
            case .unfavorite:
                return eventID.map { ScenarioAction(at: at, kind: .unfavorite(eventID: $0), index: index) }
            case .remove: return eventID.map { ScenarioAction(at: at, kind: .remove(eventID: $0), index: index) }
            case .launch: return ScenarioAction(at: at, kind: .launch, index: index)
            case .backgroundRefresh: return ScenarioAction(at: at, kind: .backgroundRefresh, index: index)
            case .reboot: return ScenarioAction(at: at, kind: .reboot, index: index)
            case .forceStop: return ScenarioAction(at: at, kind: .forceStop, index: index)
            case .device:
                // Checked as an object here; merged over the conditions before it in time order, and decoded whole,
                // by mergeDeviceChanges.
                let value = object.decode(.required("value", .deviceObject), &diagnostics)
                return value.map { _ in ScenarioAction(at: at, kind: .device(DeviceConditions()), index: index) }
            case .update:
                let newStart = object.decode(Action.start, &diagnostics)
                let newEnd = object.decode(Action.end, &diagnostics)
                let newWaveHit = object.decode(Action.waveHitAt, &diagnostics)
                if ![Action.start.key, Action.end.key, Action.waveHitAt.key].contains(where: object.contains) {
                    diagnostics.problem(
                        path, "an update changes nothing; expected at least one of start, end, waveHitAt")
                }
                return eventID.map {
                    ScenarioAction(
                        at: at, kind: .update(eventID: $0, start: newStart, end: newEnd, waveHitAt: newWaveHit),
                        index: index)
                }
            }
        }
    }

    /// Merges each `device` action's value over the conditions before it, in replay order, and decodes the result
    /// whole into the action; notes whether the file gives any condition.
    private static func mergeDeviceChanges(
        _ scenario: inout Scenario, root: JSONValue, _ diagnostics: inout DecodingDiagnostics
    ) {
        var current = root.member("device") ?? .object([])
        scenario.hasDeviceConditions = current != .object([])
        guard case .array(let items) = root.member("actions") ?? .null else { return }
        for position in scenario.actions.indices {
            guard case .device = scenario.actions[position].kind else { continue }
            scenario.hasDeviceConditions = true
            let index = scenario.actions[position].index
            current = current.merging(items[index].member("value") ?? .object([]))
            let path = JSONPath("actions").appending(index: index).appending(key: "value")
            if let merged = ValueDecoder.deviceConditions.decode(current, path, &diagnostics) {
                scenario.actions[position].kind = .device(merged)
            }
        }
    }

    /// Applies updates in replay order and checks each event's times stay consistent.
    private static func checkUpdates(_ scenario: Scenario, _ diagnostics: inout DecodingDiagnostics) {
        let hasUpdates = scenario.actions.contains {
            if case .update = $0.kind { return true }
            return false
        }
        guard hasUpdates else { return }
        var current = Dictionary(scenario.events.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for action in scenario.actions {
            guard case .update(let id, let start, let end, let waveHitAt) = action.kind, var event = current[id] else {
                continue
            }
            event.record.startDate = start ?? event.startDate
            event.record.endDate = end ?? event.endDate
            event.waveHitAt = waveHitAt ?? event.waveHitAt
            checkTimes(
                start: event.startDate, end: event.endDate, waveHitAt: event.waveHitAt,
                at: JSONPath("actions").appending(index: action.index),
                names: ("start (after the update)", "end (after the update)", "waveHitAt (after the update)"),
                &diagnostics)
            current[id] = event
        }
    }

    private static func checkTimes(
        start: Date, end: Date, waveHitAt: Date?, at path: JSONPath, names: (start: String, end: String, hit: String),
        _ diagnostics: inout DecodingDiagnostics
    ) {
        if end <= start {
            diagnostics.problem(
                path.appending(key: "end"), "\(names.end) \(format(end)) is not after \(names.start) \(format(start))")
        }
        if let waveHitAt, waveHitAt < start || waveHitAt > end {
            diagnostics.problem(
                path.appending(key: "waveHitAt"),
                "\(names.hit) \(format(waveHitAt)) is outside the event, expected within [\(format(start)), \(format(end))]"
            )
        }
    }

    /// Formats an instant in UTC, `2026-06-21T16:00:00Z`, with milliseconds when it has a fraction.
    static func format(_ date: Date) -> String {
        UTCDateParts(date).iso8601
    }
}

extension ValueDecoder where Value == String {
    /// An event id as ``EventID/validate(_:)`` accepts it, with its message otherwise.
    fileprivate static var eventID: ValueDecoder<String> {
        string.map { text throws(DecodingMessage) in
            do {
                try EventID.validate(text)
                return text
            } catch {
                throw DecodingMessage("\(error)")
            }
        }
    }
}
