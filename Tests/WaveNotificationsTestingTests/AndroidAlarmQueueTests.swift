import Foundation
import Testing
import WaveNotifications
import WaveNotificationsTesting

/// The alarms one app holds on Android, run under the timing rules: several requests of one instant and mode are
/// one alarm, a delayed alarm lets a later one run first, and without timing every alarm runs at its instant.
struct AndroidAlarmQueueTests {
    private static let channel = NotificationChannel(
        id: "c", importance: .default, categoryID: "C", interruptionLevel: .active,
        name: LocalizedText(table: "T", key: "n"), channelDescription: LocalizedText(table: "T", key: "d"))

    private static func request(_ id: String, at text: String) -> NotificationRequest {
        NotificationRequest(
            identifier: id, threadID: "t", channel: channel, fireAt: AndroidAlarmTimingTests.at(text),
            title: LocalizedText(table: "T", key: "title"), body: LocalizedText(table: "T", key: "body"),
            deepLink: "app://x")
    }

    private static let handed = AndroidAlarmTimingTests.at("2026-03-11T11:00:00")

    @Test func withoutTimingEveryAlarmRunsAtItsInstantInTheOrderHandedOver() {
        var queue = AndroidAlarmQueue()
        var timing: AndroidAlarmTiming?
        queue.add(Self.request("b", at: "2026-03-11T12:00:00"), mode: .work, handedAt: Self.handed)
        queue.add(Self.request("a", at: "2026-03-11T11:30:00"), mode: .work, handedAt: Self.handed)
        queue.add(Self.request("c", at: "2026-03-11T12:00:00"), mode: .work, handedAt: Self.handed)
        #expect(queue.nextRunInstant(under: timing) == AndroidAlarmTimingTests.at("2026-03-11T11:30:00"))
        let runs = queue.runDue(by: AndroidAlarmTimingTests.at("2026-03-11T12:00:00"), under: &timing)
        #expect(runs.map { $0.entries.map(\.request.identifier) } == [["a"], ["b", "c"]])
        #expect(runs.allSatisfy { $0.delay == nil })
        #expect(queue.entries.isEmpty)
    }

