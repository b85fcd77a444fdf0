public import Foundation
public import WaveNotifications

/// The one loop that drives an app on a simulated device, for `wavesim` and for app tests alike: the clock, the zone,
/// the permission, app runs, and what the system does between them (`docs/scenario-format.md`, Platforms and Device
/// conditions).
///
/// At one instant: what the system does then comes first (deliveries, losses, and the app's foreground moments such
/// as a wave reaching the user), then the app's expiries, then the actions in order, then a moment of the app's own
/// (its timers, a DST change).
///
/// Where the app's code runs depends on the platform. On `linux` and `android` it runs at every moment above
/// (Android's alarms wake it), except on Android after a reboot without a boot receiver or an exact-alarm
/// revocation, until its next app run. On `ios` it runs only at app runs (the start, and every action but
/// `permission`, `timeZone`, `reboot`, `device` and a system event); between them the system shows what it holds
/// and nothing else happens, and what the app's rules would have done meanwhile is done at the next run.
///
/// With conditions (``SimulatedDevice/hasConditions``) the device decides when a held request is shown, the loop
/// tells it when the user wakes the phone (and shows what Doze held then, before the app's code runs), runs the app's
/// own alarms (midnight, expiries, a UTC offset change) when the device lets them run, delays a remote push until it
/// reaches the phone, presents an alert push as any notification of its level (Focus, the Scheduled Summary), and
/// skips a background refresh or a background push in Low Power Mode.
///
/// A `forceStop` kills the app until its next launch: Android removes what it handed over and what is on screen, and
/// nothing of the app runs or reaches it; on iOS no app code runs (a refresh or a background push is skipped) while the
/// system still shows what it holds and alert pushes. A background push (``DeviceRunActionTraits/isBackgroundPush``)
/// is an app run, cause `backgroundPush`.
public struct DeviceRunLoop<App: DeviceRunApp>: Sendable {
    /// The device.
    public let device: any SimulatedDevice
    /// The app's side.
    public let app: App
    /// The instant, zone and permission now.
    public private(set) var state: DeviceState
    /// The moments of the run, soonest first (their order at equal instants kept).
    private let actions: [DeviceRunAction<App.Action>]
    /// Nothing after it happens; `nil` runs until nothing remains.
    private let until: Date?

    /// Whether the app's own moments are foreground moments, asked once.
    private let ownMomentsAreForeground: Bool
    /// Whether every app run hands the device what the app wants, asked once.
    private let handsOverAtEveryRun: Bool
    /// Whether the app waits on a wall clock or for the user's picks, asked once.
    private let waitsForPicks: Bool
    /// The device's platform, asked once.
    private let platform: DevicePlatform
    /// Whether the device has conditions, asked once.
    private let hasConditions: Bool
    /// Android, after a reboot without a boot receiver or an exact-alarm revocation: nothing of the app runs until
    /// its next app run.
    private var isAsleep = false
    /// iOS: what the system showed since the last app run, with when, in order; the app learns of it at its next run.
    private var shownWhileClosed: [(request: NotificationRequest, at: Date)] = []
    /// iOS: the UTC offset changes since the last app run, in order (`old`, `new`).
    private var offsetChangesWhileClosed: [(old: Int, new: Int)] = []
    /// Pushes that reach the phone later than sent, in the order they arrive.
    private var delayedPushes: [(at: Date, action: App.Action, delay: DeliveryDelay, traits: DeviceRunActionTraits)] =
        []
    /// Whether the user killed the app (`forceStop`) and has not launched it since: no app code runs.
    private var isStopped = false
    /// The zone's next offset change as last asked: the zone, when, and the answer.
    private var knownOffsetChange: (zone: TimeZone, askedAt: Date, next: Date?)?
    /// Android with conditions: offset changes whose reconcile is an alarm of the app's that the device has not run
    /// yet (Doze holds it), in order: when it came, and the offsets.
    private var heldOffsetChanges: [(at: Date, old: Int, new: Int)] = []

