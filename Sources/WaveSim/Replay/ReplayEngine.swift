internal import Foundation
internal import WaveCommandLine
internal import WaveNotifications
internal import WaveNotificationsTesting

/// Replays a scenario of any of the five apps: the library's one loop (``DeviceRunLoop``) drives the app's service
/// (through its ``AppReplayDriver``) on the scenario's device, and every fact becomes one output line
/// (`docs/scenario-format.md`).
///
/// What happens when, on which platform, under which device conditions, is the loop's and the device's; the engine
/// only turns the app's answers and the device's facts into lines, counts them for the summary, and mirrors them on
/// the desktop. On the wall clock (``ReplayPacer``) the loop waits for each instant; the lines are those of the
/// virtual clock. An action the user picks on the desktop reaches the service at the simulated instant it was picked.
struct ReplayEngine {
    /// The scenario.
    let scenario: AppScenario
    /// The app's service, as wavesim drives it.
    let driver: any AppReplayDriver
    /// The device: iOS's or Android's center from the testing library, or the Linux adapter.
    let platform: any SimulatedDevice
    /// Turns facts into lines (rendering texts in the replay's language).
    let printer: AppEventPrinter
    /// Receives every output line, in order, with the device's zone when its fact happened.
    let emit: @Sendable (AppOutputLine, TimeZone) -> Void
    /// Receives warnings (an action that does nothing), each naming the action's JSON path.
    let warn: @Sendable (String) -> Void
    /// Paces the replay by the wall clock and brings the actions picked on the desktop; `nil` on the virtual clock.
    let pacer: ReplayPacer?
    /// Shows what is delivered on the desktop, and closes what is withdrawn; `nil` without `--sink desktop`.
    let desktop: ReplayDesktop?
    /// Whether the summary gets the size of the state the app would save at the end (``AppReplaySummary/savedState``).
    var measuresSavedState = false

    init(
        scenario: AppScenario, driver: any AppReplayDriver, platform: any SimulatedDevice, printer: AppEventPrinter,
        pacer: ReplayPacer? = nil, desktop: ReplayDesktop? = nil,
        emit: @escaping @Sendable (AppOutputLine, TimeZone) -> Void, warn: @escaping @Sendable (String) -> Void
    ) {
        self.scenario = scenario
        self.driver = driver
        self.platform = platform
        self.printer = printer
        self.pacer = pacer
        self.desktop = desktop
        self.emit = emit
        self.warn = warn
    }

    /// Runs the replay to `until` (or, without one, until nothing remains) and prints the summary line last.
    ///
    /// - Returns: The summary.
    /// - Throws: When the platform fails.
    mutating func run() async throws -> AppReplaySummary {
        var summary = AppReplaySummary(
            app: scenario.app, pendingLimit: platform.pendingLimit,
            platform: scenario.platform == .linux ? nil : scenario.platform.rawValue)
        summary.hasDeviceConditions = scenario.hasDeviceConditions && scenario.platform != .linux
        if summary.hasDeviceConditions, scenario.platform == .ios { summary.quiet = [:] }
        let app = ReplayApp(
            driver: driver, printer: printer, emit: emit, warn: warn, pacer: pacer, desktop: desktop,
            summary: summary)
        var loop = DeviceRunLoop(
            device: platform, app: app,
            start: DeviceState(now: scenario.start, timeZone: scenario.timeZone, permission: scenario.permission),
            actions: scenario.actions.map(Self.moment), until: scenario.until)
        try await loop.run()
        await app.mirrorOnDesktop()
        summary = app.summary
        summary.peakPending = await platform.peakPendingCount
        summary.added = await platform.addedCount
        summary.removed = await platform.removedCount
        if measuresSavedState { summary.savedState = try await driver.encodedSavedState() }
        emit(try await driver.summaryLine(summary, device: loop.state), loop.state.timeZone)
        return summary
    }

