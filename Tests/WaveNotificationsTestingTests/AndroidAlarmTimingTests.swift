import Foundation
import Testing
import WaveNotifications
import WaveNotificationsTesting

/// The timing rules of `docs/scenario-format.md`, Device conditions, on a phone idle from 23:00 to 07:00 (UTC):
/// light Doze from 23:01, deep Doze from 00:04:30, deep maintenance windows at 01:04:30 (5 min) and 03:09:30 (10 min),
/// the stretch's end at 07:00.
struct AndroidAlarmTimingTests {
    static let utc = TimeZone(identifier: "UTC")!

    static func at(_ text: String) -> Date {
        try! Date(text + "Z", strategy: .iso8601)
    }

    static func timing(
        bucket: StandbyBucket = .active, charging: Bool = false, idle: Bool = true
    ) -> AndroidAlarmTiming {
        let window = try! LocalTimeWindow(start: LocalTime(parsing: "23:00"), end: LocalTime(parsing: "07:00"))
        let conditions = DeviceConditions(
            idle: idle ? [.init(window, isCharging: charging)] : [], android: .init(bucket: bucket))
        return AndroidAlarmTiming(conditions: conditions, timeZone: utc)
    }

    @Test(
        arguments: [
            // Light Doze's idle periods hold work until their maintenance window.
            ("2026-03-10T23:00:30", "2026-03-10T23:00:30", nil),
            ("2026-03-10T23:03:00", "2026-03-10T23:06:00", DelayCause.dozeLight),
            ("2026-03-10T23:06:30", "2026-03-10T23:06:30", nil),
            ("2026-03-10T23:10:00", "2026-03-10T23:17:00", .dozeLight),
            // Held by light Doze when deep Doze begins: deep Doze's first maintenance window.
            ("2026-03-10T23:55:00", "2026-03-11T01:04:30", .doze),
            ("2026-03-11T00:30:00", "2026-03-11T01:04:30", .doze),
            ("2026-03-11T01:06:00", "2026-03-11T01:06:00", nil),
            ("2026-03-11T02:00:00", "2026-03-11T03:09:30", .doze),
            // The 240-minute idle period would end at 07:19:30; the stretch ends first.
            ("2026-03-11T06:00:00", "2026-03-11T07:00:00", .doze),
            ("2026-03-11T12:00:00", "2026-03-11T12:00:00", nil),
        ] as [(String, String, DelayCause?)])
    func workWaitsForMaintenanceWindows(due: String, shown: String, cause: DelayCause?) {
        let timing = Self.timing()
        let result = timing.firstInstant(dueAt: Self.at(due), handedAt: Self.at("2026-03-10T12:00:00"), mode: .work)
        #expect(result.at == Self.at(shown))
        #expect(result.cause == cause)
    }

    @Test func chargingHasNoDoze() {
        let timing = Self.timing(charging: true)
        let result = timing.firstInstant(
            dueAt: Self.at("2026-03-11T02:00:00"), handedAt: Self.at("2026-03-10T12:00:00"), mode: .work)
        #expect(result.at == Self.at("2026-03-11T02:00:00"))
        #expect(result.cause == nil)
    }

    @Test func aWakeStartsANewStretch() {
        var timing = Self.timing()
        timing.userWoke(at: Self.at("2026-03-11T02:30:00"))
        // Awake for a minute, then light Doze's first idle period [02:31, 02:36).
        let awake = timing.firstInstant(
            dueAt: Self.at("2026-03-11T02:30:40"), handedAt: Self.at("2026-03-10T12:00:00"), mode: .work)
        #expect(awake.at == Self.at("2026-03-11T02:30:40"))
        let light = timing.firstInstant(
            dueAt: Self.at("2026-03-11T02:32:00"), handedAt: Self.at("2026-03-10T12:00:00"), mode: .work)
        #expect(light.at == Self.at("2026-03-11T02:36:00"))
        #expect(light.cause == .dozeLight)
    }

