internal import Foundation
internal import WaveJSON
internal import WaveNotifications

/// How `wavesim` drives one app's service: decoding and mapping only, no rule of the app's.
///
/// Each app's service (its module's, or WorldWideWaves' in the core) is the code the app calls at run time; a driver
/// turns the replay's moments and decoded actions into calls of that service and the service's answers into output.
/// What the contract of ``AppNotificationService`` covers is written once, in ``ServiceReplayDriver``; an app's
/// driver adds its own actions, settings and lines.
protocol AppReplayDriver: Sendable {
    /// The app's own moments strictly after `instant` (local midnight, a wave hit, …), if any.
    ///
    /// - Parameters:
    ///   - instant: The current instant.
    ///   - zone: The device's zone.
    /// - Returns: The next such moment.
    func nextOwnMoment(after instant: Date, in zone: TimeZone) async -> Date?

    /// Whether the user has the app open at its own moments: they run on every platform and come with the
    /// deliveries, before the actions.
    var ownMomentsAreForeground: Bool { get }

    /// Whether every app run hands the center what the app wants (on iOS an action that did not reconcile does so
    /// then); WorldWideWaves syncs only at launches, refreshes and boots.
    var handsOverAtEveryRun: Bool { get }

    /// When the next shown notification expires, if one does.
    func nextExpiry() async -> Date?

    /// The app's code runs and reconciles.
    ///
    /// - Parameters:
    ///   - cause: Why it runs.
    ///   - device: The device's state.
    /// - Returns: What happened, in order.
    /// - Throws: When the platform or a store of the app's fails; the replay stops.
    func reconcile(_ cause: ReconcileCause, device: DeviceState) async throws -> [AppReplayOutput]

    /// A pending request came due on the platform: the app decides and records it.
    ///
    /// - Parameters:
    ///   - request: The request.
    ///   - device: The device's state.
    /// - Returns: What happened, in order.
    /// - Throws: When the platform or a store of the app's fails.
    func due(_ request: NotificationRequest, device: DeviceState) async throws -> [AppReplayOutput]

    /// The system showed a pending request while the app was not running (iOS); the app learns of it at this run.
    ///
    /// - Parameters:
    ///   - request: The request shown.
    ///   - shownAt: When the system showed it.
    ///   - device: The device's state at this app run.
    /// - Returns: What the app does about it now (its delivery was printed at `shownAt`).
    /// - Throws: When the platform or a store of the app's fails.
    func shownWhileClosed(
        _ request: NotificationRequest, shownAt: Date, device: DeviceState
    ) async throws -> [AppReplayOutput]

    /// Withdraws the shown notifications that expired.
    ///
    /// - Parameter device: The device's state.
    /// - Returns: What happened, in order.
    /// - Throws: When the platform fails.
    func withdrawExpired(device: DeviceState) async throws -> [AppReplayOutput]

    /// The user picked an action on a shown notification (on the desktop).
    ///
    /// - Parameters:
    ///   - identifier: The notification's identifier.
    ///   - actionID: The action's id (`default` for a click).
    ///   - device: The device's state.
    /// - Returns: What happened, in order.
    /// - Throws: When the platform or a store of the app's fails.
    func respond(to identifier: String, actionID: String, device: DeviceState) async throws -> [AppReplayOutput]

    /// What the app wants pending now.
    ///
    /// - Parameter device: The device's state.
    /// - Returns: The desired requests.
    /// - Throws: When the platform fails.
    func desiredRequests(device: DeviceState) async throws -> [NotificationRequest]

    /// The system took these notifications off the screen (Android's force stop): the app's service forgets them.
    ///
    /// - Parameters:
    ///   - identifiers: The notifications removed.
    ///   - device: The device's state.
    func removedFromScreen(_ identifiers: [String], device: DeviceState) async

    /// Hands the service the settings of a `settings` action (already merged and validated when the scenario was read).
    ///
    /// - Parameter settings: The merged settings object.
    func replaceSettings(_ settings: JSONValue) async

