internal import Foundation
internal import WaveCommandLine
internal import WaveJSON
internal import WaveNotifications
internal import WaveNotificationsTesting

/// Reads an app scenario (`"app": "gonow" | "hydracat" | "shadow" | "growbro"`): the common envelope of
/// `docs/scenario-format.md` (App scenarios), then the app's section; every problem is listed with its JSON path.
enum AppScenarioDecoder {
    /// The apps `wavesim` can replay, by name.
    static var sections: [String: any AppReplaySection.Type] {
        [
            GoNowSection.name: GoNowSection.self, HydracatSection.name: HydracatSection.self,
            ShadowSection.name: ShadowSection.self, GrowBroSection.name: GrowBroSection.self,
        ]
    }

    /// A decoded scenario with what runs it.
    struct Result {
        /// The scenario.
        var scenario: AppScenario
        /// The app's section: its driver runs the replay.
        var section: any AppReplaySection.Type
        /// The valid settings at the start.
        var settings: JSONValue
        /// Warnings, each with its JSON path.
        var warnings: [String]
    }

    /// The `app` of a scenario document, or `nil` for a WorldWideWaves scenario (no `app`, or `worldwidewaves`).
    ///
    /// - Parameter root: The parsed document.
    /// - Returns: The app's name as written.
    static func appName(of root: JSONValue) -> String? {
        guard case .string(let name) = root.member("app") ?? .null, name != "worldwidewaves" else { return nil }
        return name
    }

    /// An element of a scenario's `actions`.
    enum ActionElement {
        /// The element as parsed.
        case json(JSONValue)
        /// An action a reader decoded from the file's bytes, exactly as ``decode(_:actions:file:options:)`` decodes
        /// its JSON, which it does without a problem or a warning (``GoNowScenarioReader``'s forecasts).
        case decoded(at: Date, kind: AppScenario.Action.Kind)
    }

    /// Decodes an app scenario.
    ///
    /// - Parameters:
    ///   - root: The parsed document.
    ///   - actions: The elements of `actions` when a reader read them apart (the document's own `actions` is then
    ///     not read); `nil` to read the document's.
    ///   - file: The file's name, for messages.
    ///   - options: The replay's options, handed to the app's rules.
    /// - Returns: The scenario, its rules and its warnings.
    /// - Throws: ``ScenarioError`` listing every problem.
    static func decode(
        _ root: JSONValue, actions: [ActionElement]? = nil, file: String, options: ReplayOptions
    ) throws(ScenarioError) -> Result {
        var diagnostics = DecodingDiagnostics()
        // docs/scenario-format.md, App scenarios: unknown keys are errors naming the JSON path, exit 65, nothing
        // replayed.
        diagnostics.unknownKeysAreProblems = true
        let result = decodeRoot(root, actions: actions, file: file, options: options, &diagnostics)
        guard diagnostics.isClean, let result else {
            var error = ScenarioError(file: file, problems: diagnostics.problems)
            error.warnings = diagnostics.warnings
            throw error
        }
        return Result(
            scenario: result.scenario, section: result.section, settings: result.settings,
            warnings: diagnostics.warnings)
    }

