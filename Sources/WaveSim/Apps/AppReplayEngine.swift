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
        summary = AppReplaySummary(app: scenario.app, pendingLimit: platform.pendingLimit)
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
            let candidates = [await platform.nextFireDate, await driver.nextExpiry(), nextAction, nextOwn, nextOffset]
            guard let next = candidates.compactMap({ $0 }).min(), next <= scenario.until else { break }
            device.now = max(device.now, next)
            for request in await platform.advance(to: device.now) {
                try await print(driver.due(request, device: device))
            }
            try await print(driver.withdrawExpired(device: device))
            while actionIndex < scenario.actions.count, scenario.actions[actionIndex].at <= device.now {
                try await perform(scenario.actions[actionIndex])
                actionIndex += 1
            }
            if let nextOffset, nextOffset == device.now {
                let old = device.timeZone.secondsFromGMT(for: device.now.addingTimeInterval(-1))
                let new = device.timeZone.secondsFromGMT(for: device.now)
                try await print(driver.reconcile(.offsetChange(oldOffset: old, newOffset: new), device: device))
            }
            if let nextOwn, nextOwn == device.now {
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
        case .launch:
            try await print(driver.reconcile(.launch, device: device))
        case .permission(let value):
            device.permission = value
            try await print(driver.reconcile(.permission, device: device))
        case .timeZone(let value):
            device.timeZone = value
            try await print(driver.reconcile(.timeZone, device: device))
        case .settings(let value):
            await driver.replaceSettings(value)
            try await print(driver.reconcile(.settings, device: device))
        case .app(let payload):
            let result = try await driver.perform(payload, device: device)
            print(result.outputs)
            result.warnings.forEach(warn)
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
