internal import Foundation
internal import HydracatNotifications
internal import WaveCommandLine
internal import WaveJSON
internal import WaveNotifications

/// Hydracat's part of the scenario format: the `hydracat` settings object and the `log` and `snooze` actions.
///
/// Messages never quote a medication name or a dose: only ids, paths and the kind of problem.
enum HydracatSection: AppReplaySection {
    static let name = "hydracat"

    static var androidScheduling: AndroidScheduling { HydracatNotificationService.androidScheduling }
    static let actionKeys = ["log": ["pet", "schedule", "slot"], "snooze": ["identifier"]]

    /// A `log` action: the treatment of a pet's schedule slot was done. Without `pet` (allowed when no other pet has
    /// a schedule with that id) the log names no pet and covers the one pet with that schedule.
    struct LogAction: AppActionPayload {
        var log: TreatmentLog
        var type: String { "log" }
    }

    /// A `snooze` action on a shown notification.
    struct SnoozeAction: AppActionPayload {
        var identifier: String
        var path: String
        var type: String { "snooze" }
    }

    private static let schedule = ValueDecoder<TreatmentSchedule>.object(
        keys: ["id", "kind", "medicationName", "dose", "times"], named: "a schedule object"
    ) { object, diagnostics in
        let id = object.decode(.required("id", .identifierText), &diagnostics)
        let kind = object.decode(.required("kind", .enumeration()), &diagnostics) as TreatmentKind?
        let medication = object.decode(.optional("medicationName", .string, default: ""), &diagnostics)
        let dose = object.decode(.optional("dose", .string, default: ""), &diagnostics)
        let times = object.decode(
            .required(
                "times",
                .array(of: .localTime, named: "an array of HH:MM times", emptyMessage: "expected at least one time")),
            &diagnostics)
        guard let id, let kind, let medication, let dose, let times else { return nil }
        return TreatmentSchedule(
            id: id, kind: kind, medicationName: PrivateText(medication), dose: PrivateText(dose),
            times: Array(Set(times)).sorted())
    }

    private static let pet = ValueDecoder<HydracatPet>.object(keys: ["id", "name", "schedules"], named: "a pet object")
    {
        object, diagnostics in
        let id = object.decode(.required("id", .identifierText), &diagnostics)
        let name = object.decode(.required("name", .nonEmptyText), &diagnostics)
        let schedules = object.decode(
            .optional(
                "schedules", .array(of: schedule, named: "an array of schedules", uniqueKey: ("id", \.id)), default: []),
            &diagnostics)
        guard let id, let name, let schedules else { return nil }
        return HydracatPet(id: id, name: name, schedules: schedules)
    }

    private static let endOfDay = ValueDecoder<EndOfDaySettings>.object(keys: ["enabled", "time"]) {
        object, diagnostics in
        let enabled = object.decode(.optional("enabled", .bool, default: false), &diagnostics)
        let time = object.decode(.optional("time", .localTime, default: EndOfDaySettings.defaultTime), &diagnostics)
        guard let enabled, let time else { return nil }
        return EndOfDaySettings(isEnabled: enabled, time: time)
    }

    static let settings = ValueDecoder<HydracatSettings>.object(
        keys: ["userId", "enabled", "snooze", "weeklySummary", "endOfDay", "pets"],
        named: "an object of Hydracat settings"
    ) { object, diagnostics in
        let user = object.decode(.required("userId", .identifierText), &diagnostics)
        let enabled = object.decode(.optional("enabled", .bool, default: true), &diagnostics)
        let snooze = object.decode(.optional("snooze", .bool, default: true), &diagnostics)
        let weekly = object.decode(.optional("weeklySummary", .bool, default: true), &diagnostics)
        let endOfDay = object.decode(.optional("endOfDay", endOfDay, default: EndOfDaySettings()), &diagnostics)
        let pets = object.decode(
            .optional("pets", .array(of: pet, named: "an array of pets", uniqueKey: ("id", \.id)), default: []),
            &diagnostics)
        // Schedule ids are unique within a pet (`schedules`' unique key); two pets may both have an `s1`.
        guard let user, let enabled, let snooze, let weekly, let endOfDay, let pets else { return nil }
        return HydracatSettings(
            userID: user, isEnabled: enabled, isSnoozeEnabled: snooze, isWeeklySummaryEnabled: weekly,
            endOfDay: endOfDay, pets: pets)
    }

    static func decodeAction(
        type: String, _ object: ObjectDecoder, at path: JSONPath, _ diagnostics: inout DecodingDiagnostics
    ) -> (any AppActionPayload)? {
        switch type {
        case "log":
            let petField = Field<String?>.optional("pet", ValueDecoder<String>.identifierText.map { $0 }, default: nil)
            let pet = object.decode(petField, &diagnostics)
            let schedule = object.decode(.required("schedule", .identifierText), &diagnostics)
            let slot = object.decode(.required("slot", .localDateTime), &diagnostics)
            guard let pet, let schedule, let slot else { return nil }
            return LogAction(
                log: pet.map { TreatmentLog(petID: $0, scheduleID: schedule, slot: slot) }
                    ?? TreatmentLog(scheduleID: schedule, slot: slot))
        default:
            let identifier = object.decode(.required("identifier", .nonEmptyText), &diagnostics)
            return identifier.map { SnoozeAction(identifier: $0, path: path.description) }
        }
    }

