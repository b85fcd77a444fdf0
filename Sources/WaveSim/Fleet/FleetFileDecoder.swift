internal import Foundation
internal import WaveCommandLine
internal import WaveJSON
internal import WaveNotifications
internal import WaveNotificationsTesting

/// Reads a fleet file (`docs/fleet.md`): every problem named by its JSON path, before any user is replayed.
enum FleetFileDecoder {
    /// The envelope keys a user's scenario gets from the population, which the template may not set.
    static let keysSetByThePopulation = ["timeZone", "now", "until", "platform", "device"]

    /// The apps a fleet may replay.
    static let apps = ["worldwidewaves", "gonow", "hydracat", "shadow", "growbro"]

    /// Decodes a fleet file.
    ///
    /// - Parameters:
    ///   - bytes: The file's bytes.
    ///   - file: The file's name, for messages.
    /// - Returns: The fleet.
    /// - Throws: ``ScenarioError`` listing every problem with its JSON path.
    static func decode(_ bytes: [UInt8], file: String) throws(ScenarioError) -> FleetFile {
        var fleet = try root.decodeDocument(bytes, file: file, document: "fleet")
        fleet.fingerprint = fingerprint(of: bytes)
        return fleet
    }

    /// FNV-1a (64 bits) of the bytes, as 16 hex digits.
    static func fingerprint(of bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    private static var root: ValueDecoder<FleetFile> {
        .object(keys: ["users", "seed", "start", "days", "scenario", "population"], named: "a fleet object") {
            object, diagnostics in
            let users = object.decode(.required("users", .integer(in: 1...100_000_000)), &diagnostics)
            let seed = object.decode(
                .optional("seed", .integer(in: 0...Int(Int64.max)), default: 0), &diagnostics)
            let start = object.decode(.required("start", .localDate), &diagnostics)
            let days = object.decode(.required("days", .integer(in: 1...3660)), &diagnostics)
            let template = object.decode(.required("scenario", .template), &diagnostics)
            let app = template.map { template -> String in
                if case .string(let name) = template.value.member("app") ?? .null { return name }
                return "worldwidewaves"
            }
            let population = object.decode(
                .optional("population", .population(app: app ?? ""), default: FleetPopulation()), &diagnostics)
            guard let users, let seed, let start, let days, let template, let app, let population else { return nil }
            return FleetFile(
                users: users, seed: UInt64(seed), start: start, days: days, template: template.value, app: app,
                population: population, fingerprint: "")
        }
    }
}

/// The template, checked for the keys the population sets (the rest is checked by decoding a user's scenario).
private struct Template: Sendable {
    var value: JSONValue
}

extension ValueDecoder where Value == Template {
    fileprivate static var template: ValueDecoder<Template> {
        ValueDecoder { value, path, diagnostics in
            guard case .object(let members) = value else {
                diagnostics.problem(path, "expected an app scenario object, found \(value.typeDescription)")
                return nil
            }
            var clean = true
            for (key, _) in members where FleetFileDecoder.keysSetByThePopulation.contains(key) {
                diagnostics.problem(
                    path.appending(key: key), "is set for each user by the population; leave it out of the template")
                clean = false
            }
            if let app = value.member("app") {
                guard case .string(let name) = app, FleetFileDecoder.apps.contains(name) else {
                    diagnostics.problem(
                        path.appending(key: "app"),
                        "expected one of \(ValueDecoderText.list(FleetFileDecoder.apps.map { "'\($0)'" }, or: true))")
                    return nil
                }
            }
            return clean ? Template(value: value) : nil
        }
    }
}

extension ValueDecoder where Value == FleetPopulation {
    fileprivate static func population(app: String) -> ValueDecoder<FleetPopulation> {
        .object(
            keys: [
                "platform", "timeZone", "sleep", "launchesPerDay", "backgroundRefreshesPerDay", "forceStopsPerDay",
                "android", "ios", "pushesPerDay", "backgroundPushesPerDay",
            ], named: "a population object"
        ) { object, diagnostics in
            var population = FleetPopulation()
            var clean = true
            func take<Member: Sendable>(_ field: Field<Member>, _ set: (Member) -> Void) {
                if let value = object.decode(field, &diagnostics) {
                    set(value)
                } else if object.contains(field.key) {
                    clean = false
                }
            }
            take(.optional("platform", .shares(of: ["ios", "android"], named: "platform"))) { population.platform = $0 }
            take(.optional("timeZone", .zoneShares)) { population.timeZone = $0 }
            take(.optional("sleep", .sleep)) { sleep in
                population.sleep = sleep.window
                population.charging = sleep.charging
            }
            take(.optional("launchesPerDay", .rate)) { population.launchesPerDay = $0 }
            take(.optional("backgroundRefreshesPerDay", .rate)) { population.backgroundRefreshesPerDay = $0 }
            take(.optional("forceStopsPerDay", .rate)) { population.forceStopsPerDay = $0 }
            take(.optional("android", .androidHabits)) { android in
                population.exactAlarmsDenied = android.exactAlarmsDenied
                population.bucket = android.bucket
            }
            take(.optional("ios", .iosHabits)) { ios in
                population.focus = ios.focus
                population.focusSilencesTimeSensitive = ios.focusSilencesTimeSensitive
                population.summary = ios.summary
                population.lowPower = ios.lowPower
            }
            for key in ["pushesPerDay", "backgroundPushesPerDay"] where object.contains(key) && app != "growbro" {
                diagnostics.problem(
                    object.path.appending(key: key), "only GrowBro receives pushes; this fleet's app is '\(app)'")
                clean = false
            }
            if app == "growbro" {
                take(.optional("pushesPerDay", .pushRates)) { population.pushesPerDay = $0 }
                take(.optional("backgroundPushesPerDay", .rate)) { population.backgroundPushesPerDay = $0 }
            }
            return clean ? population : nil
        }
    }
}

extension ValueDecoder where Value == Double {
    /// A share of the users, 0 to 1.
    fileprivate static var share: ValueDecoder<Double> { .number(in: 0...1) }

