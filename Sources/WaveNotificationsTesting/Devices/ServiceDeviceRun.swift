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

    /// Runs the service on the phone through the one loop (``DeviceRunLoop``) until `end`: it reconciles at the
    /// clock's instant (``ReconcileCause/start``), then at each instant what comes due is shown through the service
    /// (``AppNotificationService/notificationShown(_:device:)``), then its expiries are withdrawn, then the actions
    /// due run in order, then an own moment reconciles (``ReconcileCause/ownMoment``).
    ///
    /// - Parameters:
    ///   - end: The last instant.
    ///   - actions: The test's moments, soonest first.
    /// - Returns: Every notification event the service reported, in order.
    /// - Throws: What the service throws.
    @discardableResult
    public func run(until end: Date, actions: [Action] = []) async throws -> [NotificationEvent] {
        let app = ServiceRunApp(service: service)
        var loop = DeviceRunLoop(
            device: center, app: app, start: device,
            actions: actions.map { DeviceRunAction(at: $0.at, kind: .app($0)) }, until: end)
        try await loop.run()
        return app.events.withLock { $0 }
    }
}

/// A service as the app side of the loop: its events collected, the test's actions run as given.
private struct ServiceRunApp<Service: AppNotificationService>: DeviceRunApp {
    let service: Service
    let events = WaveLock<[NotificationEvent]>([])

    var ownMomentsAreForeground: Bool { service.ownMomentsAreForeground }

    func nextOwnMoment(after instant: Date, in zone: TimeZone) async -> Date? {
        await service.nextOwnMoment(after: instant, in: zone)
    }

    func nextExpiry() async -> Date? { await service.nextExpiry }

    func reconcile(_ cause: ReconcileCause, device: DeviceState) async throws {
        record(try await service.reconcile(device: device, cause: cause).events)
    }

    func shown(_ request: NotificationRequest, delay: DeliveryDelay?, device: DeviceState) async throws {
        record(try await service.notificationShown(request, device: device).events)
    }

    func shownWhileClosed(_ request: NotificationRequest, shownAt: Date, device: DeviceState) async throws {
        record(try await service.notificationShownWhileClosed(request, shownAt: shownAt, device: device).events)
    }

    func withdrawExpired(device: DeviceState) async throws {
        record(try await service.withdrawExpired(device: device).events)
    }

    func desiredRequests(device: DeviceState) async throws -> [NotificationRequest] {
        try await service.desiredRequests(device: device)
    }

    func traits(of action: ServiceDeviceRun<Service>.Action) -> DeviceRunActionTraits {
        DeviceRunActionTraits(name: "action")
    }

    func perform(_ action: ServiceDeviceRun<Service>.Action, delay: DeliveryDelay?, device: DeviceState) async throws {
        try await action.perform(device)
    }

    func respond(to identifier: String, actionID: String, device: DeviceState) async throws {
        record(try await service.respond(to: identifier, actionID: actionID, device: device).events)
    }

    func deviceReported(_ fact: DeviceRunFact, device: DeviceState) async {}

    private func record(_ new: [NotificationEvent]) {
        events.withLock { $0 += new }
    }
}