    static func validate(
        _ actions: [(action: AppScenario.Action, settings: JSONValue)], _ diagnostics: inout DecodingDiagnostics
    ) {
        // The settings change only at a `settings` action: each is decoded once, not once per later log (a year of
        // logs twice a day made that quadratic).
        var decoded: [HydracatSettings] = []
        var changes: [Int] = []
        for (index, entry) in actions.enumerated() {
            if index > 0, entry.settings == actions[index - 1].settings {
                decoded.append(decoded[index - 1])
            } else {
                decoded.append(decodedSettings(entry.settings))
                changes.append(index)
            }
        }
        for (index, (action, _)) in actions.enumerated() {
            guard case .app(let payload) = action.kind else { continue }
            let settings = decoded[index]
            let path = JSONPath(action.path)
            if let log = payload as? LogAction {
                let later = [settings] + changes.filter { $0 > index }.map { decoded[$0] }
                guard let schedule = logSchedule(log.log, in: settings, later: later, at: path, &diagnostics) else {
                    continue
                }
                if !schedule.times.contains(log.log.slot.time) {
                    diagnostics.problem(
                        path.appending(key: "slot"),
                        "'\(log.log.slot)' is not a slot of schedule '\(schedule.id)' (its times: "
                            + schedule.times.map(\.description).joined(separator: ", ") + ")")
                }
            } else if let snooze = payload as? SnoozeAction {
                do {
                    let identifier = try HydracatIdentifier(parsing: snooze.identifier)
                    if identifier.userID != settings.userID {
                        diagnostics.problem(path.appending(key: "identifier"), "names another user than 'userId'")
                    } else if let pet = settings.pet(withID: identifier.petID) {
                        if identifier.scheduleID != "-",
                            !pet.schedules.contains(where: { $0.id == identifier.scheduleID })
                        {
                            diagnostics.problem(
                                path.appending(key: "identifier"),
                                "names schedule '\(identifier.scheduleID)', which pet '\(pet.id)' does not have")
                        }
                    } else {
                        diagnostics.problem(
                            path.appending(key: "identifier"),
                            "names pet '\(identifier.petID)', which is not in the settings")
                    }
                } catch {
                    diagnostics.problem(
                        path.appending(key: "identifier"),
                        "is not a Hydracat identifier <userId>|<petId>|<scheduleId>|<slot>|<type>")
                }
            }
        }
    }

    /// The schedule a `log` names, or `nil` after a problem: the pet (when named) must have it; without `pet`, exactly
    /// one pet may have a schedule with that id, at that time and in every later settings (a log naming no pet
    /// covers every pet with the schedule id).
    private static func logSchedule(
        _ log: TreatmentLog, in settings: HydracatSettings, later: [HydracatSettings], at path: JSONPath,
        _ diagnostics: inout DecodingDiagnostics
    ) -> TreatmentSchedule? {
        if let petID = log.petID {
            guard let pet = settings.pet(withID: petID) else {
                diagnostics.problem(path.appending(key: "pet"), "no pet '\(petID)' in the settings at that time")
                return nil
            }
            guard let schedule = pet.schedules.first(where: { $0.id == log.scheduleID }) else {
                diagnostics.problem(
                    path.appending(key: "schedule"), "pet '\(petID)' has no schedule '\(log.scheduleID)' at that time")
                return nil
            }
            return schedule
        }
        let owners = settings.pets.filter { $0.schedules.contains { $0.id == log.scheduleID } }
        guard let owner = owners.first else {
            diagnostics.problem(
                path.appending(key: "schedule"), "no schedule '\(log.scheduleID)' in the settings at that time")
            return nil
        }
        var petIDs = owners.map(\.id)
        for settings in later {
            for pet in settings.pets
            where !petIDs.contains(pet.id)
                && pet.schedules.contains(where: {
                    $0.id == log.scheduleID
                })
            {
                petIDs.append(pet.id)
            }
        }
        guard petIDs.count == 1 else {
            let names = petIDs.map { "'\($0)'" }
            let list = names.dropLast().joined(separator: ", ") + " and " + names.last!
            diagnostics.problem(
                path.appending(key: "pet"),
                "is required: pets \(list) have a schedule '\(log.scheduleID)'"
                    + (owners.count > 1 ? "" : " (in later settings)") + "; name the pet whose treatment was done")
            return nil
        }
        return owner.schedules.first { $0.id == log.scheduleID }
    }

    static func makeDriver(
        settings: JSONValue, scenario: AppScenario, options: ReplayOptions, environment: AppDriverEnvironment
    ) -> any AppReplayDriver {
        HydracatDriver(
            service: HydracatNotificationService(
                settings: decodedSettings(settings), start: scenario.start, center: environment.center))
    }

    static let fallbackSettings = HydracatSettings(userID: "-")
}

extension ValueDecoder where Value == String {
    /// An id carried inside identifiers: non-empty, without `|`.
    fileprivate static var identifierText: ValueDecoder<String> {
        ValueDecoder<String>.nonEmptyText.map { text throws(DecodingMessage) in
            guard !text.contains("|") else { throw DecodingMessage("'\(text)' contains '|', which identifiers use") }
            return text
        }
    }
}