    private static func decodeRoot(
        _ root: JSONValue, actions elementsRead: [ActionElement]?, file: String, options: ReplayOptions,
        _ diagnostics: inout DecodingDiagnostics
    ) -> Result? {
        let rootPath = JSONPath("")
        guard case .string(let name) = root.member("app") ?? .null else {
            diagnostics.problem(rootPath.appending(key: "app"), "expected the app's name as a string")
            return nil
        }
        guard let section = sections[name] else {
            let known = (["worldwidewaves"] + sections.keys.sorted()).map { "'\($0)'" }.joined(separator: ", ")
            diagnostics.problem(rootPath.appending(key: "app"), "unknown app '\(name)'; expected one of \(known)")
            return nil
        }
        guard
            let object = ObjectDecoder(
                root, at: rootPath, keys: envelopeKeys(app: name), named: "a scenario object",
                diagnostics: &diagnostics)
        else { return nil }
        let zone = object.decode(.required("timeZone", .timeZone), &diagnostics)
        let start = object.decode(.required("now", .instant), &diagnostics)
        let explicitUntil = object.decode(.optional("until", .instant), &diagnostics)
        let permission = object.decode(.optional("permission", .permission, default: .authorized), &diagnostics)
        // docs/scenario-format.md, Platforms: `--platform` wins over the scenario's own.
        let ownPlatform = object.decode(.optional("platform", .enumeration()), &diagnostics) as ReplayOptions.Platform?
        let bootReceiver = object.decode(.optional("bootReceiver", .bool, default: true), &diagnostics)
        let deviceValue = root.member("device") ?? .object([])
        let device = object.decode(.optional("device", .deviceConditions, default: DeviceConditions()), &diagnostics)
        let settingsPath = rootPath.appending(key: name)
        var settings = root.member(name) ?? .object([])
        if !section.validateSettings(settings, at: settingsPath, &diagnostics) {
            settings = .object([])
        }
        let until = explicitUntil ?? start?.addingTimeInterval(48 * 3600)
        if let start, let until, until < start {
            diagnostics.problem(rootPath.appending(key: "until"), "is before 'now'; the replay would not run")
        }

        var actions: [(action: AppScenario.Action, settings: JSONValue)] = []
        var elements = elementsRead
        if elements == nil, let value = root.member("actions") {
            guard case .array(let items) = value else {
                diagnostics.problem(
                    rootPath.appending(key: "actions"), "expected an array of actions, found \(value.typeDescription)")
                return nil
            }
            elements = items.map { .json($0) }
        }
        if let elements {
            let actionsPath = JSONPath.Prefix(rootPath.appending(key: "actions"))
            // A `device` action's value as written, by the action's path: merged in time order below.
            var deviceChanges: [String: JSONValue] = [:]
            let decoded = elements.enumerated().compactMap { index, element -> AppScenario.Action? in
                let path = actionsPath.appending(index: index)
                switch element {
                case .json(let item):
                    let action = decodeAction(item, at: path, section: section, &diagnostics)
                    if let action, case .device = action.kind { deviceChanges[action.path] = item.member("value") }
                    return action
                case .decoded(let at, let kind):
                    return AppScenario.Action(at: at, path: path.description, kind: kind)
                }
            }
            let ordered = decoded.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }
                .map(\.element)
            var current = settings
            var currentDevice = deviceValue
            for action in ordered {
                if let start, let until, action.at < start || action.at > until {
                    diagnostics.problem(
                        JSONPath(action.path).appending(key: "at"),
                        "is outside the replay (from 'now' to 'until'); every action must lie within it")
                }
                if case .settings(let change) = action.kind {
                    let merged = current.merging(change)
                    if section.validateSettings(merged, at: JSONPath(action.path).appending(key: "value"), &diagnostics)
                    {
                        current = merged
                    }
                    actions.append(
                        (AppScenario.Action(at: action.at, path: action.path, kind: .settings(merged)), merged))
                } else if case .device = action.kind, let change = deviceChanges[action.path] {
                    currentDevice = currentDevice.merging(change)
                    let path = JSONPath(action.path).appending(key: "value")
                    if let merged = ValueDecoder.deviceConditions.decode(currentDevice, path, &diagnostics) {
                        actions.append(
                            (AppScenario.Action(at: action.at, path: action.path, kind: .device(merged)), current))
                    }
                } else {
                    actions.append((action, current))
                }
            }
            section.validate(actions, startSettings: settings, &diagnostics)
        }
        guard diagnostics.isClean, let zone, let start, let until, let permission, let bootReceiver, let device else {
            return nil
        }
        let scenario = AppScenario(
            app: name, timeZone: zone, start: start, until: until, permission: permission,
            platform: options.requestedPlatform ?? ownPlatform ?? .ios, bootReceiver: bootReceiver,
            actions: actions.map(\.action), device: device,
            hasDeviceConditions: deviceValue != .object([])
                || actions.contains {
                    if case .device = $0.action.kind { true } else { false }
                })
        return Result(scenario: scenario, section: section, settings: settings, warnings: [])
    }

    /// The keys a scenario of `app` may have.
    ///
    /// - Parameter app: The app's name, also the key of its settings.
    /// - Returns: The keys.
    static func envelopeKeys(app: String) -> [String] {
        ["app", "timeZone", "now", "until", "permission", "platform", "bootReceiver", "device", app, "actions"]
    }

    private static let commonActionKeys: [String: [String]] = [
        "launch": [], "backgroundRefresh": [], "reboot": [], "permission": ["value"], "timeZone": ["value"],
        "settings": ["value"], "device": ["value"], "forceStop": [],
    ]

    private static func decodeAction(
        _ value: JSONValue, at path: JSONPath, section: any AppReplaySection.Type,
        _ diagnostics: inout DecodingDiagnostics
    ) -> AppScenario.Action? {
        // Every type with its keys, the common ones first; only messages need the whole table.
        var allTypes: [String: [String]] { commonActionKeys.merging(section.actionKeys) { common, _ in common } }
        guard case .string(let type) = value.member("type") ?? .null else {
            if case .object = value {
                diagnostics.problem(
                    path.appending(key: "type"),
                    "missing or not a string; expected one of \(allTypes.keys.sorted().joined(separator: ", "))")
            } else {
                diagnostics.problem(path, "expected an action object, found \(value.typeDescription)")
            }
            return nil
        }
        guard let ownKeys = commonActionKeys[type] ?? section.actionKeys[type] else {
            diagnostics.problem(
                path.appending(key: "type"),
                "unknown action type '\(type)'; expected one of \(allTypes.keys.sorted().joined(separator: ", "))")
            return nil
        }
        guard let object = ObjectDecoder(value, at: path, keys: ["at", "type"] + ownKeys, diagnostics: &diagnostics)
        else { return nil }
        let at = object.decode(.required("at", .instant), &diagnostics)
        let kind: AppScenario.Action.Kind?
        switch type {
        case "launch":
            kind = .launch
        case "backgroundRefresh":
            kind = .backgroundRefresh
        case "reboot":
            kind = .reboot
        case "forceStop":
            kind = .forceStop
        case "permission":
            kind = object.decode(.required("value", .permission), &diagnostics).map { .permission($0) }
        case "timeZone":
            kind = object.decode(.required("value", .timeZone), &diagnostics).map { .timeZone($0) }
        case "settings":
            kind = object.decode(.required("value", .settingsObject), &diagnostics).map { .settings($0) }
        case "device":
            // Checked as an object here; merged over the conditions before it and decoded whole in decodeRoot.
            kind = object.decode(.required("value", .deviceObject), &diagnostics).map { _ in .device(DeviceConditions())
            }
        default:
            kind = section.decodeAction(type: type, object, at: path, &diagnostics).map { .app($0) }
        }
        guard let at, let kind else { return nil }
        return AppScenario.Action(at: at, path: path.description, kind: kind)
    }
}

