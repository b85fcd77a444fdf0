/// A user's quiet hours setting, as an app stores it: a switch and a local window `[start, end)` that
/// wraps midnight when `end` ≤ `start` (empty when equal). Defaults: off, 22:00–07:00.
///
/// The setting is data; ``policy(_:)`` turns it into the core's ``QuietHours`` policy with the behaviour an app
/// wants (reminders moved to the window's end, or pushes suppressed).
public struct QuietHoursSetting: Hashable, Sendable, Codable {
    /// Whether quiet hours apply.
    public var enabled: Bool
    /// The first minute inside the window.
    public var start: LocalTime
    /// The first minute after the window: a request moved out of quiet hours fires here.
    public var end: LocalTime

    /// Creates a quiet hours setting.
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

    /// The window `[start, end)`, whether enabled or not.
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
    /// - Returns: ``QuietHours`` over ``window``, or `nil` when disabled.
    public func policy(_ behaviour: QuietHours.Behaviour) -> QuietHours? {
        enabled ? QuietHours(window: window, behaviour: behaviour) : nil
    }
}
