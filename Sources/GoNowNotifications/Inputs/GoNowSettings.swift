public import WaveNotifications

/// The user's GoNow notification settings: the master switch, a toggle per mode, quiet hours and the dog's name.
///
/// Defaults follow the spec: notifications enabled, every mode off, quiet hours off (22:00–07:00), no dog name.
public struct GoNowSettings: Hashable, Sendable {
    /// The master switch: when `false` nothing is scheduled and pending requests are removed (`user_disabled`).
    public var enabled: Bool
    /// The modes switched on; a mode not in the set gets no candidates and loses its pending requests.
    public var enabledModes: Set<GoNowMode>
    /// Quiet hours.
    public var quietHours: QuietHoursSetting
    /// The dog's name; `nil` or blank uses the translated "your dog" texts.
    public var dogName: String?

    /// Creates settings.
    ///
    /// - Parameters:
    ///   - enabled: The master switch (default `true`).
    ///   - enabledModes: The modes toggled on (default none).
    ///   - quietHours: Quiet hours (default off, 22:00–07:00).
    ///   - dogName: The dog's name, if any.
    public init(
        enabled: Bool = true, enabledModes: Set<GoNowMode> = [], quietHours: QuietHoursSetting = QuietHoursSetting(),
        dogName: String? = nil
    ) {
        self.enabled = enabled
        self.enabledModes = enabledModes
        self.quietHours = quietHours
        self.dogName = dogName
    }

    /// The settings' `modeToggles` as a dictionary: `true` for every mode switched on.
    public var modeToggles: [GoNowMode: Bool] {
        Dictionary(uniqueKeysWithValues: GoNowMode.allCases.map { ($0, enabledModes.contains($0)) })
    }
}