extension ValueDecoder where Value == PermissionStatus {
    /// A permission state: `authorized`, `provisional`, `denied` or `notDetermined`.
    static var permission: ValueDecoder<PermissionStatus> {
        .enumeration()
    }
}

extension ValueDecoder where Value == JSONValue {
    /// Any JSON object, kept as it is (a settings change, merged and checked later).
    static var settingsObject: ValueDecoder<JSONValue> {
        ValueDecoder { value, path, diagnostics in
            guard case .object = value else {
                diagnostics.problem(path, "expected an object of settings, found \(value.typeDescription)")
                return nil
            }
            return value
        }
    }
}

extension ValueDecoder where Value == JSONValue {
    /// A `device` action's value: any JSON object, merged over the conditions before it and checked then.
    static var deviceObject: ValueDecoder<JSONValue> {
        ValueDecoder { value, path, diagnostics in
            guard case .object = value else {
                diagnostics.problem(path, "expected an object of device conditions, found \(value.typeDescription)")
                return nil
            }
            return value
        }
    }
}

extension JSONValue {
    /// This object with `change` merged over it key by key, recursively for objects; arrays and other values
    /// in `change` replace.
    ///
    /// - Parameter change: The change.
    /// - Returns: The merged value.
    func merging(_ change: JSONValue) -> JSONValue {
        guard case .object(var members) = self, case .object(let changes) = change else { return change }
        for (key, value) in changes {
            if let index = members.firstIndex(where: { $0.key == key }) {
                members[index].value = members[index].value.merging(value)
            } else {
                members.append((key, value))
            }
        }
        return .object(members)
    }
}