    /// A mean count a day: 0 or more (at most 1,000).
    fileprivate static var rate: ValueDecoder<Double> {
        ValueDecoder { value, path, diagnostics in
            guard case .number(let text) = value, let number = Double(text) else {
                diagnostics.problem(path, "expected a number of times a day, found \(value.typeDescription)")
                return nil
            }
            guard number >= 0 else {
                diagnostics.problem(path, "\(text) is negative; expected a mean count a day of 0 or more")
                return nil
            }
            guard number <= 1000 else {
                diagnostics.problem(path, "\(text) is more than 1000 a day")
                return nil
            }
            return number
        }
    }
}

extension ValueDecoder where Value == FleetPopulation.Shares {
    /// `{"name": share, …}` over `allowed` names, the shares summing to 1.
    fileprivate static func shares(of allowed: [String], named what: String) -> ValueDecoder<FleetPopulation.Shares> {
        shares(named: what) { name in
            allowed.contains(name)
                ? nil
                : "unknown \(what) '\(name)'; expected \(ValueDecoderText.list(allowed.map { "'\($0)'" }, or: true))"
        }
    }

    /// `{"Europe/Paris": share, …}`, each an IANA zone.
    fileprivate static var zoneShares: ValueDecoder<FleetPopulation.Shares> {
        shares(named: "time zone") { name in
            TimeZone(identifier: name) == nil
                ? "unknown time zone '\(name)'; expected an IANA name like 'Europe/Paris'" : nil
        }
    }

