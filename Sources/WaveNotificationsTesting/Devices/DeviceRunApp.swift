public import Foundation
public import WaveNotifications

/// The app's side of a ``DeviceRunLoop``: its service's moments, its own actions, and where the device's own facts go.
///
/// `wavesim` conforms with each app's driver (its answers become output lines); an app's test conforms with its
/// service (``ServiceDeviceRun``). Every method is called in time order, one at a time.
public protocol DeviceRunApp: Sendable {
    /// The app's own actions of a run (a log, a forecast, a push …).
    associatedtype Action: Sendable

    /// Whether the user has the app open at its own moments: they run on every platform and come with the
    /// deliveries, before the actions (WorldWideWaves' wave hits).
    var ownMomentsAreForeground: Bool { get }

    /// Whether every app run hands the device what the app wants (on iOS an action that did not reconcile does so
    /// then).
    var handsOverAtEveryRun: Bool { get }

    /// Whether the loop goes on until the end with nothing left to do, waiting for the user (a desktop).
    var waitsForTheUserUntilTheEnd: Bool { get }

    /// Whether the loop calls ``waitForPick(until:)`` before each instant (a wall clock, a desktop); asked once.
    var waitsForPicks: Bool { get }

    /// The app's own moments strictly after `instant`.
    ///
    /// - Parameters:
    ///   - instant: The current instant.
    ///   - zone: The device's zone.
    /// - Returns: The next one.
    func nextOwnMoment(after instant: Date, in zone: TimeZone) async -> Date?

    /// When the next shown notification expires.
    func nextExpiry() async -> Date?

    /// The app's code runs and reconciles.
    ///
    /// - Parameters:
    ///   - cause: Why.
    ///   - device: The device's state.
    /// - Throws: What the app's service throws; the run stops.
    func reconcile(_ cause: ReconcileCause, device: DeviceState) async throws

    /// The device showed a pending request and the app's code runs then.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - delay: How late it was shown, and why; `nil` at its instant.
    ///   - device: The device's state.
    /// - Throws: What the app's service throws.
    func shown(_ request: NotificationRequest, delay: DeliveryDelay?, device: DeviceState) async throws

    /// iOS showed a pending request while the app was not running; the app learns of it at this run.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - shownAt: When it was shown.
    ///   - device: The device's state at this run.
    /// - Throws: What the app's service throws.
    func shownWhileClosed(_ request: NotificationRequest, shownAt: Date, device: DeviceState) async throws

    /// Withdraws the shown notifications that expired.
    ///
    /// - Parameter device: The device's state.
    /// - Throws: What the app's service throws.
    func withdrawExpired(device: DeviceState) async throws

    /// What the app wants pending now.
    ///
    /// - Parameter device: The device's state.
    /// - Returns: The requests.
    /// - Throws: What the app's service throws.
    func desiredRequests(device: DeviceState) async throws -> [NotificationRequest]

    /// The interruption level iOS presents a request at under Focus and Scheduled Summary (the request's own by
    /// default; `passive` for everything while the permission is provisional, which the loop applies).
    ///
    /// - Parameter request: The request.
    /// - Returns: The level.
    func presentationLevel(of request: NotificationRequest) -> NotificationChannel.InterruptionLevel

    /// How the loop treats one of the app's actions.
    ///
    /// - Parameter action: The action.
    /// - Returns: Its traits.
    func traits(of action: Action) -> DeviceRunActionTraits

    /// Runs one of the app's own actions.
    ///
    /// - Parameters:
    ///   - action: The action.
    ///   - delay: For a push that reached the phone late, how late and why; `nil` otherwise.
    ///   - device: The device's state.
    /// - Throws: What the app's service throws.
    func perform(_ action: Action, delay: DeliveryDelay?, device: DeviceState) async throws

