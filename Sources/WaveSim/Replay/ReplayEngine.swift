internal import Foundation
internal import WaveLinuxAdapter
internal import WaveNotifications
internal import WaveNotificationsTesting

/// Plays the device for a scenario of any of the five apps: the clock, the zone, the permission and the platform; the
/// app's service (through its ``AppReplayDriver``) does everything the app does, and every fact becomes one output
/// line (`docs/scenario-format.md`).
///
/// At one instant: what the system does then comes first (deliveries, losses, and the app's foreground moments such
/// as a wave reaching the user), then the app's expiries, then the actions in file order, then a moment of the app's
/// own (its timers, a DST change).
///
/// Where the app's code runs depends on the platform (`docs/scenario-format.md`, Platforms). On `linux` and `android`
/// it runs at every moment above (Android's alarms wake it), except on Android after a reboot without a boot
/// receiver, until its next app run. On `ios` it runs only at app runs (the start, and every action but
/// `permission`, `timeZone`, `reboot` and a push); between them the system shows what it holds and nothing else
/// happens, and what the app's rules would have done meanwhile is done at the next run.
///
/// On the wall clock (``ReplayPacer``) the engine waits for each instant; the lines are those of the virtual clock.
/// An action the user picks on the desktop reaches the service at the simulated instant it was picked.
struct ReplayEngine {
    /// The scenario.
    let scenario: AppScenario
    /// The app's service, as wavesim drives it.
    let driver: any AppReplayDriver
    /// The platform: the Linux manager on a virtual clock, or iOS's center.
    let platform: any AppReplayPlatform
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

    /// Whether the app's own moments are foreground moments (WorldWideWaves' wave hits), asked once.
    private let ownMomentsAreForeground: Bool
    /// Whether every app run hands the center what the app wants, asked once.
    private let handsOverAtEveryRun: Bool
    private var device: DeviceState
    private var summary: AppReplaySummary
    /// Android, after a reboot without a boot receiver: nothing of the app runs (its alarms are gone) until its
    /// next app run.
    private var isAsleep = false
    /// Requests a reboot removed, soonest first: each is `lost` at its instant unless an app run hands it over again
    /// or the app no longer wants it.
    private var removedByReboot: [NotificationRequest] = []
    /// iOS: what the system showed since the last app run, with when, in order; the app learns of it at its next run.
    private var shownWhileClosed: [(request: NotificationRequest, at: Date)] = []
    /// iOS: the UTC offset changes since the last app run, in order (`old`, `new`).
    private var offsetChangesWhileClosed: [(old: Int, new: Int)] = []
    /// Events printed and not yet mirrored on the desktop.
    private var forDesktop: [NotificationEvent] = []
    /// The zone's next offset change as last asked: the zone, when, and the answer.
    private var knownOffsetChange: (zone: TimeZone, askedAt: Date, next: Date?)?

    init(
        scenario: AppScenario, driver: any AppReplayDriver, platform: any AppReplayPlatform, printer: AppEventPrinter,
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
        ownMomentsAreForeground = driver.ownMomentsAreForeground
        handsOverAtEveryRun = driver.handsOverAtEveryRun
        device = DeviceState(now: scenario.start, timeZone: scenario.timeZone, permission: scenario.permission)
        summary = AppReplaySummary(
            app: scenario.app, pendingLimit: platform.pendingLimit,
            platform: scenario.platform == .linux ? nil : scenario.platform.rawValue)
    }

    /// Whether the app's code runs on its own between app runs (its timers, its alarms).
    private var appRunsOnItsOwn: Bool { scenario.platform != .ios && !isAsleep }

