/// What a treatment schedule gives: a medication or fluid therapy.
///
/// Notifications name only this kind ("medication", "fluid therapy"), never the medication itself.
public enum TreatmentKind: String, Hashable, Sendable, Codable, CaseIterable {
    /// A medication; notifications say "medication".
    case medication
    /// Subcutaneous fluids; notifications say "fluid therapy".
    case fluid
}