    /// Runs one of the app's own actions that the phone presents: a push, which iOS's Focus and Scheduled Summary
    /// hold as any notification of its level. By default it calls ``perform(_:delay:device:)`` with the delay.
    ///
    /// - Parameters:
    ///   - action: The action.
    ///   - presentation: How late it reached the phone, and when the user is told of what it shows.
    ///   - device: The device's state.
    /// - Throws: What the app's service throws.
    func perform(_ action: Action, presentation: DevicePresentation, device: DeviceState) async throws

    /// The user picked an action on a shown notification.
    ///
    /// - Parameters:
    ///   - identifier: The notification.
    ///   - actionID: The action (`default` for a click).
    ///   - device: The device's state.
    /// - Throws: What the app's service throws.
    func respond(to identifier: String, actionID: String, device: DeviceState) async throws

    /// A common action is about to run (wavesim announces some).
    ///
    /// - Parameters:
    ///   - action: The action.
    ///   - device: The device's state.
    func willPerform(_ action: DeviceRunAction<Action>, device: DeviceState) async

    /// The system took these of the app's notifications off the screen on its own (Android's force stop); the app's
    /// service forgets them (``AppNotificationService/notificationsRemovedBySystem(_:device:)``). Nothing by default.
    ///
    /// - Parameters:
    ///   - identifiers: The notifications removed.
    ///   - device: The device's state.
    func removedFromScreen(_ identifiers: [String], device: DeviceState) async

    /// What the device did on its own, or decided, that the app's service did not report.
    ///
    /// - Parameters:
    ///   - fact: The fact.
    ///   - device: The device's state.
    func deviceReported(_ fact: DeviceRunFact, device: DeviceState) async

    /// Waits, on a wall clock, until `instant` or until the user picks an action; at once on a virtual clock.
    ///
    /// - Parameter instant: The next instant the loop has to act at.
    /// - Returns: The action picked first, if one was picked before `instant`.
    func waitForPick(until instant: Date) async -> DevicePick?
}

extension DeviceRunApp {
    public var ownMomentsAreForeground: Bool { false }

    public var handsOverAtEveryRun: Bool { true }

    public var waitsForTheUserUntilTheEnd: Bool { false }

    public var waitsForPicks: Bool { false }

    public func willPerform(_ action: DeviceRunAction<Action>, device: DeviceState) async {}

    public func removedFromScreen(_ identifiers: [String], device: DeviceState) async {}

    public func perform(_ action: Action, presentation: DevicePresentation, device: DeviceState) async throws {
        try await perform(action, delay: presentation.delay, device: device)
    }

    public func waitForPick(until instant: Date) async -> DevicePick? { nil }

    public func presentationLevel(of request: NotificationRequest) -> NotificationChannel.InterruptionLevel {
        request.interruptionLevel
    }
}

/// How a ``DeviceRunLoop`` treats one of the app's actions.
public struct DeviceRunActionTraits: Hashable, Sendable {
    /// Its name, for the reconcile an iOS app run makes when the action did not (``ReconcileCause/userAction(_:)``).
    public var name: String
    /// Whether it is a system event rather than the user opening the app: on iOS it is not an app run.
    public var isSystemEvent: Bool
    /// Whether it turns the phone's screen on (a person's action).
    public var wakesThePhone: Bool
    /// For a remote push, whether its priority is high; `nil` for anything else.
    public var pushIsHighPriority: Bool?
    /// For a remote push, the identifier a `skipped` line names (`msg_<messageId>`); `nil` for anything else.
    public var pushIdentifier: String?
    /// Whether it is a background push (a silent push that runs the app: an app run, cause `backgroundPush`) rather
    /// than one that shows a notification.
    public var isBackgroundPush: Bool

