public import Foundation
public import WaveNotifications

/// Runs an app's service on a simulated Android phone for a stretch of virtual time, as a long test needs: every
/// request shown at its instant, every expiry and own moment of the app's at its instant, and the test's own actions
/// at theirs.
///
/// The phone (``SimulatedAndroidCenter``) wakes the app at each alarm, so the service's code runs at every moment
/// (no app runs are needed); nothing waits for real time. Use it to check what a service keeps after months of use.
public struct ServiceDeviceRun<Service: AppNotificationService>: Sendable {
    /// One of the test's own moments: at `at`, `perform` is called with the device's state then.
    public struct Action: Sendable {
        /// When it happens.
        public var at: Date
        /// What the user or the app does then.
        public var perform: @Sendable (DeviceState) async throws -> Void

        /// Creates an action.
        ///
        /// - Parameters:
        ///   - at: When it happens.
        ///   - perform: What happens, given the device's state then.
        public init(at: Date, perform: @escaping @Sendable (DeviceState) async throws -> Void) {
            self.at = at
            self.perform = perform
        }
    }

    /// The service.
    public let service: Service
    /// The phone its requests go to (build the service over it).
    public let center: SimulatedAndroidCenter
    /// The phone's clock (the phone moves it).
    public let clock: ManualWaveClock
    /// The device's zone.
    public var timeZone: TimeZone
    /// The platform's permission.
    public var permission: PermissionStatus

    /// Creates a run.
    ///
    /// - Parameters:
    ///   - service: The service, built over `center`.
    ///   - center: The phone.
    ///   - clock: The phone's clock, at the run's start.
    ///   - timeZone: The device's zone.
    ///   - permission: The platform's permission.
    public init(
        service: Service, center: SimulatedAndroidCenter, clock: ManualWaveClock, timeZone: TimeZone,
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

    /// Reconciles at the clock's instant (``ReconcileCause/start``), then runs until `end`: at each instant, what
    /// comes due is shown through the service (``AppNotificationService/notificationShown(_:device:)``), then its
    /// expiries are withdrawn, then the actions due run in order, then an own moment reconciles
    /// (``ReconcileCause/ownMoment``).
    ///
    /// - Parameters:
    ///   - end: The last instant.
    ///   - actions: The test's moments, soonest first.
    /// - Returns: Every notification event the service reported, in order.
    /// - Throws: What the service throws.
    @discardableResult
    public func run(until end: Date, actions: [Action] = []) async throws -> [NotificationEvent] {
        var events = try await service.reconcile(device: device, cause: .start).events
        var actionIndex = 0
        while true {
            let candidates: [Date?] = [
                await center.nextFireDate, await service.nextExpiry,
                await service.nextOwnMoment(after: clock.now, in: timeZone),
                actionIndex < actions.count ? actions[actionIndex].at : nil,
            ]
            guard let next = candidates.compactMap({ $0 }).min(), next <= end else { break }
            for fact in await center.advance(to: next) {
                if case .due(let request) = fact {
                    events += try await service.notificationShown(request, device: device).events
                }
            }
            if let expiry = await service.nextExpiry, expiry <= next {
                events += try await service.withdrawExpired(device: device).events
            }
            while actionIndex < actions.count, actions[actionIndex].at <= next {
                try await actions[actionIndex].perform(device)
                actionIndex += 1
            }
            if await service.nextOwnMoment(after: next.addingTimeInterval(-1), in: timeZone) == next {
                events += try await service.reconcile(device: device, cause: .ownMoment).events
            }
        }
        return events
    }
}