    @Test func aWakeReleasesWhatDozeHeldBeforeIt() {
        var timing = Self.timing()
        // Work due at 02:00 waits for 03:09:30; the user wakes the phone at 02:30, which ends the stretch.
        timing.userWoke(at: Self.at("2026-03-11T02:30:00"))
        let held = timing.firstInstant(
            dueAt: Self.at("2026-03-11T02:00:00"), handedAt: Self.at("2026-03-10T12:00:00"), mode: .work)
        #expect(held.at == Self.at("2026-03-11T02:30:00"))
        #expect(held.cause == .doze)
    }

    @Test func alarmClockAndExactAlarmsFireInDoze() {
        let timing = Self.timing()
        for mode in [AndroidScheduleMode.alarmClock, .exactAllowWhileIdle] {
            let result = timing.firstInstant(
                dueAt: Self.at("2026-03-11T02:00:00"), handedAt: Self.at("2026-03-10T12:00:00"), mode: mode)
            #expect(result.at == Self.at("2026-03-11T02:00:00"))
            #expect(result.cause == nil)
        }
    }

    @Test func exactAllowWhileIdleKeepsTo72AnHourInDeepDoze() {
        var timing = Self.timing()
        var fire = Self.at("2026-03-11T01:10:00")
        for _ in 0..<72 {
            timing.record(firedAt: fire, mode: .exactAllowWhileIdle)
            fire = fire.addingTimeInterval(30)
        }
        // 72 fired between 01:10:00 and 01:45:30; the 73rd waits until the first leaves the hour.
        let result = timing.firstInstant(
            dueAt: Self.at("2026-03-11T01:50:00"), handedAt: Self.at("2026-03-10T12:00:00"), mode: .exactAllowWhileIdle)
        #expect(result.at == Self.at("2026-03-11T02:10:00"))
        #expect(result.cause == .whileIdleQuota)
        // alarmClock is not counted by the quota.
        let clock = timing.firstInstant(
            dueAt: Self.at("2026-03-11T01:50:00"), handedAt: Self.at("2026-03-10T12:00:00"), mode: .alarmClock)
        #expect(clock.at == Self.at("2026-03-11T01:50:00"))
    }

    @Test func inexactAlarmsFireAtTheirWindowsEnd() {
        let timing = Self.timing(idle: false)
        let due = Self.at("2026-03-11T12:00:00")
        // ¾ of 40 min = 30 min.
        let short = timing.firstInstant(
            dueAt: due, handedAt: Self.at("2026-03-11T11:20:00"), mode: .inexactAllowWhileIdle)
        #expect(short.at == Self.at("2026-03-11T12:30:00"))
        #expect(short.cause == .inexactWindow)
        // At most an hour.
        let long = timing.firstInstant(
            dueAt: due, handedAt: Self.at("2026-03-10T12:00:00"), mode: .inexactAllowWhileIdle)
        #expect(long.at == Self.at("2026-03-11T13:00:00"))
        // No window under 10 seconds.
        let none = timing.firstInstant(dueAt: due, handedAt: due.addingTimeInterval(-9), mode: .inexactAllowWhileIdle)
        #expect(none.at == due)
        #expect(none.cause == nil)
    }

    @Test func inexactAlarmsAreNineMinutesApartInDeepDoze() {
        var timing = Self.timing()
        timing.record(firedAt: Self.at("2026-03-11T02:45:00"), mode: .inexactAllowWhileIdle)
        let result = timing.firstInstant(
            dueAt: Self.at("2026-03-11T02:50:00"), handedAt: Self.at("2026-03-11T02:49:55"),
            mode: .inexactAllowWhileIdle)
        #expect(result.at == Self.at("2026-03-11T02:54:00"))
        #expect(result.cause == .whileIdleQuota)
        // Outside deep Doze no spacing applies.
        var awake = Self.timing(idle: false)
        awake.record(firedAt: Self.at("2026-03-11T12:00:00"), mode: .inexactAllowWhileIdle)
        let free = awake.firstInstant(
            dueAt: Self.at("2026-03-11T12:01:00"), handedAt: Self.at("2026-03-11T12:00:55"),
            mode: .inexactAllowWhileIdle)
        #expect(free.at == Self.at("2026-03-11T12:01:00"))
    }

