package import Foundation
package import WaveNotifications

/// When an Android phone runs an app's alarm or work, given Doze, the allow-while-idle quota, inexact windows and the
/// standby bucket (`docs/scenario-format.md`, Device conditions), and the history that those limits count.
///
/// Ask ``firstInstant(dueAt:handedAt:mode:)`` for the first instant the platform allows, then ``record(firedAt:mode:)``
/// once it fires: the limits count what fired before, so fires must be recorded in the order of their instants. An
/// alarm that shows several notifications due at one instant counts once.
package struct AndroidAlarmTiming: Sendable {
    /// The conditions; change them as the device changes.
    package var conditions: DeviceConditions {
        didSet { schedule.idle = conditions.idle }
    }
    /// The idle cycle.
    package private(set) var schedule: DozeSchedule

    /// Alarm fires on battery (every mode but `alarmClock`), for the bucket's alarm limit.
    private var alarmFires = FireHistory()
    /// Work runs on battery, for the bucket's work limit.
    private var workRuns = FireHistory()
    /// `exactAllowWhileIdle` fires in deep Doze, for the 72-an-hour quota.
    private var whileIdleFires = FireHistory()
    /// The last `inexactAllowWhileIdle` fire in deep Doze, for the 9-minute spacing.
    private var lastInexactIdleFire: Date?

    /// Allow-while-idle alarms per app in any 60 minutes of deep Doze.
    static let whileIdleQuota = 72
    /// The spacing of inexact allow-while-idle alarms in deep Doze.
    static let inexactSpacing: TimeInterval = 540
    /// The longest window of an inexact alarm.
    static let longestInexactWindow: TimeInterval = 3_600

    /// Creates the timing of a phone.
    ///
    /// - Parameters:
    ///   - conditions: The conditions.
    ///   - timeZone: The zone the windows are read in.
    package init(conditions: DeviceConditions, timeZone: TimeZone) {
        self.conditions = conditions
        schedule = DozeSchedule(idle: conditions.idle, timeZone: timeZone)
    }

    /// The device's zone (the windows are local).
    package var timeZone: TimeZone {
        get { schedule.timeZone }
        set { schedule.timeZone = newValue }
    }

    /// The user turned the screen on: a new idle stretch begins here.
    ///
    /// - Parameter instant: When.
    package mutating func userWoke(at instant: Date) {
        schedule.lastWake = max(schedule.lastWake ?? instant, instant)
    }

    /// The first instant an alarm or work due at `dueAt` may run, and the rule that set it when that is later.
    ///
    /// - Parameters:
    ///   - dueAt: The app's instant.
    ///   - handedAt: When the app handed it over (an inexact alarm's window is ¾ of the time between, at most an
    ///     hour; none under 10 seconds).
    ///   - mode: The mode it was handed over in.
    /// - Returns: The instant, and the cause when it is after `dueAt`.
    package func firstInstant(
        dueAt: Date, handedAt: Date, mode: AndroidScheduleMode
    ) -> (at: Date, cause: DelayCause?) {
        var instant = dueAt
        var cause: DelayCause?
        if mode == .alarmClock { return (instant, nil) }
        if mode == .inexactAllowWhileIdle {
            let lead = dueAt.timeIntervalSince(handedAt)
            if lead >= 10 {
                instant = dueAt.addingTimeInterval(min(0.75 * lead, Self.longestInexactWindow))
                cause = .inexactWindow
            }
        }
        return settle(from: instant, cause: cause, dueAt: dueAt, mode: mode, moves: Self.mostMoves)
    }

    /// What holds alarms or work so that everything it holds runs alike, whatever its instant: the queue's caches
    /// (``AndroidAlarmQueue``) are keyed by it, and when it runs is ``run(of:)``, the rules' own answer.
    package enum Hold: Hashable, Sendable {
        /// A Doze idle period: where it releases work to, and why (`doze` or `doze_light`).
        case doze(release: Date, cause: DelayCause)
        /// The bucket's alarm limit, until its floor (``alarmFloor()``).
        case alarmFloor
    }

    /// The Doze hold of work due at `dueAt`: the first move of ``firstInstant(dueAt:handedAt:mode:)`` when Doze
    /// makes it (the same rule, ``dozeMove(_:in:mode:)``); `nil` when no Doze holds it there (or `mode` is not
    /// `work`).
    ///
    /// Every work due in one Doze idle period moves to the same release first, and from there on
    /// ``firstInstant(dueAt:handedAt:mode:)`` no longer depends on its instant: they all run at ``run(of:)`` of this
    /// hold. It depends on the schedule only, not on the history.
    ///
    /// - Parameters:
    ///   - dueAt: The app's instant.
    ///   - mode: The mode it was handed over in.
    /// - Returns: The hold, or `nil`.
    package func dozeHold(dueAt: Date, mode: AndroidScheduleMode) -> Hold? {
        Self.dozeMove(dueAt, in: schedule.phase(at: dueAt), mode: mode).map { .doze(release: $0.at, cause: $0.cause) }
    }

    /// The hold whose run ``firstInstant(dueAt:handedAt:mode:)`` answers for work due at `dueAt`: its Doze hold
    /// (``dozeHold(dueAt:mode:)``), else ``Hold/alarmFloor`` when the bucket's alarm limit is its first move (due
    /// before the floor, on battery everywhere: ``waitsForAlarmFloor(dueAt:mode:)``); `nil` when neither holds it.
    ///
    /// - Parameters:
    ///   - dueAt: The app's instant.
    ///   - mode: The mode it was handed over in.
    /// - Returns: The hold, or `nil`.
    package func hold(dueAt: Date, mode: AndroidScheduleMode) -> Hold? {
        dozeHold(dueAt: dueAt, mode: mode) ?? (waitsForAlarmFloor(dueAt: dueAt, mode: mode) ? .alarmFloor : nil)
    }

    /// When work held by `hold` runs, and why: what ``firstInstant(dueAt:handedAt:mode:)`` answers for every work it
    /// holds, found by the same rules from the hold's first move on; `nil` for ``Hold/alarmFloor`` without a floor.
    ///
    /// - Parameter hold: The hold.
    /// - Returns: The instant (after every instant the hold holds) and its cause.
    package func run(of hold: Hold) -> (at: Date, cause: DelayCause)? {
        let first: (at: Date, cause: DelayCause)
        switch hold {
        case .doze(let release, let cause): first = (release, cause)
        case .alarmFloor:
            guard let floor = alarmFloor() else { return nil }
            first = (floor, .standbyBucket)
        }
        // The first move was the hold's, so one move fewer is left; its `dueAt` only needs to precede the release.
        let run = settle(
            from: first.at, cause: first.cause, dueAt: first.at.addingTimeInterval(-1), mode: .work,
            moves: Self.mostMoves - 1)
        return (run.at, run.cause ?? first.cause)
    }

    /// The earliest instant any alarm but an alarm clock can run at now, given the bucket's alarm limit and the fires
    /// recorded: an alarm runs on battery (the only place without a charging window), so where it runs the limit
    /// must allow it, which it does from the `limit`-th newest fire plus the window on. `nil` when an idle window
    /// charges or the limit has not been reached.
    ///
    /// - Returns: The instant, or `nil`.
    package func alarmFloor() -> Date? {
        guard !conditions.idle.contains(where: \.isCharging) else { return nil }
        let alarms = conditions.android.bucket.alarmLimit
        return alarmFires.floor(limit: alarms.count, window: alarms.window.timeInterval)
    }

    /// Whether work due at `dueAt` that no Doze holds (``dozeHold(dueAt:mode:)`` is `nil`) is first moved to the
    /// bucket's floor (``alarmFloor()``): due before it, on battery everywhere, where the bucket's alarm rule
    /// (``bucketAlarmMove(_:)``) moves it. It stays so while the floor only rises (no charging window, the same
    /// bucket), and from the floor on every such work runs alike (``run(of:)``).
    ///
    /// - Parameters:
    ///   - dueAt: The app's instant.
    ///   - mode: The mode it was handed over in.
    /// - Returns: `true` when the bucket's limit is its first move.
    package func waitsForAlarmFloor(dueAt: Date, mode: AndroidScheduleMode) -> Bool {
        guard mode == .work, alarmFloor() != nil else { return false }
        return bucketAlarmMove(dueAt) != nil
    }

    /// The most moves the rules make for one instant: a bound that a stretch's end always meets first.
    private static let mostMoves = 10_000

    /// Applies the rules from `start` until none moves the instant, at most `moves` times.
    private func settle(
        from start: Date, cause startCause: DelayCause?, dueAt: Date, mode: AndroidScheduleMode, moves: Int
    ) -> (at: Date, cause: DelayCause?) {
        var instant = start
        var cause = startCause
        // Each rule moves the instant later or leaves it; the latest instant wins, and its rule is the cause. A
        // move can only land where another rule then applies a finite number of times (a stretch ends).
        for _ in 0..<moves {
            guard let moved = firstRuleMoving(instant, mode: mode) else { break }
            instant = moved.at
            cause = moved.cause
        }
        return (instant, instant > dueAt ? cause : nil)
    }

    /// When a remote push reaches the phone: FCM `high` at once; `normal` waits in deep Doze for the next maintenance
    /// window (light Doze lets both through).
    ///
    /// - Parameters:
    ///   - sentAt: When it was sent.
    ///   - isHighPriority: Whether its FCM priority is `high`.
    /// - Returns: When it arrives, and `doze` when that is later.
    package func pushArrival(sentAt: Date, isHighPriority: Bool) -> (at: Date, cause: DelayCause?) {
        guard !isHighPriority, case .deepIdle(let release) = schedule.phase(at: sentAt) else { return (sentAt, nil) }
        return (release, release > sentAt ? .doze : nil)
    }

    /// Records a fire, for the limits that count fires.
    ///
    /// - Parameters:
    ///   - instant: When it ran.
    ///   - mode: Its mode.
    package mutating func record(firedAt instant: Date, mode: AndroidScheduleMode) {
        if mode == .alarmClock { return }
        let phase = schedule.phase(at: instant)
        if schedule.isOnBattery(at: instant) {
            alarmFires.append(instant)
            if mode == .work { workRuns.append(instant) }
        }
        if case .deepIdle = phase {
            switch mode {
            case .exactAllowWhileIdle: whileIdleFires.append(instant)
            case .inexactAllowWhileIdle: lastInexactIdleFire = instant
            case .alarmClock, .work: break
            }
        }
    }

    /// The first rule that moves `instant` later, with where to; `nil` when every rule allows it.
    private func firstRuleMoving(_ instant: Date, mode: AndroidScheduleMode) -> (at: Date, cause: DelayCause)? {
        let phase = schedule.phase(at: instant)
        if let move = Self.dozeMove(instant, in: phase, mode: mode) { return move }
        switch (mode, phase) {
        case (.exactAllowWhileIdle, .deepIdle):
            if let allowed = whileIdleFires.firstAllowed(instant, limit: Self.whileIdleQuota, window: 3_600),
                allowed > instant
            {
                return (allowed, .whileIdleQuota)
            }
        case (.inexactAllowWhileIdle, .deepIdle):
            if let last = lastInexactIdleFire, last.addingTimeInterval(Self.inexactSpacing) > instant {
                return (last.addingTimeInterval(Self.inexactSpacing), .whileIdleQuota)
            }
        default:
            break
        }
        guard schedule.isOnBattery(at: instant) else { return nil }
        if let allowed = bucketAlarmMove(instant) { return (allowed, .standbyBucket) }
        if mode == .work, let work = conditions.android.bucket.workLimit,
            let allowed = workRuns.firstAllowed(instant, limit: work.count, window: work.window.timeInterval),
            allowed > instant
        {
            return (allowed, .standbyBucket)
        }
        return nil
    }

    /// Doze's rule for work: light or deep Doze holds it until the idle period's release. The one place it is
    /// written: ``firstRuleMoving(_:mode:)`` applies it and ``dozeHold(dueAt:mode:)`` keys the queue's holds by it.
    private static func dozeMove(
        _ instant: Date, in phase: DozeSchedule.Phase, mode: AndroidScheduleMode
    ) -> (at: Date, cause: DelayCause)? {
        guard mode == .work else { return nil }
        switch phase {
        case .lightIdle(let release) where release > instant: return (release, .dozeLight)
        case .deepIdle(let release) where release > instant: return (release, .doze)
        default: return nil
        }
    }

    /// The bucket's alarm rule on battery: no more than its limit of alarms in its window, so `instant` moves to
    /// when the oldest fire that counts leaves it; `nil` when the limit allows `instant`.
    private func bucketAlarmMove(_ instant: Date) -> Date? {
        let alarms = conditions.android.bucket.alarmLimit
        guard let allowed = alarmFires.firstAllowed(instant, limit: alarms.count, window: alarms.window.timeInterval),
            allowed > instant
        else { return nil }
        return allowed
    }
}

