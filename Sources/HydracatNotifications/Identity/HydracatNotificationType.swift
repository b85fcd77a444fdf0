/// The kinds of Hydracat notification; the raw value is the identifier's last component.
public enum HydracatNotificationType: String, Hashable, Sendable, Codable, CaseIterable {
    /// At a treatment's slot.
    case reminder
    /// Two hours after the slot (moved out of 23:00–08:00) while the treatment is not logged.
    case followup
    /// A reminder or follow-up the user snoozed, 15 minutes after the snooze.
    case snooze
    /// Monday 09:00: the previous week's logged and due treatments, per pet.
    case weekly
    /// The end-of-day count of today's treatments not logged, per pet.
    case eod

    /// Whether it belongs to one treatment slot (reminder, follow-up, snooze) rather than a whole pet.
    public var isTreatment: Bool { self == .reminder || self == .followup || self == .snooze }
}