    @Test func requestsOfOneInstantAreOneAlarmAndCountOnce() {
        // rare: one alarm an hour on battery.
        var timing: AndroidAlarmTiming? = AndroidAlarmTiming(
            conditions: DeviceConditions(android: .init(bucket: .rare)), timeZone: AndroidAlarmTimingTests.utc)
        var queue = AndroidAlarmQueue()
        for id in ["a", "b", "c"] {
            queue.add(Self.request(id, at: "2026-03-11T12:00:00"), mode: .exactAllowWhileIdle, handedAt: Self.handed)
        }
        queue.add(Self.request("d", at: "2026-03-11T12:10:00"), mode: .exactAllowWhileIdle, handedAt: Self.handed)
        let runs = queue.runDue(by: AndroidAlarmTimingTests.at("2026-03-11T14:00:00"), under: &timing)
        #expect(runs.map { $0.entries.map(\.request.identifier) } == [["a", "b", "c"], ["d"]])
        #expect(runs.map(\.at) == ["2026-03-11T12:00:00", "2026-03-11T13:00:00"].map(AndroidAlarmTimingTests.at))
        #expect(
            runs[1].delay
                == DeliveryDelay(dueAt: AndroidAlarmTimingTests.at("2026-03-11T12:10:00"), cause: .standbyBucket))
    }

    @Test func aDelayedAlarmLetsALaterOneRunFirst() {
        // Idle from 23:00: deep Doze holds work until 01:04:30; an alarm clock at 00:30 runs at its instant.
        let window = try! LocalTimeWindow(start: LocalTime(parsing: "23:00"), end: LocalTime(parsing: "07:00"))
        var timing: AndroidAlarmTiming? = AndroidAlarmTiming(
            conditions: DeviceConditions(idle: [.init(window)]), timeZone: AndroidAlarmTimingTests.utc)
        var queue = AndroidAlarmQueue()
        queue.add(Self.request("work", at: "2026-03-11T00:10:00"), mode: .work, handedAt: Self.handed)
        queue.add(Self.request("clock", at: "2026-03-11T00:30:00"), mode: .alarmClock, handedAt: Self.handed)
        #expect(queue.nextRunInstant(under: timing) == AndroidAlarmTimingTests.at("2026-03-11T00:30:00"))
        let runs = queue.runDue(by: AndroidAlarmTimingTests.at("2026-03-11T02:00:00"), under: &timing)
        #expect(runs.map { $0.entries[0].request.identifier } == ["clock", "work"])
        #expect(runs[1].at == AndroidAlarmTimingTests.at("2026-03-11T01:04:30"))
        #expect(runs[1].delay?.cause == .doze)
        #expect(runs[1].delay?.minutes(shownAt: runs[1].at) == 54)
    }

    /// The queue as first written (every request in one array, each step a scan), the reference the stored queue's
    /// moves are checked against.
    private struct ReferenceQueue {
        var entries: [(request: NotificationRequest, mode: AndroidScheduleMode, handedAt: Date, sequence: Int)] = []
        var timing: AndroidAlarmTiming?
        var nextSequence = 0

        mutating func add(_ request: NotificationRequest, mode: AndroidScheduleMode, handedAt: Date) {
            entries.removeAll { $0.request.identifier == request.identifier }
            let position = entries.firstIndex { $0.request.fireAt > request.fireAt }
            entries.insert((request, mode, handedAt, nextSequence), at: position ?? entries.endIndex)
            nextSequence += 1
        }

        mutating func remove(where shouldRemove: (NotificationRequest) -> Bool) -> Int {
            let before = entries.count
            entries.removeAll { shouldRemove($0.request) }
            return before - entries.count
        }

        mutating func runDue(by instant: Date) -> [[String]] {
            runAlarms(by: instant).map(\.identifiers)
        }

        mutating func runAlarms(by instant: Date) -> [(identifiers: [String], at: Date, cause: DelayCause?)] {
            var runs: [(identifiers: [String], at: Date, cause: DelayCause?)] = []
            while true {
                var best: (index: Int, at: Date, cause: DelayCause?)?
                for (index, entry) in entries.enumerated() {
                    if let best, entry.request.fireAt >= best.at { break }
                    let run =
                        timing?.firstInstant(dueAt: entry.request.fireAt, handedAt: entry.handedAt, mode: entry.mode)
                        ?? (at: entry.request.fireAt, cause: nil)
                    if best.map({ run.at < $0.at }) ?? true { best = (index, run.at, run.cause) }
                }
                guard let best, best.at <= instant else { return runs }
                let first = entries[best.index]
                func sameAlarm(
                    _ entry: (request: NotificationRequest, mode: AndroidScheduleMode, handedAt: Date, sequence: Int)
                ) -> Bool {
                    entry.request.fireAt == first.request.fireAt && entry.mode == first.mode
                        && (entry.mode != .inexactAllowWhileIdle || entry.handedAt == first.handedAt)
                }
                runs.append((entries.filter(sameAlarm).map(\.request.identifier), best.at, best.cause))
                entries.removeAll(where: sameAlarm)
                timing?.record(firedAt: best.at, mode: first.mode)
            }
        }
    }

    /// The same steps on a phone that dozes every night (23:00 to 07:00, and charging 03:00 to 04:00 on some
    /// runs) in every bucket, mostly work, with the user waking the phone now and then: Doze holds dozens of requests at once, and
    /// the queue's holds (one per Doze release) must run exactly what the reference's scan of every request runs, in
    /// the same order, with the same instants and causes.
    @Test(arguments: [
        (StandbyBucket.active, false, true, UInt64(3)), (.active, true, true, 5), (.workingSet, false, true, 13),
        (.workingSet, false, false, 17), (.frequent, false, false, 19), (.frequent, true, true, 23),
        (.rare, false, true, 29), (.rare, true, false, 31), (.restricted, false, false, 37),
        (.restricted, true, true, 41),
    ])
    func dozeHoldsRunWhatTheReferenceRuns(bucket: StandbyBucket, charging: Bool, clocks: Bool, seed: UInt64) {
        let night = try! LocalTimeWindow(start: LocalTime(parsing: "23:00"), end: LocalTime(parsing: "07:00"))
        let plugged = try! LocalTimeWindow(start: LocalTime(parsing: "03:00"), end: LocalTime(parsing: "04:00"))
        let idle: [DeviceConditions.IdleWindow] = [.init(night)] + (charging ? [.init(plugged, isCharging: true)] : [])
        let timing = AndroidAlarmTiming(
            conditions: DeviceConditions(idle: idle, android: .init(bucket: bucket)),
            timeZone: AndroidAlarmTimingTests.utc)
        // The queue runs under a timing of its own, as a phone's runs under its rules' (the reference has another).
        var queueTiming: AndroidAlarmTiming? = timing
        var queue = AndroidAlarmQueue()
        var reference = ReferenceQueue(timing: timing)
        var numbers = SeededNumbers(state: seed)
        // Without alarm clocks (and charging) the bucket's floor ends the queue's scan early.
        let modes: [AndroidScheduleMode] =
            [.work, .work, .work, .work, .exactAllowWhileIdle, .inexactAllowWhileIdle] + (clocks ? [.alarmClock] : [])
        var now = Self.handed
        var held = 0
        for step in 0..<1_600 {
            switch numbers.next(20) {
            case 0..<12:
                let id = "r\(numbers.next(2_000))"
                let request = NotificationRequest(
                    identifier: id, threadID: "t\(numbers.next(12))", channel: Self.channel,
                    fireAt: now.addingTimeInterval(TimeInterval(30 * numbers.next(480))),
                    title: LocalizedText(table: "T", key: "title"), body: LocalizedText(table: "T", key: "body"),
                    deepLink: "app://x")
                let mode = modes[numbers.next(modes.count)]
                queue.add(request, mode: mode, handedAt: now)
                reference.add(request, mode: mode, handedAt: now)
            case 12:
                let ids = (0..<3).map { _ in "r\(numbers.next(2_000))" }
                let gone = Set(ids)
                #expect(queue.remove(identifiers: ids) == reference.remove(where: { gone.contains($0.identifier) }))
            case 13 where numbers.next(8) == 0:
                queueTiming?.userWoke(at: now)
                reference.timing?.userWoke(at: now)
            default:
                now = now.addingTimeInterval(TimeInterval(60 * numbers.next(8)))
                let runs = queue.runDue(by: now, under: &queueTiming)
                let expected = reference.runAlarms(by: now)
                if runs.map(\.entries).map({ $0.map(\.request.identifier) }) != expected.map(\.identifiers)
                    || runs.map(\.at) != expected.map(\.at) || runs.map(\.delay?.cause) != expected.map(\.cause)
                {
                    Issue.record("the queue and the reference ran different alarms at step \(step)")
                    return
                }
            }
            held = max(held, queue.count)
            if queue.entries.map(\.request.identifier) != reference.entries.map(\.request.identifier) {
                Issue.record("the queue and the reference differ after step \(step)")
                return
            }
        }
        #expect(held > 40, "at most \(held) held")
    }

    /// Thousands of hand-overs, replacements, removals by identifier (a few, and many at once), by thread, and alarms
    /// run, at few instants so that ties abound: after every step the queue holds what the reference holds, in the
    /// same order, and runs the same alarms; with and without timing (the frequent bucket delays alarms, so some run
    /// out of order).
    @Test(arguments: [false, true])
    func everyStepMatchesTheReference(withTiming: Bool) {
        let timing =
            withTiming
            ? AndroidAlarmTiming(
                conditions: DeviceConditions(android: .init(bucket: .frequent)), timeZone: AndroidAlarmTimingTests.utc)
            : nil
        // The queue runs under a timing of its own, as a phone's runs under its rules' (the reference has another).
        var queueTiming: AndroidAlarmTiming? = timing
        var queue = AndroidAlarmQueue()
        var reference = ReferenceQueue(timing: timing)
        var numbers = SeededNumbers(state: withTiming ? 7 : 11)
        let modes: [AndroidScheduleMode] = [.work, .exactAllowWhileIdle, .inexactAllowWhileIdle, .alarmClock]
        var now = Self.handed
        var failures = 0
        for step in 0..<4_000 {
            switch numbers.next(10) {
            case 0..<5:
                let id = "r\(numbers.next(300))"
                let request = NotificationRequest(
                    identifier: id, threadID: "t\(numbers.next(12))", channel: Self.channel,
                    fireAt: now.addingTimeInterval(TimeInterval(60 * numbers.next(120))),
                    title: LocalizedText(table: "T", key: "title"), body: LocalizedText(table: "T", key: "body"),
                    deepLink: "app://x")
                let mode = modes[numbers.next(modes.count)]
                queue.add(request, mode: mode, handedAt: now)
                reference.add(request, mode: mode, handedAt: now)
            case 5:
                let ids = (0..<(numbers.next(3) == 0 ? 120 : 3)).map { _ in "r\(numbers.next(300))" }
                let gone = Set(ids)
                if queue.remove(identifiers: ids) != reference.remove(where: { gone.contains($0.identifier) }) {
                    failures += 1
                }
            case 6:
                let thread = "t\(numbers.next(12))"
                if queue.remove(threadID: thread) != reference.remove(where: { $0.threadID == thread }) {
                    failures += 1
                }
            default:
                now = now.addingTimeInterval(TimeInterval(60 * numbers.next(30)))
                let runs = queue.runDue(by: now, under: &queueTiming).map { $0.entries.map(\.request.identifier) }
                if runs != reference.runDue(by: now) { failures += 1 }
            }
            let held = queue.entries.map(\.request.identifier)
            if held != reference.entries.map(\.request.identifier) || queue.count != held.count { failures += 1 }
            if failures > 0 {
                Issue.record("the queue and the reference differ after step \(step)")
                return
            }
        }
        #expect(queue.count > 0)
    }
}
