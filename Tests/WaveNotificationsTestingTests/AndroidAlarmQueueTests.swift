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
        queue.add(Self.request("b", at: "2026-03-11T12:00:00"), mode: .work, handedAt: Self.handed)
        queue.add(Self.request("a", at: "2026-03-11T11:30:00"), mode: .work, handedAt: Self.handed)
        queue.add(Self.request("c", at: "2026-03-11T12:00:00"), mode: .work, handedAt: Self.handed)
        #expect(queue.nextRunInstant() == AndroidAlarmTimingTests.at("2026-03-11T11:30:00"))
        let runs = queue.runDue(by: AndroidAlarmTimingTests.at("2026-03-11T12:00:00"))
        #expect(runs.map { $0.entries.map(\.request.identifier) } == [["a"], ["b", "c"]])
        #expect(runs.allSatisfy { $0.delay == nil })
        #expect(queue.entries.isEmpty)
    }

    @Test func requestsOfOneInstantAreOneAlarmAndCountOnce() {
        // rare: one alarm an hour on battery.
        let timing = AndroidAlarmTiming(
            conditions: DeviceConditions(android: .init(bucket: .rare)), timeZone: AndroidAlarmTimingTests.utc)
        var queue = AndroidAlarmQueue(timing: timing)
        for id in ["a", "b", "c"] {
            queue.add(Self.request(id, at: "2026-03-11T12:00:00"), mode: .exactAllowWhileIdle, handedAt: Self.handed)
        }
        queue.add(Self.request("d", at: "2026-03-11T12:10:00"), mode: .exactAllowWhileIdle, handedAt: Self.handed)
        let runs = queue.runDue(by: AndroidAlarmTimingTests.at("2026-03-11T14:00:00"))
        #expect(runs.map { $0.entries.map(\.request.identifier) } == [["a", "b", "c"], ["d"]])
        #expect(runs.map(\.at) == ["2026-03-11T12:00:00", "2026-03-11T13:00:00"].map(AndroidAlarmTimingTests.at))
        #expect(
            runs[1].delay
                == DeliveryDelay(dueAt: AndroidAlarmTimingTests.at("2026-03-11T12:10:00"), cause: .standbyBucket))
    }

    @Test func aDelayedAlarmLetsALaterOneRunFirst() {
        // Idle from 23:00: deep Doze holds work until 01:04:30; an alarm clock at 00:30 runs at its instant.
        let window = try! LocalTimeWindow(start: LocalTime(parsing: "23:00"), end: LocalTime(parsing: "07:00"))
        let timing = AndroidAlarmTiming(
            conditions: DeviceConditions(idle: [.init(window)]), timeZone: AndroidAlarmTimingTests.utc)
        var queue = AndroidAlarmQueue(timing: timing)
        queue.add(Self.request("work", at: "2026-03-11T00:10:00"), mode: .work, handedAt: Self.handed)
        queue.add(Self.request("clock", at: "2026-03-11T00:30:00"), mode: .alarmClock, handedAt: Self.handed)
        #expect(queue.nextRunInstant() == AndroidAlarmTimingTests.at("2026-03-11T00:30:00"))
        let runs = queue.runDue(by: AndroidAlarmTimingTests.at("2026-03-11T02:00:00"))
        #expect(runs.map { $0.entries[0].request.identifier } == ["clock", "work"])
        #expect(runs[1].at == AndroidAlarmTimingTests.at("2026-03-11T01:04:30"))
        #expect(runs[1].delay?.cause == .doze)
        #expect(runs[1].delay?.minutes(shownAt: runs[1].at) == 54)
    }
}
