public import WaveNotifications

/// One treatment a pet gets every day at fixed local times: the schedule the reminders come from.
///
/// ``medicationName`` and ``dose`` are ``PrivateText``: they are kept for the app's own screens and never reach a
/// notification, a link, metadata, an identifier, an error or any description of this value.
public struct TreatmentSchedule: Hashable, Sendable, Codable, CustomStringConvertible,
    CustomDebugStringConvertible, CustomReflectable
{
    /// The schedule's id, unique within its pet; part of identifiers and deep links.
    public var id: String
    /// Medication or fluid therapy.
    public var kind: TreatmentKind
    /// The medication's name; private.
    public var medicationName: PrivateText
    /// The dose; private.
    public var dose: PrivateText
    /// The local times of day the treatment is due, every day.
    public var times: [LocalTime]

    /// Creates a schedule.
    ///
    /// - Parameters:
    ///   - id: The schedule's id, unique within its pet, without `|`.
    ///   - kind: Medication or fluid therapy.
    ///   - medicationName: The medication's name (private).
    ///   - dose: The dose (private).
    ///   - times: The local times of day, every day.
    public init(
        id: String, kind: TreatmentKind, medicationName: PrivateText = "", dose: PrivateText = "", times: [LocalTime]
    ) {
        self.id = id
        self.kind = kind
        self.medicationName = medicationName
        self.dose = dose
        self.times = times
    }

    /// The id, the kind and the times; the medication name and dose are shown as `<private>`.
    public var description: String {
        "TreatmentSchedule(id: \(id), kind: \(kind.rawValue), medicationName: \(PrivateText.placeholder), "
            + "dose: \(PrivateText.placeholder), times: [\(times.map(\.description).joined(separator: ", "))])"
    }

    /// The same as ``description``: nothing private.
    public var debugDescription: String { description }

    /// A mirror whose private children are ``PrivateText`` values, which describe themselves as `<private>`.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "id": id, "kind": kind, "medicationName": medicationName, "dose": dose,
                "times": times.map(\.description),
            ], displayStyle: .struct)
    }
}
