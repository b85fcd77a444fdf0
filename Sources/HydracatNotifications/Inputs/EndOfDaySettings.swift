public import WaveNotifications

/// The optional end-of-day check: at a local time, a per-pet count of today's treatments not logged yet.
public struct EndOfDaySettings: Hashable, Sendable, Codable {
    /// Whether the check is sent; off by default.
    public var isEnabled: Bool
    /// The local time it is sent at; 21:00 by default.
    public var time: LocalTime

    /// Creates end-of-day settings.
    ///
    /// - Parameters:
    ///   - isEnabled: Whether the check is sent.
    ///   - time: The local time it is sent at.
    public init(isEnabled: Bool = false, time: LocalTime = EndOfDaySettings.defaultTime) {
        self.isEnabled = isEnabled
        self.time = time
    }

    /// 21:00.
    public static let defaultTime = try! LocalTime(hour: 21, minute: 0)

    private enum CodingKeys: String, CodingKey {
        case isEnabled = "enabled"
        case time
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        isEnabled = try container.decodeIfPresent(Bool.self, forKey: .isEnabled) ?? false
        time = try container.decodeIfPresent(LocalTime.self, forKey: .time) ?? Self.defaultTime
    }
}