    /// A scenario's action as a moment of the loop: the common actions as the loop's, `settings` and the app's own
    /// as the app's.
    private static func moment(_ action: AppScenario.Action) -> DeviceRunAction<ReplayApp.Action> {
        let kind: DeviceRunAction<ReplayApp.Action>.Kind
        switch action.kind {
        case .launch: kind = .launch
        case .backgroundRefresh: kind = .backgroundRefresh
        case .reboot: kind = .reboot
        case .permission(let value): kind = .permission(value)
        case .timeZone(let value): kind = .timeZone(value)
        case .device(let conditions): kind = .device(conditions)
        case .forceStop: kind = .forceStop
        case .settings: kind = .app(ReplayApp.Action(action: action))
        case .app: kind = .app(ReplayApp.Action(action: action))
        }
        return DeviceRunAction(at: action.at, kind: kind)
    }
}

/// wavesim's side of the loop: each answer of the app's driver and each fact of the device becomes a line, counted
/// for the summary and mirrored on the desktop.
private final class ReplayApp: DeviceRunApp, @unchecked Sendable {
    /// A settings change or one of the app's own actions, as the scenario has it.
    struct Action: Sendable {
        var action: AppScenario.Action
    }

    let driver: any AppReplayDriver
    let printer: AppEventPrinter
    let emit: @Sendable (AppOutputLine, TimeZone) -> Void
    let warn: @Sendable (String) -> Void
    let pacer: ReplayPacer?
    let desktop: ReplayDesktop?
    let ownMomentsAreForeground: Bool
    let handsOverAtEveryRun: Bool
    let waitsForTheUserUntilTheEnd: Bool
    let waitsForPicks: Bool
    /// The summary's counts and the events not yet mirrored on the desktop; the loop calls one method at a time, and
    /// the lock makes that visible (`@unchecked Sendable`: every mutable property is behind it).
    private let state: WaveLock<(summary: AppReplaySummary, forDesktop: [NotificationEvent])>

    init(
        driver: any AppReplayDriver, printer: AppEventPrinter,
        emit: @escaping @Sendable (AppOutputLine, TimeZone) -> Void,
        warn: @escaping @Sendable (String) -> Void, pacer: ReplayPacer?, desktop: ReplayDesktop?,
        summary: AppReplaySummary
    ) {
        self.driver = driver
        self.printer = printer
        self.emit = emit
        self.warn = warn
        self.pacer = pacer
        self.desktop = desktop
        ownMomentsAreForeground = driver.ownMomentsAreForeground
        handsOverAtEveryRun = driver.handsOverAtEveryRun
        waitsForTheUserUntilTheEnd = pacer != nil && desktop != nil
        waitsForPicks = pacer != nil || desktop != nil
        state = WaveLock((summary, []))
    }

    /// The counts so far.
    var summary: AppReplaySummary { state.withLock { $0.summary } }

    func nextOwnMoment(after instant: Date, in zone: TimeZone) async -> Date? {
        await driver.nextOwnMoment(after: instant, in: zone)
    }

    func nextExpiry() async -> Date? { await driver.nextExpiry() }

    func reconcile(_ cause: ReconcileCause, device: DeviceState) async throws {
        print(try await driver.reconcile(cause, device: device), device: device)
    }

    func shown(_ request: NotificationRequest, delay: DeliveryDelay?, device: DeviceState) async throws {
        print(try await driver.due(request, device: device), device: device, delay: delay, of: request.identifier)
    }

    func shownWhileClosed(_ request: NotificationRequest, shownAt: Date, device: DeviceState) async throws {
        print(try await driver.shownWhileClosed(request, shownAt: shownAt, device: device), device: device)
    }

    func withdrawExpired(device: DeviceState) async throws {
        print(try await driver.withdrawExpired(device: device), device: device)
    }

    func desiredRequests(device: DeviceState) async throws -> [NotificationRequest] {
        try await driver.desiredRequests(device: device)
    }

    func presentationLevel(of request: NotificationRequest) -> NotificationChannel.InterruptionLevel {
        driver.presentationLevel(of: request)
    }

    func traits(of action: Action) -> DeviceRunActionTraits {
        switch action.action.kind {
        case .app(let payload):
            DeviceRunActionTraits(
                name: payload.type, isSystemEvent: payload.isSystemEvent, wakesThePhone: payload.wakesThePhone,
                pushIsHighPriority: payload.pushIsHighPriority, pushIdentifier: payload.pushIdentifier,
                isBackgroundPush: payload.isBackgroundPush)
        default:
            DeviceRunActionTraits(name: "settings")
        }
    }