    private static func shares(
        named what: String, check: @escaping @Sendable (String) -> String?
    ) -> ValueDecoder<FleetPopulation.Shares> {
        ValueDecoder { value, path, diagnostics in
            guard case .object(let members) = value, !members.isEmpty else {
                diagnostics.problem(path, "expected an object of \(what) shares like {\"a\": 0.6, \"b\": 0.4}")
                return nil
            }
            var choices: [(name: String, share: Double)] = []
            var clean = true
            var seen = Set<String>()
            for (name, member) in members {
                let memberPath = path.appending(key: name)
                if let message = check(name) {
                    diagnostics.problem(memberPath, message)
                    clean = false
                    continue
                }
                if !seen.insert(name).inserted {
                    diagnostics.problem(memberPath, "duplicate key; each key may appear once")
                    clean = false
                    continue
                }
                guard let share = ValueDecoder<Double>.share.decode(member, memberPath, &diagnostics) else {
                    clean = false
                    continue
                }
                choices.append((name, share))
            }
            guard clean else { return nil }
            let sum = choices.reduce(0) { $0 + $1.share }
            guard abs(sum - 1) <= 1e-9 else {
                diagnostics.problem(path, "the shares sum to \(sum); they must sum to 1")
                return nil
            }
            return FleetPopulation.Shares(choices: choices)
        }
    }
}

/// A window's `from` (two local times) and `hours` (two numbers) members.
private struct WindowRange: Sendable {
    var earliestStart: Int
    var latestStart: Int
    var shortest: Int
    var longest: Int

    func window(share: Double) -> FleetPopulation.Window {
        FleetPopulation.Window(
            share: share, earliestStart: earliestStart, latestStart: latestStart, shortest: shortest,
            longest: longest)
    }

