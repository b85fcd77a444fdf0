public import WaveNotifications

/// The user's GoNow notification settings: the master switch, a toggle per mode, quiet hours and the dog's name.
///
/// Defaults follow the spec: notifications enabled, every mode off, quiet hours off (22:00–07:00), no dog name.
public struct GoNowSettings: Hashable, Sendable {
    /// Quiet hours: a local window `[start, end)` that wraps midnight when `end` ≤ `start` (empty when equal).
    public struct QuietHours: Hashable, Sendable {
        /// Whether quiet hours apply.
        public var enabled: Bool
        /// The first minute inside the window.
        public var start: LocalTime
        /// The first minute after the window: a 06:30 notification inside quiet hours moves here.
        public var end: LocalTime

        /// Creates quiet hours.
        ///
        /// - Parameters:
        ///   - enabled: Whether they apply (default `false`).
        ///   - start: The first minute inside (default 22:00).
        ///   - end: The first minute after (default 07:00).
        public init(
            enabled: Bool = false, start: LocalTime = try! LocalTime(hour: 22, minute: 0),
            end: LocalTime = try! LocalTime(hour: 7, minute: 0)
        ) {
            self.enabled = enabled
            self.start = start
            self.end = end
        }

        /// The window `[start, end)` as the core's ``WaveNotifications/LocalTimeWindow``, whether enabled or not.
        public var window: LocalTimeWindow { LocalTimeWindow(start: start, end: end) }

        /// Whether a local second of the day lies inside the window (never when disabled or empty).
        ///
        /// - Parameter secondOfDay: Seconds after local midnight, 0–86399.
        /// - Returns: `true` when enabled and ``window`` contains it (`[start, end)`, wrapping midnight when
        ///   `end` ≤ `start`).
        public func contains(secondOfDay: Int) -> Bool {
            enabled && window.contains(secondOfDay: secondOfDay)
        }

        /// The setting as the core's quiet-hours policy, or `nil` when it is off.
        ///
        /// - Parameter behaviour: Whether a request inside is dropped (`quiet_hours`) or moved to the window's end.
        /// - Returns: ``WaveNotifications/QuietHours`` over ``window``, or `nil` when disabled.
        public func policy(_ behaviour: WaveNotifications.QuietHours.Behaviour) -> WaveNotifications.QuietHours? {
            enabled ? WaveNotifications.QuietHours(window: window, behaviour: behaviour) : nil
        }
    }

    /// The master switch: when `false` nothing is scheduled and pending requests are removed (`user_disabled`).
    public var enabled: Bool
    /// The modes switched on; a mode not in the set gets no candidates and loses its pending requests.
    public var enabledModes: Set<GoNowMode>
    /// Quiet hours.
    public var quietHours: QuietHours
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
        enabled: Bool = true, enabledModes: Set<GoNowMode> = [], quietHours: QuietHours = QuietHours(),
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