    func perform(_ action: Action, delay: DeliveryDelay?, device: DeviceState) async throws {
        try await perform(action, presentation: DevicePresentation(delay: delay), device: device)
    }

    func perform(_ action: Action, presentation: DevicePresentation, device: DeviceState) async throws {
        switch action.action.kind {
        case .settings(let value):
            await driver.replaceSettings(value)
            print(try await driver.reconcile(.settings, device: device), device: device)
        case .app(let payload):
            let result = try await driver.perform(payload, device: device)
            print(result.outputs, device: device, delay: presentation.delay, of: nil, presentation: presentation)
            result.warnings.forEach(warn)
        default:
            break
        }
    }

    func respond(to identifier: String, actionID: String, device: DeviceState) async throws {
        do {
            print(try await driver.respond(to: identifier, actionID: actionID, device: device), device: device)
        } catch let error as CancellationError {
            throw error
        } catch {
            // A response the app cannot read (a notification of a pet since removed) changes nothing.
            warn("desktop action '\(actionID)' on \(identifier): \(error); it does nothing")
        }
    }

    func willPerform(_ action: DeviceRunAction<Action>, device: DeviceState) async {
        let kind: AppScenario.Action.Kind
        switch action.kind {
        case .launch: kind = .launch
        case .backgroundRefresh: kind = .backgroundRefresh
        case .reboot: kind = .reboot
        case .permission(let value): kind = .permission(value)
        case .timeZone(let value): kind = .timeZone(value)
        case .device(let conditions): kind = .device(conditions)
        case .forceStop: kind = .forceStop
        case .deviceChange(let change): kind = .device(change.applied(to: DeviceConditions()))
        case .app(let own): kind = own.action.kind
        }
        print(driver.announce(AppScenario.Action(at: action.at, path: "", kind: kind), device: device), device: device)
    }

    func removedFromScreen(_ identifiers: [String], device: DeviceState) async {
        await driver.removedFromScreen(identifiers, device: device)
    }

    func deviceReported(_ fact: DeviceRunFact, device: DeviceState) async {
        switch fact {
        case .shownByTheSystem(let request, let quiet):
            print([.event(.delivered(request, at: device.now, late: false))], device: device, quiet: quiet)
        case .notShown(let request, let reason):
            let suppression = Suppression(identifier: request.identifier, fireAt: request.fireAt, reason: reason)
            // What the device refused to show is a line of every app's output (Device conditions: all five apps),
            // also of one whose own lines print only deliveries (WorldWideWaves): the common line then.
            print([.event(.suppressed(suppression, at: device.now))], device: device, commonLineAbout: request)
        case .lost(let request, let reason):
            state.withLock { $0.summary.lost += 1 }
            emit(
                AppOutputLine(
                    type: "lost",
                    fields: [
                        ("at", .instant(request.fireAt)), ("identifier", .string(request.identifier)),
                        ("reason", .string(reason.rawValue)),
                    ], request: request), device.timeZone)
        case .removedByReboot(let requests):
            print(
                requests.map { .event(.cancelled(identifier: $0.identifier, reason: .reboot, at: device.now)) },
                device: device)
        case .run(let cause, let report):
            let minutes = report.runwayMinutes(from: device.now)
            if report.wanted > 0 {
                state.withLock { $0.summary.minRunwayMinutes = min($0.summary.minRunwayMinutes ?? .max, minutes) }
            }
            emit(
                AppOutputLine(
                    type: "run",
                    fields: [
                        ("at", .instant(device.now)), ("cause", .string(cause.rawValue)),
                        ("wanted", .integer(report.wanted)),
                        ("held", .integer(report.held)), ("runwayMinutes", .integer(minutes)),
                    ]), device.timeZone)
        case .skipped(let cause):
            state.withLock { $0.summary.skipped[cause.rawValue, default: 0] += 1 }
            emit(
                AppOutputLine(
                    type: "skipped", fields: [("at", .instant(device.now)), ("cause", .string(cause.rawValue))]),
                device.timeZone)
        case .skippedPush(let cause, let identifier):
            state.withLock { $0.summary.skipped[cause.rawValue, default: 0] += 1 }
            emit(
                AppOutputLine(
                    type: "skipped",
                    fields: [
                        ("at", .instant(device.now)), ("cause", .string(cause.rawValue)),
                        ("identifier", .string(identifier)),
                    ]), device.timeZone)
        case .forceStopped(let cancelled, let withdrawn):
            print(
                cancelled.map { .event(.cancelled(identifier: $0.identifier, reason: .forceStop, at: device.now)) }
                    + withdrawn.map {
                        .event(.withdrawn(identifier: $0.identifier, reason: .forceStop, at: device.now))
                    },
                device: device)
        case .picked(let pick):
            emit(
                AppOutputLine(
                    type: "action",
                    fields: [
                        ("at", .instant(device.now)), ("identifier", .string(pick.identifier)),
                        ("action", .string(pick.actionID)), ("source", .string("desktop")),
                    ]), device.timeZone)
        }
    }

