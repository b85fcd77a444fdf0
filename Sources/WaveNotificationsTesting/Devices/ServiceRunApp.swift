public import Foundation
public import WaveNotifications

/// An app's service as the app side of a ``DeviceRunLoop``: the loop calls the service's moments
/// (``AppNotificationService``), runs the test's own actions (``ServiceRunAction``) as given, and everything the
/// service reported and the device did on its own is kept, in order, in ``record``.
///
/// ``ServiceDeviceRun`` builds one for you; build one yourself to run a loop with actions of your own making:
///
/// ```swift
/// let app = ServiceRunApp(service: service)
/// var loop = DeviceRunLoop(
///     device: phone, app: app, start: DeviceState(now: start, timeZone: zone),
///     actions: [DeviceRunAction(at: reboot, kind: .reboot)], until: end)
/// try await loop.run()
/// let lost = app.record.lost
/// ```
public final class ServiceRunApp<Service: AppNotificationService>: DeviceRunApp, Sendable {
    /// The test's own actions.
    public typealias Action = ServiceRunAction

    /// The service.
    public let service: Service
    /// Whether the service's own moments are foreground moments (asked of the service once).
    public let ownMomentsAreForeground: Bool
    /// What happened so far: the loop calls one method at a time, while a test may read ``record`` from elsewhere.
    private let log = WaveLock(ServiceRunRecord())

    /// Creates the app side over a service.
    ///
    /// - Parameter service: The service, built over the device the loop plays.
    public init(service: Service) {
        self.service = service
        ownMomentsAreForeground = service.ownMomentsAreForeground
    }

    /// What the service reported and the device did, in order, so far.
    public var record: ServiceRunRecord { log.withLock { $0 } }

    /// The service's next own moment.
    ///
    /// - Parameters:
    ///   - instant: The current instant.
    ///   - zone: The device's zone.
    /// - Returns: ``AppNotificationService/nextOwnMoment(after:in:)``.
    public func nextOwnMoment(after instant: Date, in zone: TimeZone) async -> Date? {
        await service.nextOwnMoment(after: instant, in: zone)
    }

    /// The service's next expiry.
    ///
    /// - Returns: ``AppNotificationService/nextExpiry``.
    public func nextExpiry() async -> Date? { await service.nextExpiry }

    /// The service reconciles.
    ///
    /// - Parameters:
    ///   - cause: Why.
    ///   - device: The device's state.
    /// - Throws: What the service throws.
    public func reconcile(_ cause: ReconcileCause, device: DeviceState) async throws {
        keep(try await service.reconcile(device: device, cause: cause).events)
    }

    /// The device showed a request and woke the app.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - delay: How late, and why; `nil` at its instant.
    ///   - device: The device's state.
    /// - Throws: What the service throws.
    public func shown(_ request: NotificationRequest, delay: DeliveryDelay?, device: DeviceState) async throws {
        let events = try await service.notificationShown(request, device: device).events
        log.withLock { record in
            for event in events {
                if case .delivered(let shown, _, _) = event, shown.identifier == request.identifier, let delay {
                    record.delays[record.entries.count] = delay
                }
                record.entries.append(.service(event))
            }
        }
    }

    /// iOS showed a request while the app was closed; the service learns of it at this run.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - shownAt: When it was shown.
    ///   - device: The device's state at this run.
    /// - Throws: What the service throws.
    public func shownWhileClosed(_ request: NotificationRequest, shownAt: Date, device: DeviceState) async throws {
        keep(try await service.notificationShownWhileClosed(request, shownAt: shownAt, device: device).events)
    }

    /// The service withdraws what expired.
    ///
    /// - Parameter device: The device's state.
    /// - Throws: What the service throws.
    public func withdrawExpired(device: DeviceState) async throws {
        keep(try await service.withdrawExpired(device: device).events)
    }

    /// What the service wants pending.
    ///
    /// - Parameter device: The device's state.
    /// - Returns: ``AppNotificationService/desiredRequests(device:)``.
    /// - Throws: What the service throws.
    public func desiredRequests(device: DeviceState) async throws -> [NotificationRequest] {
        try await service.desiredRequests(device: device)
    }

    /// How the loop treats one of the test's actions.
    ///
    /// - Parameter action: The action.
    /// - Returns: Its name, and whether it is a system event.
    public func traits(of action: ServiceRunAction) -> DeviceRunActionTraits {
        DeviceRunActionTraits(
            name: action.name, isSystemEvent: action.isSystemEvent || action.push != nil,
            pushIsHighPriority: action.push.map { $0 == .high }, pushIdentifier: action.pushIdentifier,
            isBackgroundPush: action.push == .background)
    }

