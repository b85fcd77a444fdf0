/// The platform's notification permission, as a gate every app's rules check before anything is scheduled.
///
/// `notDetermined` and `denied` show nothing (pending requests are removed with `permission_denied`);
/// `provisional` shows quietly, with the passive interruption level; `authorized` shows normally.
public enum NotificationPermission: String, Hashable, Sendable, Codable, CaseIterable {
    /// Not asked yet: nothing is shown.
    case notDetermined
    /// Refused: nothing is shown.
    case denied
    /// Quiet delivery to the notification center: shown with the passive interruption level.
    case provisional
    /// Allowed.
    case authorized

    /// Whether notifications may be shown at all (`provisional` or `authorized`).
    public var allowsShowing: Bool { self == .provisional || self == .authorized }
}
