internal import Foundation
internal import GoNowNotifications
internal import WaveCommandLine
internal import WaveJSON
internal import WaveNotifications

/// GoNow's part of the scenario format: the `gonow` settings object and the `forecast` action.
enum GoNowSection: AppReplaySection {
    static let name = "gonow"

    static var androidScheduling: AndroidScheduling { GoNowNotificationService.androidScheduling }
    static let actionKeys = ["forecast": ["fetchedAt", "hours"]]

    /// A `forecast` action: replaces the previous forecast, then a reconcile.
    struct ForecastAction: AppActionPayload {
        var forecast: GoNowForecast
        var type: String { "forecast" }
        /// A forecast arrives on its own (the app's periodic fetch): the screen stays off.
        var wakesThePhone: Bool { false }
    }

    private static let modeNames = GoNowMode.allCases.map(\.rawValue)

    private static let modeToggles = ValueDecoder<Set<GoNowMode>>.modeKeyed(keys: modeNames) { object, diagnostics in
        var enabled: Set<GoNowMode> = []
        var valid = true
        for mode in GoNowMode.allCases {
            guard let on = object.decode(.optional(mode.rawValue, .bool, default: false), &diagnostics) else {
                valid = false
                continue
            }
            if on { enabled.insert(mode) }
        }
        return valid ? enabled : nil
    }

    static let settings = ValueDecoder<GoNowSettings>.object(
        keys: ["enabled", "modeToggles", "quietHours", "dogName"], named: "an object of GoNow settings"
    ) { object, diagnostics in
        let enabled = object.decode(.optional("enabled", .bool, default: true), &diagnostics)
        let modes = object.decode(.optional("modeToggles", modeToggles, default: []), &diagnostics)
        let quiet = object.decode(.optional("quietHours", .quietHours, default: QuietHoursSetting()), &diagnostics)
        let dog = object.decode(.optional("dogName", .nonEmptyText), &diagnostics)
        guard let enabled, let modes, let quiet else { return nil }
        return GoNowSettings(enabled: enabled, enabledModes: modes, quietHours: quiet, dogName: dog)
    }

    private static let mode = ValueDecoder<GoNowMode>.enumeration()

    /// A forecast hour's scores: a year of forecasts holds tens of thousands, nearly all valid, read directly; any
    /// other object goes through ``checkedScores``, which says what is wrong.
    private static let scores = ValueDecoder<[GoNowMode: Int]> { value, path, diagnostics in
        plainScores(value) ?? checkedScores.decode(value, path, &diagnostics)
    }

    /// The scores of an object whose keys are distinct modes and whose values are whole numbers from 0 to 100 (what
    /// ``checkedScores`` accepts without a word), in the same order; `nil` for anything else.
    private static func plainScores(_ value: JSONValue) -> [GoNowMode: Int]? {
        guard case .object(let pairs) = value, pairs.count <= GoNowMode.allCases.count else { return nil }
        var scores = [GoNowMode: Int](minimumCapacity: pairs.count)
        for mode in GoNowMode.allCases {
            var found: Int?
            for (key, member) in pairs where key == mode.rawValue {
                guard found == nil, case .number(let text) = member, let score = Int(text), (0...100).contains(score)
                else { return nil }
                found = score
            }
            if let found { scores[mode] = found }
        }
        return scores.count == pairs.count ? scores : nil
    }

    /// The hour of an object with distinct keys among `start`, `scores`, `heatGated` and `reasons` whose values
    /// ``checkedHour`` accepts without a word: an instant on the hour, plain scores, modes, reasons of printable
    /// ASCII text; `nil` for anything else.
    private static func plainHour(_ value: JSONValue) -> GoNowForecastHour? {
        guard case .object(let pairs) = value, pairs.count <= 4 else { return nil }
        var start: Date?
        var scores: [GoNowMode: Int]?
        var heatGated: Set<GoNowMode>?
        var reasons: [GoNowMode: String]?
        for (key, member) in pairs {
            switch key {
            case "start":
                guard start == nil, case .string(let text) = member, let instant = try? InstantParser.parse(text)
                else { return nil }
                let shifted = instant.addingTimeInterval(InstantShift.seconds)
                guard isWholeHour(shifted) else { return nil }
                start = shifted
            case "scores":
                guard scores == nil, let plain = plainScores(member) else { return nil }
                scores = plain
            case "heatGated":
                guard heatGated == nil, case .array(let names) = member else { return nil }
                var modes = Set<GoNowMode>(minimumCapacity: names.count)
                for name in names {
                    guard case .string(let text) = name, let mode = GoNowMode(rawValue: text) else { return nil }
                    modes.insert(mode)
                }
                heatGated = modes
            case "reasons":
                guard reasons == nil, let plain = plainReasons(member) else { return nil }
                reasons = plain
            default:
                return nil
            }
        }
        guard let start else { return nil }
        return GoNowForecastHour(
            start: start, scores: scores ?? [:], heatGated: heatGated ?? [], reasons: reasons ?? [:])
    }

