public import Foundation

/// What the platform tells an app when its code runs: the instant, the device's zone and the permission.
///
/// Services never read the clock or the current zone themselves: every call carries the device's state, so each
/// behaviour is testable on a manual clock, across DST changes and time-zone moves.
public struct DeviceState: Hashable, Sendable {
    /// The current instant.
    public var now: Date
    /// The device's time zone.
    public var timeZone: TimeZone
    /// The platform's notification permission.
    public var permission: PermissionStatus

    /// Creates a device state.
    ///
    /// - Parameters:
    ///   - now: The current instant.
    ///   - timeZone: The device's time zone.
    ///   - permission: The platform's notification permission.
    public init(now: Date, timeZone: TimeZone, permission: PermissionStatus = .authorized) {
        self.now = now
        self.timeZone = timeZone
        self.permission = permission
    }
}
