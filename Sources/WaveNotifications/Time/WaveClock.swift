public import Foundation

/// The source of the current instant for scheduling logic.
///
/// Logic never reads the wall clock itself; it asks a clock it was given, so tests can use ``ManualWaveClock``.
public protocol WaveClock: Sendable {
    /// The current instant.
    var now: Date { get }
}

/// A clock that can also wake its owner at an instant: what a timer queue needs.
///
/// Implementation requirements:
/// - Each ``AlarmID`` has at most one alarm; setting a new one replaces it, and `nil` clears it.
/// - `wake` is called once, at or after `deadline` as this clock measures it, and never before.
/// - `wake` must not be called while the clock holds a lock that ``setAlarm(_:at:wake:)`` takes, because
///   the woken owner usually sets its next alarm from inside `wake`.
/// - `wake` is never called from inside ``setAlarm(_:at:wake:)``, even for a deadline already past: an owner may
///   set its alarm while holding its own lock, which `wake` takes.
public protocol AlarmClock: WaveClock {
    /// Sets, replaces or clears (`deadline == nil`) the alarm `id`.
    ///
    /// - Parameters:
    ///   - id: The owner's alarm.
    ///   - deadline: When to wake; `nil` to clear.
    ///   - wake: Called once when the deadline is reached.
    func setAlarm(_ id: AlarmID, at deadline: Date?, wake: @escaping @Sendable () async -> Void)
}

/// The system's wall clock.
public struct SystemWaveClock: WaveClock {
    /// Creates the system clock.
    public init() {}

    public var now: Date { Date() }
}