    /// Runs the replay to `until` (or, without one, until nothing remains) and prints the summary line last.
    ///
    /// - Returns: The summary.
    /// - Throws: When the platform fails.
    mutating func run() async throws -> AppReplaySummary {
        try await startAppRun()
        try await print(driver.reconcile(.start, device: device))
        try await finishAppRun(cause: "start")
        var actionIndex = 0
        while true {
            let nextAction = actionIndex < scenario.actions.count ? scenario.actions[actionIndex].at : nil
            let nextOwn = await driver.nextOwnMoment(after: device.now, in: device.timeZone)
            let nextOffset = nextOffsetChange()
            var next = earliest(await platform.nextFireDate, removedByReboot.first?.fireAt)
            next = earliest(next, earliest(nextAction, nextOffset))
            // Between app runs on iOS, or asleep on Android, the app's own timers do not fire; a moment the user has
            // the app open comes on every platform.
            if appRunsOnItsOwn {
                next = earliest(next, earliest(await driver.nextExpiry(), nextOwn))
            } else if ownMomentsAreForeground {
                next = earliest(next, nextOwn)
            }
            if let until = scenario.until, next.map({ $0 > until }) ?? true {
                // On the desktop the user may still act until the end.
                next = pacer != nil && desktop != nil && device.now < until ? until : nil
            }
            guard let next else { break }
            await mirrorOnDesktop()
            if let pacer {
                if let picked = await pacer.waitForPick(until: next) {
                    try await respond(to: picked)
                    continue
                }
            }
            device.now = max(device.now, next)
            printLost(dueBy: device.now)
            for fact in await platform.advance(to: device.now) {
                try await happened(fact)
            }
            if ownMomentsAreForeground, let nextOwn, nextOwn == device.now {
                try await print(driver.reconcile(.ownMoment, device: device))
            }
            if appRunsOnItsOwn, let expiry = await driver.nextExpiry(), expiry <= device.now {
                try await print(driver.withdrawExpired(device: device))
            }
            while actionIndex < scenario.actions.count, scenario.actions[actionIndex].at <= device.now {
                try await perform(scenario.actions[actionIndex])
                actionIndex += 1
            }
            if let nextOffset, nextOffset == device.now {
                let old = device.timeZone.secondsFromGMT(for: device.now.addingTimeInterval(-1))
                let new = device.timeZone.secondsFromGMT(for: device.now)
                if appRunsOnItsOwn {
                    try await print(driver.reconcile(.offsetChange(oldOffset: old, newOffset: new), device: device))
                } else if scenario.platform == .ios {
                    offsetChangesWhileClosed.append((old, new))
                }
            }
            if !ownMomentsAreForeground, appRunsOnItsOwn, let nextOwn, nextOwn == device.now {
                try await print(driver.reconcile(.ownMoment, device: device))
            }
        }
        await mirrorOnDesktop()
        summary.peakPending = await platform.peakPendingCount
        summary.added = await platform.addedCount
        summary.removed = await platform.removedCount
        if measuresSavedState { summary.savedState = try await driver.encodedSavedState() }
        emit(try await driver.summaryLine(summary, device: device), device.timeZone)
        return summary
    }

    /// What the system did at an instant: a request due, or one the app wanted that it did not hold.
    private mutating func happened(_ fact: DeviceFact) async throws {
        switch fact {
        case .lost(let request, let reason):
            printLost(request, reason: reason)
        case .due(let request) where scenario.platform == .ios:
            // The system shows it without running the app; the permission alone decides.
            switch device.permission {
            case .denied, .notDetermined:
                let suppression = Suppression(
                    identifier: request.identifier, fireAt: request.fireAt, reason: .permissionDenied)
                print([.event(.suppressed(suppression, at: device.now))])
            case .authorized, .provisional:
                print([.event(.delivered(request, at: device.now, late: false))])
                shownWhileClosed.append((request, device.now))
            }
        case .due(let request):
            try await print(driver.due(request, device: device))
        }
    }