    /// Runs one of the test's actions.
    ///
    /// - Parameters:
    ///   - action: The action.
    ///   - delay: Unused: the test's actions are not pushes.
    ///   - device: The device's state.
    /// - Throws: What the action throws.
    public func perform(_ action: ServiceRunAction, delay: DeliveryDelay?, device: DeviceState) async throws {
        try await action.perform(device)
    }

    /// The user picked an action on a shown notification.
    ///
    /// - Parameters:
    ///   - identifier: The notification.
    ///   - actionID: The action.
    ///   - device: The device's state.
    /// - Throws: What the service throws.
    public func respond(to identifier: String, actionID: String, device: DeviceState) async throws {
        keep(try await service.respond(to: identifier, actionID: actionID, device: device).events)
    }

    /// The system took these off the screen: the service forgets them.
    ///
    /// - Parameters:
    ///   - identifiers: The notifications removed.
    ///   - device: The device's state.
    public func removedFromScreen(_ identifiers: [String], device: DeviceState) async {
        await service.notificationsRemovedBySystem(identifiers, device: device)
    }

    /// Keeps what the device did on its own, with the instant.
    ///
    /// - Parameters:
    ///   - fact: The fact.
    ///   - device: The device's state.
    public func deviceReported(_ fact: DeviceRunFact, device: DeviceState) async {
        log.withLock { $0.entries.append(.device(fact, at: device.now)) }
    }

    private func keep(_ events: [NotificationEvent]) {
        guard !events.isEmpty else { return }
        log.withLock { $0.entries += events.map(ServiceRunRecord.Entry.service) }
    }
}

/// One of a test's own actions in a run of a service (``ServiceRunApp``): what the user or the app does, given the
/// device's state then.
public struct ServiceRunAction: Sendable {
    /// Its name, for the reconcile an iOS app run makes when the action did not (``ReconcileCause/userAction(_:)``).
    public var name: String
    /// Whether it is a system event (a push) rather than the user opening the app: on iOS it is not an app run, and it
    /// does not wake the phone.
    public var isSystemEvent: Bool
    /// What happens.
    public var perform: @Sendable (DeviceState) async throws -> Void
    /// When it is a remote push, which kind: the phone delays it (Doze), holds what it shows (Focus), and skips it
    /// for a killed app (`docs/scenario-format.md`, Killed apps and Background pushes); `nil` for anything else.
    public var push: Push?
    /// A push's identifier, which a skipped push is reported with (``DeviceRunFact/skippedPush(cause:identifier:)``).
    public var pushIdentifier: String?

    /// A remote push's kind.
    public enum Push: Hashable, Sendable {
        /// An alert push at FCM `high` priority: it reaches a dozing phone at once.
        case high
        /// An alert push at `normal` priority: deep Doze holds it until a maintenance window.
        case normal
        /// A background push (silent, `normal` priority): it shows nothing and runs the app (an app run, cause
        /// `backgroundPush`); skipped in Low Power Mode on iOS and while the app is killed.
        case background
    }

    /// Creates a remote push: the phone decides when (and whether) it reaches the app, then `perform` runs (for a
    /// background push, as an app run).
    ///
    /// - Parameters:
    ///   - identifier: Its identifier (`msg_<id>`).
    ///   - push: Its kind.
    ///   - perform: What the app does with it, given the device's state then.
    /// - Returns: The action.
    public static func push(
        _ identifier: String, _ push: Push, perform: @escaping @Sendable (DeviceState) async throws -> Void
    ) -> ServiceRunAction {
        var action = ServiceRunAction(name: "push", isSystemEvent: true, perform: perform)
        action.push = push
        action.pushIdentifier = identifier
        return action
    }

    /// Creates an action.
    ///
    /// - Parameters:
    ///   - name: Its name (`action` by default).
    ///   - isSystemEvent: Whether it is a system event (default `false`: the user opens the app).
    ///   - perform: What happens, given the device's state then.
    public init(
        name: String = "action", isSystemEvent: Bool = false,
        perform: @escaping @Sendable (DeviceState) async throws -> Void
    ) {
        self.name = name
        self.isSystemEvent = isSystemEvent
        self.perform = perform
    }
}

extension DeviceRunAction where AppAction == ServiceRunAction {
    /// One of the test's own actions at an instant (an app run, which wakes the phone).
    ///
    /// - Parameters:
    ///   - at: When it happens.
    ///   - name: Its name (`action` by default).
    ///   - isSystemEvent: Whether it is a system event (default `false`).
    ///   - perform: What happens, given the device's state then.
    public init(
        at: Date, name: String = "action", isSystemEvent: Bool = false,
        perform: @escaping @Sendable (DeviceState) async throws -> Void
    ) {
        self.init(at: at, kind: .app(ServiceRunAction(name: name, isSystemEvent: isSystemEvent, perform: perform)))
    }
}