    /// Creates the traits.
    ///
    /// - Parameters:
    ///   - name: The action's name.
    ///   - isSystemEvent: Whether it is a system event (default `false`).
    ///   - wakesThePhone: Whether it turns the screen on (default: when it is not a system event).
    ///   - pushIsHighPriority: For a push, whether its priority is high.
    ///   - pushIdentifier: For a push, its identifier.
    ///   - isBackgroundPush: Whether it is a background push (default `false`).
    public init(
        name: String, isSystemEvent: Bool = false, wakesThePhone: Bool? = nil, pushIsHighPriority: Bool? = nil,
        pushIdentifier: String? = nil, isBackgroundPush: Bool = false
    ) {
        self.name = name
        self.isSystemEvent = isSystemEvent
        self.wakesThePhone = wakesThePhone ?? !isSystemEvent
        self.pushIsHighPriority = pushIsHighPriority
        self.pushIdentifier = pushIdentifier
        self.isBackgroundPush = isBackgroundPush
    }
}

/// One moment of a run: a common action, or one of the app's own.
public struct DeviceRunAction<AppAction: Sendable>: Sendable {
    /// What happens.
    public enum Kind: Sendable {
        /// The app opens and reconciles.
        case launch
        /// The system lets the app run briefly; it reconciles.
        case backgroundRefresh
        /// The device restarts.
        case reboot
        /// The permission changes.
        case permission(PermissionStatus)
        /// The device moves to another zone.
        case timeZone(TimeZone)
        /// The device's conditions change: these replace every condition.
        case device(DeviceConditions)
        /// Some of the device's conditions change, merged over the conditions before key by key (a scenario's
        /// `device` action).
        case deviceChange(DeviceConditionsChange)
        /// The user kills the app (`docs/scenario-format.md`, Killed apps): a person's action, not an app run; until
        /// the next launch no app code runs.
        case forceStop
        /// One of the app's own actions.
        case app(AppAction)
    }

    /// When it happens.
    public var at: Date
    /// What happens.
    public var kind: Kind

    /// Creates a moment.
    ///
    /// - Parameters:
    ///   - at: When.
    ///   - kind: What.
    public init(at: Date, kind: Kind) {
        self.at = at
        self.kind = kind
    }
}

/// An action the user picked on a shown notification, at the instant picked.
public struct DevicePick: Hashable, Sendable {
    /// The notification.
    public var identifier: String
    /// The action (`default` for a click).
    public var actionID: String
    /// When it was picked.
    public var at: Date

    /// Creates a pick.
    ///
    /// - Parameters:
    ///   - identifier: The notification.
    ///   - actionID: The action.
    ///   - at: When.
    public init(identifier: String, actionID: String, at: Date) {
        self.identifier = identifier
        self.actionID = actionID
        self.at = at
    }
}

/// What a device did or decided that the app's service did not report itself.
public enum DeviceRunFact: Sendable {
    /// iOS showed a held request while the app was not running; `quiet` when it told the user later.
    case shownByTheSystem(NotificationRequest, quiet: QuietDelivery?)
    /// The device did not show a request it held: the permission forbade it (iOS), Android's cap of 50, or its expiry
    /// passed while held.
    case notShown(NotificationRequest, reason: NotificationReason)
    /// A request the app wanted came due while the device did not hold it.
    case lost(NotificationRequest, reason: LossReason)
    /// A reboot removed these pending requests (Android).
    case removedByReboot([NotificationRequest])
    /// An app run ended: what the device holds of what the app wants.
    case run(cause: DeviceRunCause, report: DeviceRunReport)
    /// The system did not run the app (`low_power`: a background refresh in Low Power Mode; `force_quit`,
    /// `force_stopped`: the app is killed).
    case skipped(cause: DeviceSkipCause)
    /// A push did not reach the app: a background push in Low Power Mode (`low_power`) or while the app is killed
    /// (`force_quit` on iOS), or any push to a force-stopped app on Android (`force_stopped`).
    case skippedPush(cause: DeviceSkipCause, identifier: String)
    /// The user force-stopped the app on Android: the system removed these pending requests (`cancelled`,
    /// `force_stop`) and took these notifications off the screen (`withdrawn`, `force_stop`).
    case forceStopped(cancelled: [NotificationRequest], withdrawn: [NotificationRequest])
    /// The user picked an action on a shown notification (before its effects).
    case picked(DevicePick)
}
