public import Foundation
public import WaveNotifications

/// Runs an app's service on a simulated phone for a stretch of virtual time, as a long test needs, through the one
/// loop `wavesim` runs too (``DeviceRunLoop``): every request shown when the phone shows it, every expiry and own
/// moment of the app's when the app's code runs, and the test's own actions at theirs.
///
/// On Android (``SimulatedAndroidCenter``) the phone wakes the app at each alarm, so the service's code runs at every
/// moment (no app runs are needed); on iOS (``SimulatedIOSCenter``) it runs only at app runs (the start, a launch, a
/// background refresh, each of the test's actions that is not a system event), and the system shows what it holds
/// meanwhile. Nothing waits for real time. Use it to check what a service keeps after months of use, or what a user
/// misses after a reboot:
///
/// ```swift
/// let run = ServiceDeviceRun(service: service, center: phone, clock: clock, timeZone: zone)
/// let record = try await run.record(until: end, actions: [.init(at: night, kind: .reboot)])
/// #expect(record.lost.isEmpty)
/// ```
public struct ServiceDeviceRun<Service: AppNotificationService>: Sendable {
    /// One moment of the run: a common action (`launch`, `backgroundRefresh`, `reboot`, `permission`, `timeZone`,
    /// `device`) or one of the test's own (``ServiceRunAction``, made with `init(at:name:isSystemEvent:perform:)`).
    public typealias Action = DeviceRunAction<ServiceRunAction>

    /// The service.
    public let service: Service
    /// The phone its requests go to (build the service over it).
    public let center: any SimulatedDevice
    /// The phone's clock (the phone moves it).
    public let clock: ManualWaveClock
    /// The device's zone at the start.
    public var timeZone: TimeZone
    /// The platform's permission at the start.
    public var permission: PermissionStatus

    /// Creates a run.
    ///
    /// - Parameters:
    ///   - service: The service, built over `center`.
    ///   - center: The phone: ``SimulatedAndroidCenter``, ``SimulatedIOSCenter`` or any ``SimulatedDevice``.
    ///   - clock: The phone's clock, at the run's start.
    ///   - timeZone: The device's zone.
    ///   - permission: The platform's permission.
    public init(
        service: Service, center: any SimulatedDevice, clock: ManualWaveClock, timeZone: TimeZone,
        permission: PermissionStatus = .authorized
    ) {
        self.service = service
        self.center = center
        self.clock = clock
        self.timeZone = timeZone
        self.permission = permission
    }

    /// The device's state now.
    public var device: DeviceState { DeviceState(now: clock.now, timeZone: timeZone, permission: permission) }

    /// Runs the service on the phone until `end`: it reconciles at the clock's instant (``ReconcileCause/start``),
    /// then at each instant what the phone shows then reaches the service
    /// (``AppNotificationService/notificationShown(_:device:)``, or on iOS
    /// ``AppNotificationService/notificationShownWhileClosed(_:shownAt:device:)`` at its next run), then its expiries
    /// are withdrawn, then the actions due run in order, then an own moment reconciles (``ReconcileCause/ownMoment``).
    ///
    /// - Parameters:
    ///   - end: The last instant.
    ///   - actions: The run's moments, in any order (equal instants keep theirs).
    /// - Returns: Every notification event the service reported, in order (on iOS the system's deliveries while the
    ///   app was closed are not among them: ``record(until:actions:)`` has them).
    /// - Throws: What the service throws.
    @discardableResult
    public func run(until end: Date, actions: [Action] = []) async throws -> [NotificationEvent] {
        try await record(until: end, actions: actions).events
    }

    /// Runs the service on the phone until `end`, as ``run(until:actions:)`` does, and returns everything: the
    /// service's events and what the phone did on its own (deliveries while the app was closed, lost requests,
    /// reboot cancellations, app runs' reports).
    ///
    /// - Parameters:
    ///   - end: The last instant.
    ///   - actions: The run's moments, in any order (equal instants keep theirs).
    /// - Returns: What happened, in order.
    /// - Throws: What the service throws.
    public func record(until end: Date, actions: [Action] = []) async throws -> ServiceRunRecord {
        let app = ServiceRunApp(service: service)
        var loop = DeviceRunLoop(device: center, app: app, start: device, actions: actions, until: end)
        try await loop.run()
        return app.record
    }
}
