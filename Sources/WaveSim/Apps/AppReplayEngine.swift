internal import Foundation
internal import WaveNotifications

/// Plays the device for an app scenario: the clock, the zone, the permission and the platform; the app's service
/// (through its ``AppReplayDriver``) does everything the app does, and every fact becomes one output line
/// (`wavesim-apps.md`).
///
/// At one instant: the deliveries due then come first, then expiries, then the actions in file order, then a
/// reconcile moment of the app's own (its timers, a DST change).
struct AppReplayEngine {
    /// The scenario.
    let scenario: AppScenario
    /// The app's service, as wavesim drives it.
    let driver: any AppReplayDriver
    /// The platform: the Linux manager on a virtual clock.
    let platform: any AppReplayPlatform
    /// Turns facts into lines (rendering texts in the replay's language).
    let printer: AppEventPrinter
    /// Receives every output line, in order, with the device's zone when its fact happened.
    let emit: @Sendable (AppOutputLine, TimeZone) -> Void
    /// Receives warnings (an action that does nothing), each naming the action's JSON path.
    let warn: @Sendable (String) -> Void

    private var device: DeviceState
    private var summary: AppReplaySummary
    /// Android, after a reboot without a boot receiver: nothing of the app runs (its alarms are gone) until its
    /// next app run.
    private var isAsleep = false
    /// Requests a reboot removed, soonest first: each is `lost` at its instant unless an app run comes first (the
    /// app then hands over again what it still wants).
    private var removedByReboot: [NotificationRequest] = []

    init(
        scenario: AppScenario, driver: any AppReplayDriver, platform: any AppReplayPlatform, printer: AppEventPrinter,
        emit: @escaping @Sendable (AppOutputLine, TimeZone) -> Void, warn: @escaping @Sendable (String) -> Void
    ) {
        self.scenario = scenario
        self.driver = driver
        self.platform = platform
        self.printer = printer
        self.emit = emit
        self.warn = warn
        device = DeviceState(now: scenario.start, timeZone: scenario.timeZone, permission: scenario.permission)
        summary = AppReplaySummary(
            app: scenario.app, pendingLimit: platform.pendingLimit,
            platform: scenario.platform == .android ? scenario.platform.rawValue : nil)
    }

    /// Runs the replay to `until` and prints the summary line last.
    ///
    /// - Returns: The summary.
    /// - Throws: When the platform fails.
    mutating func run() async throws -> AppReplaySummary {
        try await print(driver.reconcile(.start, device: device))
        var actionIndex = 0
        while true {
            let nextAction = actionIndex < scenario.actions.count ? scenario.actions[actionIndex].at : nil
            let nextOwn = await driver.nextOwnMoment(after: device.now, in: device.timeZone)
            let nextOffset = device.timeZone.nextDaylightSavingTimeTransition(after: device.now)
            // Asleep, the app's own timers are gone with its alarms.
            let appTimers = isAsleep ? [] : [await driver.nextExpiry(), nextOwn, nextOffset]
            let candidates = [await platform.nextFireDate, removedByReboot.first?.fireAt, nextAction] + appTimers
            guard let next = candidates.compactMap({ $0 }).min(), next <= scenario.until else { break }
            device.now = max(device.now, next)
            printLost(dueBy: device.now)
            for request in await platform.advance(to: device.now) {
                try await print(driver.due(request, device: device))
            }
            if !isAsleep { try await print(driver.withdrawExpired(device: device)) }
            while actionIndex < scenario.actions.count, scenario.actions[actionIndex].at <= device.now {
                try await perform(scenario.actions[actionIndex])
                actionIndex += 1
            }
            if !isAsleep, let nextOffset, nextOffset == device.now {
                let old = device.timeZone.secondsFromGMT(for: device.now.addingTimeInterval(-1))
                let new = device.timeZone.secondsFromGMT(for: device.now)
                try await print(driver.reconcile(.offsetChange(oldOffset: old, newOffset: new), device: device))
            }
            if !isAsleep, let nextOwn, nextOwn == device.now {
                try await print(driver.reconcile(.ownMoment, device: device))
            }
        }
        summary.peakPending = await platform.peakPendingCount
        summary.extra = try await driver.summaryFields(device: device)
        emit(summary.line, device.timeZone)
        return summary
    }

    private mutating func perform(_ action: AppScenario.Action) async throws {
        switch action.kind {
        case .permission, .timeZone, .reboot: break
        case .launch, .backgroundRefresh, .settings, .app: appRuns()
        }
        switch action.kind {
        case .launch:
            try await print(driver.reconcile(.launch, device: device))
        case .backgroundRefresh:
            try await print(driver.reconcile(.backgroundRefresh, device: device))
        case .reboot:
            try await reboot()
        case .permission(let value):
            device.permission = value
            if !isAsleep { try await print(driver.reconcile(.permission, device: device)) }
        case .timeZone(let value):
            device.timeZone = value
            if !isAsleep { try await print(driver.reconcile(.timeZone, device: device)) }
        case .settings(let value):
            await driver.replaceSettings(value)
            try await print(driver.reconcile(.settings, device: device))
        case .app(let payload):
            let result = try await driver.perform(payload, device: device)
            print(result.outputs)
            result.warnings.forEach(warn)
        }
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
            print(pending.map { .event(.cancelled(identifier: $0.identifier, reason: .reboot, at: device.now)) })
            removedByReboot = (removedByReboot + pending).sorted {
                ($0.fireAt, $0.identifier) < ($1.fireAt, $1.identifier)
            }
            if scenario.bootReceiver {
                appRuns()
                try await print(driver.reconcile(.boot, device: device))
            } else {
                isAsleep = true
            }
        }
    }

    /// The app runs (an action of the user's, a refresh, a boot receiver): it wakes, and what a reboot removed is no
    /// longer lost; the app's reconcile hands over again what it still wants.
    private mutating func appRuns() {
        isAsleep = false
        removedByReboot = []
    }

    /// Prints a `lost` line for each request a reboot removed whose instant has come.
    private mutating func printLost(dueBy instant: Date) {
        while let first = removedByReboot.first, first.fireAt <= instant {
            removedByReboot.removeFirst()
            summary.lost += 1
            emit(
                AppOutputLine(
                    type: "lost",
                    fields: [
                        ("at", .instant(first.fireAt)), ("identifier", .string(first.identifier)),
                        ("reason", .string("reboot")),
                    ]), device.timeZone)
        }
    }

    /// Prints the outputs in order and counts the facts for the summary.
    private mutating func print(_ outputs: [AppReplayOutput]) {
        for output in outputs {
            switch output {
            case .line(let line):
                emit(line, device.timeZone)
            case .event(let event):
                summary.count(event)
                emit(printer.line(for: event, app: scenario.app, permission: device.permission), device.timeZone)
            }
        }
    }
}
