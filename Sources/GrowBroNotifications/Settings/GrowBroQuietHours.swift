public import WaveNotifications

/// GrowBro's quiet hours setting: a switch and a local window, `[start, end)`, as GoNow's.
///
/// The rules are the core ``QuietHours`` policy's: a push inside is suppressed (`quiet_hours`), a task reminder or
/// digest inside moves to the window's end. Defaults: off, 22:00–07:00.
public struct GrowBroQuietHours: Hashable, Sendable, Codable {
    /// Whether quiet hours apply.
    public var enabled: Bool
    /// The first local time inside the window.
    public var start: LocalTime
    /// The first local time after the window: a reminder inside moves here.
    public var end: LocalTime

    /// Creates quiet hours.
    ///
    /// - Parameters:
    ///   - enabled: Whether they apply (default `false`).
    ///   - start: The first local time inside (default 22:00).
    ///   - end: The first local time after (default 07:00).
    public init(
        enabled: Bool = false, start: LocalTime = try! LocalTime(hour: 22, minute: 0),
        end: LocalTime = try! LocalTime(hour: 7, minute: 0)
    ) {
        self.enabled = enabled
        self.start = start
        self.end = end
    }

    /// The core policy for these quiet hours, or `nil` when they are off.
    ///
    /// - Parameter behaviour: `suppress` for pushes, `deferToEnd` for task reminders and digests.
    /// - Returns: The policy over `[start, end)`, or `nil` when ``enabled`` is `false`.
    public func policy(_ behaviour: QuietHours.Behaviour) -> QuietHours? {
        enabled ? QuietHours(start: start, end: end, behaviour: behaviour) : nil
    }
}
