public import WaveNotifications

/// A treatment the user logged as done: a pet's schedule and one of its slots.
///
/// Two pets may each have a schedule with the same id, so a log names its pet and covers only that pet's
/// reminders, follow-ups, snoozes and counts.
///
/// **A log without a pet.** Logs saved before logs named their pet have no `pet` key; they still decode, with
/// ``petID`` `nil`, and such a log counts for every pet that has a schedule with its ``scheduleID`` (as every log
/// did then). ``init(scheduleID:slot:)`` makes one; prefer ``init(petID:scheduleID:slot:)``.
public struct TreatmentLog: Hashable, Sendable, Codable {
    /// The pet's id; `nil` for a log saved before logs named their pet, which counts for every pet with the schedule.
    public var petID: String?
    /// The schedule's id, unique within its pet.
    public var scheduleID: String
    /// The occurrence's slot: its local date and the time the schedule asked for.
    public var slot: LocalDateTime

    /// Creates the log of one pet's treatment.
    ///
    /// - Parameters:
    ///   - petID: The pet's id.
    ///   - scheduleID: The schedule's id within that pet.
    ///   - slot: The occurrence's slot.
    public init(petID: String, scheduleID: String, slot: LocalDateTime) {
        self.petID = petID
        self.scheduleID = scheduleID
        self.slot = slot
    }

    /// Creates a log that names no pet: it counts for every pet with a schedule of that id (the rule of logs saved
    /// before logs named their pet). Use it only when the schedule id is known to be one pet's.
    ///
    /// - Parameters:
    ///   - scheduleID: The schedule's id.
    ///   - slot: The occurrence's slot.
    public init(scheduleID: String, slot: LocalDateTime) {
        self.petID = nil
        self.scheduleID = scheduleID
        self.slot = slot
    }

    private enum CodingKeys: String, CodingKey {
        case petID = "pet"
        case scheduleID = "schedule"
        case slot
    }

    /// Decodes `pet` (absent in logs saved before logs named their pet), `schedule` and `slot`.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: The decoder's errors.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        petID = try container.decodeIfPresent(String.self, forKey: .petID)
        scheduleID = try container.decode(String.self, forKey: .scheduleID)
        slot = try container.decode(LocalDateTime.self, forKey: .slot)
    }

    /// Encodes `pet` (left out when `nil`), `schedule` and `slot`.
    ///
    /// - Parameter encoder: The encoder.
    /// - Throws: The encoder's errors.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(petID, forKey: .petID)
        try container.encode(scheduleID, forKey: .scheduleID)
        try container.encode(slot, forKey: .slot)
    }
}

extension Set where Element == TreatmentLog {
    /// Whether a pet's occurrence is logged: by a log naming the pet, or by one naming no pet.
    ///
    /// - Parameters:
    ///   - petID: The pet's id.
    ///   - scheduleID: The schedule's id within that pet.
    ///   - slot: The occurrence's slot.
    /// - Returns: `true` when a log covers it.
    func containsLog(petID: String, scheduleID: String, slot: LocalDateTime) -> Bool {
        contains(TreatmentLog(petID: petID, scheduleID: scheduleID, slot: slot))
            || contains(TreatmentLog(scheduleID: scheduleID, slot: slot))
    }
}
