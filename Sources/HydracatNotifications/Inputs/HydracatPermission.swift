/// The platform's notification permission, as the gates read it.
public enum HydracatPermission: String, Hashable, Sendable, Codable, CaseIterable {
    /// Everything is shown as its channel says.
    case authorized
    /// Shown quietly: every request gets the `passive` interruption level.
    case provisional
    /// Nothing is shown; every candidate is dropped with `permission_denied`.
    case denied
    /// Not asked yet: the same as ``denied``.
    case notDetermined

    /// Whether notifications may be shown at all.
    public var allowsNotifications: Bool { self == .authorized || self == .provisional }
}