    private mutating func perform(_ action: AppScenario.Action) async throws {
        let isAppRun: Bool
        switch action.kind {
        case .permission, .timeZone, .reboot, .device: isAppRun = false
        case .launch, .backgroundRefresh, .settings: isAppRun = true
        case .app(let payload): isAppRun = !payload.isSystemEvent
        }
        print(driver.announce(action, device: device))
        if isAppRun { try await startAppRun() }
        switch action.kind {
        case .launch:
            try await print(driver.reconcile(.launch, device: device))
        case .backgroundRefresh:
            try await print(driver.reconcile(.backgroundRefresh, device: device))
        case .reboot:
            try await reboot()
        case .device:
            // The device's conditions reach its model with the timing rules (issue 36, in progress).
            break
        case .permission(let value):
            device.permission = value
            if appRunsOnItsOwn { try await print(driver.reconcile(.permission, device: device)) }
        case .timeZone(let value):
            device.timeZone = value
            if appRunsOnItsOwn { try await print(driver.reconcile(.timeZone, device: device)) }
        case .settings(let value):
            await driver.replaceSettings(value)
            try await print(driver.reconcile(.settings, device: device))
        case .app(let payload):
            let result = try await driver.perform(payload, device: device)
            print(result.outputs)
            result.warnings.forEach(warn)
            // On iOS an app run hands the center what the app wants; an action that did not reconcile does now.
            if isAppRun, handsOverAtEveryRun, scenario.platform == .ios, await !platform.wasListedDuringRun {
                try await print(driver.reconcile(.userAction(payload.type), device: device))
            }
        }
        if isAppRun {
            if case .backgroundRefresh = action.kind {
                try await finishAppRun(cause: "backgroundRefresh")
            } else {
                try await finishAppRun(cause: "action")
            }
        }
    }

    /// The user picked an action on the desktop: an `action` line, then the service's answer, as an app run (the
    /// user opened the app through the notification).
    private mutating func respond(to picked: ReplayPacer.PickedAction) async throws {
        device.now = max(device.now, picked.at)
        printLost(dueBy: device.now)
        for fact in await platform.advance(to: device.now) {
            try await happened(fact)
        }
        emit(
            AppOutputLine(
                type: "action",
                fields: [
                    ("at", .instant(device.now)), ("identifier", .string(picked.identifier)),
                    ("action", .string(picked.actionID)), ("source", .string("desktop")),
                ]), device.timeZone)
        try await startAppRun()
        do {
            try await print(driver.respond(to: picked.identifier, actionID: picked.actionID, device: device))
        } catch let error as CancellationError {
            throw error
        } catch {
            // A response the app cannot read (a notification of a pet since removed) changes nothing.
            warn("desktop action '\(picked.actionID)' on \(picked.identifier): \(error); it does nothing")
        }
        if handsOverAtEveryRun, scenario.platform == .ios, await !platform.wasListedDuringRun {
            try await print(driver.reconcile(.userAction(picked.actionID), device: device))
        }
        try await finishAppRun(cause: "action")
    }

    /// The device restarts. On Android every pending request is removed (`cancelled`, `reboot`); with a boot
    /// receiver the app runs at once and reconciles, without one nothing of the app runs until its next app run, and
    /// what it wanted is `lost` at its instant meanwhile. iOS and the Linux adapter keep their pending requests
    /// (the Linux adapter saves them); the always-running Linux process reconciles as at a start.
    private mutating func reboot() async throws {
        switch scenario.platform {
        case .ios:
            return
        case .linux:
            try await print(driver.reconcile(.boot, device: device))
        case .android:
            let pending = try await platform.pendingRequests()
            try await platform.removePending(identifiers: pending.map(\.identifier), reason: .reboot)
            print(
                pending.map { .event(.cancelled(identifier: $0.identifier, reason: .reboot, at: device.now)) })
            removedByReboot = (removedByReboot + pending).sorted {
                ($0.fireAt, $0.identifier) < ($1.fireAt, $1.identifier)
            }
            if scenario.bootReceiver {
                try await startAppRun()
                try await print(driver.reconcile(.boot, device: device))
                try await finishAppRun(cause: "boot")
            } else {
                isAsleep = true
            }
        }
    }

    /// An app run begins (the start, an action of the user's, a refresh, a boot receiver). On Android the app wakes.
    /// On iOS the app first does what its rules did not do while it was closed, at this run's instant: it records
    /// what the system showed, withdraws what expired and answers the offset changes.
    private mutating func startAppRun() async throws {
        isAsleep = false
        await platform.beginRun()
        guard scenario.platform == .ios else { return }
        let shown = shownWhileClosed
        shownWhileClosed = []
        for (request, shownAt) in shown {
            try await print(driver.shownWhileClosed(request, shownAt: shownAt, device: device))
        }
        try await print(driver.withdrawExpired(device: device))
        let changes = offsetChangesWhileClosed
        offsetChangesWhileClosed = []
        for change in changes {
            try await print(
                driver.reconcile(.offsetChange(oldOffset: change.old, newOffset: change.new), device: device))
        }
    }