    func waitForPick(until instant: Date) async -> DevicePick? {
        await mirrorOnDesktop()
        guard let pacer, let picked = await pacer.waitForPick(until: instant) else { return nil }
        return DevicePick(identifier: picked.identifier, actionID: picked.actionID, at: picked.at)
    }

    /// Prints the outputs in order and counts the facts for the summary; a delivery of `identifier` (every delivery
    /// when `nil`) shown late gains its `dueAt` and `delay`, one shown quietly its `toldAt` and `quiet`; with
    /// `commonLineAbout`, an event the app's output has no line for is printed in the common line, and every line of
    /// the event carries that request (for the text timeline and a fleet's channels). With a desktop, keeps the events
    /// to mirror there (``mirrorOnDesktop()``), so printing has no suspension point.
    private func print(
        _ outputs: [AppReplayOutput], device: DeviceState, delay: DeliveryDelay? = nil, of identifier: String? = nil,
        quiet: QuietDelivery? = nil, presentation: DevicePresentation? = nil,
        commonLineAbout fallback: NotificationRequest? = nil
    ) {
        for output in outputs {
            switch output {
            case .line(let line):
                emit(line, device.timeZone)
            case .event(let event):
                var extra: [(String, AppOutputLine.Value)] = []
                if case .delivered(let request, let at, _) = event, identifier.map({ $0 == request.identifier }) ?? true
                {
                    if let delay, at > delay.dueAt {
                        let minutes = delay.minutes(shownAt: at)
                        extra = [
                            ("dueAt", .instant(delay.dueAt)),
                            (
                                "delay",
                                .object([("minutes", .integer(minutes)), ("cause", .string(delay.cause.rawValue))])
                            ),
                        ]
                        state.withLock { $0.summary.late.count(minutes: minutes, cause: delay.cause.rawValue) }
                    }
                    let level =
                        device.permission == .provisional ? .passive : driver.presentationLevel(of: request)
                    if let quiet = quiet ?? presentation?.quiet(at: level) {
                        extra = [("toldAt", .instant(quiet.toldAt)), ("quiet", .string(quiet.reason.rawValue))]
                        state.withLock { $0.summary.quiet?[quiet.reason.rawValue, default: 0] += 1 }
                    }
                }
                state.withLock {
                    $0.summary.count(event)
                    if desktop != nil { $0.forDesktop.append(event) }
                }
                var line = driver.line(for: event, printer: printer, permission: device.permission)
                if line == nil, fallback != nil {
                    line = printer.line(for: event, permission: device.permission)
                }
                if line == nil, case .suppressed(let suppression, _) = event,
                    suppression.reason == .androidNotificationCap
                {
                    // What Android's cap dropped that the app showed itself (WorldWideWaves' wave hit) is a line of
                    // every app's output, as what an alarm would have shown.
                    line = printer.line(for: event, permission: device.permission)
                }
                // The request a device's line is about rides along (never written as JSON), so a reader of the lines
                // (the text timeline, a fleet's tally) knows it, its channel included.
                if line?.request == nil, let fallback { line?.request = fallback }
                if var line {
                    line.append(extra)
                    emit(line, device.timeZone)
                }
            }
        }
    }

    /// Shows on the desktop what was printed since the last call, and closes what was withdrawn.
    func mirrorOnDesktop() async {
        guard let desktop else { return }
        let events = state.withLock { state in
            defer { state.forDesktop = [] }
            return state.forDesktop
        }
        for event in events where !(await desktop.show(event)) {
            state.withLock { $0.summary.failed += 1 }
        }
    }
}
