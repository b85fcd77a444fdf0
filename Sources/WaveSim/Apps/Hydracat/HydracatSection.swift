internal import Foundation
internal import HydracatNotifications
internal import WaveJSON
internal import WaveNotifications

/// Hydracat's part of the scenario format: the `hydracat` settings object and the `log` and `snooze` actions.
///
/// Messages never quote a medication name or a dose: only ids, paths and the kind of problem.
enum HydracatSection: AppReplaySection {
    static let name = "hydracat"
    static let actionKeys = ["log": ["schedule", "slot"], "snooze": ["identifier"]]

    /// A `log` action: the treatment of a schedule's slot was done.
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
        guard let user, let enabled, let snooze, let weekly, let endOfDay, let pets else { return nil }
        var seen: [String: String] = [:]
        for pet in pets {
            for schedule in pet.schedules {
                if let other = seen[schedule.id] {
                    diagnostics.problem(
                        object.path.appending(key: "pets"),
                        "schedule id '\(schedule.id)' is used by pets '\(other)' and '\(pet.id)'; schedule ids must be unique"
                    )
                    return nil
                }
                seen[schedule.id] = pet.id
            }
        }
        return HydracatSettings(
            userID: user, isEnabled: enabled, isSnoozeEnabled: snooze, isWeeklySummaryEnabled: weekly,
            endOfDay: endOfDay, pets: pets)
    }

    static func decodeAction(
        type: String, _ object: ObjectDecoder, at path: JSONPath, _ diagnostics: inout DecodingDiagnostics
    ) -> (any AppActionPayload)? {
        switch type {
        case "log":
            let schedule = object.decode(.required("schedule", .identifierText), &diagnostics)
            let slot = object.decode(.required("slot", .localDateTime), &diagnostics)
            guard let schedule, let slot else { return nil }
            return LogAction(log: TreatmentLog(scheduleID: schedule, slot: slot))
        default:
            let identifier = object.decode(.required("identifier", .nonEmptyText), &diagnostics)
            return identifier.map { SnoozeAction(identifier: $0, path: path.description) }
        }
    }

    static func validate(
        _ actions: [(action: AppScenario.Action, settings: JSONValue)], _ diagnostics: inout DecodingDiagnostics
    ) {
        for (action, value) in actions {
            guard case .app(let payload) = action.kind else { continue }
            let settings = decodedSettings(value)
            let path = JSONPath(action.path)
            if let log = payload as? LogAction {
                guard let pet = settings.pets.first(where: { $0.schedules.contains { $0.id == log.log.scheduleID } })
                else {
                    diagnostics.problem(
                        path.appending(key: "schedule"),
                        "no schedule '\(log.log.scheduleID)' in the settings at that time")
                    continue
                }
                let schedule = pet.schedules.first { $0.id == log.log.scheduleID }!
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