    @Test(arguments: [
        (StandbyBucket.active, "2026-03-11T12:30:00", DelayCause?.none),
        (.workingSet, "2026-03-11T12:30:00", nil),
        (.frequent, "2026-03-11T12:30:00", nil),
        (.rare, "2026-03-11T13:00:00", .standbyBucket),
        (.restricted, "2026-03-12T12:00:00", .standbyBucket),
    ])
    func bucketsLimitAlarmsOnBattery(bucket: StandbyBucket, shown: String, cause: DelayCause?) {
        var timing = Self.timing(bucket: bucket, idle: false)
        timing.record(firedAt: Self.at("2026-03-11T12:00:00"), mode: .exactAllowWhileIdle)
        let result = timing.firstInstant(
            dueAt: Self.at("2026-03-11T12:30:00"), handedAt: Self.at("2026-03-10T12:00:00"), mode: .exactAllowWhileIdle)
        #expect(result.at == Self.at(shown))
        #expect(result.cause == cause)
    }

    @Test func frequentAllowsTwoAlarmsAnHour() {
        var timing = Self.timing(bucket: .frequent, idle: false)
        timing.record(firedAt: Self.at("2026-03-11T12:00:00"), mode: .exactAllowWhileIdle)
        timing.record(firedAt: Self.at("2026-03-11T12:10:00"), mode: .exactAllowWhileIdle)
        let result = timing.firstInstant(
            dueAt: Self.at("2026-03-11T12:30:00"), handedAt: Self.at("2026-03-10T12:00:00"), mode: .exactAllowWhileIdle)
        #expect(result.at == Self.at("2026-03-11T13:00:00"))
        #expect(result.cause == .standbyBucket)
    }

    @Test func bucketsDoNotLimitWhileChargingNorAlarmClocks() {
        var charging = Self.timing(bucket: .restricted, charging: true)
        charging.record(firedAt: Self.at("2026-03-11T01:00:00"), mode: .exactAllowWhileIdle)
        let night = charging.firstInstant(
            dueAt: Self.at("2026-03-11T02:00:00"), handedAt: Self.at("2026-03-10T12:00:00"), mode: .exactAllowWhileIdle)
        #expect(night.at == Self.at("2026-03-11T02:00:00"))
        var battery = Self.timing(bucket: .restricted, idle: false)
        battery.record(firedAt: Self.at("2026-03-11T12:00:00"), mode: .exactAllowWhileIdle)
        let clock = battery.firstInstant(
            dueAt: Self.at("2026-03-11T12:30:00"), handedAt: Self.at("2026-03-10T12:00:00"), mode: .alarmClock)
        #expect(clock.at == Self.at("2026-03-11T12:30:00"))
    }

    @Test func workRunsHaveTheirOwnBucketLimit() {
        // rare: 1 alarm an hour and 3 work runs a day.
        var timing = Self.timing(bucket: .rare, idle: false)
        for hour in ["10", "11", "12"] {
            timing.record(firedAt: Self.at("2026-03-11T\(hour):00:00"), mode: .work)
        }
        let work = timing.firstInstant(
            dueAt: Self.at("2026-03-11T14:00:00"), handedAt: Self.at("2026-03-10T12:00:00"), mode: .work)
        #expect(work.at == Self.at("2026-03-12T10:00:00"))
        #expect(work.cause == .standbyBucket)
        let alarm = timing.firstInstant(
            dueAt: Self.at("2026-03-11T14:00:00"), handedAt: Self.at("2026-03-10T12:00:00"), mode: .exactAllowWhileIdle)
        #expect(alarm.at == Self.at("2026-03-11T14:00:00"))
    }

