internal import Foundation
internal import ShadowNotifications
internal import WaveCommandLine
internal import WaveJSON
internal import WaveNotifications

/// Shadow's part of the scenario format: the `shadow` settings object and the `respond` action.
///
/// Anchors, categories and modes are closed sets: an unknown one is a problem (not a warning), since it would
/// silently schedule nothing.
enum ShadowSection: AppReplaySection {
    static let name = "shadow"

    static var androidScheduling: AndroidScheduling { ShadowNotificationService.androidScheduling }
    static let actionKeys = ["respond": ["identifier"]]

    /// A `respond` action: the user answered a shown check-in.
    struct RespondAction: AppActionPayload {
        var identifier: String
        var path: String
        var type: String { "respond" }
    }

    private static let anchorNames = ShadowAnchor.allCases.map(\.rawValue)
    private static let categoryNames = ShadowCategory.allCases.map(\.rawValue)
    private static let modeNames = ShadowScheduleMode.allCases.map(\.rawValue)

    private static let anchor = ValueDecoder<ShadowAnchor>.enumeration { text in
        "unknown anchor '\(text)'; expected \(ValueDecoderText.list(anchorNames, or: true))"
    }

    private static let mode = ValueDecoder<ShadowScheduleMode>.enumeration { text in
        "unknown mode '\(text)'; expected \(ValueDecoderText.list(modeNames, or: true))"
    }

    private static func anchorSetting(_ anchor: ShadowAnchor) -> ValueDecoder<ShadowAnchorSetting> {
        ValueDecoder<ShadowAnchorSetting>.object(keys: ["time", "enabled"], named: "an anchor object") {
            object, diagnostics in
            let time = object.decode(.optional("time", .localTime, default: anchor.defaultTime), &diagnostics)
            let enabled = object.decode(.optional("enabled", .bool, default: true), &diagnostics)
            guard let time, let enabled else { return nil }
            return ShadowAnchorSetting(time: time, enabled: enabled)
        }
    }

    private static let everyHours = ValueDecoder<Int>.integer(in: 1...24).map { hours throws(DecodingMessage) in
        guard RecurrenceRuleError.supportedIntervalHours.contains(hours) else {
            throw DecodingMessage(
                "\(hours) is not a supported step; expected "
                    + ValueDecoderText.list(RecurrenceRuleError.supportedIntervalHours.map(String.init), or: true))
        }
        return hours
    }

    private static let times = ValueDecoder<[LocalTime]>.array(of: .localTime, named: "an array of HH:MM times").map {
        times throws(DecodingMessage) in
        let distinct = Set(times).count
        guard distinct <= RecurrenceRuleError.maximumDailyTimes else {
            throw DecodingMessage(
                "has \(distinct) distinct times; at most \(RecurrenceRuleError.maximumDailyTimes) are allowed")
        }
        return times
    }

    private static let categorySettings = ValueDecoder<ShadowCategorySettings>.object(
        keys: ["enabled", "mode", "anchors", "everyHours", "from", "to", "times", "expiresAfterMinutes"],
        named: "an object of category settings"
    ) { object, diagnostics in
        let problemsBefore = diagnostics.problems.count
        let enabled = object.decode(.optional("enabled", .bool, default: false), &diagnostics)
        let mode = object.decode(.optional("mode", mode), &diagnostics)
        let anchors = object.decode(
            .optional("anchors", .array(of: anchor, named: "an array of anchors")), &diagnostics)
        let step = object.decode(.optional("everyHours", everyHours), &diagnostics)
        let from = object.decode(.optional("from", .localTime), &diagnostics)
        let to = object.decode(.optional("to", .localTime), &diagnostics)
        let times = object.decode(.optional("times", times), &diagnostics)
        let expiry = object.decode(
            .optional(
                "expiresAfterMinutes", .integer(in: 1...10_080),
                default: ShadowCategorySettings.defaultExpiresAfterMinutes),
            &diagnostics)
        guard diagnostics.problems.count == problemsBefore, let enabled, let expiry else { return nil }
        // The step and the number of times were checked above, so the initializer cannot throw here.
        return try? ShadowCategorySettings(
            enabled: enabled, mode: mode, anchors: anchors, everyHours: step, from: from, to: to, times: times,
            expiresAfterMinutes: expiry)
    }

    private static let supplement = ValueDecoder<ShadowSupplement>.object(
        keys: ["id", "name", "anchors", "notify"], named: "a supplement object"
    ) { object, diagnostics in
        let id = object.decode(.required("id", .nonEmptyText), &diagnostics)
        let name = object.decode(.required("name", .nonEmptyText), &diagnostics)
        let anchors = object.decode(
            .optional("anchors", .array(of: anchor, named: "an array of anchors"), default: []), &diagnostics)
        let notify = object.decode(.optional("notify", .bool, default: true), &diagnostics)
        guard let id, let name, let anchors, let notify else { return nil }
        return ShadowSupplement(id: id, name: name, anchors: anchors, notify: notify)
    }

