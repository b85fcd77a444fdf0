public import WaveNotifications

/// A treatment the user logged as done: a schedule and one of its slots.
public struct TreatmentLog: Hashable, Sendable, Codable {
    /// The schedule's id.
    public var scheduleID: String
    /// The occurrence's slot: its local date and the time the schedule asked for.
    public var slot: LocalDateTime

    /// Creates a log entry.
    ///
    /// - Parameters:
    ///   - scheduleID: The schedule's id.
    ///   - slot: The occurrence's slot.
    public init(scheduleID: String, slot: LocalDateTime) {
        self.scheduleID = scheduleID
        self.slot = slot
    }

    private enum CodingKeys: String, CodingKey {
        case scheduleID = "schedule"
        case slot
    }
}