    /// An app run ends: what a reboot removed stays lost only while the app still wants it and has not handed it
    /// over again; on iOS and Android a `run` line says what the app wants, what the system holds and how long the
    /// app may stay closed without a loss.
    private mutating func finishAppRun(cause: String) async throws {
        await platform.endRun()
        guard scenario.platform != .linux else { return }
        if !removedByReboot.isEmpty {
            let wanted = Set(try await driver.desiredRequests(device: device).map(\.identifier))
            let pending = Set(try await platform.pendingRequests().map(\.identifier))
            removedByReboot.removeAll { !wanted.contains($0.identifier) || pending.contains($0.identifier) }
        }
        let held = try await platform.runReport()
        // A request a reboot removed is wanted and not held: the runway ends at it if it comes first.
        let firstLost = removedByReboot.first?.fireAt
        let firstNotHeld = held.held < held.wanted ? held.refreshDeadline : nil
        let report = DeviceRunReport(
            wanted: held.wanted + removedByReboot.count, held: held.held,
            refreshDeadline: [firstLost, firstNotHeld].compactMap { $0 }.min() ?? held.refreshDeadline)
        let wanted = report.wanted
        let minutes = report.runwayMinutes(from: device.now)
        if wanted > 0 { summary.minRunwayMinutes = min(summary.minRunwayMinutes ?? .max, minutes) }
        emit(
            AppOutputLine(
                type: "run",
                fields: [
                    ("at", .instant(device.now)), ("cause", .string(cause)), ("wanted", .integer(wanted)),
                    ("held", .integer(held.held)), ("runwayMinutes", .integer(minutes)),
                ]), device.timeZone)
    }

    /// The earlier of two instants, either of which may be missing.
    private func earliest(_ first: Date?, _ second: Date?) -> Date? {
        guard let first else { return second }
        guard let second else { return first }
        return min(first, second)
    }

    /// The next change of the device zone's UTC offset after now, asked of the zone again only when the zone or the
    /// instant has moved past what was asked before.
    private mutating func nextOffsetChange() -> Date? {
        if let known = knownOffsetChange, known.zone == device.timeZone, known.askedAt <= device.now,
            known.next.map({ $0 > device.now }) ?? true
        {
            return known.next
        }
        let next = device.timeZone.nextDaylightSavingTimeTransition(after: device.now)
        knownOffsetChange = (device.timeZone, device.now, next)
        return next
    }

    /// Prints a `lost` line for each request a reboot removed whose instant has come.
    private mutating func printLost(dueBy instant: Date) {
        while let first = removedByReboot.first, first.fireAt <= instant {
            removedByReboot.removeFirst()
            printLost(first, reason: .reboot)
        }
    }

    /// Prints that the user lost a request the app wanted, at its instant.
    private mutating func printLost(_ request: NotificationRequest, reason: LossReason) {
        summary.lost += 1
        emit(
            AppOutputLine(
                type: "lost",
                fields: [
                    ("at", .instant(request.fireAt)), ("identifier", .string(request.identifier)),
                    ("reason", .string(reason.rawValue)),
                ], request: request), device.timeZone)
    }

    /// Prints the outputs in order and counts the facts for the summary; with a desktop, keeps the events to mirror
    /// there (``mirrorOnDesktop()``), so printing has no suspension point.
    private mutating func print(_ outputs: [AppReplayOutput]) {
        for output in outputs {
            switch output {
            case .line(let line):
                emit(line, device.timeZone)
            case .event(let event):
                summary.count(event)
                if let line = driver.line(for: event, printer: printer, permission: device.permission) {
                    emit(line, device.timeZone)
                }
                if desktop != nil { forDesktop.append(event) }
            }
        }
    }

    /// Shows on the desktop what was printed since the last call, and closes what was withdrawn.
    private mutating func mirrorOnDesktop() async {
        guard let desktop, !forDesktop.isEmpty else { return }
        let events = forDesktop
        forDesktop = []
        for event in events where !(await desktop.show(event)) {
            summary.failed += 1
        }
    }
}