    @Test func normalPushesWaitInDeepDozeOnly() {
        let timing = Self.timing()
        let deep = timing.pushArrival(sentAt: Self.at("2026-03-11T02:00:00"), isHighPriority: false)
        #expect(deep.at == Self.at("2026-03-11T03:09:30"))
        #expect(deep.cause == .doze)
        let high = timing.pushArrival(sentAt: Self.at("2026-03-11T02:00:00"), isHighPriority: true)
        #expect(high.at == Self.at("2026-03-11T02:00:00"))
        let light = timing.pushArrival(sentAt: Self.at("2026-03-10T23:10:00"), isHighPriority: false)
        #expect(light.at == Self.at("2026-03-10T23:10:00"))
    }

    @Test(arguments: [
        (AndroidScheduleMode?.none, true, AndroidScheduleMode.exactAllowWhileIdle),
        (nil, false, .inexactAllowWhileIdle),
        (.alarmClock, true, .alarmClock),
        (.alarmClock, false, .inexactAllowWhileIdle),
        (.work, true, .work),
        (.work, false, .work),
    ])
    func theModeFollowsTheExactAlarmPermission(override: AndroidScheduleMode?, allowed: Bool, mode: AndroidScheduleMode)
    {
        let android = DeviceConditions.Android(exactAlarmsAllowed: allowed, scheduleMode: override)
        #expect(android.mode(for: .exactWithInexactFallback) == mode)
    }

    /// The queue's fast paths answer what the rules answer: over generated histories (fires of every mode recorded in
    /// order, wakes, nights with and without a charging hour, every bucket), for work due at every half-minute of
    /// the next hours, a Doze hold's run and the bucket floor's run are ``AndroidAlarmTiming/firstInstant(dueAt:handedAt:mode:)``,
    /// instant and cause.
    @Test(arguments: zip(StandbyBucket.allCases, [UInt64(23), 29, 31, 37, 41]))
    func theHoldsRunWhatTheRulesAnswer(bucket: StandbyBucket, seed: UInt64) {
        var numbers = SeededNumbers(state: seed)
        var checked = (doze: 0, floor: 0)
        for round in 0..<6 {
            var timing = Self.timing(bucket: bucket, charging: round % 3 == 2)
            var now = Self.at("2026-03-10T20:00:00").addingTimeInterval(TimeInterval(60 * numbers.next(600)))
            let modes: [AndroidScheduleMode] = [
                .work, .work, .exactAllowWhileIdle, .inexactAllowWhileIdle, .alarmClock,
            ]
            for _ in 0..<numbers.next(900) {
                now = now.addingTimeInterval(TimeInterval(15 * numbers.next(20)))
                if numbers.next(40) == 0 { timing.userWoke(at: now) }
                let mode = modes[numbers.next(modes.count)]
                let fire = timing.firstInstant(dueAt: now, handedAt: now, mode: mode).at
                now = max(now, fire)
                timing.record(firedAt: now, mode: mode)
            }
            for step in 0..<1_200 {
                let dueAt = now.addingTimeInterval(TimeInterval(30 * step))
                let rules = timing.firstInstant(dueAt: dueAt, handedAt: dueAt, mode: .work)
                guard let hold = timing.hold(dueAt: dueAt, mode: .work) else { continue }
                guard let run = timing.run(of: hold) else {
                    Issue.record("no run for \(hold) at \(dueAt)")
                    return
                }
                if case .doze = hold { checked.doze += 1 } else { checked.floor += 1 }
                if run.at != rules.at || run.cause != rules.cause {
                    Issue.record("\(hold) of work due at \(dueAt): \(run), the rules \(rules)")
                    return
                }
            }
        }
        #expect(checked.doze > 100, "\(checked.doze) Doze holds checked")
        if bucket != .active { #expect(checked.floor > 0, "\(checked.floor) floor holds checked") }
    }
}