    /// Runs one of the app's own actions through its service.
    ///
    /// - Parameters:
    ///   - action: The decoded action.
    ///   - device: The device's state.
    /// - Returns: What happened and the warnings, each naming the action's JSON path.
    /// - Throws: When the platform or a store of the app's fails.
    func perform(_ action: any AppActionPayload, device: DeviceState) async throws -> AppActionResult

    /// What is printed when one of the common actions begins (WorldWideWaves' `reboot` line), before its effects.
    ///
    /// - Parameters:
    ///   - action: The action.
    ///   - device: The device's state.
    /// - Returns: The lines.
    func announce(_ action: AppScenario.Action, device: DeviceState) -> [AppReplayOutput]

    /// The interruption level iOS presents a request at under Focus and Scheduled Summary.
    ///
    /// - Parameter request: The request.
    /// - Returns: The level (the request's own unless the app says otherwise).
    func presentationLevel(of request: NotificationRequest) -> NotificationChannel.InterruptionLevel

    /// The channel the app shows a notification of this identifier on, when its rules can tell from the identifier
    /// alone: for a line that names only an identifier (a suppression of something never handed over). `nil` when
    /// they cannot.
    ///
    /// - Parameter identifier: The notification's identifier.
    /// - Returns: The channel's id.
    func channel(ofIdentifier identifier: String) -> String?

    /// The line of a notification event, or `nil` when the app's output has none for it.
    ///
    /// - Parameters:
    ///   - event: The event.
    ///   - printer: The common lines.
    ///   - permission: The permission when it happened.
    /// - Returns: The line.
    func line(for event: NotificationEvent, printer: AppEventPrinter, permission: PermissionStatus) -> AppOutputLine?

    /// The summary line, last.
    ///
    /// - Parameters:
    ///   - summary: The replay's counts.
    ///   - device: The device's state at the end.
    /// - Returns: The line.
    /// - Throws: When a store of the app's fails.
    func summaryLine(_ summary: AppReplaySummary, device: DeviceState) async throws -> AppOutputLine

    /// What the app's service would save between launches now (``AppNotificationService/savedState``), encoded as
    /// an app saves it (`JSONEncoder`, sorted keys); never printed, for measuring how it grows.
    ///
    /// - Returns: The encoded state.
    /// - Throws: When encoding fails.
    func encodedSavedState() async throws -> Data
}

extension AppReplayDriver {
    var ownMomentsAreForeground: Bool { false }

    var handsOverAtEveryRun: Bool { true }

    func announce(_ action: AppScenario.Action, device: DeviceState) -> [AppReplayOutput] { [] }

    func presentationLevel(of request: NotificationRequest) -> NotificationChannel.InterruptionLevel {
        request.interruptionLevel
    }

    func line(for event: NotificationEvent, printer: AppEventPrinter, permission: PermissionStatus) -> AppOutputLine? {
        printer.line(for: event, permission: permission)
    }

    func channel(ofIdentifier identifier: String) -> String? { nil }

    func summaryLine(_ summary: AppReplaySummary, device: DeviceState) async throws -> AppOutputLine {
        summary.line
    }
}

/// A driver whose moments, deliveries, responses and expiries are the calls of an ``AppNotificationService``: written
/// once for every app.
protocol ServiceReplayDriver: AppReplayDriver {
    /// The app's service.
    associatedtype Service: AppNotificationService

    /// The app's service.
    var service: Service { get }

    /// The lines of one of the app's own facts.
    ///
    /// - Parameter fact: The fact.
    /// - Returns: The lines, in order (none for a fact the replay does not print).
    func outputs(for fact: Service.Fact) -> [AppReplayOutput]
}

extension ServiceReplayDriver {
    func nextOwnMoment(after instant: Date, in zone: TimeZone) async -> Date? {
        await service.nextOwnMoment(after: instant, in: zone)
    }

    var ownMomentsAreForeground: Bool { service.ownMomentsAreForeground }

    func nextExpiry() async -> Date? { await service.nextExpiry }

    func reconcile(_ cause: ReconcileCause, device: DeviceState) async throws -> [AppReplayOutput] {
        outputs(try await service.reconcile(device: device, cause: cause))
    }

    func due(_ request: NotificationRequest, device: DeviceState) async throws -> [AppReplayOutput] {
        outputs(try await service.notificationShown(request, device: device))
    }