    /// The reasons of an object whose keys are distinct modes and whose values are printable ASCII with some text
    /// (what ``reasons`` accepts without a word); `nil` for anything else.
    private static func plainReasons(_ value: JSONValue) -> [GoNowMode: String]? {
        guard case .object(let pairs) = value, pairs.count <= GoNowMode.allCases.count else { return nil }
        var reasons = [GoNowMode: String](minimumCapacity: pairs.count)
        for (key, member) in pairs {
            guard let mode = GoNowMode(rawValue: key), reasons[mode] == nil, case .string(let text) = member,
                ValueDecoderText.isPrintableASCIIWithText(text)
            else { return nil }
            reasons[mode] = text
        }
        return reasons
    }

    /// Whether an instant starts a forecast hour: minutes and seconds zero in UTC, or in a zone offset by whole
    /// hours.
    static func isWholeHour(_ instant: Date) -> Bool {
        instant.timeIntervalSince1970.truncatingRemainder(dividingBy: 60) == 0
            && Int(instant.timeIntervalSince1970) % 1800 == 0
    }

    private static let checkedScores = ValueDecoder<[GoNowMode: Int]>.modeKeyed(keys: modeNames) {
        object, diagnostics in
        var scores: [GoNowMode: Int] = [:]
        for mode in GoNowMode.allCases where object.contains(mode.rawValue) {
            guard let score = object.decode(.optional(mode.rawValue, .integer(in: 0...100)), &diagnostics) else {
                return nil
            }
            scores[mode] = score
        }
        return scores
    }

    private static let reasons = ValueDecoder<[GoNowMode: String]>.modeKeyed(keys: modeNames) { object, diagnostics in
        var reasons: [GoNowMode: String] = [:]
        for mode in GoNowMode.allCases where object.contains(mode.rawValue) {
            guard let reason = object.decode(.optional(mode.rawValue, .nonEmptyText), &diagnostics) else { return nil }
            reasons[mode] = reason
        }
        return reasons
    }

    /// A forecast hour: a year of forecasts holds tens of thousands, nearly all plain, read directly
    /// (``plainHour(_:)``); any other value goes through ``checkedHour``, which says what is wrong.
    private static let hour = ValueDecoder<GoNowForecastHour> { value, path, diagnostics in
        plainHour(value) ?? checkedHour.decode(value, path, &diagnostics)
    }

    private static let checkedHour = ValueDecoder<GoNowForecastHour>.object(
        keys: ["start", "scores", "heatGated", "reasons"]
    ) {
        object, diagnostics in
        let start = object.decode(.required("start", .wholeHour), &diagnostics)
        let scores = object.decode(.optional("scores", scores, default: [:]), &diagnostics)
        let heat = object.decode(.optional("heatGated", .array(of: mode), default: []), &diagnostics)
        let reasons = object.decode(.optional("reasons", reasons, default: [:]), &diagnostics)
        guard let start, let scores, let heat, let reasons else { return nil }
        return GoNowForecastHour(start: start, scores: scores, heatGated: Set(heat), reasons: reasons)
    }

    static func decodeAction(
        type: String, _ object: ObjectDecoder, at path: JSONPath, _ diagnostics: inout DecodingDiagnostics
    ) -> (any AppActionPayload)? {
        let fetchedAt = object.decode(.required("fetchedAt", .instant), &diagnostics)
        let hours = object.decode(
            .required("hours", .array(of: hour, named: "an array of forecast hours")), &diagnostics)
        guard let fetchedAt, let hours else { return nil }
        return ForecastAction(forecast: GoNowForecast(fetchedAt: fetchedAt, hours: hours))
    }

    static func makeDriver(
        settings: JSONValue, scenario: AppScenario, options: ReplayOptions, environment: AppDriverEnvironment
    ) -> any AppReplayDriver {
        GoNowDriver(
            service: GoNowNotificationService(settings: decodedSettings(settings), center: environment.center),
            printsAnalytics: options.printsAnalytics)
    }

    static let fallbackSettings = GoNowSettings()
}

extension ValueDecoder where Value == Date {
    /// An instant on a whole hour (minutes and seconds zero in UTC, or in a zone offset by whole hours).
    fileprivate static var wholeHour: ValueDecoder<Date> {
        ValueDecoder<Date>.instant.map { instant throws(DecodingMessage) in
            guard GoNowSection.isWholeHour(instant) else {
                throw DecodingMessage("is not on the hour; forecast hours start on a whole hour")
            }
            return instant
        }
    }
}

extension ValueDecoder {
    /// An object keyed by GoNow modes: a key that is not a mode is a problem (not a warning), since it would
    /// silently switch nothing on.
    fileprivate static func modeKeyed(
        keys: [String], build: @escaping @Sendable (ObjectDecoder, inout DecodingDiagnostics) -> Value?
    ) -> ValueDecoder<Value> {
        let object = ValueDecoder.object(keys: keys, build: build)
        return ValueDecoder { value, path, diagnostics in
            // Every key a mode, as in nearly every forecast hour: read as is, with no filtered copy.
            guard case .object(let pairs) = value, !pairs.allSatisfy({ keys.contains($0.key) }) else {
                return object.decode(value, path, &diagnostics)
            }
            for (key, _) in pairs where !keys.contains(key) {
                diagnostics.problem(
                    path.appending(key: key), "unknown mode '\(key)'; expected one of \(keys.joined(separator: ", "))")
            }
            return object.decode(.object(pairs.filter { keys.contains($0.key) }), path, &diagnostics)
        }
    }
}