    /// Creates a run.
    ///
    /// - Parameters:
    ///   - device: The device, with the app's requests going to it.
    ///   - app: The app's side.
    ///   - start: The device's state at the start.
    ///   - actions: The moments of the run, in any order (sorted by instant here, stably).
    ///   - until: The last instant; `nil` runs until nothing remains (a change of the zone's offset alone does not
    ///     remain).
    public init(
        device: any SimulatedDevice, app: App, start: DeviceState, actions: [DeviceRunAction<App.Action>],
        until: Date?
    ) {
        self.device = device
        self.app = app
        state = start
        self.actions = actions.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }
            .map(\.element)
        self.until = until
        ownMomentsAreForeground = app.ownMomentsAreForeground
        handsOverAtEveryRun = app.handsOverAtEveryRun
        waitsForPicks = app.waitsForPicks
        platform = device.platform
        hasConditions = device.hasConditions
    }

    /// Whether the app's code runs on its own between app runs (its timers, its alarms).
    private var appRunsOnItsOwn: Bool { platform != .ios && !isAsleep && !isStopped }

    /// Runs to `until` (or, without one, until nothing remains).
    ///
    /// - Throws: What the app's side throws.
    public mutating func run() async throws {
        // The phone's windows are read in the run's zone, whatever zone the phone was made with.
        if hasConditions {
            await device.withConditionRules { [zone = state.timeZone, now = state.now] rules in
                rules.move(to: zone)
                rules.userWoke(at: now)
            }
        }
        try await startAppRun()
        try await app.reconcile(.start, device: state)
        try await finishAppRun(cause: .start)
        var actionIndex = 0
        while true {
            let nextAction = earliest(
                actionIndex < actions.count ? actions[actionIndex].at : nil, delayedPushes.first?.at)
            let nextOwn = await app.nextOwnMoment(after: state.now, in: state.timeZone)
            let nextOffset = nextOffsetChange()
            var next = earliest(await device.nextFireDate, nextAction)
            // Between app runs on iOS, or asleep on Android, the app's own timers do not fire; a moment the user has
            // the app open comes on every platform. On a device with conditions the app's timers are alarms.
            var ownRun = nextOwn
            var expiryRun = await app.nextExpiry()
            var offsetRun: Date?
            if hasConditions, !ownMomentsAreForeground, appRunsOnItsOwn {
                if nextOwn != nil || expiryRun != nil {
                    (ownRun, expiryRun) = await device.withConditionRules { [nextOwn, expiryRun] rules in
                        (nextOwn.map(rules.whenAppAlarmRuns(dueAt:)), expiryRun.map(rules.whenAppAlarmRuns(dueAt:)))
                    }
                }
            }
            if hasConditions, appRunsOnItsOwn, let held = heldOffsetChanges.first {
                offsetRun = await device.withConditionRules { $0.whenAppAlarmRuns(dueAt: held.at) }
            }
            if appRunsOnItsOwn {
                next = earliest(next, earliest(earliest(expiryRun, ownRun), offsetRun))
            } else if ownMomentsAreForeground, !isStopped {
                next = earliest(next, nextOwn)
            }
            // A change of the zone's offset is a moment while something else is still to come or until the end: run
            // without an end, an idle device in a zone with daylight saving time would otherwise go on for ever.
            if until != nil || next != nil { next = earliest(next, nextOffset) }
            if let until, next.map({ $0 > until }) ?? true {
                // The user may still act until the end.
                next = app.waitsForTheUserUntilTheEnd && state.now < until ? until : nil
            }
            guard let next else { break }
            if waitsForPicks, let picked = await app.waitForPick(until: next) {
                try await respond(to: picked)
                continue
            }
            state.now = max(state.now, next)
            try await advanceDevice()
            if ownMomentsAreForeground, !isStopped, let nextOwn, nextOwn == state.now {
                try await app.reconcile(.ownMoment, device: state)
            }
            if appRunsOnItsOwn, let expiryRun, expiryRun <= state.now {
                if hasConditions { await appAlarmRan() }
                try await app.withdrawExpired(device: state)
            }
            try await deliverArrivedPushes()
            while actionIndex < actions.count, actions[actionIndex].at <= state.now {
                try await perform(actions[actionIndex])
                actionIndex += 1
            }
            if let nextOffset, nextOffset == state.now {
                let old = state.timeZone.secondsFromGMT(for: state.now.addingTimeInterval(-1))
                let new = state.timeZone.secondsFromGMT(for: state.now)
                if appRunsOnItsOwn, hasConditions, !ownMomentsAreForeground {
                    // The app's background check is an alarm in its mode: Doze may hold it (run below when due).
                    heldOffsetChanges.append((state.now, old, new))
                } else if appRunsOnItsOwn {
                    try await app.reconcile(.offsetChange(oldOffset: old, newOffset: new), device: state)
                } else if platform == .ios {
                    offsetChangesWhileClosed.append((old, new))
                }
            }
            try await runHeldOffsetChanges(by: offsetRun)
            if !ownMomentsAreForeground, appRunsOnItsOwn, let ownRun, ownRun == state.now {
                if hasConditions { await appAlarmRan() }
                try await app.reconcile(.ownMoment, device: state)
            }
        }
    }

    /// Runs the app's background checks of offset changes whose alarm the device runs now (``heldOffsetChanges``).
    private mutating func runHeldOffsetChanges(by computedRun: Date?) async throws {
        guard appRunsOnItsOwn, let held = heldOffsetChanges.first else { return }
        var run = computedRun
        if run == nil { run = await device.withConditionRules { $0.whenAppAlarmRuns(dueAt: held.at) } }
        guard let run else { return }
        guard run <= state.now else { return }
        await appAlarmRan()
        let changes = heldOffsetChanges
        heldOffsetChanges = []
        for change in changes {
            try await app.reconcile(.offsetChange(oldOffset: change.old, newOffset: change.new), device: state)
        }
    }

    /// An alarm of the app's own ran now: the device's rules count it.
    private func appAlarmRan() async {
        await device.withConditionRules { [now = state.now] in $0.appAlarmRan(at: now) }
    }

    /// The user turned the screen on (`docs/scenario-format.md`, Device conditions): a new idle stretch begins, and
    /// what Doze held until then is shown now, before the app's code runs here (pushes Doze held arrive now too).
    private mutating func userWoke() async throws {
        guard hasConditions else { return }
        await device.withConditionRules { [now = state.now] in $0.userWoke(at: now) }
        try await advanceDevice()
        if !delayedPushes.isEmpty {
            for index in delayedPushes.indices { delayedPushes[index].at = min(delayedPushes[index].at, state.now) }
            try await deliverArrivedPushes()
        }
    }

    /// Hands the app the pushes that reached the phone by now, in the order they arrive.
    private mutating func deliverArrivedPushes() async throws {
        while let push = delayedPushes.first, push.at <= state.now {
            delayedPushes.removeFirst()
            try await receivePush(push.action, traits: push.traits, delay: push.delay)
        }
    }

    /// A push reaches the phone now (`docs/scenario-format.md`, Killed apps and Background pushes). Nothing reaches a
    /// force-stopped Android app; an iOS app killed, or in Low Power Mode, gets no background push (the system still
    /// shows alert pushes). A background push is an app run (cause `backgroundPush`); an alert push is shown as any
    /// notification of its level (Focus and the Scheduled Summary hold it on iOS).
    private mutating func receivePush(
        _ payload: App.Action, traits: DeviceRunActionTraits, delay: DeliveryDelay?
    ) async throws {
        let identifier = traits.pushIdentifier ?? traits.name
        if isStopped, platform == .android {
            await app.deviceReported(.skippedPush(cause: .forceStopped, identifier: identifier), device: state)
            return
        }
        if traits.isBackgroundPush {
            if isStopped {
                await app.deviceReported(.skippedPush(cause: .forceQuit, identifier: identifier), device: state)
                return
            }
            if platform == .ios, hasConditions, await skipsBackgroundRefresh() {
                await app.deviceReported(.skippedPush(cause: .lowPower, identifier: identifier), device: state)
                return
            }
            try await startAppRun()
            try await app.perform(payload, presentation: DevicePresentation(delay: delay), device: state)
            try await finishAppRun(cause: .backgroundPush)
            return
        }
        guard hasConditions, platform == .ios else {
            try await app.perform(payload, delay: delay, device: state)
            return
        }
        // A push is a notification like any other: Focus and the Scheduled Summary hold it by its level.
        let quiet = await device.withConditionRules { [now = state.now] rules in
            var quiet: [NotificationChannel.InterruptionLevel: QuietDelivery] = [:]
            for level in NotificationChannel.InterruptionLevel.allCases {
                quiet[level] = rules.quietDelivery(shownAt: now, level: level)
            }
            return quiet
        }
        try await app.perform(
            payload, presentation: DevicePresentation(delay: delay, quietByLevel: quiet), device: state)
    }

    /// The user kills the app: Android removes what it handed over and what is on screen; on both phones no app code
    /// runs until the next launch. On `linux` nothing changes.
    private mutating func forceStop() async {
        guard platform != .linux else { return }
        let removed = await device.forceStop()
        if !removed.cancelled.isEmpty || !removed.withdrawn.isEmpty {
            await app.deviceReported(
                .forceStopped(cancelled: removed.cancelled, withdrawn: removed.withdrawn), device: state)
            await app.removedFromScreen(removed.withdrawn.map(\.identifier), device: state)
        }
        isStopped = true
        // Its own moments' alarms are gone with the rest (Android).
        if platform == .android { heldOffsetChanges = [] }
    }

    /// Moves the device to now and hands what it did to the app: on iOS the system shows what it holds without the
    /// app (the permission alone decides); elsewhere the app's code runs at each delivery.
    private mutating func advanceDevice() async throws {
        for fact in await device.advance(to: state.now) {
            switch fact {
            case .lost(let request, let reason):
                await app.deviceReported(.lost(request, reason: reason), device: state)
            case .notShown(let request, let reason):
                await app.deviceReported(.notShown(request, reason: reason), device: state)
            case .due(let request) where platform == .ios:
                switch state.permission {
                case .denied, .notDetermined:
                    await app.deviceReported(.notShown(request, reason: .permissionDenied), device: state)
                case .authorized, .provisional:
                    let level = state.permission == .provisional ? .passive : app.presentationLevel(of: request)
                    let quiet =
                        hasConditions
                        ? await device.withConditionRules { [now = state.now] in
                            $0.quietDelivery(shownAt: now, level: level)
                        } : nil
                    await app.deviceReported(.shownByTheSystem(request, quiet: quiet), device: state)
                    shownWhileClosed.append((request, state.now))
                }
            case .due(let request):
                try await app.shown(request, delay: nil, device: state)
            case .shownLate(let request, let delay):
                try await app.shown(request, delay: delay, device: state)
            }
        }
    }

    private mutating func perform(_ action: DeviceRunAction<App.Action>) async throws {
        let isAppRun: Bool
        var wakes = false
        switch action.kind {
        case .permission, .timeZone, .reboot, .device, .deviceChange: isAppRun = false
        case .launch: (isAppRun, wakes) = (true, true)
        case .forceStop: (isAppRun, wakes) = (false, true)
        case .backgroundRefresh: isAppRun = true
        case .app(let payload):
            let traits = app.traits(of: payload)
            isAppRun = !traits.isSystemEvent
            wakes = traits.wakesThePhone
            if let high = traits.pushIsHighPriority {
                if hasConditions {
                    let arrival = await device.withConditionRules { [now = state.now] in
                        $0.pushArrival(sentAt: now, isHighPriority: high)
                    }
                    if let cause = arrival.cause, arrival.at > state.now {
                        let delay = DeliveryDelay(dueAt: state.now, cause: cause)
                        delayedPushes.append((arrival.at, payload, delay, traits))
                        delayedPushes.sort { $0.at < $1.at }
                        return
                    }
                }
                if traits.isBackgroundPush || isStopped || (hasConditions && platform == .ios) {
                    await app.willPerform(action, device: state)
                    try await receivePush(payload, traits: traits, delay: nil)
                    return
                }
            }
        }
        if case .reboot = action.kind { wakes = true }
        if wakes { try await userWoke() }
        if case .backgroundRefresh = action.kind, isStopped, platform != .linux {
            let cause: DeviceSkipCause = platform == .ios ? .forceQuit : .forceStopped
            await app.deviceReported(.skipped(cause: cause), device: state)
            return
        }
        if case .backgroundRefresh = action.kind, hasConditions,
            await skipsBackgroundRefresh()
        {
            await app.deviceReported(.skipped(cause: .lowPower), device: state)
            return
        }
        await app.willPerform(action, device: state)
        // Android removed everything at a force stop: the first app run after it hands everything over again, whichever
        // person's action it is. So does, for an app that hands over at every run, the first run after a reboot without
        // a boot receiver or a revocation of exact alarms (WorldWideWaves syncs only at launches, refreshes and boots).
        let isFirstRunAfterRemoval =
            isAppRun && platform == .android && (isStopped || (isAsleep && handsOverAtEveryRun))
        if isAppRun { try await startAppRun() }
        switch action.kind {
        case .launch:
            try await app.reconcile(.launch, device: state)
        case .backgroundRefresh:
            try await app.reconcile(.backgroundRefresh, device: state)
        case .reboot:
            try await reboot()
        case .permission(let value):
            state.permission = value
            if appRunsOnItsOwn { try await app.reconcile(.permission, device: state) }
        case .timeZone(let value):
            state.timeZone = value
            if hasConditions { await device.withConditionRules { $0.move(to: value) } }
            if appRunsOnItsOwn { try await app.reconcile(.timeZone, device: state) }
        case .device(let conditions):
            try await changeConditions(to: conditions)
        case .deviceChange(let change):
            try await changeConditions(to: change.applied(to: await device.withConditionRules { $0.conditions }))
        case .forceStop:
            await forceStop()
        case .app(let payload):
            try await app.perform(payload, delay: nil, device: state)
            // On iOS an app run hands the device what the app wants; an action that did not reconcile does now. So
            // does, for every app, the launch after a force stop on Android (its action may be one that does not
            // reconcile, such as GrowBro's `read` or WorldWideWaves' `favorite`).
            var iOSRunWithoutHandOver = false
            if platform == .ios { iOSRunWithoutHandOver = await !device.wasListedDuringRun }
            if isFirstRunAfterRemoval || (isAppRun && handsOverAtEveryRun && iOSRunWithoutHandOver) {
                try await app.reconcile(.userAction(app.traits(of: payload).name), device: state)
            }
        }
        if isAppRun {
            if case .backgroundRefresh = action.kind {
                try await finishAppRun(cause: .backgroundRefresh)
            } else {
                try await finishAppRun(cause: .action)
            }
        }
    }

    /// Whether the device's rules skip a background refresh now (iOS's Low Power Mode).
    private func skipsBackgroundRefresh() async -> Bool {
        await device.withConditionRules { [now = state.now] in $0.skipsBackgroundRefresh(at: now) }
    }

    /// The device's conditions change; on Android a revocation of exact alarms stops the app, and a grant runs it.
    private mutating func changeConditions(to conditions: DeviceConditions) async throws {
        switch await device.changeConditions(to: conditions, at: state.now) {
        case .none:
            break
        case .exactAlarmsRevoked:
            isAsleep = true
        case .exactAlarmsGranted:
            // A force-stopped app is not told: nothing of it runs until the user opens it.
            guard !isStopped else { return }
            try await startAppRun()
            try await app.reconcile(.permission, device: state)
            try await finishAppRun(cause: .exactAlarmAllowed)
        }
    }

    /// The user picked an action on a shown notification: the fact first, then the app's answer, as an app run (the
    /// user opened the app through the notification).
    private mutating func respond(to picked: DevicePick) async throws {
        state.now = max(state.now, picked.at)
        try await advanceDevice()
        await app.deviceReported(.picked(picked), device: state)
        try await userWoke()
        try await startAppRun()
        try await app.respond(to: picked.identifier, actionID: picked.actionID, device: state)
        if handsOverAtEveryRun, platform == .ios, await !device.wasListedDuringRun {
            try await app.reconcile(.userAction(picked.actionID), device: state)
        }
        try await finishAppRun(cause: .action)
    }

    /// The device restarts. Android forgets every pending request (each lost at its instant unless the app hands it
    /// over again); with a boot receiver the app runs at once and reconciles, without one nothing of the app runs
    /// until its next app run. iOS keeps its pending requests; the always-running Linux process reconciles as at a
    /// start.
    private mutating func reboot() async throws {
        switch platform {
        case .ios:
            return
        case .linux:
            try await app.reconcile(.boot, device: state)
        case .android:
            // A force-stopped app has nothing pending and no boot receiver runs: the reboot prints nothing.
            if isStopped { return }
            let removed = await device.reboot()
            await app.deviceReported(.removedByReboot(removed), device: state)
            if device.hasBootReceiver {
                try await startAppRun()
                try await app.reconcile(.boot, device: state)
                try await finishAppRun(cause: .boot)
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
        isStopped = false
        await device.beginRun()
        guard platform == .ios else { return }
        let shown = shownWhileClosed
        shownWhileClosed = []
        for (request, shownAt) in shown {
            try await app.shownWhileClosed(request, shownAt: shownAt, device: state)
        }
        try await app.withdrawExpired(device: state)
        let changes = offsetChangesWhileClosed
        offsetChangesWhileClosed = []
        for change in changes {
            try await app.reconcile(.offsetChange(oldOffset: change.old, newOffset: change.new), device: state)
        }
    }

    /// An app run ends: the device forgets what the system removed that the app no longer wants (Android, asked only
    /// while it has such requests); on iOS and Android the app learns what the device holds of what it wants.
    private mutating func finishAppRun(cause: DeviceRunCause) async throws {
        let wanted = await device.needsWantedRequestsAtRunEnd ? try await app.desiredRequests(device: state) : nil
        await device.endRun(stillWanting: wanted)
        guard platform != .linux else { return }
        await app.deviceReported(.run(cause: cause, report: try await device.runReport()), device: state)
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
        if let known = knownOffsetChange, known.zone == state.timeZone, known.askedAt <= state.now,
            known.next.map({ $0 > state.now }) ?? true
        {
            return known.next
        }
        let next = state.timeZone.nextDaylightSavingTimeTransition(after: state.now)
        knownOffsetChange = (state.timeZone, state.now, next)
        return next
    }
}
