/// A pet and its treatment schedules.
public struct HydracatPet: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The pet's id; part of identifiers and deep links.
    public var id: String
    /// The pet's name, shown in notifications.
    public var name: String
    /// The pet's treatment schedules.
    public var schedules: [TreatmentSchedule]

    /// Creates a pet.
    ///
    /// - Parameters:
    ///   - id: The pet's id, without `|`.
    ///   - name: The name shown in notifications.
    ///   - schedules: Its treatment schedules.
    public init(id: String, name: String, schedules: [TreatmentSchedule] = []) {
        self.id = id
        self.name = name
        self.schedules = schedules
    }

    /// The id, the name and the schedules (whose descriptions hide medication names and doses).
    public var description: String {
        "HydracatPet(id: \(id), name: \(name), schedules: [\(schedules.map(\.description).joined(separator: ", "))])"
    }
}
