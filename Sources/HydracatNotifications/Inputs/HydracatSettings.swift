/// Hydracat's notification settings: the user, the switches, and every pet's treatment schedules.
///
/// JSON keys are the spec's: `userId`, `enabled`, `snooze`, `weeklySummary`, `endOfDay` (`enabled`, `time`),
/// `pets`. Missing switches take their defaults (on, except the end-of-day check).
public struct HydracatSettings: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The user's id; the first part of every identifier.
    public var userID: String
    /// The app's own notification switch; off removes everything (`user_disabled`).
    public var isEnabled: Bool
    /// Whether reminders offer the snooze action and snoozing does anything.
    public var isSnoozeEnabled: Bool
    /// Whether the Monday summaries are sent.
    public var isWeeklySummaryEnabled: Bool
    /// The end-of-day check.
    public var endOfDay: EndOfDaySettings
    /// The pets and their schedules.
    public var pets: [HydracatPet]

    /// Creates settings.
    ///
    /// - Parameters:
    ///   - userID: The user's id, without `|`.
    ///   - isEnabled: The app's own notification switch.
    ///   - isSnoozeEnabled: Whether snoozing is offered.
    ///   - isWeeklySummaryEnabled: Whether Monday summaries are sent.
    ///   - endOfDay: The end-of-day check.
    ///   - pets: The pets and their schedules.
    public init(
        userID: String, isEnabled: Bool = true, isSnoozeEnabled: Bool = true, isWeeklySummaryEnabled: Bool = true,
        endOfDay: EndOfDaySettings = EndOfDaySettings(), pets: [HydracatPet] = []
    ) {
        self.userID = userID
        self.isEnabled = isEnabled
        self.isSnoozeEnabled = isSnoozeEnabled
        self.isWeeklySummaryEnabled = isWeeklySummaryEnabled
        self.endOfDay = endOfDay
        self.pets = pets
    }

    /// Checks that the ids can be carried in identifiers: non-empty, without `|`, unique among their siblings.
    ///
    /// - Throws: ``HydracatError/invalidSettings(path:problem:)`` naming the field; the message never quotes a
    ///   medication name or dose.
    public func validate() throws(HydracatError) {
        try Self.checkID(userID, path: "userId")
        var petIDs: Set<String> = []
        for (petIndex, pet) in pets.enumerated() {
            let petPath = "pets[\(petIndex)]"
            try Self.checkID(pet.id, path: petPath + ".id")
            guard petIDs.insert(pet.id).inserted else {
                throw .invalidSettings(path: petPath + ".id", problem: "repeats the id of an earlier pet")
            }
            var scheduleIDs: Set<String> = []
            for (scheduleIndex, schedule) in pet.schedules.enumerated() {
                let path = petPath + ".schedules[\(scheduleIndex)]"
                try Self.checkID(schedule.id, path: path + ".id")
                guard schedule.id != HydracatIdentifier.noSchedule else {
                    throw .invalidSettings(path: path + ".id", problem: "\"-\" is reserved for summaries")
                }
                guard scheduleIDs.insert(schedule.id).inserted else {
                    throw .invalidSettings(path: path + ".id", problem: "repeats the id of an earlier schedule")
                }
            }
        }
    }

    /// The pet with an id.
    ///
    /// - Parameter id: The pet's id.
    /// - Returns: The pet, or `nil` when there is none.
    public func pet(withID id: String) -> HydracatPet? {
        pets.first { $0.id == id }
    }

    /// The switches and the pets (whose descriptions hide medication names and doses).
    public var description: String {
        "HydracatSettings(userID: \(userID), enabled: \(isEnabled), snooze: \(isSnoozeEnabled), "
            + "weeklySummary: \(isWeeklySummaryEnabled), endOfDay: \(endOfDay.isEnabled) \(endOfDay.time), "
            + "pets: [\(pets.map(\.description).joined(separator: ", "))])"
    }

    private enum CodingKeys: String, CodingKey {
        case userID = "userId"
        case isEnabled = "enabled"
        case isSnoozeEnabled = "snooze"
        case isWeeklySummaryEnabled = "weeklySummary"
        case endOfDay
        case pets
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        userID = try container.decode(String.self, forKey: .userID)
        isEnabled = try container.decodeIfPresent(Bool.self, forKey: .isEnabled) ?? true
        isSnoozeEnabled = try container.decodeIfPresent(Bool.self, forKey: .isSnoozeEnabled) ?? true
        isWeeklySummaryEnabled = try container.decodeIfPresent(Bool.self, forKey: .isWeeklySummaryEnabled) ?? true
        endOfDay = try container.decodeIfPresent(EndOfDaySettings.self, forKey: .endOfDay) ?? EndOfDaySettings()
        pets = try container.decodeIfPresent([HydracatPet].self, forKey: .pets) ?? []
    }

    private static func checkID(_ id: String, path: String) throws(HydracatError) {
        guard !id.isEmpty else { throw .invalidSettings(path: path, problem: "is empty") }
        guard !id.contains("|") else { throw .invalidSettings(path: path, problem: "contains \"|\"") }
    }
}