/// Past fires in the order of their instants, the last day of them (the longest window a limit counts).
private struct FireHistory: Sendable {
    private var fires: [Date] = []
    /// The first fire still kept; those before it are older than a day and dropped in bulk.
    private var head = 0

    /// Whether every fire appended came no earlier than the one before: then the fires are sorted and a limit is
    /// answered by one look (``firstAllowed(_:limit:window:)``).
    private var isSorted = true

    /// Appends a fire (no earlier than the last) and forgets those older than a day.
    mutating func append(_ instant: Date) {
        if let last = fires.last, instant < last { isSorted = false }
        fires.append(instant)
        let horizon = instant.addingTimeInterval(-86_400)
        while head < fires.count, fires[head] <= horizon { head += 1 }
        if head > 1_024, head * 2 > fires.count {
            fires.removeFirst(head)
            head = 0
        }
    }

    /// The first instant that `limit` allows whatever the instant asked: the `limit`-th newest fire plus the window,
    /// when the fires are sorted and there are that many; else `nil`.
    func floor(limit: Int, window: TimeInterval) -> Date? {
        let index = fires.count - limit
        guard isSorted, limit > 0, index >= head else { return nil }
        return fires[index].addingTimeInterval(window)
    }

    /// The first instant at or after `instant` at which fewer than `limit` fires lie in `(t − window, t]`; `nil`
    /// when `instant` itself is allowed.
    func firstAllowed(_ instant: Date, limit: Int, window: TimeInterval) -> Date? {
        let from = instant.addingTimeInterval(-window)
        if isSorted {
            // Sorted, the `limit`-th newest fire is in the window exactly when the walk below would count `limit`
            // fires; the walk went over up to 720 fires (the active bucket) for every request Doze released.
            let index = fires.count - limit
            guard limit > 0, index >= head, fires[index] > from else { return nil }
            return fires[index].addingTimeInterval(window)
        }
        var index = fires.count - 1
        var count = 0
        while index >= head, fires[index] > from {
            count += 1
            // The `limit`-th newest fire in the window must leave it first.
            if count == limit { return fires[index].addingTimeInterval(window) }
            index -= 1
        }
        return nil
    }
}