    func shownWhileClosed(
        _ request: NotificationRequest, shownAt: Date, device: DeviceState
    ) async throws -> [AppReplayOutput] {
        outputs(try await service.notificationShownWhileClosed(request, shownAt: shownAt, device: device))
    }

    func withdrawExpired(device: DeviceState) async throws -> [AppReplayOutput] {
        outputs(try await service.withdrawExpired(device: device))
    }

    func respond(to identifier: String, actionID: String, device: DeviceState) async throws -> [AppReplayOutput] {
        outputs(try await service.respond(to: identifier, actionID: actionID, device: device))
    }

    func desiredRequests(device: DeviceState) async throws -> [NotificationRequest] {
        try await service.desiredRequests(device: device)
    }

    func removedFromScreen(_ identifiers: [String], device: DeviceState) async {
        await service.notificationsRemovedBySystem(identifiers, device: device)
    }

    func encodedSavedState() async throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(await service.savedState)
    }

    /// A report's entries as outputs, in order.
    ///
    /// - Parameter report: What a service call did.
    /// - Returns: The outputs.
    func outputs(_ report: ServiceReport<Service.Fact>) -> [AppReplayOutput] {
        if report.hasOnlyEvents {
            return report.events.map(AppReplayOutput.event)
        }
        var outputs: [AppReplayOutput] = []
        for entry in report.entries {
            switch entry {
            case .notification(let event): outputs.append(.event(event))
            case .fact(let fact): outputs += self.outputs(for: fact)
            }
        }
        return outputs
    }
}

extension ServiceReplayDriver where Service.Fact == Never {
    func outputs(for fact: Never) -> [AppReplayOutput] {}
}

/// One thing an app replay prints: a fact about a notification (counted in the summary) or a line of the app's own.
enum AppReplayOutput: Sendable {
    /// Delivered, suppressed, cancelled or withdrawn.
    case event(NotificationEvent)
    /// An app's own line (GoNow's analytics, GrowBro's `link`, `inbox` and `payload`).
    case line(AppOutputLine)
}

/// What an app action did.
struct AppActionResult: Sendable {
    /// What happened, in order.
    var outputs: [AppReplayOutput] = []
    /// Warnings naming the action's JSON path (a snooze of something not shown, …).
    var warnings: [String] = []
}

/// The decoded payload of an app's own action; each app defines its own.
protocol AppActionPayload: Sendable {
    /// The action's type as written in the scenario (`forecast`, `log`, `snooze`, …).
    var type: String { get }

    /// Whether the action is a system event rather than the user opening the app (GrowBro's `push`): on iOS it is
    /// not an app run.
    var isSystemEvent: Bool { get }

    /// Whether a person performs it, turning the phone's screen on (`docs/scenario-format.md`, Device conditions);
    /// system events and GoNow's `forecast` do not.
    var wakesThePhone: Bool { get }

    /// For a remote push, whether its FCM priority is `high` (it reaches a dozing phone at once); `nil` otherwise.
    var pushIsHighPriority: Bool? { get }

    /// The notification the action brings (a remote push), as its identifier and its channel's id; `nil` for an
    /// action that brings none.
    var broughtNotification: (identifier: String, channel: String)? { get }

    /// For a remote push, its identifier (`msg_<messageId>`), which a `skipped` line names; `nil` otherwise.
    var pushIdentifier: String? { get }

    /// Whether it is a background push: it shows nothing and runs the app (an app run, cause `backgroundPush`).
    var isBackgroundPush: Bool { get }
}

extension AppActionPayload {
    var isSystemEvent: Bool { false }

    var wakesThePhone: Bool { !isSystemEvent }

    var pushIsHighPriority: Bool? { nil }

    var broughtNotification: (identifier: String, channel: String)? { nil }

    var pushIdentifier: String? { nil }

    var isBackgroundPush: Bool { false }
}

extension Array where Element == AppReplayOutput {
    /// Notification events as outputs.
    ///
    /// - Parameter events: The events, in order.
    init(_ events: [NotificationEvent]) {
        self = events.map(AppReplayOutput.event)
    }
}
