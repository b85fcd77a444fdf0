import Foundation
import Testing
import WaveNotifications
import WaveNotificationsTesting

/// Android's alarms: every request kept and shown at its instant, the limit arming the soonest only, a reboot that
/// forgets everything, and a request lost at its instant unless the app hands it over again.
struct SimulatedAndroidCenterTests {
    private static let start = Date(timeIntervalSince1970: 1_790_000_000)
    private static let channel = NotificationChannel(
        id: "c", importance: .default, categoryID: "C", interruptionLevel: .active,
        name: LocalizedText(table: "T", key: "n"), channelDescription: LocalizedText(table: "T", key: "d"))

    private static func request(_ id: String, minutes: Double, thread: String = "t") -> NotificationRequest {
        NotificationRequest(
            identifier: id, threadID: thread, channel: channel, fireAt: start.addingTimeInterval(minutes * 60),
            title: LocalizedText(table: "T", key: "title"), body: LocalizedText(table: "T", key: "body"),
            deepLink: "app://x")
    }

    @Test func everyRequestIsShownAtItsInstantBeyondTheLimitToo() async {
        let center = SimulatedAndroidCenter(limit: 2, clock: ManualWaveClock(now: Self.start))
        await center.add([
            Self.request("c", minutes: 30), Self.request("a", minutes: 10), Self.request("b", minutes: 20),
        ])
        #expect(await center.pendingRequests().map(\.identifier) == ["a", "b", "c"])
        #expect(await center.peakPendingCount == 2)
        let report = await center.runReport()
        #expect(report.wanted == 3 && report.held == 2)
        #expect(report.refreshDeadline == Self.start.addingTimeInterval(30 * 60))
        let facts = await center.advance(to: Self.start.addingTimeInterval(3600))
        #expect(
            facts == [
                .due(Self.request("a", minutes: 10)), .due(Self.request("b", minutes: 20)),
                .due(Self.request("c", minutes: 30)),
            ])
        #expect(await center.onScreen.map(\.identifier) == ["a", "b", "c"])
    }

    @Test func aRebootForgetsEveryAlarmAndWhatTheAppDoesNotHandOverAgainIsLost() async {
        let center = SimulatedAndroidCenter(hasBootReceiver: false, clock: ManualWaveClock(now: Self.start))
        await center.add([Self.request("a", minutes: 10), Self.request("b", minutes: 20)])
        let removed = await center.reboot()
        #expect(removed.map(\.identifier) == ["a", "b"])
        #expect(await center.pendingRequests().isEmpty)
        #expect(await center.isAppAsleep)
        #expect(await center.removedCount == 2)
        let facts = await center.advance(to: Self.start.addingTimeInterval(15 * 60))
        #expect(facts == [.lost(Self.request("a", minutes: 10), reason: .reboot)])
        // The app runs again and hands over what it still wants: saved.
        await center.beginRun()
        await center.add([Self.request("b", minutes: 20)])
        await center.endRun()
        #expect(await !center.isAppAsleep)
        #expect(
            await center.advance(to: Self.start.addingTimeInterval(25 * 60)) == [.due(Self.request("b", minutes: 20))])
    }

    @Test func aRequestTheAppNoLongerWantsIsNotLost() async {
        let center = SimulatedAndroidCenter(clock: ManualWaveClock(now: Self.start))
        await center.add([Self.request("a", minutes: 10), Self.request("b", minutes: 20)])
        await center.reboot()
        #expect(await !center.isAppAsleep)
        await center.beginRun()
        await center.endRun(stillWanting: [Self.request("b", minutes: 20)])
        let report = await center.runReport()
        #expect(report.wanted == 1 && report.held == 0)
        #expect(report.refreshDeadline == Self.start.addingTimeInterval(20 * 60))
        #expect(
            await center.advance(to: Self.start.addingTimeInterval(30 * 60)) == [
                .lost(Self.request("b", minutes: 20), reason: .reboot)
            ])
    }

    @Test func removingAThreadForgetsItsLostRequestsToo() async {
        let center = SimulatedAndroidCenter(clock: ManualWaveClock(now: Self.start))
        await center.add([Self.request("a", minutes: 10, thread: "x"), Self.request("b", minutes: 20, thread: "y")])
        await center.reboot()
        await center.removePending(threadID: "x", reason: .reschedule)
        let facts = await center.advance(to: Self.start.addingTimeInterval(30 * 60))
        #expect(facts.map(\.identifier) == ["b"])
    }

    @Test func withConditionsAtMost50AreOnScreenAndAWithdrawalMakesRoom() async {
        let center = SimulatedAndroidCenter(conditions: DeviceConditions(), clock: ManualWaveClock(now: Self.start))
        await center.add((1...51).map { Self.request("r\($0)", minutes: Double($0)) })
        let facts = await center.advance(to: Self.start.addingTimeInterval(51 * 60))
        #expect(facts.count == 51)
        #expect(facts.prefix(50).allSatisfy { if case .due = $0 { true } else { false } })
        guard case .notShown(let capped, let reason) = facts.last else {
            Issue.record("the 51st was shown: \(String(describing: facts.last))")
            return
        }
        #expect(capped.identifier == "r51")
        #expect(reason == .androidNotificationCap)
        #expect(await center.onScreen.count == 50)
        await center.withdrawShown(identifiers: ["r1"], reason: .responded)
        await center.add([Self.request("r52", minutes: 52)])
        let next = await center.advance(to: Self.start.addingTimeInterval(52 * 60))
        #expect(next.map(\.identifier) == ["r52"])
        if case .due = next.first {} else { Issue.record("r52 was not shown: \(next)") }
    }

    @Test func withoutConditionsThereIsNoCap() async {
        let center = SimulatedAndroidCenter(clock: ManualWaveClock(now: Self.start))
        await center.add((1...60).map { Self.request("r\($0)", minutes: Double($0)) })
        let facts = await center.advance(to: Self.start.addingTimeInterval(60 * 60))
        #expect(facts.allSatisfy { if case .due = $0 { true } else { false } })
        #expect(await center.onScreen.count == 60)
    }

    @Test func aRevocationDeletesExactAlarmsOnlyAndStopsTheApp() async {
        let clock = ManualWaveClock(now: Self.start)
        let center = SimulatedAndroidCenter(
            conditions: DeviceConditions(),
            scheduling: AndroidScheduling(whileExactAllowed: .exactAllowWhileIdle, whileExactDenied: .work),
            clock: clock)
        await center.add([Self.request("exact", minutes: 10)])
        var denied = DeviceConditions()
        denied.android.exactAlarmsAllowed = false
        #expect(await center.changeConditions(to: denied, at: Self.start) == .exactAlarmsRevoked)
        #expect(await center.isAppAsleep)
        await center.add([Self.request("work", minutes: 20)])
        #expect(await center.pendingRequests().map(\.identifier) == ["work"])
        let facts = await center.advance(to: Self.start.addingTimeInterval(20 * 60))
        #expect(facts.map(\.identifier) == ["exact", "work"])
        if case .lost(_, let reason) = facts.first {
            #expect(reason == .exactAlarmRevoked)
        } else {
            Issue.record("not lost: \(facts)")
        }
        #expect(await center.changeConditions(to: DeviceConditions(), at: Self.start) == .exactAlarmsGranted)
    }

    /// The phone's alarms and the app's own run under one timing, its rules': in the rare bucket (one alarm an hour
    /// on battery) an alarm of the app's own that ran at the start holds the phone's alarm due 10 minutes later until
    /// the hour is over, and the rules answer the same for an alarm of the app's own due then.
    @Test func theAppsOwnAlarmsAndThePhonesAlarmsCountAgainstOneBucket() async {
        let rare = DeviceConditions(android: .init(bucket: .rare))
        let center = SimulatedAndroidCenter(conditions: rare, clock: ManualWaveClock(now: Self.start))
        await center.withConditionRules { $0.appAlarmRan(at: Self.start) }
        await center.add([Self.request("a", minutes: 10)])
        let hourLater = Self.start.addingTimeInterval(3600)
        #expect(await center.nextFireDate == hourLater)
        #expect(
            await center.withConditionRules { $0.whenAppAlarmRuns(dueAt: Self.start.addingTimeInterval(600)) }
                == hourLater)
        let facts = await center.advance(to: hourLater)
        #expect(
            facts == [
                .shownLate(
                    Self.request("a", minutes: 10),
                    DeliveryDelay(dueAt: Self.start.addingTimeInterval(600), cause: .standbyBucket))
            ])
        // Its alarm ran at the hour: the app's next is held for another hour.
        #expect(
            await center.withConditionRules { $0.whenAppAlarmRuns(dueAt: hourLater) }
                == hourLater.addingTimeInterval(3600))
    }

    /// What a change of the conditions does to the app is Android's alone: the rules of an iPhone and of a device
    /// without conditions change their conditions and tell the app nothing.
    @Test func onlyAndroidsRulesRevokeOrGrantExactAlarms() {
        var denied = DeviceConditions()
        denied.android.exactAlarmsAllowed = false
        let utc = TimeZone(identifier: "UTC")!
        var android = DeviceConditionRules.android(
            conditions: nil, scheduling: .exactWithInexactFallback, timeZone: utc)
        var ios = DeviceConditionRules.ios(conditions: nil, timeZone: utc)
        var ideal = DeviceConditionRules.ideal
        #expect(android.change(to: denied) == .exactAlarmsRevoked)
        #expect(android.change(to: DeviceConditions()) == .exactAlarmsGranted)
        #expect(ios.change(to: denied) == .none && ios.conditions == denied)
        #expect(ideal.change(to: denied) == .none && ideal.conditions == denied)
    }

    /// Without requests the system removed, the phone's report (its alarms, the first `limit` armed) is the runway
    /// rule's answer (`NotificationRunway`) for its pending requests, over generated hand-overs and limits.
    @Test(arguments: [UInt64(3), 5, 7, 11, 13, 17])
    func theRunReportIsTheRunwaysAnswer(seed: UInt64) async {
        var numbers = SeededNumbers(state: seed)
        let limit = 1 + numbers.next(40)
        let center = SimulatedAndroidCenter(limit: limit, clock: ManualWaveClock(now: Self.start))
        let requests = (0..<numbers.next(90)).map { Self.request("r\($0)", minutes: Double(1 + numbers.next(300))) }
        await center.add(requests)
        let runway = NotificationRunway(desired: await center.pendingRequests(), limit: limit)
        let report = await center.runReport()
        #expect(report.wanted == runway.held.count + runway.notHeld.count, "seed \(seed)")
        #expect(report.held == runway.held.count, "seed \(seed)")
        #expect(report.refreshDeadline == runway.refreshDeadline, "seed \(seed)")
    }
}
