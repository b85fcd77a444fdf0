public import WaveNotifications

/// The user's setting of one anchor: its clock time and whether it is on.
///
/// A disabled anchor is skipped by every anchor-mode category (the supplements category included).
public struct ShadowAnchorSetting: Hashable, Sendable, Codable {
    /// The local time the anchor happens at every day.
    public var time: LocalTime
    /// Whether anchor-mode check-ins fire at it.
    public var enabled: Bool

    /// Creates an anchor setting.
    ///
    /// - Parameters:
    ///   - time: The local time.
    ///   - enabled: Whether it is on; on by default.
    public init(time: LocalTime, enabled: Bool = true) {
        self.time = time
        self.enabled = enabled
    }
}
