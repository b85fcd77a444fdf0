/// How a category's check-ins are scheduled; the raw values are the settings' `mode` values.
public enum ShadowScheduleMode: String, Hashable, Sendable, Codable, CaseIterable {
    /// At named anchors (wake, breakfast, …).
    case anchor
    /// Every N hours in a local window.
    case interval
    /// At specific local times.
    case times
}