    static let settings = ValueDecoder<ShadowSettings>.object(
        keys: ["anchors", "categories", "supplements"], named: "an object of Shadow settings"
    ) { object, diagnostics in
        let anchors = object.decode(
            .optional(
                "anchors", keyedObject(ShadowAnchor.self, anchorSetting, named: "an object of anchors", kind: "anchor"),
                default: [:]),
            &diagnostics)
        let categories = object.decode(
            .optional(
                "categories",
                keyedObject(
                    ShadowCategory.self, { _ in categorySettings }, named: "an object of categories", kind: "category"),
                default: [:]),
            &diagnostics)
        let supplements = object.decode(
            .optional(
                "supplements", .array(of: supplement, named: "an array of supplements", uniqueKey: ("id", \.id)),
                default: []),
            &diagnostics)
        guard let anchors, let categories, let supplements else { return nil }
        return ShadowSettings(anchors: anchors, categories: categories, supplements: supplements)
    }

    /// An object keyed by the cases of a closed set (anchors, categories): an unknown key is a problem.
    private static func keyedObject<Key: RawRepresentable & CaseIterable & Hashable & Sendable, Element>(
        _ key: Key.Type, _ element: @escaping @Sendable (Key) -> ValueDecoder<Element>, named name: String,
        kind: String
    ) -> ValueDecoder<[Key: Element]> where Key.RawValue == String {
        ValueDecoder { value, path, diagnostics in
            guard case .object(let pairs) = value else {
                diagnostics.problem(path, "expected \(name), found \(value.typeDescription)")
                return nil
            }
            let allowed = Key.allCases.map(\.rawValue)
            var result: [Key: Element] = [:]
            var valid = true
            for (key, member) in pairs {
                let memberPath = path.appending(key: key)
                guard let known = Key(rawValue: key) else {
                    diagnostics.problem(
                        memberPath, "unknown \(kind) '\(key)'; expected \(ValueDecoderText.list(allowed, or: true))")
                    valid = false
                    continue
                }
                guard result[known] == nil else {
                    diagnostics.problem(memberPath, "duplicate key; each key may appear once")
                    valid = false
                    continue
                }
                guard let decoded = element(known).decode(member, memberPath, &diagnostics) else {
                    valid = false
                    continue
                }
                result[known] = decoded
            }
            return valid ? result : nil
        }
    }

    static func decodeAction(
        type: String, _ object: ObjectDecoder, at path: JSONPath, _ diagnostics: inout DecodingDiagnostics
    ) -> (any AppActionPayload)? {
        let identifier = object.decode(.required("identifier", .nonEmptyText), &diagnostics)
        return identifier.map { RespondAction(identifier: $0, path: path.description) }
    }

    /// A `respond` must name a check-in that can exist: a Shadow identifier `shadow_<category>_<YYYY-MM-DD>_<HH:MM>`
    /// whose category is enabled at the start or in the settings in force at the action or an earlier one (a
    /// check-in shown before its category was switched off can still be answered).
    static func validate(
        _ actions: [(action: AppScenario.Action, settings: JSONValue)], startSettings: JSONValue,
        _ diagnostics: inout DecodingDiagnostics
    ) {
        let start = decodedSettings(startSettings)
        var enabledSoFar = Set(ShadowCategory.allCases.filter { start.settings(for: $0).enabled })
        for (action, value) in actions {
            let settings = decodedSettings(value)
            enabledSoFar.formUnion(ShadowCategory.allCases.filter { settings.settings(for: $0).enabled })
            guard case .app(let payload) = action.kind, let respond = payload as? RespondAction else { continue }
            let path = JSONPath(action.path).appending(key: "identifier")
            guard let category = ShadowCheckIn.category(ofIdentifier: respond.identifier) else {
                diagnostics.problem(
                    path,
                    "'\(respond.identifier)' is not a Shadow identifier shadow_<category>_<YYYY-MM-DD>_<HH:MM> "
                        + "(categories: \(categoryNames.joined(separator: ", ")))")
                continue
            }
            if !enabledSoFar.contains(category) {
                diagnostics.problem(
                    path, "names category '\(category.rawValue)', which is not enabled at or before that time")
            }
        }
    }

    static func makeDriver(
        settings value: JSONValue, scenario: AppScenario, options: ReplayOptions, environment: AppDriverEnvironment
    ) -> any AppReplayDriver {
        ShadowDriver(
            service: ShadowNotificationService(settings: decodedSettings(value), center: environment.center))
    }

    static let fallbackSettings = ShadowSettings()
}
