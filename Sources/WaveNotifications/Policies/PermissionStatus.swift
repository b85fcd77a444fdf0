/// The platform's notification permission, as iOS and Android report it.
public enum PermissionStatus: String, Hashable, Sendable, Codable, CaseIterable {
    /// The user was not asked yet: nothing is shown.
    case notDetermined
    /// The user refused: nothing is shown.
    case denied
    /// Quiet delivery without asking (iOS): shown with the passive interruption level.
    case provisional
    /// Allowed.
    case authorized

    /// Whether notifications may be shown at all.
    public var allowsDelivery: Bool { self == .provisional || self == .authorized }
}