    static func decode(_ object: ObjectDecoder, _ diagnostics: inout DecodingDiagnostics) -> WindowRange? {
        let from = object.decode(
            .required("from", .array(of: .localTime, named: "two local times [\"22:00\", \"01:00\"]")), &diagnostics)
        let hours = object.decode(
            .required("hours", .array(of: .number(in: 0...24), named: "two numbers of hours [6, 9]")), &diagnostics)
        guard let from, let hours else { return nil }
        var clean = true
        if from.count != 2 {
            diagnostics.problem(
                object.path.appending(key: "from"), "expected two local times, the earliest and latest start")
            clean = false
        }
        if hours.count != 2 || hours.first! > hours.last! {
            diagnostics.problem(
                object.path.appending(key: "hours"), "expected two numbers of hours, the shortest and the longest")
            clean = false
        }
        guard clean else { return nil }
        let shortest = Int((hours[0] * 60).rounded())
        let longest = Int((hours[1] * 60).rounded())
        guard shortest >= 1, longest <= 1439 else {
            diagnostics.problem(
                object.path.appending(key: "hours"), "a window lasts from 1 minute to 23 h 59 min")
            return nil
        }
        return WindowRange(
            earliestStart: from[0].hour * 60 + from[0].minute, latestStart: from[1].hour * 60 + from[1].minute,
            shortest: shortest, longest: longest)
    }
}

/// The population's `sleep`: the idle window and the share charging.
private struct SleepHabit: Sendable {
    var window: FleetPopulation.Window
    var charging: Double
}

extension ValueDecoder where Value == SleepHabit {
    fileprivate static var sleep: ValueDecoder<SleepHabit> {
        .object(keys: ["share", "from", "hours", "charging"], named: "a sleep object") { object, diagnostics in
            let share = object.decode(.optional("share", .share, default: 1), &diagnostics)
            let charging = object.decode(.optional("charging", .share, default: 0), &diagnostics)
            let range = WindowRange.decode(object, &diagnostics)
            guard let share, let charging, let range else { return nil }
            return SleepHabit(window: range.window(share: share), charging: charging)
        }
    }
}

extension ValueDecoder where Value == FleetPopulation.Window {
    /// `{"share", "from": [earliest, latest], "hours": [shortest, longest]}`.
    fileprivate static func window(extraKeys: [String] = []) -> ValueDecoder<FleetPopulation.Window> {
        .object(keys: ["share", "from", "hours"] + extraKeys, named: "a window object") { object, diagnostics in
            let share = object.decode(.required("share", .share), &diagnostics)
            let range = WindowRange.decode(object, &diagnostics)
            guard let share, let range else { return nil }
            return range.window(share: share)
        }
    }
}

/// The population's `android`.
private struct AndroidHabits: Sendable {
    var exactAlarmsDenied: Double
    var bucket: FleetPopulation.Shares
}

extension ValueDecoder where Value == AndroidHabits {
    fileprivate static var androidHabits: ValueDecoder<AndroidHabits> {
        .object(keys: ["exactAlarmsDenied", "bucket"], named: "an object of Android habits") { object, diagnostics in
            let denied = object.decode(.optional("exactAlarmsDenied", .share, default: 0), &diagnostics)
            let bucket = object.decode(
                .optional(
                    "bucket", .shares(of: StandbyBucket.allCases.map(\.rawValue), named: "bucket"),
                    default: FleetPopulation.Shares(choices: [("active", 1)])), &diagnostics)
            guard let denied, let bucket else { return nil }
            return AndroidHabits(exactAlarmsDenied: denied, bucket: bucket)
        }
    }
}

/// The population's `ios`.
private struct IOSHabits: Sendable {
    var focus: FleetPopulation.Window?
    var focusSilencesTimeSensitive = 0.0
    var summary: FleetPopulation.Summary?
    var lowPower: FleetPopulation.Window?
}

extension ValueDecoder where Value == IOSHabits {
    fileprivate static var iosHabits: ValueDecoder<IOSHabits> {
        .object(keys: ["focus", "scheduledSummary", "lowPower"], named: "an object of iOS habits") {
            object, diagnostics in
            var habits = IOSHabits()
            var clean = true
            if object.contains("focus") {
                let focus = object.decode(
                    .required("focus", .window(extraKeys: ["silencesTimeSensitive"])), &diagnostics)
                let silences = object.decode(.required("focus", .silencesTimeSensitive), &diagnostics)
                if let focus, let silences {
                    habits.focus = focus
                    habits.focusSilencesTimeSensitive = silences
                } else {
                    clean = false
                }
            }
            if object.contains("scheduledSummary") {
                if let summary = object.decode(.required("scheduledSummary", .summary), &diagnostics) {
                    habits.summary = summary
                } else {
                    clean = false
                }
            }
            if object.contains("lowPower") {
                if let lowPower = object.decode(.required("lowPower", .window()), &diagnostics) {
                    habits.lowPower = lowPower
                } else {
                    clean = false
                }
            }
            return clean ? habits : nil
        }
    }
}

extension ValueDecoder where Value == Double {
    /// A Focus's `silencesTimeSensitive` share (default 0), read beside the window's own keys.
    fileprivate static var silencesTimeSensitive: ValueDecoder<Double> {
        ValueDecoder { value, path, diagnostics in
            guard let member = value.member("silencesTimeSensitive") else { return 0 }
            return ValueDecoder<Double>.share.decode(member, path.appending(key: "silencesTimeSensitive"), &diagnostics)
        }
    }
}

extension ValueDecoder where Value == FleetPopulation.Summary {
    fileprivate static var summary: ValueDecoder<FleetPopulation.Summary> {
        .object(keys: ["share", "times"], named: "a Scheduled Summary object") { object, diagnostics in
            let share = object.decode(.required("share", .share), &diagnostics)
            let times = object.decode(
                .required("times", .array(of: .localTime, named: "an array of local times", emptyMessage: "is empty")),
                &diagnostics)
            guard let share, let times else { return nil }
            return FleetPopulation.Summary(share: share, times: times.map(\.description))
        }
    }
}

extension ValueDecoder where Value == [(kind: String, rate: Double)] {
    /// GrowBro's `pushesPerDay`: `reply`, `like`, `system`, each a mean a day.
    fileprivate static var pushRates: ValueDecoder<[(kind: String, rate: Double)]> {
        .object(keys: ["reply", "like", "system"], named: "an object of pushes a day") { object, diagnostics in
            var rates: [(kind: String, rate: Double)] = []
            var clean = true
            for kind in ["reply", "like", "system"] {
                guard let rate = object.decode(.optional(kind, .rate, default: 0), &diagnostics) else {
                    clean = false
                    continue
                }
                rates.append((kind, rate))
            }
            return clean ? rates : nil
        }
    }
}
